// The swap flow with fake timers: a quote once typing pauses (300 ms), only for what the form holds, refreshed
// while the review is open (10 s), and stale after 20 s (asked for again at once); approve only when the allowance is short; declines keep
// the form; failures and network switches empty it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { QUOTE_PAUSE_MS, QUOTE_REFRESH_MS, QUOTE_STALE_MS } from '../../../plugins/swap/controller.js'
import { CHAIN, DAI, E18, NATIVE, TOKENS, UNI, USER, flush, network, quoteBody, setup } from './helpers.js'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

/** A controller with its token list and gas price answered, ETH → UNI picked. */
async function ready(options: Parameters<typeof setup>[0] = {}) {
  const s = setup(options)
  s.controller.start()
  await s.answer('tokens', TOKENS)
  await s.answer('gasPrice', { standard: '1000000000' })
  s.controller.openPicker('buy')
  s.controller.pick(UNI.toLowerCase())
  return s
}

describe('quotes', () => {
  it('asks once typing has paused 300 ms, for the last amount only', async () => {
    const s = await ready()
    s.controller.setAmount('1')
    await vi.advanceTimersByTimeAsync(200)
    s.controller.setAmount('1.5')
    await vi.advanceTimersByTimeAsync(QUOTE_PAUSE_MS - 1)
    expect(s.pending('quote')).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(s.pending('quote').map((c) => (c.args[0] as { amount: string }).amount)).toEqual([(15n * E18) / 10n + ''])
    expect(s.pending('quote')[0]!.args[0]).toMatchObject({ userAddress: `${CHAIN}:${USER}`, from: NATIVE, to: UNI, gasPrice: '1000000000' })
  })

  it('a late answer for an old amount is never shown, and its request is cancelled', async () => {
    const s = await ready()
    s.controller.setAmount('1')
    await vi.advanceTimersByTimeAsync(QUOTE_PAUSE_MS)
    const first = s.pending('quote')[0]!
    s.controller.setAmount('2')
    expect(first.signal?.aborted).toBe(true)
    first.resolve(quoteBody(E18, '500'))
    await flush()
    expect(s.controller.$view.get().details).toBeUndefined()
    await vi.advanceTimersByTimeAsync(QUOTE_PAUSE_MS)
    s.pending('quote')[1]!.resolve(quoteBody(2n * E18, '900'))
    await flush()
    expect(s.controller.$view.get().details?.toAmount).toBe(900n)
  })

  it('a quote whose amount is negative or not a number is refused with its reason and the form stays usable', async () => {
    const s = await ready()
    s.controller.setAmount('1')
    await vi.advanceTimersByTimeAsync(QUOTE_PAUSE_MS)
    s.pending('quote')[0]!.resolve(quoteBody(E18, '-7'))
    await flush()
    expect(s.controller.$view.get()).toMatchObject({ quoteError: 'The quote is not a valid amount', canReview: false })
    s.controller.setAmount('2')
    await vi.advanceTimersByTimeAsync(QUOTE_PAUSE_MS)
    s.pending('quote')[1]!.resolve(quoteBody(2n * E18, 'NaN'))
    await flush()
    expect(s.controller.$view.get().quoteError).toBe('The quote is not a valid amount')
  })

  it('is marked stale 20 s after it arrived, not before', async () => {
    const s = await ready()
    s.controller.setAmount('1')
    await vi.advanceTimersByTimeAsync(QUOTE_PAUSE_MS)
    s.pending('quote')[0]!.resolve(quoteBody(E18, '400'))
    await flush()
    await vi.advanceTimersByTimeAsync(QUOTE_STALE_MS - 1)
    expect(s.controller.$view.get().details?.stale).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(s.controller.$view.get().details).toMatchObject({ stale: true })
    expect(s.controller.$view.get().canConfirm).toBe(false)
  })

  it('while the review is open it is asked for again 10 s after the last one, keeping the shown one until then', async () => {
    const s = await ready()
    s.controller.setAmount('1')
    await vi.advanceTimersByTimeAsync(QUOTE_PAUSE_MS)
    s.pending('quote')[0]!.resolve(quoteBody(E18, '400'))
    await flush()
    s.controller.review()
    await vi.advanceTimersByTimeAsync(QUOTE_REFRESH_MS - 1)
    expect(s.pending('quote')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    await flush()
    expect(s.pending('quote')).toHaveLength(2)
    expect(s.controller.$view.get().details?.toAmount).toBe(400n)
    s.pending('quote')[1]!.resolve(quoteBody(E18, '410'))
    await flush()
    expect(s.controller.$view.get().details?.toAmount).toBe(410n)
  })

  it('outside the review it is not asked for again until it goes stale', async () => {
    const s = await ready()
    s.controller.setAmount('1')
    await vi.advanceTimersByTimeAsync(QUOTE_PAUSE_MS)
    s.pending('quote')[0]!.resolve(quoteBody(E18, '400'))
    await flush()
    await vi.advanceTimersByTimeAsync(QUOTE_STALE_MS - 1)
    expect(s.pending('quote')).toHaveLength(1)
  })

  it('a quote gone stale is asked for again at once; Review stays disabled until the new one arrives', async () => {
    const s = await ready()
    s.controller.setAmount('1')
    await vi.advanceTimersByTimeAsync(QUOTE_PAUSE_MS)
    s.pending('quote')[0]!.resolve(quoteBody(E18, '400'))
    await flush()
    expect(s.controller.$view.get().canReview).toBe(true)
    await vi.advanceTimersByTimeAsync(QUOTE_STALE_MS - 1)
    expect(s.pending('quote')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    await flush()
    // At the 20 s boundary: marked stale, the old amount still shown, and the new quote already asked for.
    expect(s.pending('quote')).toHaveLength(2)
    expect(s.controller.$view.get()).toMatchObject({ canReview: false, details: { stale: true, toAmount: 400n } })
    s.pending('quote')[1]!.resolve(quoteBody(E18, '420'))
    await flush()
    expect(s.controller.$view.get()).toMatchObject({ canReview: true, details: { stale: false, toAmount: 420n } })
  })
})

describe('the form', () => {
  it('price impact above 5 % warns, at 5 % it does not (USD at the list prices)', async () => {
    const s = await ready()
    s.controller.setAmount('1')
    await vi.advanceTimersByTimeAsync(QUOTE_PAUSE_MS)
    // 1 ETH = 2000 USD; 190 UNI = 1900 USD: 5.00 %.
    s.pending('quote')[0]!.resolve(quoteBody(E18, String(190n * E18)))
    await flush()
    expect(s.controller.$view.get().details).toMatchObject({
      impactBps: 500n,
      impactWarning: false,
      minimum: (190n * E18 * 99n) / 100n,
      rate: '190',
    })
    s.controller.setAmount('2')
    await vi.advanceTimersByTimeAsync(QUOTE_PAUSE_MS)
    s.pending('quote')[1]!.resolve(quoteBody(2n * E18, String(379n * E18)))
    await flush()
    expect(s.controller.$view.get().details).toMatchObject({ impactBps: 525n, impactWarning: true })
  })

  it('a quote far better than the prices say warns as loudly as a far worse one, at the same 5 % threshold', async () => {
    const s = await ready()
    s.controller.setAmount('1')
    await vi.advanceTimersByTimeAsync(QUOTE_PAUSE_MS)
    // 1 ETH = 2000 USD; 210 UNI = 2100 USD: 5.00 % better.
    s.pending('quote')[0]!.resolve(quoteBody(E18, String(210n * E18)))
    await flush()
    expect(s.controller.$view.get().details).toMatchObject({ impactBps: -500n, impactWarning: false })
    s.controller.setAmount('2')
    await vi.advanceTimersByTimeAsync(QUOTE_PAUSE_MS)
    // 1e30 UNI for 2 ETH.
    s.pending('quote')[1]!.resolve(quoteBody(2n * E18, String(10n ** 30n * E18)))
    await flush()
    expect(s.controller.$view.get().details).toMatchObject({ impactWarning: true })
    expect(s.controller.$view.get().details!.impactBps! < -500n).toBe(true)
  })

  it('a quote above 2^256 − 1 base units is refused with its reason and Review stays off', async () => {
    const s = await ready()
    s.controller.setAmount('1')
    await vi.advanceTimersByTimeAsync(QUOTE_PAUSE_MS)
    s.pending('quote')[0]!.resolve(quoteBody(E18, String(1n << 256n)))
    await flush()
    expect(s.controller.$view.get()).toMatchObject({
      quoteError: 'The quote names more than any token can hold',
      canReview: false,
      details: undefined,
    })
  })

  it('the network fee in the network token and in USD; a test network’s fee is worth nothing', async () => {
    for (const testnet of [false, true]) {
      const s = await ready({ network: { ...(network() as object), testnet } })
      s.controller.setAmount('1')
      await vi.advanceTimersByTimeAsync(QUOTE_PAUSE_MS)
      s.pending('quote')[0]!.resolve(quoteBody(E18, String(190n * E18)))
      await flush()
      // 250 000 gas at 1 gwei, ETH at 2000 USD: 0.00025 ETH, 0.50 USD.
      const details = s.controller.$view.get().details!
      expect([details.fee, details.feeUsd]).toEqual([250_000n * 1_000_000_000n, testnet ? undefined : 50_000_000n])
    }
  })

  it('insufficient balance; insufficient gas unless the account is a smart account', async () => {
    const s = await ready({ balances: [{ amount: 10n ** 15n }, { address: DAI, amount: 100n * E18 }] })
    s.controller.setAmount('1')
    expect(s.controller.$view.get()).toMatchObject({ insufficientBalance: true, reason: { key: 'swap.insufficientBalance' } })
    s.controller.flip()
    s.controller.openPicker('sell')
    s.controller.pick(DAI.toLowerCase())
    s.controller.setAmount('1')
    // 0.001 ETH pays 1 gwei × 310 000 gas (swap and approve).
    expect(s.controller.$view.get()).toMatchObject({ gasShort: false })
    const smart = await ready({ balances: [{ amount: 10n ** 12n }, { address: DAI, amount: 100n * E18 }], paysOwnGas: true })
    const plain = await ready({ balances: [{ amount: 10n ** 12n }, { address: DAI, amount: 100n * E18 }] })
    for (const c of [smart, plain]) {
      c.controller.openPicker('sell')
      c.controller.pick(DAI.toLowerCase())
      c.controller.setAmount('1')
    }
    expect(plain.controller.$view.get()).toMatchObject({ gasShort: true, reason: { key: 'swap.insufficientGas' } })
    expect(smart.controller.$view.get().gasShort).toBe(false)
  })

  it('Max leaves the fee and a margin when the network token is sold, and the whole balance of a token', async () => {
    const s = await ready({ balances: [{ amount: 10n * E18 }, { address: DAI, amount: 7n * E18 }] })
    s.controller.max()
    const fee = 1_000_000_000n * 250_000n
    expect(s.controller.$form.get().amountText).toBe('9.9997')
    expect(s.controller.$view.get().amount).toBe(10n * E18 - fee - fee / 5n)
    s.controller.openPicker('sell')
    s.controller.pick(DAI.toLowerCase())
    s.controller.max()
    expect(s.controller.$form.get().amountText).toBe('7')
  })

  it('flip swaps the tokens and sells what was quoted', async () => {
    const s = await ready()
    s.controller.setAmount('1')
    await vi.advanceTimersByTimeAsync(QUOTE_PAUSE_MS)
    s.pending('quote')[0]!.resolve(quoteBody(E18, String(195n * E18)))
    await flush()
    s.controller.flip()
    expect(s.controller.$view.get()).toMatchObject({ sell: { symbol: 'UNI' }, buy: { symbol: 'ETH' }, amount: 195n * E18 })
  })

  it('lists the user’s tokens first, then the suggested ones; search by symbol, name or pasted address', async () => {
    const s = await ready({ balances: [{ amount: 0n }, { address: DAI, amount: E18, value: 1 }] })
    expect(s.controller.$view.get().tokens.map((t) => t.symbol)).toEqual(['DAI', 'ETH', 'UNI'])
    const { searchTokens } = await import('../../../plugins/swap/lists.js')
    const tokens = s.controller.$view.get().tokens
    expect(searchTokens(tokens, 'uniswap').map((t) => t.symbol)).toEqual(['UNI'])
    expect(searchTokens(tokens, UNI.split(':')[2]!.toUpperCase().replace('0X', '0x')).map((t) => t.symbol)).toEqual(['UNI'])
    expect(searchTokens(tokens, UNI).map((t) => t.symbol)).toEqual(['UNI'])
  })

  it('a zero or absurd amount is refused without a quote request', async () => {
    const s = await ready()
    s.controller.setAmount('0')
    await vi.advanceTimersByTimeAsync(QUOTE_PAUSE_MS)
    expect(s.controller.$view.get().amountError).toEqual({ key: 'swap.zero' })
    s.controller.setAmount(`1${'0'.repeat(80)}`)
    await vi.advanceTimersByTimeAsync(QUOTE_PAUSE_MS)
    expect(s.controller.$view.get().amountError).toEqual({ key: 'swap.tooLarge' })
    s.controller.setAmount('1.0000000000000000001')
    await vi.advanceTimersByTimeAsync(QUOTE_PAUSE_MS)
    expect(s.controller.$view.get().amountError).toEqual({ key: 'swap.invalidAmount', values: { decimals: '18' } })
    expect(s.pending('quote')).toHaveLength(0)
  })

  it('a token list that fails or is not a list says why; trying again loads it', async () => {
    const s = setup()
    s.controller.start()
    s.pending('tokens')[0]!.reject(new Error('HTTP status code: 502'))
    await flush()
    expect(s.controller.$view.get()).toMatchObject({
      phase: 'failed',
      reason: { key: 'swap.tokensFailed', values: { reason: 'HTTP status code: 502' } },
    })
    s.controller.retryTokens()
    s.pending('tokens')[1]!.resolve('<html>oops</html>')
    await flush()
    expect(s.controller.$view.get().reason?.values?.reason).toBe('The swap token list is not a list of tokens')
    s.controller.retryTokens()
    s.pending('tokens')[2]!.resolve(TOKENS)
    await flush()
    expect(s.controller.$view.get()).toMatchObject({ phase: 'form', sell: { symbol: 'ETH' } })
  })

  it('an unsupported network says so and asks nothing; the host can add chain ids', async () => {
    const s = setup({ network: network(31337) })
    s.controller.start()
    expect(s.controller.$view.get().phase).toBe('unsupported')
    expect(s.calls).toHaveLength(0)
  })
})
