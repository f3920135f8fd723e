// On a phone with a Solana network active, a deep link into a Solana wallet the page has no in-app link for, and
// that is not installed: no app takes the page's place, so 2 s later the page goes to the wallet's store (the App
// Store on an iPhone). With no Solana network chosen the same click leaves the page where it is.
import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { MISSING_WALLET_FALLBACK_MS } from '../../plugins/walletconnect/links.js'
import { useSandboxBrowser } from './harness.js'
import { schedulerSettled } from './settle.js'

const h = useSandboxBrowser({ families: ['solana'], timeout: 90_000 })
const STORE = 'https://apps.example/lantern'
const LANTERN = {
  wallet: {
    id: 'e'.repeat(64),
    name: 'Lantern Wallet',
    links: {
      mobile: 'lantern://',
      appStore: STORE,
      playStore: 'https://play.example/lantern',
      homepage: 'https://lantern-wallet.example/',
    },
  },
}

/** A page of its own that looks like an iPhone's, where a link to an app scheme goes nowhere (no app has it). */
async function phonePage(): Promise<Page> {
  const page = await h.browser.page.context().newPage()
  // Playwright's clock: time runs on as usual, and a test can move it on at once.
  await page.clock.install()
  await page.addInitScript(() => {
    const ua =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
    Object.defineProperty(Navigator.prototype, 'userAgent', { get: () => ua })
  })
  await page.goto(h.sandbox.url)
  return page
}
async function followLantern(page: Page) {
  await page.evaluate(
    (data) => (window as unknown as { modal: { open(v: string, d: unknown): Promise<void> } }).modal.open('ConnectingWalletConnect', data),
    LANTERN,
  )
  const open = h.modalRoot(page).getByTestId('wc-open-mobile')
  await open.waitFor({ timeout: 15_000 })
  expect(await open.getAttribute('href')).toMatch(/^lantern:\/\/wc\?uri=/)
  await open.click()
}

describe('a deep link to a missing wallet on a phone', () => {
  test('with no Solana network chosen the page stays where it is', async () => {
    const page = await phonePage()
    try {
      await followLantern(page)
      // The page's clock moved past the fallback's 2 s at once (it keeps running: the WalletConnect pairing stays
      // alive); a fallback set at the click would have sent the page away, and would have to run for that.
      await page.clock.fastForward(MISSING_WALLET_FALLBACK_MS + 1)
      // A navigation would have replaced the page's document (this evaluate fails) and left loopback (recorded).
      await schedulerSettled(page)
      expect(await page.evaluate(() => location.href)).toBe(h.sandbox.url)
      expect(h.browser.offLoopback).toEqual([])
      expect(page.url()).toBe(h.sandbox.url)
    } finally {
      await page.close()
    }
  }, 60_000)

  test("with a Solana network active the page goes to the wallet's App Store page", async () => {
    const page = await phonePage()
    try {
      const genesis = await page.evaluate(
        () =>
          (window as unknown as { __SANDBOX__: { families: { solana: { genesisHash: string } } } }).__SANDBOX__.families.solana.genesisHash,
      )
      await page.evaluate(
        (id) => (window as unknown as { modal: { switchNetwork(id: string): Promise<void> } }).modal.switchNetwork(`solana:${id}`),
        genesis.slice(0, 32),
      )
      await expect
        .poll(() =>
          page.evaluate(() => (window as unknown as { modal: { getState(): { namespace?: string } } }).modal.getState().namespace),
        )
        .toBe('solana')
      await followLantern(page)
      await expect.poll(() => h.browser.offLoopback.includes(STORE), { timeout: 15_000 }).toBe(true)
      expect(new Set(h.browser.offLoopback.splice(0))).toEqual(new Set([STORE]))
    } finally {
      await page.close()
    }
  }, 60_000)
})
