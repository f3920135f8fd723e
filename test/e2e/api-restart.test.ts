// The provider API's process killed (SIGKILL) while a view that needs it is open, then started again on the same
// port: All Wallets, Activity, Swap and Buy each say why they have nothing to show while it is down, ask it again a
// bounded number of times, and come back by themselves once it listens again. The API runs in a process of its own
// (sandbox/provider-api/spawn.mjs) serving what the sandbox's API serves; the page's requests to it are counted as
// the browser makes them (a refused connection never reaches a server to be counted).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Locator, Request } from 'playwright-core'
import { spawnProviderApi } from '../../sandbox/provider-api/spawn.mjs'
import { loadFresh, useSandboxBrowser } from './harness.js'
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
    Object.defineProperty(window, '__SANDBOX__', {
      configurable: true,
      get: () => app,
      set: (value) => void (app = { ...value, apiUrl: url }),
    })
  }, api.url)
  await page.clock.install()
  await loadFresh(page, page.url())
  asked = []
  page.on('request', record)
})
afterEach(async () => {
  h.browser.page.off('request', record)
  // A test that failed half-way leaves the API listening for the next.
  if (
    !(await fetch(`${api.url}/getAnalyticsConfig`).then(
      () => true,
      () => false,
    ))
  )
    await api.restart()
})

/** `read`, after moving the page's clock on by `ms` (what fell due runs); polled every 500 ms. */
const later =
  <T>(read: () => Promise<T>, ms = 1_000) =>
  async () => {
    await h.browser.page.clock.fastForward(ms)
    return read()
  }
const mark = async () => ({ wall: Date.now(), page: await h.browser.page.evaluate(() => Date.now()) })
const since = async (start: { wall: number; page: number }) =>
  `${((Date.now() - start.wall) / 1000).toFixed(1)} s wall, ${(((await h.browser.page.evaluate(() => Date.now())) - start.page) / 1000).toFixed(1)} s on the page's clock`
const recovered: string[] = []
afterAll(() => console.log(`Recovered after the API process restarted:\n${recovered.join('\n')}`))
/** Requests the page made to the API process since `from` (an index into `asked`) whose path matches `path`. */
const count = (from: number, path: RegExp) => asked.slice(from).filter((r) => path.test(r.path)).length
/** Moves the page's clock on by `seconds` in steps of 5 s (each lets the page run what fell due). */
async function pass(seconds: number) {
  for (let i = 0; i < seconds / 5; i++) await h.browser.page.clock.fastForward(5_000)
}
/** An element's text as lines. */
const lines = (locator: Locator) =>
  locator.innerText().then((text) =>
    text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  )
const rowNames = () => modalRoot().locator('[data-testid="all-wallets-list"] [data-row-index] .vb-item-name').allInnerTexts()
const poll = { timeout: 20_000, interval: 500 }
/** After the restart: the page's clock in steps of 0.5 s, so the time to recover is read to about half a second. */
const soon = { timeout: 30_000, interval: 250 }

describe('the provider API process killed (SIGKILL), then started again on the same port', () => {
  test('All Wallets: says the list service cannot be reached, searches again after 5, 10, 20 and 40 s, back by itself once it listens; then only on Try again', async () => {
    await h.browser.page.getByTestId('open-modal').click()
    await modalRoot().getByTestId('footer-allWallets').click()
    await expect.poll(() => rowNames().then((r) => r.length), { timeout: 15_000 }).toBeGreaterThan(5)
    await api.kill()
    let from = asked.length
    await modalRoot().getByTestId('wallet-search').fill('cedar')
    const error = modalRoot().getByTestId('all-wallets-error')
    await expect
      .poll(
        later(() => lines(error)),
        poll,
      )
      .toEqual([
        'The wallet list could not be loaded',
        'The wallet list service cannot be reached',
        'Trying again by itself in a moment…',
        'Try again',
      ])
    expect(count(from, /getWallets/)).toBe(1)
    // The first retry, 5 s later, finds it still down.
    await pass(5)
    await expect.poll(() => count(from, /getWallets/)).toBe(2)
    await api.restart()
    const start = await mark()
    await expect
      .poll(
        later(() => rowNames(), 500),
        soon,
      )
      .toContain('Cedar Vault')
    recovered.push(`All Wallets (search asked again 10 s after the first retry): ${await since(start)}`)
    expect(await error.count()).toBe(0)

    // Down for three minutes: four retries, then it waits for the person's "Try again".
    await api.kill()
    from = asked.length
    await modalRoot().getByTestId('wallet-search').fill('cedar v')
    await expect
      .poll(
        later(() => lines(error)),
        poll,
      )
      .toContain('Trying again by itself in a moment…')
    // Three minutes in 5 s steps (each retry's typing pause and search wait run at the steps after it).
    await pass(180)
    expect(count(from, /getWallets/)).toBe(5)
    expect(await lines(error)).toEqual(['The wallet list could not be loaded', 'The wallet list service cannot be reached', 'Try again'])
    await api.restart()
    await pass(120)
    expect(count(from, /getWallets/)).toBe(5)
    await modalRoot().getByTestId('all-wallets-retry').click()
    await expect
      .poll(
        later(() => rowNames()),
        poll,
      )
      .toContain('Cedar Vault')
  })

  test('Activity: says the history service cannot be reached, reads again after 5, 10, 20 and 40 s, back by itself once it listens; then only on Try again', async () => {
    await h.connectWallet()
    await api.kill()
    let from = asked.length
    const history = /^\/v1\/account\/.+\/history$/
    await modalRoot().getByRole('tab', { name: 'Activity' }).click()
    const failure = modalRoot().locator('[data-state="error"]')
    await expect
      .poll(
        later(() => lines(failure)),
        poll,
      )
      .toEqual([
        'Failed to fetch transactions',
        'The transaction history service cannot be reached',
        'Trying again by itself in a moment…',
        'Try again',
      ])
    await pass(5)
    await expect
      .poll(later(() => lines(failure), 0))
      .toEqual([
        'Failed to fetch transactions',
        'The transaction history service cannot be reached',
        'Trying again by itself in a moment…',
        'Try again',
      ])
    expect(count(from, history)).toBeLessThanOrEqual(2)
    await api.restart()
    const start = await mark()
    await expect
      .poll(
        later(() => modalRoot().getByTestId('activity').count(), 500),
        soon,
      )
      .toBe(1)
    recovered.push(`Activity (read again 10 s after the first retry): ${await since(start)}`)

    await api.kill()
    from = asked.length
    await modalRoot().getByRole('tab', { name: 'Tokens' }).click()
    await modalRoot().getByRole('tab', { name: 'Activity' }).click()
    await h.browser.page.evaluate(() =>
      (window as any).modal
        .getPlugin('activity')
        .controller()
        .then((c: { load(o: object): Promise<void> }) => c.load({ force: true })),
    )
    await expect
      .poll(
        later(() => lines(failure)),
        poll,
      )
      .toContain('Trying again by itself in a moment…')
    await pass(180)
    // The first read and four retries, each asking for the history (the supported networks are known by now).
    expect(count(from, history)).toBeLessThanOrEqual(5)
    expect(await lines(failure)).toEqual(['Failed to fetch transactions', 'The transaction history service cannot be reached', 'Try again'])
    await api.restart()
    await pass(120)
    expect(await lines(failure)).toEqual(['Failed to fetch transactions', 'The transaction history service cannot be reached', 'Try again'])
    await failure.getByRole('button', { name: 'Try again' }).click()
    await expect
      .poll(
        later(() => modalRoot().getByTestId('activity').count()),
        poll,
      )
      .toBe(1)
  })

  test('Swap: no quote while it is down, with the reason; the quote back by itself once it listens', async () => {
    const form = await openSwapForm(h)
    await fillSwap(h, form, 'ETH', 'DEMO', '0.01')
    await api.kill()
    const from = asked.length
    await form.getByTestId('swap-amount').fill('0.02')
    await expect
      .poll(
        later(() => form.getByTestId('swap-quote-error').allInnerTexts()),
        poll,
      )
      .toEqual(['No quote: the swap service cannot be reached'])
    expect(await form.getByTestId('swap-review').isDisabled()).toBe(true)
    expect(await form.getByTestId('swap-rate').count()).toBe(0)
    await pass(5)
    await api.restart()
    const start = await mark()
    await expect
      .poll(
        later(() => form.getByTestId('swap-rate').count(), 500),
        soon,
      )
      .toBe(1)
    recovered.push(`Swap (quote asked again 10 s after the first retry): ${await since(start)}`)
    expect(count(from, /\/v1\/convert\/quotes$/)).toBeLessThanOrEqual(4)
  })

  test('Buy: the reason and no amounts while it is down; the quote back by itself once it listens', async () => {
    await h.connectWallet()
    await modalRoot().getByTestId('account-features').getByRole('button', { name: /Buy/ }).click()
    const view = modalRoot().getByTestId('onramp')
    await view.waitFor({ timeout: 15_000 })
    await view.getByTestId('onramp-amount').fill('100')
    await expect
      .poll(
        later(() => view.getByTestId('onramp-quote').innerText()),
        poll,
      )
      .toMatch(/^You get about/)
    await api.kill()
    const from = asked.length
    await view.getByTestId('onramp-amount').fill('120')
    // The reason alone: no amount, fee or total made up from the amount typed, none kept from the quote for 100.
    await expect
      .poll(
        later(() => view.getByTestId('onramp-quote').innerText()),
        poll,
      )
      .toBe('No quote right now (the quote service cannot be reached): the provider shows the final amount.')
    await pass(5)
    await api.restart()
    const start = await mark()
    await expect
      .poll(
        later(() => view.getByTestId('onramp-quote').innerText(), 500),
        soon,
      )
      .toMatch(/^You get about/)
    recovered.push(`Buy (quote asked again 10 s after the first retry): ${await since(start)}`)
    expect(count(from, /\/v1\/onramp\/quote$/)).toBeLessThanOrEqual(4)
  })
})
