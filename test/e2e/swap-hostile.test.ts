// A hostile swap API in the browser over the sandbox's exchange on anvil (the provider API's hostile answers, in the
// real contract's shapes): a transfer offered as the swap, an approval for an attacker, the network token sent to a
// plain account, and the real exchange paying someone else are refused with their reason before the wallet is asked
// — no prompt, no transaction on the chain, nothing at the attacker's address. Where the node answers "method not
// found" for eth_simulateV1 the review says the swap was checked against the quote only, and ETH sent to a plain
// account is still refused. A quote above 2^256 − 1 cannot be reviewed; one far better than the prices say warns,
// and trying it on the node refuses it.
import { afterEach, describe, expect, test } from 'vitest'
import type { Locator, Request } from 'playwright-core'
import { balanceOf, rpcCall } from '../../sandbox/provider-api/chain-data.mjs'
import { ATTACKER, NATIVE } from '../../sandbox/provider-api/convert.mjs'
import { useSandboxBrowser } from './harness.js'
import { openSwapForm, pickSwapToken, fillSwap } from './swap-form.js'

const h = useSandboxBrowser()
const openSwap = (query?: string) => openSwapForm(h, query)
const pick = (form: Locator, side: 'sell' | 'buy', symbol: string) => pickSwapToken(h, form, side, symbol)
const fill = (form: Locator, sell: string, buy: string, amount: string) => fillSwap(h, form, sell, buy, amount)
afterEach(() => h.sandbox.providerApi.reset())

const CHAIN = 'eip155:31337'
const address = (symbol: string) =>
  symbol === 'ETH'
    ? NATIVE
    : symbol === 'SDOL'
      ? h.sandbox.market.tokens[0]!.address
      : h.sandbox.assets.tokens.find((t) => t.symbol === symbol)!.address
const nonce = () => rpcCall(h.sandbox.chain.url, 'eth_getTransactionCount', [h.sandbox.address, 'latest'])
/** What the attacker holds of the demo tokens and ETH: nothing, unless a hostile answer got through. */
const attackerHolds = async () => [
  await balanceOf(h.sandbox.chain.url, address('DEMO'), ATTACKER),
  await balanceOf(h.sandbox.chain.url, address('SDOL'), ATTACKER),
  BigInt(await rpcCall(h.sandbox.chain.url, 'eth_getBalance', [ATTACKER, 'latest'])),
]
/** The `eth_simulateV1` requests the page sends from now on: the number of calls each tries. */
function watchSimulations() {
  const tried: number[] = []
  const listen = (request: Request) => {
    const body = request.postData()
    if (body?.includes('"eth_simulateV1"'))
      tried.push((JSON.parse(body) as { params: [{ blockStateCalls: [{ calls: unknown[] }] }] }).params[0].blockStateCalls[0].calls.length)
  }
  h.browser.page.on('request', listen)
  return { tried, stop: () => h.browser.page.off('request', listen) }
}

/** Reviews and confirms the form; the swap is refused with `reason`, and nothing reached the wallet or the chain. */
async function refused(form: Locator, reason: string) {
  const before = await nonce()
  await form.getByTestId('swap-review').click()
  await form.getByTestId('swap-confirm').click()
  await expect.poll(() => form.getByTestId('swap-error').allInnerTexts(), { timeout: 15_000 }).toEqual([`The swap failed: ${reason}`])
  expect(await h.walletPrompt().count()).toBe(0)
  expect(await nonce()).toBe(before)
  expect(await attackerHolds()).toEqual([0n, 0n, 0n])
  // The form is usable again.
  expect(await form.getByTestId('swap-amount').isEditable()).toBe(true)
}

describe('hostile built transactions never reach the wallet', () => {
  test('selling 10 DEMO, DEMO.transfer(attacker, 10e18) offered as the swap is refused', async () => {
    h.sandbox.providerApi.convert.setHostile('transfer')
    const form = await openSwap()
    await fill(form, 'DEMO', 'SDOL', '10')
    await refused(form, 'The swap transaction calls a token directly instead of an exchange')
  })

  test('approve(attacker, 2^256 − 1) on the token sold is refused', async () => {
    h.sandbox.providerApi.convert.setHostile('approveAttacker')
    const form = await openSwap()
    await fill(form, 'DEMO', 'SDOL', '10')
    await refused(form, 'The swap transaction calls another contract than the one the approval is for')
    expect(h.sandbox.providerApi.requests.filter((r) => r.path === '/v1/convert/build-approve')).toHaveLength(1)
  })

  test('selling ETH, a transaction sending the amount to a plain account is refused', async () => {
    h.sandbox.providerApi.convert.setHostile('ethToAccount')
    const form = await openSwap()
    await fill(form, 'ETH', 'DEMO', '0.01')
    await refused(form, 'The swap would pay you less DEMO than the minimum received')
  })

  test('the real exchange paying what is bought to someone else passes every binding rule; trying approve + swap on the node refuses it', async () => {
    h.sandbox.providerApi.convert.setHostile('recipient')
    const form = await openSwap()
    await fill(form, 'DEMO', 'SDOL', '10')
    const simulations = watchSimulations()
    await refused(form, 'The swap would pay you less SDOL than the minimum received')
    simulations.stop()
    // The approve was built and tried with the swap in one simulated block, never sent.
    expect(h.sandbox.providerApi.requests.filter((r) => r.path === '/v1/convert/build-approve')).toHaveLength(1)
    expect(simulations.tried.at(-1)).toBe(2)
    expect(await form.getByTestId('swap-unchecked').count()).toBe(0)
  })
})

describe('a node that cannot try the swap', () => {
  /** The local chain's node as the page reaches it, answering "method not found" for eth_simulateV1. */
  async function withoutSimulation() {
    await h.browser.page.route(`${h.sandbox.chain.url}/**`, (route) =>
      route.request().postData()?.includes('"eth_simulateV1"')
        ? route.fulfill({
            status: 200,
            contentType: 'application/json',
            headers: { 'access-control-allow-origin': '*' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } }),
          })
        : route.continue(),
    )
  }
  afterEach(() => h.browser.page.unrouteAll({ behavior: 'ignoreErrors' }))

  test('the review says the swap was checked against the quote only; the swap then goes to the wallet', async () => {
    await withoutSimulation()
    const form = await openSwap()
    await fill(form, 'ETH', 'DEMO', '0.01')
    await form.getByTestId('swap-review').click()
    await expect
      .poll(() => form.getByTestId('swap-unchecked').allInnerTexts())
      .toEqual(['This network cannot check the swap before you sign; it was checked against the quote only.'])
    await form.getByTestId('swap-confirm').click()
    await h.answerWallet(new RegExp(`Send 10000000000000000 wei to ${h.sandbox.market.exchange}`, 'i'))
    await h.modalRoot().getByTestId('swap-done').waitFor({ timeout: 20_000 })
  })

  test('selling ETH to a plain account is refused there for want of a contract at the receiver', async () => {
    await withoutSimulation()
    h.sandbox.providerApi.convert.setHostile('ethToAccount')
    const form = await openSwap()
    await fill(form, 'ETH', 'DEMO', '0.01')
    await refused(form, 'The swap transaction pays an account, not an exchange contract')
  })
})

describe('quotes that cannot be true', () => {
  test('a quote above 2^256 − 1 base units is refused and Review stays off', async () => {
    h.sandbox.providerApi.convert.setHostile('quoteOverflow')
    const form = await openSwap()
    await pick(form, 'buy', 'DEMO')
    await form.getByTestId('swap-amount').fill('0.1')
    await expect
      .poll(() => form.getByTestId('swap-quote-error').allInnerTexts(), { timeout: 10_000 })
      .toEqual(['No quote: The quote names more than any token can hold'])
    expect(await form.getByTestId('swap-review').isDisabled()).toBe(true)
    expect(await form.getByTestId('swap-rate').count()).toBe(0)
  })

  test('a quote 1e30 times the pool’s warns like a far worse one; confirmed anyway, the node refuses it', async () => {
    h.sandbox.providerApi.convert.setHostile('quoteInflated')
    const form = await openSwap()
    await fill(form, 'ETH', 'DEMO', '0.1')
    await expect
      .poll(async () => (await form.getByTestId('swap-impact-warning').allInnerTexts()).join(''))
      .toMatch(/^This quote gives \d+\.\d\d% more than the tokens are worth: it is probably not real\.$/)
    expect(await form.getByTestId('swap-impact').innerText()).toMatch(/^\+\d+\.\d\d%$/)
    await refused(form, 'The swap would pay you less DEMO than the minimum received')
  })
})
