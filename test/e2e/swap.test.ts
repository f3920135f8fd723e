// Swap in the browser over the sandbox's exchange on anvil: approve (of the amount sold only) then swap with the
// chain's balances moving by the quoted amounts within the slippage, nothing left approved, so a second swap of the
// same token approves its own amount again; a quote answered after
// the amount changed is never shown; a malformed token list and an API error leave the form usable; a price impact
// above 5 % warns; a declined swap keeps the form; the whole flow by keyboard.
import { afterEach, describe, expect, test } from 'vitest'
import type { Locator } from 'playwright-core'
import { balanceOf, rpcCall } from '../../sandbox/provider-api/chain-data.mjs'
import { NATIVE } from '../../sandbox/provider-api/convert.mjs'
import { truncatedBalance, useSandboxBrowser } from './harness.js'
import { openSwapForm, pickSwapToken, fillSwap } from './swap-form.js'
import { nextFrames } from './settle.js'

const h = useSandboxBrowser()
const openSwap = (query?: string) => openSwapForm(h, query)
const pick = (form: Locator, side: 'sell' | 'buy', symbol: string) => pickSwapToken(h, form, side, symbol)
const fill = (form: Locator, sell: string, buy: string, amount: string) => fillSwap(h, form, sell, buy, amount)
afterEach(() => h.sandbox.providerApi.reset())

const CHAIN = 'eip155:31337'
const E18 = 10n ** 18n
const token = (symbol: string) => {
  const market = h.sandbox.market
  const address =
    symbol === 'ETH'
      ? NATIVE
      : symbol === 'SDOL'
        ? market.tokens[0]!.address
        : h.sandbox.assets.tokens.find((t) => t.symbol === symbol)!.address
  return `${CHAIN}:${address}`
}
/** The quote the local API gives now for `amount` base units of `from` in `to`. */
async function apiQuote(from: string, to: string, amount: bigint): Promise<bigint> {
  const url = `${h.sandbox.providerApi.url}/v1/convert/quotes?amount=${amount}&userAddress=${CHAIN}:${h.sandbox.address}&from=${token(from)}&to=${token(to)}`
  return BigInt(((await (await fetch(url)).json()) as { quotes: { toAmount: string }[] }).quotes[0]!.toAmount)
}
/** What the account has approved the exchange to take of DEMO, read on chain. */
async function allowance(): Promise<bigint> {
  const owner = h.sandbox.address.slice(2).toLowerCase().padStart(64, '0')
  const spender = h.sandbox.market.exchange.slice(2).toLowerCase().padStart(64, '0')
  return BigInt(
    await rpcCall(h.sandbox.chain.url, 'eth_call', [{ to: token('DEMO').split(':')[2], data: `0xdd62ed3e${owner}${spender}` }, 'latest']),
  )
}
const held = (symbol: string) => balanceOf(h.sandbox.chain.url, token(symbol).split(':')[2]!, h.sandbox.address)
/** The modal's quote requests (they carry the gas price; the test's own reads do not). */
const quoteRequests = () => h.sandbox.providerApi.requests.filter((r) => r.path === '/v1/convert/quotes' && r.query.gasPrice)

describe('swap on the local exchange', () => {
  test('DEMO → SDOL: approve of the amount, then swap; the chain moves by the quote within 1 % slippage; nothing stays approved', async () => {
    const form = await openSwap()
    const amount = 10n * E18
    const [demoBefore, sdolBefore] = [await held('DEMO'), await held('SDOL')]
    await fill(form, 'DEMO', 'SDOL', '10')
    const quoted = await apiQuote('DEMO', 'SDOL', amount)
    await expect.poll(() => form.getByTestId('swap-out').innerText()).toBe(truncatedBalance(quoted, 18, 'SDOL'))
    expect(await form.getByTestId('swap-minimum').innerText()).toBe(truncatedBalance((quoted * 99n) / 100n, 18, 'SDOL'))
    await form.getByTestId('swap-review').click()
    await form.getByTestId('swap-confirm').click()
    const demo = token('DEMO').split(':')[2]!
    await h.answerWallet(
      new RegExp(`Allow ${h.sandbox.market.exchange} to spend (unlimited|[\\d.]+) DEMO\\?[\\s\\S]*Contract ${demo}`, 'i'),
    )
    await h.answerWallet(new RegExp(`Swap [\\d.]+ DEMO for at least [\\d.]+ SDOL\\?[\\s\\S]*Contract ${h.sandbox.market.exchange}`, 'i'))
    await h.modalRoot().getByTestId('swap-done').waitFor({ timeout: 20_000 })
    expect(await held('DEMO')).toBe(demoBefore - amount)
    const gained = (await held('SDOL')) - sdolBefore
    expect(gained >= (quoted * 99n) / 100n && gained <= quoted).toBe(true)

    // Back on Account the balances were read again: the Tokens tab lists the SDOL received.
    await h.modalRoot().getByTestId('swap-done-button').click()
    await h.modalRoot().getByRole('tab', { name: 'Tokens' }).click()
    await expect
      .poll(() => h.modalRoot().locator('[data-testid="token-row"][data-token="SDOL"]').innerText(), { timeout: 15_000 })
      .toContain(truncatedBalance(sdolBefore + gained, 18, 'SDOL'))

    // The approval was for the amount sold, which the swap used up: nothing of DEMO stays approved to the exchange.
    expect(await allowance()).toBe(0n)
    // A second swap approves its own amount again.
    await h.modalRoot().getByTestId('account-features').getByRole('button', { name: /Swap/ }).click()
    const again = h.modalRoot().getByTestId('swap')
    await fill(again, 'DEMO', 'SDOL', '5')
    const before = h.sandbox.providerApi.requests.length
    await again.getByTestId('swap-review').click()
    await again.getByTestId('swap-confirm').click()
    await h.answerWallet(
      new RegExp(`Allow ${h.sandbox.market.exchange} to spend (unlimited|[\\d.]+) DEMO\\?[\\s\\S]*Contract ${demo}`, 'i'),
    )
    await h.answerWallet(new RegExp(`Swap [\\d.]+ DEMO for at least [\\d.]+ SDOL\\?[\\s\\S]*Contract ${h.sandbox.market.exchange}`, 'i'))
    await h.modalRoot().getByTestId('swap-done').waitFor({ timeout: 20_000 })
    expect(h.sandbox.providerApi.requests.slice(before).filter((r) => r.path === '/v1/convert/build-approve')).toHaveLength(1)
    expect(await held('DEMO')).toBe(demoBefore - amount - 5n * E18)
    expect(await allowance()).toBe(0n)
  })

  test('a quote answered after the amount changed is never shown; one request per settled amount', async () => {
    const form = await openSwap()
    await pick(form, 'buy', 'DEMO')
    const hold = h.sandbox.providerApi.convert.hold((q: { amount: string }) => q.amount === String(5n * 10n ** 17n))
    // The held request's end in the page, answered or cancelled.
    const heldEnded = new Promise<void>((resolve) => {
      const ended = (request: { url(): string }) => request.url().includes(`amount=${5n * 10n ** 17n}`) && resolve()
      h.browser.page.on('requestfinished', ended).on('requestfailed', ended)
    })
    await form.getByTestId('swap-amount').fill('0.5')
    await hold.held
    await form.getByTestId('swap-amount').fill('0.25')
    const quoted = await apiQuote('ETH', 'DEMO', 25n * 10n ** 16n)
    await expect.poll(() => form.getByTestId('swap-out').innerText()).toBe(truncatedBalance(quoted, 18, 'DEMO'))
    hold.release()
    // The late answer reached the page (or its request was cancelled before) and was handled.
    await heldEnded
    await nextFrames(h.browser.page)
    expect(await form.getByTestId('swap-out').innerText()).toBe(truncatedBalance(quoted, 18, 'DEMO'))
    expect(quoteRequests().map((r) => r.query.amount)).toEqual([String(5n * 10n ** 17n), String(25n * 10n ** 16n)])
  })

  test('a token list with malformed rows: the clean tokens are listed, the rest dropped, the modal keeps working', async () => {
    const demo = token('DEMO')
    h.sandbox.providerApi.convert.addTokens([
      {
        name: 'Evil',
        symbol: '<img src=x onerror=alert(1)>',
        address: `${CHAIN}:0x00000000000000000000000000000000000000e1`,
        decimals: 18,
      },
      { name: 'Bad address', symbol: 'BAD', address: `${CHAIN}:0x1234`, decimals: 18 },
      { name: 'Huge', symbol: 'HUGE', address: `${CHAIN}:0x00000000000000000000000000000000000000e2`, decimals: Number('9'.repeat(80)) },
      { name: 'Copy of Demo', symbol: 'DEMO2', address: demo, decimals: 6 },
      { name: 'No symbol', address: `${CHAIN}:0x00000000000000000000000000000000000000e3`, decimals: 18 },
      '<html>',
    ])
    const form = await openSwap()
    await form.getByTestId('swap-buy-token').click()
    const picker = h.modalRoot().getByTestId('swap-picker')
    await picker.waitFor()
    // (The order depends on what the account holds by now: an earlier swap may have paid it SDOL.)
    expect(
      (await picker.getByTestId('swap-token-option').evaluateAll((items) => items.map((i) => i.getAttribute('data-symbol')))).sort(),
    ).toEqual(['DEMO', 'ETH', 'SDOL', 'WETH'])
    await picker.getByTestId('swap-search').fill(demo.split(':')[2]!)
    expect(await picker.getByTestId('swap-token-option').evaluateAll((items) => items.map((i) => i.getAttribute('data-symbol')))).toEqual([
      'DEMO',
    ])
    await picker.locator('[data-symbol="DEMO"] button.vb-item').click()
    await form.getByTestId('swap-amount').fill('0.01')
    await expect.poll(() => form.getByTestId('swap-rate').count(), { timeout: 10_000 }).toBe(1)
  })

  test('an API error shows its reason and the form stays usable', async () => {
    const form = await openSwap()
    await pick(form, 'buy', 'WETH')
    await form.getByTestId('swap-amount').fill('0.01')
    await expect
      .poll(() => form.getByTestId('swap-quote-error').innerText(), { timeout: 10_000 })
      .toBe('No quote: No pool trades this pair')
    expect(await form.getByTestId('swap-review').isDisabled()).toBe(true)
    await pick(form, 'buy', 'DEMO')
    await expect.poll(() => form.getByTestId('swap-rate').count(), { timeout: 10_000 }).toBe(1)
    expect(await form.getByTestId('swap-quote-error').count()).toBe(0)
    expect(await form.getByTestId('swap-review').isEnabled()).toBe(true)
  })

  test('a price impact above 5 % warns; a small swap does not', async () => {
    const form = await openSwap()
    await fill(form, 'ETH', 'DEMO', '0.01')
    expect(await form.getByTestId('swap-impact-warning').count()).toBe(0)
    await form.getByTestId('swap-amount').fill('3')
    await expect.poll(() => form.getByTestId('swap-impact-warning').count(), { timeout: 10_000 }).toBe(1)
    expect(await form.getByTestId('swap-impact-warning').innerText()).toMatch(/Price impact is (\d+)\.\d\d%/)
    expect(Number(/(\d+)\.\d\d%/.exec(await form.getByTestId('swap-impact').innerText())![1])).toBeGreaterThanOrEqual(5)
  })

  test('a declined swap keeps the form as it was', async () => {
    const form = await openSwap()
    const before = await rpcCall(h.sandbox.chain.url, 'eth_getTransactionCount', [h.sandbox.address, 'latest'])
    await fill(form, 'ETH', 'DEMO', '0.01')
    await form.getByTestId('swap-review').click()
    await form.getByTestId('swap-confirm').click()
    await h.answerWallet(/Send 10000000000000000 wei/, false)
    await expect.poll(() => form.getByTestId('swap-error').innerText()).toBe('You declined the transaction in your wallet')
    expect(await form.getByTestId('swap-amount').inputValue()).toBe('0.01')
    expect(await form.getByTestId('swap-sell-token').innerText()).toBe('ETH')
    expect(await form.getByTestId('swap-buy-token').innerText()).toBe('DEMO')
    expect(await form.getByTestId('swap-review').isVisible()).toBe(true)
    expect(await rpcCall(h.sandbox.chain.url, 'eth_getTransactionCount', [h.sandbox.address, 'latest'])).toBe(before)
  })

  test('keyboard only: pick a token, type an amount, review, confirm and finish', async () => {
    const form = await openSwap()
    const { keyboard } = h.browser.page
    const demoBefore = await held('DEMO')
    await form.getByTestId('swap-buy-token').focus()
    await keyboard.press('Enter')
    await keyboard.type('DEMO')
    await keyboard.press('Tab')
    await keyboard.press('Enter')
    await expect.poll(() => form.getByTestId('swap-buy-token').innerText()).toBe('DEMO')
    // Back from the buy token button: flip, Max, then the amount.
    await keyboard.press('Shift+Tab')
    await keyboard.press('Shift+Tab')
    await keyboard.press('Shift+Tab')
    await keyboard.type('0.02')
    await expect.poll(() => form.getByTestId('swap-rate').count(), { timeout: 10_000 }).toBe(1)
    const quoted = await apiQuote('ETH', 'DEMO', 2n * 10n ** 16n)
    await keyboard.press('Enter')
    await form.getByTestId('swap-confirm').waitFor()
    await keyboard.press('Enter')
    await h.answerWallet(/Send 20000000000000000 wei/)
    await h.modalRoot().getByTestId('swap-done').waitFor({ timeout: 20_000 })
    const gained = (await held('DEMO')) - demoBefore
    expect(gained >= (quoted * 99n) / 100n && gained <= quoted).toBe(true)
    await keyboard.press('Enter')
    await h.modalRoot().getByTestId('account-features').waitFor()
  })
})
