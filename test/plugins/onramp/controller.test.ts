// The on-ramp controller without React: options for the account's network, the typed fiat amount against the
// chosen method's limits (refused before any page opens), the quote once typing pauses (300 ms, at its boundary)
// with late answers for an old amount dropped, the placeholder quote with the reason when the API fails, the
// provider's page opened only when it passes the https rule, the history polled (every 5 s) until the purchase
// shows up and then the balances read again, and eip155 and solana as the only families served.
import { atom } from 'nanostores'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CaipNetwork } from '../../../kernel/index.js'
import {
  FALLBACK_PAYMENT_CURRENCIES,
  type OnrampClient,
  type OnrampOptions,
  type OnrampQuote,
  type Purchase,
} from '../../../plugins/onramp/api.js'
import {
  PURCHASE_POLLS,
  PURCHASE_POLL_MS,
  QUOTE_PAUSE_MS,
  createOnrampController,
  type OnrampImages,
} from '../../../plugins/onramp/controller.js'
import { DEFAULT_PROVIDERS } from '../../../plugins/onramp/providers.js'
import type { OnrampContext } from '../../../plugins/onramp/view-model.js'
import { ADDRESS, deferred, mainnet, optimism } from '../../kernel/helpers.js'

const solanaNet: CaipNetwork = {
  id: 'sol',
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1/sol'] } },
} as CaipNetwork
const polkadotNet: CaipNetwork = {
  ...solanaNet,
  caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
  chainNamespace: 'polkadot',
  name: 'Polkadot',
} as CaipNetwork

const quoteFor = (amount: string): OnrampQuote => {
  const m = (a: string) => ({ amount: a, currency: 'USD' })
  return {
    coinbaseFee: m('1.50'),
    networkFee: m('0.50'),
    paymentSubtotal: m('98.00'),
    paymentTotal: m(amount),
    purchaseAmount: { amount: '0.0325', currency: 'ETH' },
    quoteId: `q-${amount}`,
  }
}
const OPTIONS: OnrampOptions = { paymentCurrencies: FALLBACK_PAYMENT_CURRENCIES.map((c) => ({ ...c })), purchaseCurrencies: [] }
const purchase = (id: string, status: Purchase['status'] = 'success'): Purchase => ({
  id,
  minedAt: new Date('2026-01-01T00:00:00Z'),
  status,
  amount: '0.0325',
  symbol: 'ETH',
})

function setup(
  network: CaipNetwork = mainnet,
  client: Partial<Record<keyof OnrampClient, (...args: any[]) => Promise<unknown>>> = {},
  images?: OnrampImages,
) {
  const $context = atom<OnrampContext>({ network, address: ADDRESS })
  const c = {
    options: vi.fn(client.options ?? (async () => ({ options: OPTIONS, fallback: true }))),
    quote: vi.fn(client.quote ?? (async (_n: CaipNetwork, r: { amount: string }) => quoteFor(r.amount))),
    url: vi.fn(client.url ?? (async () => 'https://pay.example/buy?x=1')),
  }
  const purchases = vi.fn(async (): Promise<Purchase[]> => [])
  const open = vi.fn()
  const refreshBalances = vi.fn()
  const controller = createOnrampController({
    $context,
    client: c as unknown as OnrampClient,
    providers: DEFAULT_PROVIDERS,
    purchases,
    open,
    refreshBalances,
    images,
  })
  const stop = controller.start()
  return { controller, $context, client: c, purchases, open, refreshBalances, stop }
}

beforeEach(() => void vi.useFakeTimers())
afterEach(() => void vi.useRealTimers())

describe('options and limits', () => {
  it('the form shows once options arrive: the first currency and method with their limits', async () => {
    const { controller, client } = setup()
    expect(controller.$view.get().phase).toBe('loading')
    await vi.advanceTimersByTimeAsync(0)
    expect(client.options).toHaveBeenCalledTimes(1)
    expect(controller.$view.get()).toMatchObject({
      phase: 'form',
      currency: { id: 'USD' },
      limit: { id: 'card', min: '10.00', max: '7500.00' },
      asset: { symbol: 'ETH' },
    })
    controller.setMethod('ach_bank_account')
    expect(controller.$view.get().limit).toEqual({ id: 'ach_bank_account', min: '10.00', max: '25000.00' })
    controller.setCurrency('EUR')
    // Another currency starts from its first method.
    expect(controller.$view.get()).toMatchObject({ currency: { id: 'EUR' }, limit: { id: 'card' } })
  })

  it('amounts are checked as decimal text at the limits: 10.00 and 7500.00 pass, 9.99 and 7500.01 do not', async () => {
    const { controller } = setup()
    await vi.advanceTimersByTimeAsync(0)
    const problem = (text: string) => (controller.setAmount(text), controller.$view.get().amountError)
    expect(problem('10.00')).toBeUndefined()
    expect(problem('7500')).toBeUndefined()
    expect(problem('7500.00')).toBeUndefined()
    expect(problem('9.99')).toEqual({ key: 'onramp.belowMin', money: { amount: '10.00', currency: 'USD' } })
    expect(problem('7500.01')).toEqual({ key: 'onramp.aboveMax', money: { amount: '7500.00', currency: 'USD' } })
    // Not a fiat amount: exponents, signs, three decimals, a number past JavaScript's exact integers.
    for (const bad of ['1e3', '-20', '10.001', 'abc', '0x10']) expect(problem(bad), bad).toEqual({ key: 'onramp.invalidAmount' })
    expect(problem('90071992547409931')).toEqual({ key: 'onramp.aboveMax', money: { amount: '7500.00', currency: 'USD' } })
  })

  it('an amount outside the limits is refused before leaving: no page is asked for or opened', async () => {
    const { controller, client, open } = setup()
    await vi.advanceTimersByTimeAsync(0)
    controller.setAmount('5')
    await controller.choose('coinbase')
    controller.setAmount('')
    await controller.choose('meld')
    expect(client.url).not.toHaveBeenCalled()
    expect(open).not.toHaveBeenCalled()
    expect(controller.$form.get().error).toEqual({ key: 'onramp.enterAmount' })
    controller.setAmount('8000')
    await controller.choose('coinbase')
    expect(controller.$form.get().error).toEqual({ key: 'onramp.aboveMax', money: { amount: '7500.00', currency: 'USD' } })
    expect(open).not.toHaveBeenCalled()
  })

  it('eip155 and solana are served; another family says so and asks nothing', async () => {
    const sol = setup(solanaNet)
    await vi.advanceTimersByTimeAsync(0)
    expect(sol.controller.$view.get()).toMatchObject({ phase: 'form', asset: { symbol: 'SOL' } })
    const dot = setup(polkadotNet)
    await vi.advanceTimersByTimeAsync(0)
    expect(dot.controller.$view.get().phase).toBe('unsupported')
    expect(dot.client.options).not.toHaveBeenCalled()
    expect(dot.purchases).not.toHaveBeenCalled()
  })
})

describe('the quote', () => {
  it('is asked for 300 ms after typing pauses, for the last amount only', async () => {
    const { controller, client } = setup()
    await vi.advanceTimersByTimeAsync(0)
    controller.setAmount('10')
    await vi.advanceTimersByTimeAsync(QUOTE_PAUSE_MS - 1)
    controller.setAmount('100')
    await vi.advanceTimersByTimeAsync(QUOTE_PAUSE_MS - 1)
    expect(client.quote).not.toHaveBeenCalled()
    expect(controller.$form.get().quote.status).toBe('loading')
    await vi.advanceTimersByTimeAsync(1)
    expect(client.quote).toHaveBeenCalledTimes(1)
    expect(client.quote.mock.calls[0]![1]).toMatchObject({
      amount: '100',
      network: 'ethereum',
      paymentCurrency: { id: 'USD' },
      purchaseCurrency: { symbol: 'ETH' },
    })
    expect(controller.$form.get().quote).toMatchObject({ status: 'ready', quote: { quoteId: 'q-100' } })
  })

  it('an answer for an amount the form no longer holds is never shown', async () => {
    const late = deferred<OnrampQuote>()
    const { controller } = setup(mainnet, {
      quote: async (_n, r: { amount: string }) => (r.amount === '50' ? late.promise : quoteFor(r.amount)),
    })
    await vi.advanceTimersByTimeAsync(0)
    controller.setAmount('50')
    await vi.advanceTimersByTimeAsync(QUOTE_PAUSE_MS)
    controller.setAmount('60')
    await vi.advanceTimersByTimeAsync(QUOTE_PAUSE_MS)
    late.resolve(quoteFor('50'))
    await vi.advanceTimersByTimeAsync(0)
    expect(controller.$form.get().quote).toMatchObject({ status: 'ready', quote: { quoteId: 'q-60' } })
  })

  it('a failure gives the reason and no amounts at all (none made up from the amount typed), and the form stays usable', async () => {
    const { controller, open } = setup(mainnet, { quote: async () => Promise.reject(new Error('HTTP status code: 500')) })
    await vi.advanceTimersByTimeAsync(0)
    controller.setAmount('25.50')
    await vi.advanceTimersByTimeAsync(QUOTE_PAUSE_MS)
    const { quote } = controller.$form.get()
    expect(quote.status).toBe('failed')
    expect(quote.error).toBe('HTTP status code: 500')
    expect(quote.quote).toBeUndefined()
    await controller.choose('coinbase')
    expect(open).toHaveBeenCalledTimes(1)
  })

  it('no quote is asked for an amount outside the limits', async () => {
    const { controller, client } = setup()
    await vi.advanceTimersByTimeAsync(0)
    controller.setAmount('1')
    await vi.advanceTimersByTimeAsync(QUOTE_PAUSE_MS * 2)
    expect(client.quote).not.toHaveBeenCalled()
    expect(controller.$form.get().quote.status).toBe('idle')
  })
})

describe('the preset crypto amount', () => {
  /** The `cryptoAmount` Coinbase's page was asked for after typing `amount` and the quote answering `bought`. */
  async function presetFor(
    bought: { amount: string; currency: string },
    options: { amount?: string; wait?: number; retype?: string } = {},
  ) {
    const { controller, client } = setup(mainnet, {
      quote: async (_n, r: { amount: string }) => ({ ...quoteFor(r.amount), purchaseAmount: bought }),
    })
    await vi.advanceTimersByTimeAsync(0)
    controller.setAmount(options.amount ?? '100')
    await vi.advanceTimersByTimeAsync(options.wait ?? QUOTE_PAUSE_MS)
    if (options.retype) controller.setAmount(options.retype)
    await controller.choose('coinbase')
    return (client.url.mock.calls[0]![1] as { cryptoAmount?: string }).cryptoAmount
  }

  it("is the quote's amount bought, cut to the 6 decimals shown", async () => {
    expect(await presetFor({ amount: '0.0325', currency: 'ETH' })).toBe('0.0325')
    expect(await presetFor({ amount: '0.032512345678912345', currency: 'ETH' })).toBe('0.032512')
    expect(await presetFor({ amount: '12', currency: 'ETH' })).toBe('12')
  })

  it('is left out when a JavaScript number cannot carry the shown decimal exactly, or it is zero', async () => {
    // 18 significant digits: the nearest double is another decimal.
    expect(await presetFor({ amount: '123456789012.1234567', currency: 'ETH' })).toBeUndefined()
    expect(await presetFor({ amount: '0.0000001', currency: 'ETH' })).toBeUndefined()
  })

  it('is left out without a quote for what the form holds: none yet, an older amount, the placeholder, another asset', async () => {
    // Chosen before the quote was asked for.
    expect(await presetFor({ amount: '0.0325', currency: 'ETH' }, { wait: QUOTE_PAUSE_MS - 1 })).toBeUndefined()
    // The amount changed after the quote came.
    expect(await presetFor({ amount: '0.0325', currency: 'ETH' }, { retype: '200' })).toBeUndefined()
    // The quote is for another asset than the one to buy.
    expect(await presetFor({ amount: '0.0325', currency: 'SOL' })).toBeUndefined()
    // The API failed: the placeholder echoes the fiat amount, which is no crypto amount.
    const { controller, client } = setup(mainnet, { quote: async () => Promise.reject(new Error('down')) })
    await vi.advanceTimersByTimeAsync(0)
    controller.setAmount('100')
    await vi.advanceTimersByTimeAsync(QUOTE_PAUSE_MS)
    await controller.choose('coinbase')
    expect((client.url.mock.calls[0]![1] as { cryptoAmount?: string }).cryptoAmount).toBeUndefined()
  })
})

describe('images', () => {
  it("a payment currency's image is the images service's for its id, an asset's for its symbol; none without the service", async () => {
    const images: OnrampImages = { currency: (id) => `https://img.test/currency/${id}`, token: (id) => `https://img.test/token/${id}` }
    const { controller } = setup(mainnet, {}, images)
    await vi.advanceTimersByTimeAsync(0)
    const view = controller.$view.get()
    expect(view.currencies.map((c) => controller.currencyImage(c.id))).toEqual([
      'https://img.test/currency/USD',
      'https://img.test/currency/EUR',
    ])
    expect(controller.assetImage(view.asset!)).toBe('https://img.test/token/ETH')
    const bare = setup().controller
    expect(bare.currencyImage('USD')).toBeUndefined()
    expect(bare.assetImage(view.asset!)).toBeUndefined()
  })
})

describe("the provider's page", () => {
  it('Coinbase: the generated page for the destination wallet, network and preset amount opens; a second provider gets its widget with the purchase in the query', async () => {
    const { controller, client, open } = setup()
    await vi.advanceTimersByTimeAsync(0)
    controller.setAmount('100.10')
    await controller.choose('coinbase')
    expect(client.url).toHaveBeenCalledWith(
      mainnet,
      expect.objectContaining({ address: ADDRESS, network: 'ethereum', assets: ['ETH'], fiatAmount: '100.10' }),
    )
    expect(open).toHaveBeenCalledWith('https://pay.example/buy?x=1')
    expect(controller.$form.get()).toMatchObject({ opened: 'coinbase' })
    expect(controller.$form.get().opening).toBeUndefined()
    controller.setMethod('ach_bank_account')
    await controller.choose('meld')
    const widget = new URL(open.mock.calls[1]![0] as string)
    expect(widget.origin).toBe('https://meldcrypto.com')
    expect(Object.fromEntries(widget.searchParams)).toEqual({
      walletAddress: ADDRESS,
      network: 'ethereum',
      destinationCurrencyCode: 'ETH',
      sourceCurrencyCode: 'USD',
      sourceAmount: '100.10',
      paymentMethod: 'ach_bank_account',
    })
  })

  it('a page that is not https is never opened (plain http only on loopback); the reason shows and the form stays', async () => {
    for (const [url, opened] of [
      ['http://pay.example/buy', false],
      ['javascript:alert(1)', false],
      ['data:text/html,<script>1</script>', false],
      ['//pay.example/buy', false],
      [42, false],
      ['', false],
      ['http://127.0.0.1:4000/buy/select-asset?a=1', true],
      ['https://pay.example/buy', true],
    ] as const) {
      const { controller, open } = setup(mainnet, { url: async () => url })
      await vi.advanceTimersByTimeAsync(0)
      controller.setAmount('20')
      await controller.choose('coinbase')
      expect(open.mock.calls.length, String(url)).toBe(opened ? 1 : 0)
      if (!opened) {
        expect(controller.$form.get().error).toMatchObject({ key: 'onramp.notOpened', values: { provider: 'Coinbase' } })
        expect(controller.$view.get().phase).toBe('form')
      }
    }
  })

  it('an API error shows its reason; choosing again works', async () => {
    let fail = true
    const { controller, open } = setup(mainnet, {
      url: async () => (fail ? Promise.reject(new Error('HTTP status code: 400')) : 'https://pay.example/'),
    })
    await vi.advanceTimersByTimeAsync(0)
    controller.setAmount('20')
    await controller.choose('coinbase')
    expect(controller.$form.get().error).toEqual({
      key: 'onramp.notOpened',
      values: { provider: 'Coinbase', reason: 'HTTP status code: 400' },
    })
    fail = false
    await controller.choose('coinbase')
    expect(open).toHaveBeenCalledWith('https://pay.example/')
    expect(controller.$form.get().error).toBeUndefined()
  })

  it('one page per choice, however fast the clicks', async () => {
    const answer = deferred<string>()
    const { controller, open, client } = setup(mainnet, { url: () => answer.promise })
    await vi.advanceTimersByTimeAsync(0)
    controller.setAmount('20')
    const first = controller.choose('coinbase')
    void controller.choose('coinbase')
    void controller.choose('meld')
    answer.resolve('https://pay.example/')
    await first
    expect(client.url).toHaveBeenCalledTimes(1)
    expect(open).toHaveBeenCalledTimes(1)
  })
})

describe('purchases', () => {
  it('after a page opened, the history is read every 5 s; a new purchase lists and the balances are read again, then polling stops', async () => {
    const { controller, purchases, refreshBalances } = setup()
    await vi.advanceTimersByTimeAsync(0)
    expect(purchases).toHaveBeenCalledTimes(1)
    controller.setAmount('20')
    await controller.choose('coinbase')
    await vi.advanceTimersByTimeAsync(PURCHASE_POLL_MS - 1)
    expect(purchases).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(purchases).toHaveBeenCalledTimes(2)
    purchases.mockResolvedValue([purchase('0xabc')])
    await vi.advanceTimersByTimeAsync(PURCHASE_POLL_MS)
    expect(controller.$purchases.get()).toMatchObject({ status: 'ready', list: [{ id: '0xabc', status: 'success' }] })
    expect(refreshBalances).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(PURCHASE_POLL_MS * 3)
    expect(purchases).toHaveBeenCalledTimes(3)
  })

  it('a purchase in progress keeps the polling on until it completes; polling ends after 120 reads', async () => {
    const { controller, purchases, refreshBalances } = setup()
    await vi.advanceTimersByTimeAsync(0)
    controller.setAmount('20')
    await controller.choose('coinbase')
    purchases.mockResolvedValue([purchase('0xabc', 'pending')])
    await vi.advanceTimersByTimeAsync(PURCHASE_POLL_MS * 3)
    purchases.mockResolvedValue([purchase('0xabc', 'success')])
    await vi.advanceTimersByTimeAsync(PURCHASE_POLL_MS)
    expect(refreshBalances).toHaveBeenCalledTimes(2)
    const after = purchases.mock.calls.length
    await vi.advanceTimersByTimeAsync(PURCHASE_POLL_MS * 5)
    expect(purchases.mock.calls.length).toBe(after)

    const quiet = setup()
    await vi.advanceTimersByTimeAsync(0)
    quiet.controller.setAmount('20')
    await quiet.controller.choose('coinbase')
    await vi.advanceTimersByTimeAsync(PURCHASE_POLL_MS * (PURCHASE_POLLS + 10))
    expect(quiet.purchases).toHaveBeenCalledTimes(1 + PURCHASE_POLLS)
  })

  it('another network or account starts over: form emptied, options and purchases read for it; the old polling stops', async () => {
    const { controller, $context, client, purchases } = setup()
    await vi.advanceTimersByTimeAsync(0)
    controller.setAmount('20')
    await controller.choose('coinbase')
    $context.set({ network: optimism, address: ADDRESS })
    expect(controller.$form.get()).toMatchObject({ amount: '', generation: 2 })
    expect(controller.$form.get().opened).toBeUndefined()
    await vi.advanceTimersByTimeAsync(0)
    expect(client.options.mock.calls.map((c) => (c[0] as CaipNetwork).caipNetworkId)).toEqual(['eip155:1', 'eip155:10'])
    expect(purchases).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(PURCHASE_POLL_MS * 3)
    expect(purchases).toHaveBeenCalledTimes(2)
  })
})
