// The provider API's process killed (SIGKILL) while a view that needs it is open, then started again on the same
// port: All Wallets, Activity, Swap and Buy each say why they have nothing to show while it is down, ask it again a
// bounded number of times, and come back by themselves once it listens again. The API runs in a process of its own
// (sandbox/provider-api/spawn.mjs) serving what the sandbox's API serves; the page's requests to it are counted as
// the browser makes them (a refused connection never reaches a server to be counted).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Request } from 'playwright-core'
import { spawnProviderApi } from '../../sandbox/provider-api/spawn.mjs'
import { useSandboxBrowser } from './harness.js'
import { fillSwap, openSwapForm } from './swap-form.js'

const h = useSandboxBrowser({ timeout: 90_000 })
const { modalRoot } = h
let api: Awaited<ReturnType<typeof spawnProviderApi>>
/** Paths the page asked the API process for, with the page's clock when asked. */
let asked: { path: string; at: number }[] = []

beforeAll(async () => {
  api = await spawnProviderApi(h.sandbox.providerApi.snapshot())
}, 30_000)
afterAll(() => api?.stop())

const record = (request: Request) => {
  const url = new URL(request.url())
  if (url.origin === api.url) asked.push({ path: url.pathname, at: Date.now() })
}

/** Loads the app with the API in its own process, the page's clock faked (moved on by the test). */
beforeEach(async () => {
  const { page } = h.browser
  await page.addInitScript((url) => {
    let app: unknown
    Object.defineProperty(window, '__SANDBOX__', { configurable: true, get: () => app, set: (value) => void (app = { ...value, apiUrl: url }) })
  }, api.url)
  await page.clock.install()
  await page.evaluate(() => localStorage.clear())
  await page.reload()
  asked = []
  page.on('request', record)
})
afterEach(async () => {
  h.browser.page.off('request', record)
  // A test that failed half-way leaves the API listening for the next.
  if (!(await fetch(`${api.url}/getAnalyticsConfig`).then(() => true, () => false))) await api.restart()
})

const later = <T>(read: () => Promise<T>, ms = 2_000) => async () => {
  await h.browser.page.clock.fastForward(ms)
  return read()
}
const mark = async () => ({ wall: Date.now(), page: await h.browser.page.evaluate(() => Date.now()) })
const since = async (start: { wall: number; page: number }) => `${((Date.now() - start.wall) / 1000).toFixed(1)} s wall, ${(((await h.browser.page.evaluate(() => Date.now())) - start.page) / 1000).toFixed(1)} s on the page's clock`
const recovered: string[] = []
afterAll(() => console.log(`Recovered after the API process restarted:\n${recovered.join('\n')}`))
const count = (path: RegExp) => asked.filter((r) => path.test(r.path)).length
/** Moves the page's clock on by `seconds` in steps of 5 s (each lets the page run what fell due). */
async function pass(seconds: number) {
  for (let i = 0; i < seconds / 5; i++) await h.browser.page.clock.fastForward(5_000)
}
const rowNames = () => modalRoot().locator('[data-testid="all-wallets-list"] [data-row-index] .vb-item-name').allInnerTexts()

describe('the provider API process killed, then started again on the same port', () => {
  test('All Wallets', async () => {
    await h.browser.page.getByTestId('open-modal').click()
    await modalRoot().getByTestId('footer-allWallets').click()
    await expect.poll(() => rowNames().then((r) => r.length), { timeout: 15_000 }).toBeGreaterThan(5)
    await api.kill()
    await modalRoot().getByTestId('wallet-search').fill('cedar')
    const error = modalRoot().getByTestId('all-wallets-error')
    await expect.poll(later(() => error.innerText().then((text) => text.split('\n').filter(Boolean))), { timeout: 20_000, interval: 500 }).toEqual(['x'])
  })
})
