// Email login in view: in the demo (an 800 px high window, a browser wallet shown so the wallets lead), the email
// field is inside the window without scrolling, the browser wallets above it, the other wallets behind "All wallets".
import { describe, expect, test } from 'vitest'
import { openWithAuth } from './auth-login.js'
import { EXTRA_FAMILIES } from '../../sandbox/server.mjs'
import { useSandboxBrowser } from './harness.js'

// Every family `npm start` runs: their browser wallets are all announced, as in the demo.
const h = useSandboxBrowser({ families: EXTRA_FAMILIES, timeout: 180_000 })

describe('email login in view', () => {
  test('with a browser wallet shown, the wallets lead and the email field is still in an 800 px window', async () => {
    const { page } = h.browser
    expect(page.viewportSize()?.height).toBe(800)
    await openWithAuth(h)
    const modal = h.modalRoot()
    await h.walletButton('Sandbox Wallet').waitFor()
    const email = modal.getByTestId('auth-email-input')
    const [wallet, field] = [(await h.walletButton('Sandbox Wallet').boundingBox())!, (await email.boundingBox())!]
    // The rule: a browser wallet is shown, so the wallets come first.
    expect(wallet.y).toBeLessThan(field.y)
    // And the email field is in the window, with no scrolling.
    expect(field.y + field.height).toBeLessThanOrEqual(800)
    // Not hidden under a scrolled part of the modal either: the point at its middle is the field.
    const atMiddle = await email.evaluate((input) => {
      const r = input.getBoundingClientRect()
      return (input.getRootNode() as ShadowRoot).elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === input
    })
    expect(atMiddle).toBe(true)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
  }, 60_000)
})
