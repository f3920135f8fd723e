import { describe, expect, test } from 'vitest'
import { useSandboxBrowser } from './harness.js'

// Each test opens its own page whose localStorage is disabled: the harness's clearing is not wanted.
const h = useSandboxBrowser({ clearStorage: false })

/** What Chromium does where site data is blocked: reading `window.localStorage` throws a SecurityError. */
function blockLocalStorage() {
  Object.defineProperty(window, 'localStorage', {
    configurable: true,
    get() {
      throw new DOMException(
        "Failed to read the 'localStorage' property from 'Window': Access is denied for this document.",
        'SecurityError',
      )
    },
  })
}

describe('localStorage disabled by the browser', () => {
  test('the modal connects and shows Account from memory, with exactly one warning naming the reason', async () => {
    const page = await h.browser.context.newPage()
    const warnings: string[] = []
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning' && message.text().includes('[vestibule]')) warnings.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(error.message))
    try {
      await page.addInitScript(blockLocalStorage)
      await page.goto(h.sandbox.url)
      expect(
        await page.evaluate(() => {
          try {
            return typeof window.localStorage
          } catch (error) {
            return (error as DOMException).name
          }
        }),
      ).toBe('SecurityError')

      await page.getByTestId('open-modal').click()
      const modal = h.modalRoot(page)
      await modal.locator('[data-testid="wallet-list"] button', { hasText: 'Sandbox Wallet' }).click()
      await page.locator('[data-testid="sandbox-wallet-prompt"]').waitFor({ state: 'visible' })
      await page.locator('[data-testid="sandbox-wallet-approve"]').click()
      await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 15_000 }).toBe('connected')
      await expect.poll(() => modal.getByTestId('account-balance').getAttribute('data-status'), { timeout: 10_000 }).toBe('ready')
      expect(await modal.getByTestId('account-balance').innerText()).toBe('1234.567 ETH')

      // Closing and reopening reads the state the modal kept in memory: still connected.
      await page.keyboard.press('Escape')
      await page.getByTestId('open-modal').click()
      await expect.poll(() => modal.getByTestId('account-balance').innerText()).toBe('1234.567 ETH')

      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toContain('Browser storage is unavailable (SecurityError')
      expect(warnings[0]).toContain('in memory')
      expect(errors).toEqual([])
    } finally {
      await page.close()
    }
  })
})
