// Every view every plugin registers, in the dark and the light theme, has no WCAG 2.2 AA violation axe-core can
// find inside the modal's shadow root, and no control smaller than 44 × 44 px. The views are those the page's modal has registered (read from it, so a new
// plugin's views are checked as soon as the demo app adds the plugin): most are reached the way a user reaches
// them; a view with no path here is opened directly, with the data VIEW_DATA gives it.
import { describe, expect, test } from 'vitest'
import { axeViolations, smallTargets } from './a11y-audit.js'
import { signInWithEmail } from './auth-login.js'
import { useSandboxBrowser } from './harness.js'

const h = useSandboxBrowser({ timeout: 120_000 })
const { modalRoot } = h

type PageModal = { open(view?: string, data?: unknown): Promise<void>; setThemeMode(mode: string): void }

/** Data for the views a test opens directly (a view not listed here is opened without data). */
const VIEW_DATA: Record<string, unknown> = {
  ConnectingMultiChain: { name: 'Sandbox Wallet', connectors: [{ namespace: 'eip155', connectorId: 'sandbox' }] },
}

/** The demo with email and social login (Farcaster among them) and optional sign-in: the views those plugins add. */
const LOGIN_QUERY = '?auth&socials=google,github,farcaster&siwx=optional'
/** Views that need a connected account. */
const SIGN_IN_VIEWS = ['SIWXSignMessage', 'ConnectingSiwe']

describe.each(['dark', 'light'] as const)('accessibility, %s theme', (theme) => {
  test('axe finds no violation on any view', { timeout: 240_000 }, async () => {
    const { page } = h.browser
    // Fades off, so colours are checked as they settle rather than mid-animation.
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.evaluate((mode) => (window as unknown as { modal: PageModal }).modal.setThemeMode(mode), theme)
    const found: Record<string, string[]> = {}
    const seen = new Set<string>()
    const heading = modalRoot().locator('h2#vb-title')
    const check = async (name: string, view?: string) => {
      await heading.waitFor()
      if (view) {
        await expect
          .poll(() => page.evaluate(() => (window as unknown as { modal: { getState(): { view?: string } } }).modal.getState().view))
          .toBe(view)
        seen.add(view)
      }
      // The view's code and its first data are in: no loading frame left in the body.
      await expect.poll(() => modalRoot().locator('.vb-body > .vb-center > .vb-spinner:only-child').count()).toBe(0)
      const violations = [...(await axeViolations(page)), ...(await smallTargets(page)).map((target) => `target under 44 px: ${target}`)]
      if (violations.length) found[name] = violations
    }
    const open = (view: string, data?: unknown) =>
      page.evaluate(([v, d]) => (window as unknown as { modal: PageModal }).modal.open(v as string, d), [view, data] as const)

    await page.getByTestId('open-modal').click()
    await check('Connect', 'Connect')
    await modalRoot().getByRole('button', { name: 'All wallets' }).click()
    await modalRoot().getByTestId('all-wallets-count').waitFor()
    await check('AllWallets', 'AllWallets')
    // A catalog wallet pairs over WalletConnect: its QR code view.
    await modalRoot().locator('.vb-vlist button', { hasText: 'Cedar Vault' }).first().click()
    await modalRoot().getByTestId('wc-pairing').waitFor()
    await expect.poll(() => modalRoot().locator('svg[role="img"]').count(), { timeout: 20_000 }).toBeGreaterThan(0)
    await check('ConnectingWalletConnect', 'ConnectingWalletConnect')
    // The QR code's text alternative: the pairing URI itself, in a read-only field that selects whole on focus.
    const link = modalRoot().getByRole('textbox', { name: 'Connection link' })
    expect(await link.inputValue()).toBe(await modalRoot().getByTestId('wc-qr').getAttribute('data-uri'))
    expect(await link.inputValue()).toMatch(/^wc:/)
    await link.focus()
    expect(
      await link.evaluate((input: HTMLInputElement) => [input.readOnly, input.selectionStart, input.selectionEnd === input.value.length]),
    ).toEqual([true, 0, true])
    await open('ConnectingWalletConnectBasic')
    await expect.poll(() => modalRoot().locator('svg[role="img"]').count(), { timeout: 20_000 }).toBeGreaterThan(0)
    await check('ConnectingWalletConnectBasic', 'ConnectingWalletConnectBasic')
    await open('ConnectingMultiChain', VIEW_DATA.ConnectingMultiChain)
    await check('ConnectingMultiChain', 'ConnectingMultiChain')

    // The Sandbox Wallet: waiting for it, declined, then connected.
    await open('Connect')
    await h.walletButton('Sandbox Wallet').click()
    await h.walletPrompt().waitFor()
    await check('ConnectingExternal (waiting)', 'ConnectingExternal')
    await h.answerWallet(/connect/i, false)
    await modalRoot().getByRole('button', { name: 'Try again' }).waitFor()
    await check('ConnectingExternal (declined)')
    await modalRoot().getByRole('button', { name: 'Try again' }).click()
    await h.approveInWallet(/connect/i)
    await modalRoot().getByTestId('account').waitFor()
    await expect.poll(() => modalRoot().getByTestId('account-balance').getAttribute('data-status'), { timeout: 15_000 }).toBe('ready')
    for (const tab of await modalRoot().getByRole('tab').all()) {
      await tab.click()
      await expect
        .poll(() => modalRoot().locator('[role="tabpanel"] [aria-busy="true"], [role="tabpanel"] .vb-spinner').count(), { timeout: 15_000 })
        .toBe(0)
      await check(`Account, ${await tab.innerText()} tab`, 'Account')
    }
    await modalRoot().getByTestId('network-button').click()
    await check('Networks', 'Networks')
    await modalRoot().getByRole('button', { name: 'Back' }).click()
    await modalRoot().getByTestId('account-features').getByRole('button', { name: /Send/ }).click()
    await check('Send', 'Send')
    await modalRoot().getByRole('button', { name: 'Back' }).click()
    await modalRoot()
      .getByTestId('account-features')
      .getByRole('button', { name: /Receive/ })
      .click()
    await check('Receive', 'Receive')
    expect(await modalRoot().getByRole('textbox', { name: 'Payment link' }).inputValue()).toBe(
      await modalRoot().getByTestId('receive-qr').getAttribute('data-uri'),
    )
    // Swap's states: the form, the token picker (a list), a quote, the review.
    await modalRoot().getByRole('button', { name: 'Back' }).click()
    await modalRoot().getByTestId('account-features').getByRole('button', { name: /Swap/ }).click()
    await modalRoot().getByTestId('swap').waitFor()
    await check('Swap', 'Swap')
    await modalRoot().getByTestId('swap-buy-token').click()
    await modalRoot().getByTestId('swap-picker').getByTestId('swap-token-option').first().waitFor()
    await check('Swap, token picker')
    await modalRoot().getByTestId('swap-search').fill('DEMO')
    await modalRoot().locator('[data-symbol="DEMO"] button.vb-item').click()
    await modalRoot().getByTestId('swap-amount').fill('0.01')
    await expect.poll(() => modalRoot().getByTestId('swap-rate').count(), { timeout: 15_000 }).toBe(1)
    await check('Swap, quoted')
    await modalRoot().getByTestId('swap-review').click()
    await modalRoot().getByTestId('swap-confirm').waitFor()
    await check('Swap, review')
    await open('UnsupportedChain')
    await check('UnsupportedChain', 'UnsupportedChain')

    // Whatever else a plugin registers, opened directly.
    const ids = await page.evaluate(() => (window as unknown as { modalKernel: { views: { ids(): string[] } } }).modalKernel.views.ids())
    for (const view of ids.filter((id) => !seen.has(id))) {
      await open(view, VIEW_DATA[view])
      await check(view, view)
    }
    expect([...seen].sort()).toEqual([...ids].sort())
    expect(found).toEqual({})
  })

  test('axe finds no violation on the views email login and sign-in add', { timeout: 240_000 }, async () => {
    const { page } = h.browser
    const plain = await page.evaluate(() => (window as unknown as { modalKernel: { views: { ids(): string[] } } }).modalKernel.views.ids())
    await page.goto(new URL(LOGIN_QUERY, h.sandbox.url).href)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.evaluate((mode) => (window as unknown as { modal: PageModal }).modal.setThemeMode(mode), theme)
    const found: Record<string, string[]> = {}
    const seen = new Set<string>()
    const current = () => page.evaluate(() => (window as unknown as { modal: { getState(): { view?: string } } }).modal.getState().view)
    const check = async (name: string, view: string) => {
      await modalRoot().locator('h2#vb-title').waitFor()
      await expect.poll(current).toBe(view)
      seen.add(view)
      await expect.poll(() => modalRoot().locator('.vb-body > .vb-center > .vb-spinner:only-child').count(), { timeout: 15_000 }).toBe(0)
      const violations = [...(await axeViolations(page)), ...(await smallTargets(page)).map((target) => `target under 44 px: ${target}`)]
      if (violations.length) found[name] = violations
    }
    const open = (view: string, data?: unknown) =>
      page.evaluate(([v, d]) => (window as unknown as { modal: PageModal }).modal.open(v as string, d), [view, data] as const)

    await page.getByTestId('open-modal').click()
    await modalRoot().getByTestId('auth-email-input').waitFor()
    await check('Connect, with email and social login', 'Connect')
    // The code sent by email: its six boxes.
    await modalRoot().getByTestId('auth-email-input').fill('a11y@example.com')
    await modalRoot().getByTestId('auth-email-submit').click()
    await modalRoot().getByTestId('auth-otp').waitFor({ timeout: 20_000 })
    await check('EmailVerifyOtp', 'EmailVerifyOtp')
    // Farcaster's sign-in link as a QR code.
    await open('Connect')
    await modalRoot().locator('[data-social="farcaster"]').click()
    await modalRoot().getByTestId('auth-farcaster-link').waitFor({ timeout: 20_000 })
    await check('ConnectingFarcaster', 'ConnectingFarcaster')
    // A social login's wait, reached as a user reaches it: the click opens the provider's window. (Opened without
    // a login under way, the view goes back at once.)
    await open('Connect')
    const popup = page.waitForEvent('popup')
    await modalRoot().locator('[data-social="google"]').click()
    await check('ConnectingSocial', 'ConnectingSocial')
    await (await popup).close()
    await expect.poll(current).not.toBe('ConnectingSocial')
    // Whatever else email login registers, opened directly before a wallet connects.
    const ids = (
      await page.evaluate(() => (window as unknown as { modalKernel: { views: { ids(): string[] } } }).modalKernel.views.ids())
    ).filter((id) => !plain.includes(id))
    const directly = async (view: string) => {
      await open(view, VIEW_DATA[view])
      await check(view, view)
    }
    for (const view of ids.filter((id) => !seen.has(id) && !SIGN_IN_VIEWS.includes(id))) await directly(view)
    // The Sandbox Wallet connects; optional sign-in then asks for the signature.
    await open('Connect')
    await h.walletButton('Sandbox Wallet').click()
    await h.approveInWallet(/connect/i)
    await expect.poll(() => modalRoot().getByTestId('siwx').getAttribute('data-phase'), { timeout: 20_000 }).toBe('ready')
    await check('SIWXSignMessage', 'SIWXSignMessage')
    // The name hosts with `siweConfig` (this page has `siwx`) know the same view by: the same code, checked above.
    seen.add('ConnectingSiwe')

    for (const view of ids.filter((id) => !seen.has(id))) await directly(view)
    expect(ids.length).toBeGreaterThan(0)
    expect(ids.filter((id) => !seen.has(id))).toEqual([])
    expect(found).toEqual({})
  })

  test('axe finds no violation on name registration, for an email account', { timeout: 240_000 }, async () => {
    const { page } = h.browser
    await page.goto(new URL('?auth', h.sandbox.url).href)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.evaluate((mode) => (window as unknown as { modal: PageModal }).modal.setThemeMode(mode), theme)
    const found: Record<string, string[]> = {}
    const current = () => page.evaluate(() => (window as unknown as { modal: { getState(): { view?: string } } }).modal.getState().view)
    const check = async (name: string, view: string) => {
      await modalRoot().locator('h2#vb-title').waitFor()
      await expect.poll(current).toBe(view)
      const violations = [...(await axeViolations(page)), ...(await smallTargets(page)).map((target) => `target under 44 px: ${target}`)]
      if (violations.length) found[name] = violations
    }

    // Email login: the code is read from the sandbox's mailbox.
    const email = `a11y-names-${theme}-${Date.now()}@example.com`
    await page.getByTestId('open-modal').click()
    await signInWithEmail(h, email, 20_000)

    // The form with a free name and the zone's suggestions.
    await modalRoot().locator('[data-feature="names"]').click()
    const label = `a${Date.now().toString(36)}`
    await modalRoot().getByTestId('names-input').fill(label)
    await expect
      .poll(() => modalRoot().getByTestId('names-availability').getAttribute('data-availability'), { timeout: 15_000 })
      .toBe('available')
    await expect
      .poll(() => modalRoot().locator('[data-testid="names-suggestions"] [data-suggestion]').count(), { timeout: 15_000 })
      .toBeGreaterThan(0)
    await check('RegisterAccountName, with suggestions', 'RegisterAccountName')
    // Registered: the message approved in the embedded wallet.
    await modalRoot().getByTestId('names-register').click()
    await modalRoot().getByTestId('auth-approve-button').click()
    await modalRoot().getByTestId('names-success').waitFor({ timeout: 20_000 })
    await check('RegisterAccountNameSuccess', 'RegisterAccountNameSuccess')
    expect(found).toEqual({})
  })
})
