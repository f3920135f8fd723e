// A Solana wallet that is not installed, chosen inside Telegram's in-app browser: the page goes to the wallet app's
// in-app browse link (which shows the app's page when it is not installed), not only to a "Get it" link. On a
// desktop browser the same choice pairs by QR code, with no redirect.
import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { SOLANA_MAINNET } from '../../sandbox/provider-api/catalog.mjs'
import { useSandboxBrowser } from './harness.js'

// The Solana chain plugin (registered with the Solana sandbox) knows its family's wallets.
const h = useSandboxBrowser({ families: ['solana'], timeout: 90_000 })
const { modalRoot } = h
const PHANTOM = {
  id: 'f'.repeat(64),
  name: 'Phantom',
  image_id: 'img-phantom',
  rdns: 'app.phantom',
  chains: [SOLANA_MAINNET],
  mobile_link: 'phantom://',
  desktop_link: null,
  webapp_link: null,
  app_store: 'https://apps.example/phantom',
  play_store: 'https://play.example/phantom',
  homepage: 'https://phantom.example/',
}

/** The catalog's recommended wallets answer with Phantom first (the provider API's answer, amended in the page). */
async function withPhantom(page: Page) {
  await page.route(`${h.sandbox.providerApi.url}/getWallets?**`, async (route) => {
    const response = await route.fetch()
    const body = (await response.json()) as { data: unknown[]; count: number }
    const recommended = new URL(route.request().url()).searchParams.get('entries') === '4'
    await route.fulfill({ response, json: recommended ? { data: [PHANTOM, ...body.data.slice(0, 3)], count: body.count + 1 } : body })
  })
}
const choosePhantom = async () => {
  await h.browser.page.getByTestId('open-modal').click()
  const phantom = modalRoot().locator('[data-testid="wallet-list"] li[data-section="recommended"] button', { hasText: 'Phantom' })
  await phantom.click()
}

describe('a missing Solana wallet', () => {
  test('on a desktop browser: pairing by QR code, no redirect', async () => {
    const { page } = h.browser
    await withPhantom(page)
    await choosePhantom()
    await modalRoot().getByTestId('wc-get-wallet').waitFor()
    expect(await modalRoot().getByTestId('wc-open-in-app').count()).toBe(0)
    expect(page.url()).toBe(h.sandbox.url)
  }, 60_000)

  test("inside Telegram: the page goes to Phantom's in-app browse link at once", async () => {
    const { page } = h.browser
    await page.addInitScript(() => Object.assign(window, { Telegram: { WebApp: {} } }))
    await page.reload()
    await withPhantom(page)
    await choosePhantom()
    const here = h.sandbox.url
    const browse = `https://phantom.app/ul/browse/${encodeURIComponent(here)}?ref=${encodeURIComponent(new URL(here).origin)}`
    // The page itself navigates there (the test browser records the request leaving loopback and stops it, so the
    // tab shows an error page instead of the wallet app).
    await expect.poll(() => h.browser.offLoopback.includes(browse), { timeout: 15_000 }).toBe(true)
    await expect.poll(() => page.url()).not.toBe(here)
    expect(new Set(h.browser.offLoopback.splice(0))).toEqual(new Set([browse]))
  }, 90_000)
})
