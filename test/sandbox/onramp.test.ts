// The sandbox's on-ramp: the blockchain API's options, quote and URL generator in the real API's shapes, the
// provider checkout page on its own origin, whose Pay credits the local chains (anvil and the Solana sandbox), and
// the on-ramp history that lists the credit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rpc, startAnvil } from '../../sandbox/anvil.mjs'
import { startProviderApi } from '../../sandbox/provider-api/server.mjs'
import { priceOf } from '../../sandbox/provider-api/onramp.mjs'
import { PROVIDER_ACCOUNT, startOnrampProvider } from '../../sandbox/onramp/provider.mjs'
import { demoAddress, startSolanaChain } from '../../sandbox/solana/chain.mjs'

let anvil: Awaited<ReturnType<typeof startAnvil>>
let solana: Awaited<ReturnType<typeof startSolanaChain>>
let api: Awaited<ReturnType<typeof startProviderApi>>
let provider: Awaited<ReturnType<typeof startOnrampProvider>>
let solanaId: string
const BUYER = '0x2222222222222222222222222222222222222222'

const post = async (path: string, body: unknown) => {
  const response = await fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as any }
}
const get = async (path: string) => {
  const response = await fetch(`${api.url}${path}`)
  return { status: response.status, body: (await response.json()) as any }
}
/** Submits the checkout page's Pay form as a browser would. */
async function pay(pageUrl: string) {
  const page = await (await fetch(pageUrl)).text()
  const action = /<form method="post" action="([^"]+)">/.exec(page)?.[1]
  expect(action, page).toBeTruthy()
  const fields = [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(([, k, v]) => [
    k!,
    v!.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c))),
  ])
  const response = await fetch(
    new URL(
      action!.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c))),
      pageUrl,
    ),
    { method: 'POST', body: new URLSearchParams(fields) },
  )
  return { status: response.status, text: await response.text() }
}

beforeAll(async () => {
  ;[anvil, solana] = await Promise.all([startAnvil(), startSolanaChain()])
  solanaId = `solana:${solana.genesisHash.slice(0, 32)}`
  api = await startProviderApi({ rpcUrls: { 'eip155:31337': anvil.url, [solanaId]: solana.url } })
  provider = await startOnrampProvider({ rpcUrls: api.rpcUrls, solana, record: (p: unknown) => api.addOnrampPurchase(p) })
  api.setOnrampPage(provider.url)
}, 60_000)
afterAll(async () => {
  await provider?.stop()
  await api?.stop()
  await Promise.all([anvil?.stop(), solana?.stop()])
})

describe('on-ramp routes', () => {
  it('options: payment currencies with method limits as decimal strings, purchase currencies per local network', async () => {
    const { status, body } = await get('/v1/onramp/options?projectId=p')
    expect(status).toBe(200)
    expect(body.paymentCurrencies.map((c: any) => c.id)).toEqual(['USD', 'EUR'])
    expect(body.paymentCurrencies[0].payment_method_limits).toEqual([
      { id: 'card', min: '10.00', max: '5000.00' },
      { id: 'ach_bank_account', min: '20.00', max: '20000.00' },
    ])
    const eth = body.purchaseCurrencies.find((c: any) => c.symbol === 'ETH')
    expect(eth.networks).toEqual([{ name: 'eip155:31337', display_name: 'eip155:31337', chain_id: '31337', contract_address: '' }])
    expect(body.purchaseCurrencies.find((c: any) => c.symbol === 'SOL').networks[0].name).toBe(solanaId)
  })

  it('quote: fees, subtotal, total and the amount bought, each { amount, currency } as decimal strings', async () => {
    const { status, body } = await post('/v1/onramp/quote', {
      purchaseCurrency: { id: 'x', symbol: 'ETH' },
      paymentCurrency: { id: 'USD' },
      amount: '100.00',
      network: 'eip155:31337',
    })
    expect(status).toBe(200)
    // 1.5 % fee (1.50), 0.50 network fee, 98.00 buys 98 / 3012.45 ETH.
    expect(body).toMatchObject({
      coinbaseFee: { amount: '1.50', currency: 'USD' },
      networkFee: { amount: '0.50', currency: 'USD' },
      paymentSubtotal: { amount: '98.00', currency: 'USD' },
      paymentTotal: { amount: '100.00', currency: 'USD' },
    })
    expect(body.purchaseAmount.currency).toBe('ETH')
    expect(body.purchaseAmount.amount).toMatch(/^0\.0325\d+$/)
    expect(typeof body.quoteId).toBe('string')
    // The wrong asset for the network, or an amount that does not cover the fees, is refused with a reason.
    expect(
      (
        await post('/v1/onramp/quote', {
          purchaseCurrency: { symbol: 'SOL' },
          paymentCurrency: { id: 'USD' },
          amount: '100',
          network: 'eip155:31337',
        })
      ).status,
    ).toBe(400)
    const small = await post('/v1/onramp/quote', {
      purchaseCurrency: { symbol: 'ETH' },
      paymentCurrency: { id: 'USD' },
      amount: '0.40',
      network: 'eip155:31337',
    })
    expect(small.status).toBe(400)
    expect(small.body.message).toMatch(/cover the fees/)
  })

  it('URL generator: the provider page on its own origin, carrying destination wallets, network and the preset amount', async () => {
    const body = {
      destinationWallets: [{ address: BUYER, blockchains: ['eip155:31337'], assets: ['ETH'] }],
      defaultNetwork: 'eip155:31337',
      partnerUserId: BUYER,
      defaultExperience: 'buy',
      fiatCurrency: 'EUR',
      defaultPaymentMethod: 'ACH_BANK_ACCOUNT',
      presetFiatAmount: 25.5,
    }
    const { status, body: answer } = await post('/v1/generators/onrampurl?projectId=p', body)
    expect(status).toBe(200)
    const url = new URL(answer.url)
    expect(url.origin).toBe(provider.url)
    expect(url.origin).not.toBe(new URL(api.url).origin)
    expect(JSON.parse(url.searchParams.get('destinationWallets')!)).toEqual(body.destinationWallets)
    expect(Object.fromEntries([...url.searchParams].filter(([k]) => k !== 'destinationWallets'))).toEqual({
      appId: 'vestibule-sandbox',
      defaultNetwork: 'eip155:31337',
      defaultExperience: 'buy',
      partnerUserId: BUYER,
      fiatCurrency: 'EUR',
      defaultPaymentMethod: 'ACH_BANK_ACCOUNT',
      presetFiatAmount: '25.5',
    })
    expect((await post('/v1/generators/onrampurl', { defaultNetwork: 'eip155:31337' })).status).toBe(400)
    // A preset fiat amount without its currency is refused, as the provider's URL needs both.
    const { fiatCurrency: _, ...noCurrency } = body
    expect((await post('/v1/generators/onrampurl', noCurrency)).body).toEqual({ message: 'fiatCurrency is required with presetFiatAmount' })
  })

  it('answers pinned by a test replace a route (hostile answers too) until unpinned', async () => {
    api.setOnrampAnswer('url', { status: 200, body: { url: 'javascript:alert(1)' } })
    expect((await post('/v1/generators/onrampurl', {})).body).toEqual({ url: 'javascript:alert(1)' })
    api.setOnrampAnswer('url', undefined)
    expect((await post('/v1/generators/onrampurl', {})).status).toBe(400)
  })
})

describe('provider checkout page', () => {
  it('shows the parameters it received; Pay credits the EVM destination with the quoted amount and the on-ramp history lists it', async () => {
    const { body } = await post('/v1/generators/onrampurl', {
      destinationWallets: [{ address: BUYER, blockchains: ['eip155:31337'], assets: ['ETH'] }],
      defaultNetwork: 'eip155:31337',
      partnerUserId: BUYER,
      defaultExperience: 'buy',
      fiatCurrency: 'USD',
      presetFiatAmount: 100,
    })
    const html = await (await fetch(body.url)).text()
    expect(html).toContain('data-testid="param-defaultNetwork">eip155:31337<')
    expect(html).toContain('data-testid="param-presetFiatAmount">100<')
    const before = BigInt(await rpc(anvil.url, 'eth_getBalance', [BUYER, 'latest']))
    const paid = await pay(body.url)
    expect(paid.status, paid.text).toBe(200)
    const expected = priceOf({ amount: '100', currency: 'USD', chainId: 'eip155:31337' })!
    expect(BigInt(await rpc(anvil.url, 'eth_getBalance', [BUYER, 'latest'])) - before).toBe(expected.base)
    const hash = /data-testid="credit-hash">(0x[0-9a-f]{64})</.exec(paid.text)![1]
    const tx = await rpc(anvil.url, 'eth_getTransactionByHash', [hash])
    expect(tx.from.toLowerCase()).toBe(PROVIDER_ACCOUNT.toLowerCase())

    const history = await get(`/v1/account/${BUYER}/history?chainId=eip155:31337&onramp=coinbase`)
    expect(history.body.data).toHaveLength(1)
    expect(history.body.data[0]).toMatchObject({
      id: hash,
      metadata: { operationType: 'buy', status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS', chain: 'eip155:31337' },
      transfers: [{ direction: 'in', quantity: { numeric: expected.purchase }, fungible_info: { symbol: 'ETH' } }],
    })
    // Without the onramp query the same account's history is the chain's (the credit as a received transfer).
    const plain = await get(`/v1/account/${BUYER}/history?chainId=eip155:31337`)
    expect(plain.body.data.map((r: any) => r.metadata.operationType)).toEqual(['receive'])
  })

  it("a second provider's widget: Pay airdrops the Solana destination with what the amount in EUR buys", async () => {
    const buyer = await demoAddress()
    const page = `${provider.url}/widget?${new URLSearchParams({ walletAddress: buyer, network: solanaId, destinationCurrencyCode: 'SOL', sourceCurrencyCode: 'EUR', sourceAmount: '50.00', paymentMethod: 'card' })}`
    const before = solana.balance(buyer)
    expect((await pay(page)).status).toBe(200)
    const expected = priceOf({ amount: '50.00', currency: 'EUR', chainId: solanaId })!
    expect(solana.balance(buyer) - before).toBe(expected.base)
    const history = await get(`/v1/account/${buyer}/history?chainId=${solanaId}&onramp=coinbase`)
    expect(history.body.data.map((r: any) => [r.transfers[0].quantity.numeric, r.transfers[0].fungible_info.symbol])).toEqual([
      [expected.purchase, 'SOL'],
    ])
  })

  it('a page without a destination or with an amount that does not cover the fees offers no Pay and credits nothing', async () => {
    const html = await (await fetch(`${provider.url}/widget?network=eip155:31337&sourceAmount=100&sourceCurrencyCode=USD`)).text()
    expect(html).toContain('data-testid="unpayable"')
    expect(html).not.toContain('data-testid="pay"')
    const response = await fetch(`${provider.url}/pay?from=/widget`, {
      method: 'POST',
      body: new URLSearchParams({ walletAddress: BUYER, network: 'eip155:31337', sourceAmount: '0.10', sourceCurrencyCode: 'USD' }),
    })
    expect(response.status).toBe(400)
  })
})
