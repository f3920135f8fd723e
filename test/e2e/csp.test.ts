// The modal on a page under a strict Content Security Policy with Trusted Types (the sandbox's /csp page: no
// inline script or style, images only from the page and the provider API, frames only from the secure site,
// requests only to the sandbox's origins): every view works and the browser reports no violation.
import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { loadFresh, useSandboxBrowser } from './harness.js'
import { requestCode } from './auth-login.js'
import { pairingUriFromQr } from './mobile-wallet.js'

const h = useSandboxBrowser({ clearStorage: false })
const { modalRoot } = h

/** Records every `securitypolicyviolation` the page sees, from the first script on. */
function listenForViolations() {
  if ((window as unknown as { __violations?: string[] }).__violations) return
  const seen: string[] = []
  ;(window as unknown as { __violations: string[] }).__violations = seen
  const record = (event: SecurityPolicyViolationEvent) =>
    seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`.trim())
  document.addEventListener('securitypolicyviolation', record, true)
  window.addEventListener('securitypolicyviolation', record, true)
}

/** The violations the page recorded, and the browser's own console reports of refused content. */
async function violations(page: Page, consoleReports: string[]) {
  const recorded = await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)
  return [...recorded, ...consoleReports]
}

let watching: string[] | undefined

/** Loads the /csp page (with `query`) from a fresh origin state; resolves with the console's reports of refused content. */
async function cspPage(query = '') {
  const { page } = h.browser
  if (!watching) {
    const reports: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy|Trusted Type|TrustedHTML|TrustedScript/i.test(message.text())) reports.push(message.text().slice(0, 300))
    })
    page.on('pageerror', (error) => reports.push(`page error: ${error.message}`))
    await page.addInitScript(listenForViolations)
    watching = reports
  }
  watching.length = 0
  const response = await loadFresh(page, `${h.sandbox.url}csp${query}`)
  expect(response?.headers()['content-security-policy']).toContain("require-trusted-types-for 'script'")
  return { page, reports: watching }
}

describe('strict Content Security Policy and Trusted Types', () => {
  test('connect, Account, Send, Receive and the network list with no violation', async () => {
    const { page, reports } = await cspPage()
    await h.connectWallet()
    const balance = modalRoot().getByTestId('account-balance')
    await expect.poll(() => balance.getAttribute('data-status'), { timeout: 10_000 }).toBe('ready')
    expect(await balance.innerText()).toBe('1234.567 ETH')
    // The shell's styles apply: the dialog is laid out as a card, not as unstyled flow content.
    expect(await modalRoot().evaluate((dialog) => getComputedStyle(dialog).position)).toBe('fixed')

    await modalRoot().getByTestId('account-features').getByRole('button', { name: /Send/ }).click()
    await modalRoot().getByTestId('send').waitFor()
    await modalRoot().getByRole('button', { name: 'Back' }).click()
    await modalRoot()
      .getByTestId('account-features')
      .getByRole('button', { name: /Receive/ })
      .click()
    await modalRoot().getByTestId('receive-qr').waitFor()
    // The network list, with the networks' images from the provider API.
    await modalRoot().getByRole('button', { name: 'Back' }).click()
    await modalRoot().getByTestId('network-button').click()
    await expect.poll(() => modalRoot().locator('[data-testid="networks"] img').count()).toBeGreaterThan(0)
    expect(await violations(page, reports)).toEqual([])
  })

  test('WalletConnect: the pairing QR code shows, over the relay the policy allows, with no violation', async () => {
    const { page, reports } = await cspPage()
    await page.getByTestId('open-modal').click()
    await modalRoot().locator('[data-wallet-id="walletConnect"]').click()
    expect(await pairingUriFromQr(modalRoot())).toMatch(/^wc:/)
    expect(await violations(page, reports)).toEqual([])
  })

  test('the embedded wallet frame loads and shows the email form with no violation', async () => {
    const { page, reports } = await cspPage('?auth')
    await page.getByTestId('open-modal').click()
    await modalRoot().getByTestId('auth-email-input').waitFor()
    // The code request goes through the secure site's frame, which the policy allows by its origin.
    expect(await requestCode(h, 'csp@example.com')).toMatch(/^\d{6}$/)
    expect(await violations(page, reports)).toEqual([])
  })

  test("a browser without constructed style sheets: the <style> elements carry the host's cspNonce, with no violation", async () => {
    const page = await h.browser.context.newPage()
    const reports: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy|Trusted Type/i.test(message.text())) reports.push(message.text().slice(0, 300))
    })
    try {
      await page.addInitScript(listenForViolations)
      // What an older browser offers: no adoptedStyleSheets, so styles go in <style> elements.
      await page.addInitScript(() => {
        delete (ShadowRoot.prototype as { adoptedStyleSheets?: unknown }).adoptedStyleSheets
        delete (Document.prototype as { adoptedStyleSheets?: unknown }).adoptedStyleSheets
      })
      const response = await page.goto(`${h.sandbox.url}csp?nonce`)
      const nonce = /'nonce-([^']+)'/.exec(response?.headers()['content-security-policy'] ?? '')?.[1]
      expect(nonce).toBeTruthy()
      await page.getByTestId('open-modal').click()
      const dialog = modalRoot(page)
      await dialog.locator('[data-testid="wallet-list"] button', { hasText: 'Sandbox Wallet' }).waitFor()
      expect(await dialog.evaluate((d) => getComputedStyle(d).position)).toBe('fixed')
      const styles = await dialog.evaluate((d) => [...(d.getRootNode() as ShadowRoot).querySelectorAll('style')].map((s) => s.nonce))
      expect(styles.length).toBeGreaterThan(0)
      expect(new Set(styles)).toEqual(new Set([nonce]))
      expect(await violations(page, reports)).toEqual([])
    } finally {
      await page.close()
    }
  })
})
