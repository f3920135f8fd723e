// A wallet deep link inside Telegram's in-app browser (its bridge object faked in the page) to a wallet that is not
// installed: the app link fails without a word, so 2 s later the page goes to the wallet's page from the catalog
// (its homepage on a desktop). In an ordinary browser the same click leaves the page where it is.
import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { EVM_CHAINS } from '../../sandbox/provider-api/catalog.mjs'
import { MISSING_WALLET_FALLBACK_MS } from '../../plugins/walletconnect/links.js'
import { useSandboxBrowser } from './harness.js'
import { schedulerSettled } from './settle.js'

const h = useSandboxBrowser({ timeout: 90_000 })
const { modalRoot } = h
const HOMEPAGE = 'https://lantern-wallet.example/get'
const LANTERN = {
  id: 'e'.repeat(64),
  name: 'Lantern Wallet',
  image_id: 'img-lantern',
  rdns: 'example.lantern',
  chains: EVM_CHAINS,
  mobile_link: 'lantern://',
  desktop_link: 'lantern://',
  webapp_link: null,
  app_store: 'https://apps.example/lantern',
  play_store: 'https://play.example/lantern',
  homepage: HOMEPAGE,
}

/** The catalog's recommended wallets answer with Lantern first (the provider API's answer, amended in the page). */
async function withLantern(page: Page) {
  await page.route(`${h.sandbox.providerApi.url}/getWallets?**`, async (route) => {
    const response = await route.fetch()
    const body = (await response.json()) as { data: unknown[]; count: number }
    const recommended = new URL(route.request().url()).searchParams.get('entries') === '4'
    await route.fulfill({ response, json: recommended ? { data: [LANTERN, ...body.data.slice(0, 3)], count: body.count + 1 } : body })
  })
}
async function openLanternLink(page: Page) {
  await withLantern(page)
  await page.getByTestId('open-modal').click()
  await modalRoot(page).locator('[data-testid="wallet-list"] li[data-section="recommended"] button', { hasText: 'Lantern Wallet' }).click()
  const link = modalRoot(page).getByTestId('wc-open-desktop')
  await link.waitFor({ timeout: 20_000 })
  expect(await link.getAttribute('href')).toMatch(/^lantern:\/\/wc\?uri=/)
  await link.click()
}

describe('a deep link to a missing wallet', () => {
  test('in an ordinary browser the page stays where it is', async () => {
    // A page of its own with Playwright's clock: time runs on as usual, and the test can move it on at once.
    const page = await h.browser.page.context().newPage()
    try {
      await page.clock.install()
      await page.goto(h.sandbox.url)
      await openLanternLink(page)
      // Past the fallback's 2 s at once: a fallback set at the click would have sent the page away by now.
      await page.clock.fastForward(MISSING_WALLET_FALLBACK_MS + 1)
      // A navigation would have replaced the page's document (this evaluate fails) and left loopback (recorded).
      await schedulerSettled(page)
      expect(await page.evaluate(() => location.href)).toBe(h.sandbox.url)
    } finally {
      await page.close()
    }
    expect(h.browser.offLoopback).toEqual([])
    expect(page.url()).toBe(h.sandbox.url)
  }, 60_000)

  test("inside Telegram: no app takes over, so the page goes to the wallet's homepage", async () => {
    // A page of its own: the Telegram bridge is there from its first script on.
    const page = await h.browser.page.context().newPage()
    try {
      await page.addInitScript(() => Object.assign(window, { Telegram: { WebApp: {} } }))
      await page.goto(h.sandbox.url)
      await openLanternLink(page)
      // The page itself navigates there (the test browser records the request leaving loopback and stops it).
      await expect.poll(() => h.browser.offLoopback.includes(HOMEPAGE), { timeout: 15_000 }).toBe(true)
      expect(new Set(h.browser.offLoopback.splice(0))).toEqual(new Set([HOMEPAGE]))
    } finally {
      await page.close()
    }
  }, 60_000)
})
