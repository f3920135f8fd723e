// The provider API failing while a view that needs it is open: All Wallets, Activity, Swap and Buy each say why
// they have nothing to show (never a blank list or an endless spinner), come back when the API answers again, and
// ask it a bounded number of times meanwhile (counted at the sandbox's API server).
import { afterAll, afterEach, describe, expect, test } from 'vitest'
import { useSandboxBrowser } from './harness.js'
import { fillSwap, openSwapForm } from './swap-form.js'

const h = useSandboxBrowser({ timeout: 90_000 })
const { modalRoot } = h
const api = () => h.sandbox.providerApi
afterEach(() => api().reset())

/** The API down: HTTP 500 on every route. */
const down = () => (api().setMode('down'), api().setBlockchain('down'))
const up = () => (api().setMode('ok'), api().setBlockchain('ok'))
/** Requests the API received since `from` (an index into its log) whose path matches `path`. */
const asked = (from: number, path: RegExp) =>
  api()
    .requests.slice(from)
    .filter((r) => path.test(r.path)).length
/** `read`, after moving the page's clock on by `ms`; polled every 500 ms (see rpc-faults.test.ts). */
const later =
  <T>(read: () => Promise<T>, ms = 2_000) =>
  async () => {
    await h.browser.page.clock.fastForward(ms)
    return read()
  }
const mark = async () => ({ wall: Date.now(), page: await h.browser.page.evaluate(() => Date.now()) })
const since = async (start: { wall: number; page: number }) =>
  `${((Date.now() - start.wall) / 1000).toFixed(1)} s wall, ${(((await h.browser.page.evaluate(() => Date.now())) - start.page) / 1000).toFixed(1)} s on the page's clock`
const recovered: string[] = []
const rowNames = () => modalRoot().locator('[data-testid="all-wallets-list"] [data-row-index] .vb-item-name').allInnerTexts()
afterAll(() => console.log(`Recovered:\n${recovered.join('\n')}`))

/** Two minutes on the page's clock, in steps of 10 s (each lets the page run what fell due). */
async function twoMinutes() {
  for (let i = 0; i < 12; i++) await h.browser.page.clock.fastForward(10_000)
}
/** Fake timers in the page from a fresh load on. */
async function fakeClock() {
  await h.browser.page.clock.install()
  await h.browser.page.reload()
}

describe('the provider API down while a view is open', () => {
  test('All Wallets', async () => {
    await fakeClock()
    await h.browser.page.getByTestId('open-modal').click()
    await modalRoot().getByTestId('footer-allWallets').click()
    await expect.poll(() => rowNames().then((r) => r.length), { timeout: 15_000 }).toBeGreaterThan(5)
    down()
    const from = api().requests.length
    await modalRoot().getByTestId('wallet-search').fill('cedar')
    const error = modalRoot().getByTestId('all-wallets-error')
    const errorLines = () => error.innerText().then((text) => text.split('\n').filter(Boolean))
    await expect
      .poll(later(errorLines), { timeout: 20_000, interval: 500 })
      .toEqual(['The wallet list could not be loaded', 'HTTP status code: 500', 'Trying again by itself in a moment…', 'Try again'])
    // Four minutes in 1 s steps: a search under way is answered long before its 10 s deadline comes up.
    for (let i = 0; i < 240; i++) await h.browser.page.clock.fastForward(1_000)
    // Asked for the search, then again after 5, 10, 20 and 40 s; then it waits for the person's "Try again".
    expect(asked(from, /getWallets/)).toBe(5)
    expect(await errorLines()).toEqual(['The wallet list could not be loaded', 'HTTP status code: 500', 'Try again'])
    up()
    const start = await mark()
    await modalRoot().getByTestId('all-wallets-retry').click()
    await expect
      .poll(
        later(() => rowNames()),
        { timeout: 20_000, interval: 500 },
      )
      .toContain('Cedar Vault')
    recovered.push(`All Wallets: ${await since(start)}`)
  })

  test('Activity', async () => {
    await fakeClock()
    await h.connectWallet()
    down()
    const from = api().requests.length
    await modalRoot().getByRole('tab', { name: 'Activity' }).click()
    const failure = modalRoot().locator('[data-state="error"]')
    const failureLines = () => failure.innerText().then((text) => text.split('\n').filter(Boolean))
    await expect
      .poll(later(failureLines), { timeout: 20_000, interval: 500 })
      .toEqual(['Failed to fetch transactions', 'HTTP status code: 500', 'Trying again by itself in a moment…', 'Try again'])
    await twoMinutes()
    // The API failed already when asked which networks it serves: the history was not worth asking for. Read again
    // after 5, 10, 20 and 40 s, then nothing until "Try again".
    expect(asked(from, /^\/v1\/(supported-chains|account\/.+\/history)$/)).toBeLessThanOrEqual(8)
    expect(await failureLines()).toEqual(['Failed to fetch transactions', 'HTTP status code: 500', 'Try again'])
    up()
    const start = await mark()
    await modalRoot().getByRole('button', { name: 'Try again' }).click()
    await expect
      .poll(
        later(() => modalRoot().getByTestId('activity').count()),
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1)
    recovered.push(`Activity: ${await since(start)}`)
  })

  test('Swap', async () => {
    await fakeClock()
    const form = await openSwapForm(h)
    await fillSwap(h, form, 'ETH', 'DEMO', '0.01')
    down()
    const from = api().requests.length
    await form.getByTestId('swap-amount').fill('0.02')
    await expect
      .poll(
        later(() => form.getByTestId('swap-quote-error').allInnerTexts()),
        { timeout: 20_000, interval: 500 },
      )
      .toEqual(['No quote: The sandbox blockchain API is down (test mode)'])
    expect(await form.getByTestId('swap-review').isDisabled()).toBe(true)
    await twoMinutes()
    // Asked again after 5, 10, 20, 40 and 60 s: a handful of requests in two minutes, the failure shown meanwhile.
    expect(await form.getByTestId('swap-quote-error').allInnerTexts()).toEqual(['No quote: The sandbox blockchain API is down (test mode)'])
    // Each attempt asks for the gas price (once its 30 s are over) and the quote.
    const quotes = asked(from, /\/v1\/convert\/(quotes|gas-price)$/)
    expect(quotes).toBeGreaterThanOrEqual(2)
    expect(quotes).toBeLessThanOrEqual(14)
    up()
    const start = await mark()
    await expect
      .poll(
        later(() => form.getByTestId('swap-rate').count()),
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1)
    recovered.push(`Swap: ${await since(start)}`)
  })

  test('Buy', async () => {
    await fakeClock()
    await h.connectWallet()
    await modalRoot().getByTestId('account-features').getByRole('button', { name: /Buy/ }).click()
    const view = modalRoot().getByTestId('onramp')
    await view.waitFor({ timeout: 15_000 })
    await view.getByTestId('onramp-amount').fill('100')
    await expect.poll(() => view.getByTestId('onramp-quote').innerText(), { timeout: 15_000 }).not.toContain('…')
    down()
    const from = api().requests.length
    await view.getByTestId('onramp-amount').fill('120')
    const noQuote = view.getByTestId('onramp-no-quote')
    await expect
      .poll(
        later(() => noQuote.innerText()),
        { timeout: 20_000, interval: 500 },
      )
      .toBe('No quote right now (HTTP status code: 500): the provider shows the final amount.')
    // The reason alone: no amount, fee or total made up from the amount typed, none kept from the quote for 100.
    expect(await view.getByTestId('onramp-quote').innerText()).toBe(
      'No quote right now (HTTP status code: 500): the provider shows the final amount.',
    )
    await twoMinutes()
    expect(await view.getByTestId('onramp-quote').innerText()).toBe(
      'No quote right now (HTTP status code: 500): the provider shows the final amount.',
    )
    const quotes = asked(from, /\/v1\/onramp\/quote$/)
    expect(quotes).toBeGreaterThanOrEqual(2)
    expect(quotes).toBeLessThanOrEqual(7)
    up()
    const start = await mark()
    await expect
      .poll(
        later(() => view.getByTestId('onramp-no-quote').count()),
        { timeout: 20_000, interval: 500 },
      )
      .toBe(0)
    expect(await view.getByTestId('onramp-quote').innerText()).toMatch(/^You get about/)
    recovered.push(`Buy: ${await since(start)}`)
  })
})
