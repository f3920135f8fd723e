// The on-ramp client against the sandbox's blockchain API (a local server speaking the real contract): options
// parsed, the built-in USD and EUR limits when the API fails or answers nonsense, quotes whose amounts are not
// decimal strings refused, the URL generator's body with the preset amount written exactly as typed, and the
// on-ramp history's rows checked.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { CaipNetwork } from '../../../kernel/index.js'
import {
  FALLBACK_PAYMENT_CURRENCIES,
  createOnrampClient,
  presetCrypto,
  fetchPurchases,
  parseOptions,
  parsePurchase,
  parseQuote,
} from '../../../plugins/onramp/api.js'
import { startProviderApi } from '../../../sandbox/provider-api/server.mjs'
import { ADDRESS, net } from '../../kernel/helpers.js'
import { createBlockchainApi } from '../../../kernel/blockchain-api.js'
import { createHttpClient } from '../../../kernel/http.js'

let api: Awaited<ReturnType<typeof startProviderApi>>
let client: ReturnType<typeof createOnrampClient>
let blockchainApi: ReturnType<typeof createBlockchainApi>
const local = net(31337, 'Localhost')

beforeAll(async () => {
  // The API reads no chain for these routes: a node URL that is never called is enough.
  api = await startProviderApi({ rpcUrls: { 'eip155:31337': 'http://127.0.0.1:9/' } })
  blockchainApi = createBlockchainApi(createHttpClient({ baseUrl: api.url, defaultQuery: { projectId: 'p', st: 'vestibule', sv: 'test' } }))
  client = createOnrampClient(blockchainApi)
})
afterAll(() => api?.stop())
beforeEach(() => api.reset())

const onramp = (path: string) => api.requests.filter((r) => r.path === path)

describe('options', () => {
  it("are the API's: payment currencies with their limits and the purchase currencies for the network", async () => {
    const { options, fallback } = await client.options(local)
    expect(fallback).toBe(false)
    expect(options.paymentCurrencies.map((c) => [c.id, c.payment_method_limits.map((l) => `${l.id} ${l.min}-${l.max}`)])).toEqual([
      ['USD', ['card 10.00-5000.00', 'ach_bank_account 20.00-20000.00']],
      ['EUR', ['card 10.00-5000.00', 'ach_bank_account 20.00-20000.00']],
    ])
    expect(options.purchaseCurrencies.map((c) => c.symbol)).toEqual(['ETH'])
    expect(onramp('/v1/onramp/options')[0]!.query).toMatchObject({ projectId: 'p', st: 'vestibule', sv: 'test' })
  })

  it('fall back to USD and EUR, card 10.00–7500.00 and bank transfer 10.00–25000.00, when the API fails or answers nonsense', async () => {
    const expected = [
      {
        id: 'USD',
        payment_method_limits: [
          { id: 'card', min: '10.00', max: '7500.00' },
          { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
        ],
      },
      {
        id: 'EUR',
        payment_method_limits: [
          { id: 'card', min: '10.00', max: '7500.00' },
          { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
        ],
      },
    ]
    expect(FALLBACK_PAYMENT_CURRENCIES).toEqual(expected)
    api.setBlockchain('down')
    expect(await client.options(local)).toEqual({ options: { paymentCurrencies: expected, purchaseCurrencies: [] }, fallback: true })
    api.setBlockchain('ok')
    for (const body of [
      null,
      [],
      'options',
      { paymentCurrencies: 'USD' },
      { paymentCurrencies: [{ id: 'USD', payment_method_limits: [{ id: 'card', min: 10, max: '1e9' }] }] },
    ]) {
      api.setOnrampAnswer('options', { status: 200, body })
      expect((await client.options(local)).fallback, JSON.stringify(body)).toBe(true)
    }
    // A network the API does not support asks nothing and falls back.
    api.reset()
    expect((await client.options(net(5, 'Elsewhere'))).fallback).toBe(true)
    expect(onramp('/v1/onramp/options')).toHaveLength(0)
  })

  it('malformed entries are dropped, the rest kept: no HTML ids, numbers for amounts, exponents or duplicates; long names cut', () => {
    const parsed = parseOptions({
      paymentCurrencies: [
        {
          id: 'usd',
          payment_method_limits: [
            { id: 'card', min: '10.00', max: '100.00' },
            { id: 'card2', min: 10, max: '20' },
            { id: '<b>x</b>', min: '1', max: '2' },
          ],
        },
        { id: 'USD', payment_method_limits: [{ id: 'card', min: '1', max: '2' }] },
        { id: 'GBP', payment_method_limits: [{ id: 'card', min: '-1', max: '1e5' }] },
        null,
      ],
      purchaseCurrencies: [
        { id: 'eth', symbol: 'ETH', name: `Ether${'x'.repeat(10_000)}`, networks: [{ name: 'ethereum', chain_id: '1' }, { name: '<x>' }] },
        { id: 'nosymbol' },
      ],
    })
    expect(parsed!.paymentCurrencies).toEqual([{ id: 'USD', payment_method_limits: [{ id: 'card', min: '10.00', max: '100.00' }] }])
    expect(parsed!.purchaseCurrencies).toHaveLength(1)
    expect(parsed!.purchaseCurrencies[0]!.networks.map((n) => n.name)).toEqual(['ethereum'])
    expect(parsed!.purchaseCurrencies[0]!.name.length).toBeLessThanOrEqual(40)
  })
})

describe('quote', () => {
  const request = (amount: string) => ({
    purchaseCurrency: { id: 'sandbox-eth', name: 'Ether', symbol: 'ETH', networks: [] },
    paymentCurrency: { id: 'USD', payment_method_limits: [] },
    amount,
    network: 'eip155:31337',
  })

  it("is the API's, posted with the purchase and payment currencies, the amount as text and the network", async () => {
    const quote = await client.quote(local, request('100.00'))
    expect(quote.paymentTotal).toEqual({ amount: '100.00', currency: 'USD' })
    expect(quote.purchaseAmount.currency).toBe('ETH')
    expect(onramp('/v1/onramp/quote')[0]!.body).toEqual(request('100.00'))
  })

  it('rejects with the reason when the API fails, and when an amount is negative, a number or not a number', async () => {
    await expect(client.quote(local, request('0.10'))).rejects.toThrow('HTTP status code: 400')
    const good = await client.quote(local, request('100.00'))
    for (const purchaseAmount of [
      { amount: '-0.5', currency: 'ETH' },
      { amount: 0.5, currency: 'ETH' },
      { amount: 'NaN', currency: 'ETH' },
      { amount: '1e3', currency: 'ETH' },
      { amount: '0.5', currency: '<b>' },
      null,
    ]) {
      api.setOnrampAnswer('quote', { status: 200, body: { ...good, purchaseAmount } })
      await expect(client.quote(local, request('100.00')), JSON.stringify(purchaseAmount)).rejects.toThrow('The quote is malformed')
    }
    expect(parseQuote({ ...good, quoteId: 7 })).toBeUndefined()
  })

  it('rejects a well-formed quote for another amount than asked, or buying an absurd amount', async () => {
    const good = await client.quote(local, request('100.00'))
    api.setOnrampAnswer('quote', { status: 200, body: { ...good, paymentTotal: { amount: '10.00', currency: 'USD' } } })
    await expect(client.quote(local, request('100.00'))).rejects.toThrow('The quote is for 10.00 USD, not the 100.00 USD asked for')
    api.setOnrampAnswer('quote', { status: 200, body: { ...good, purchaseAmount: { amount: '999999999999999.999999', currency: 'ETH' } } })
    await expect(client.quote(local, request('100.00'))).rejects.toThrow(
      "The quote's 999999999999999.999999 ETH for 100.00 USD is not a plausible price",
    )
  })
})

describe('URL generator', () => {
  it('posts destination wallets, default network, partner user id, the buy experience, the fiat currency, the payment method and the preset fiat amount exactly as typed', async () => {
    api.setOnrampPage('http://127.0.0.1:1')
    const url = await client.url(local, {
      address: ADDRESS,
      network: 'eip155:31337',
      assets: ['ETH'],
      paymentCurrency: 'USD',
      paymentMethod: 'card',
      fiatAmount: '100.10',
    })
    expect(new URL(url as string).pathname).toBe('/buy/select-asset')
    const sent = onramp('/v1/generators/onrampurl')[0]!
    expect(sent.body).toEqual({
      destinationWallets: [{ address: ADDRESS, blockchains: ['eip155:31337'], assets: ['ETH'] }],
      defaultNetwork: 'eip155:31337',
      partnerUserId: ADDRESS,
      defaultExperience: 'buy',
      fiatCurrency: 'USD',
      defaultPaymentMethod: 'CARD',
      presetFiatAmount: 100.1,
    })
    expect(JSON.stringify(sent.body)).toContain('"presetFiatAmount":100.1}')
    // The largest amount the limits allow is written back digit for digit.
    await client.url(local, {
      address: ADDRESS,
      network: 'eip155:31337',
      assets: ['ETH'],
      paymentCurrency: 'USD',
      paymentMethod: 'card',
      fiatAmount: '24999.99',
    })
    expect(JSON.stringify(onramp('/v1/generators/onrampurl')[1]!.body)).toContain('"presetFiatAmount":24999.99}')
  })
})

describe('preset crypto amount', () => {
  it('is sent as a JSON number when the amount bought is known, and reaches the provider page', async () => {
    api.setOnrampPage('http://127.0.0.1:1')
    const url = await client.url(local, {
      address: ADDRESS,
      network: 'eip155:31337',
      assets: ['ETH'],
      paymentCurrency: 'USD',
      paymentMethod: 'card',
      fiatAmount: '100',
      cryptoAmount: '0.032512',
    })
    const sent = onramp('/v1/generators/onrampurl')[0]!
    expect(sent.body).toMatchObject({ presetFiatAmount: 100, presetCryptoAmount: 0.032512 })
    expect(JSON.stringify(sent.body)).toContain('"presetCryptoAmount":0.032512}')
    expect(new URL(url as string).searchParams.get('presetCryptoAmount')).toBe('0.032512')
  })

  it('an amount a JavaScript number cannot carry exactly is not sent; the fiat amount still is', async () => {
    api.setOnrampPage('http://127.0.0.1:1')
    for (const cryptoAmount of ['123456789012.123456', '0.0325000', '1e-3', '0']) {
      await client.url(local, {
        address: ADDRESS,
        network: 'eip155:31337',
        assets: ['ETH'],
        paymentCurrency: 'USD',
        paymentMethod: 'card',
        fiatAmount: '100',
        cryptoAmount,
      })
    }
    for (const request of onramp('/v1/generators/onrampurl')) {
      expect(request.body).not.toHaveProperty('presetCryptoAmount')
      expect(request.body).toHaveProperty('presetFiatAmount', 100)
    }
  })

  it('is cut to 6 decimals, never rounded, and kept only when the number is that decimal', () => {
    expect(presetCrypto('0.0325')).toBe('0.0325')
    expect(presetCrypto('0.0325999999')).toBe('0.032599')
    expect(presetCrypto('007.500000')).toBe('7.5')
    expect(presetCrypto('999999999.999999')).toBe('999999999.999999')
    // 16 and more significant digits: the double nearest is another decimal.
    expect(presetCrypto('9999999999.999999')).toBeUndefined()
    expect(presetCrypto('0.0000009')).toBeUndefined()
    for (const bad of ['', '-1', '1e3', '0x10', '1.', 'abc']) expect(presetCrypto(bad), bad).toBeUndefined()
  })

  it('the API refuses a preset that is not a number above zero', async () => {
    api.setOnrampPage('http://127.0.0.1:1')
    const post = (extra: Record<string, unknown>) =>
      fetch(`${api.url}/v1/generators/onrampurl`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ destinationWallets: [{ address: ADDRESS }], defaultNetwork: 'eip155:31337', ...extra }),
      })
    expect((await post({ presetCryptoAmount: 0.5, fiatCurrency: 'USD', presetFiatAmount: 100 })).status).toBe(200)
    for (const bad of [{ presetCryptoAmount: '0.5' }, { presetCryptoAmount: 0 }, { presetCryptoAmount: -1 }, { presetFiatAmount: '100' }]) {
      const answer = await post(bad)
      expect(answer.status, JSON.stringify(bad)).toBe(400)
      expect(((await answer.json()) as { message: string }).message).toMatch(/must be a number above zero/)
    }
  })
})

describe('purchases', () => {
  const row = {
    id: '0xabc',
    metadata: { minedAt: '2026-01-02T03:04:05Z', status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS' },
    transfers: [{ quantity: { numeric: '0.0325' }, fungible_info: { symbol: 'ETH' } }],
  }

  it('rows are checked: status, time, amount as decimal text and symbol, else left out', () => {
    expect(parsePurchase(row)).toEqual({
      id: '0xabc',
      minedAt: new Date('2026-01-02T03:04:05Z'),
      status: 'success',
      amount: '0.0325',
      symbol: 'ETH',
    })
    expect(parsePurchase({ ...row, metadata: { ...row.metadata, status: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS' } })!.status).toBe(
      'pending',
    )
    expect(parsePurchase({ ...row, metadata: { ...row.metadata, status: 'confirmed' } })).toBeUndefined()
    expect(parsePurchase({ ...row, metadata: { ...row.metadata, minedAt: 'yesterday' } })).toBeUndefined()
    expect(parsePurchase({ ...row, transfers: [{ quantity: { numeric: -1 }, fungible_info: { symbol: 'ETH' } }] })).toBeUndefined()
    expect(parsePurchase({ ...row, transfers: [{ quantity: { numeric: '1' }, fungible_info: {} }] })).toBeUndefined()
    expect(parsePurchase(null)).toBeUndefined()
  })

  it('a row bought more than a billion units is marked: its amount is not to be shown as given', () => {
    const amount = (numeric: string) => ({ ...row, transfers: [{ quantity: { numeric }, fungible_info: { symbol: 'ETH' } }] })
    expect(parsePurchase(amount('999999999999999.999999'))).toMatchObject({ amount: '999999999999999.999999', implausible: true })
    expect(parsePurchase(amount('1000000000'))!.implausible).toBeUndefined()
    expect(parsePurchase(row)!.implausible).toBeUndefined()
  })

  it("are read from the account's history with the onramp query and the network", async () => {
    api.addOnrampPurchase({
      chainId: 'eip155:31337',
      owner: ADDRESS,
      hash: '0xfeed',
      from: '0xa0ee7a142d267c1f36714e4a8f75612f20a79720',
      amount: '0.5',
      asset: { name: 'Ether', symbol: 'ETH' },
      status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
      minedAt: '2026-01-02T03:04:05Z',
    })
    const list = await fetchPurchases(blockchainApi, local, ADDRESS)
    expect(list).toEqual([{ id: '0xfeed', minedAt: new Date('2026-01-02T03:04:05Z'), status: 'success', amount: '0.5', symbol: 'ETH' }])
    expect(api.requests.find((r) => r.path.endsWith('/history'))!.query).toMatchObject({ onramp: 'coinbase', chainId: 'eip155:31337' })
    // The same purchase listed twice (a hostile or broken API) is listed once.
    api.addOnrampPurchase({
      chainId: 'eip155:31337',
      owner: ADDRESS,
      hash: '0xfeed',
      from: '0xa0ee7a142d267c1f36714e4a8f75612f20a79720',
      amount: '0.5',
      asset: { name: 'Ether', symbol: 'ETH' },
      status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
      minedAt: '2026-01-02T03:04:05Z',
    })
    expect((await fetchPurchases(blockchainApi, local, ADDRESS)).map((p) => p.id)).toEqual(['0xfeed'])
  })
})

export type { CaipNetwork }
