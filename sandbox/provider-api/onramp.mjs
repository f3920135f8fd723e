// The blockchain API's on-ramp endpoints, in the real API's shapes: GET /v1/onramp/options (payment currencies
// with their method limits, purchase currencies per network), POST /v1/onramp/quote (fees, subtotal, total and the
// amount bought, each `{ amount, currency }` as decimal strings) and POST /v1/generators/onrampurl (`{ url }` of
// the sandbox's provider page, sandbox/onramp). The on-ramp history (`onramp` query) lives in history.mjs.
// Tests may pin any answer of these three routes (`setOnrampAnswer`), hostile ones too.
import { ETH, PRICES, SOL } from './chain-data.mjs'

/** The local provider's fee: 1.5 % of the amount paid, and a flat network fee per purchase (in the fiat currency). */
export const FEE_PER_MILLE = 15n
export const NETWORK_FEE_CENTS = 50n
/** US dollars per unit of each payment currency (a fixture). */
export const FIAT_IN_USD = { USD: 1, EUR: 1.1 }

const LIMITS = [
  { id: 'card', min: '10.00', max: '5000.00' },
  { id: 'ach_bank_account', min: '20.00', max: '20000.00' },
]

/** The asset a network's purchase pays out: its native token (ETH on eip155, SOL on solana). */
export const assetOf = (chainId) => (chainId.startsWith('solana:') ? SOL : ETH)

const cents = (text) => {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(String(text))
  return match ? BigInt(match[1]) * 100n + BigInt((match[2] ?? '').padEnd(2, '0')) : undefined
}
const fiat = (c) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`
/** Base units as a decimal string with every digit. */
const units = (value, decimals) => {
  const text = value.toString().padStart(decimals + 1, '0')
  const fraction = text.slice(-decimals).replace(/0+$/, '')
  return `${text.slice(0, -decimals)}${fraction ? `.${fraction}` : ''}`
}

/**
 * What paying `amount` (decimal text) of `currency` buys of the asset on `chainId`: the fees, the subtotal and the
 * amount in base units. The provider page credits exactly this. Undefined for an amount or currency it cannot price.
 */
export function priceOf({ amount, currency, chainId }) {
  const paid = cents(amount)
  const rate = FIAT_IN_USD[currency]
  if (paid === undefined || !rate) return undefined
  const fee = (paid * FEE_PER_MILLE + 999n) / 1000n
  const subtotal = paid - fee - NETWORK_FEE_CENTS
  if (subtotal <= 0n) return undefined
  const asset = assetOf(chainId)
  // Prices are fixtures with at most 4 decimals: scale them to integers (micro-dollars per unit).
  const price = BigInt(Math.round(PRICES[asset.symbol] * 1e6))
  const usdMicro = (subtotal * BigInt(Math.round(rate * 1e6)) * 10_000n) / 1_000_000n
  const base = (usdMicro * 10n ** BigInt(asset.decimals)) / price
  return { asset, fee, subtotal, paid, base, purchase: units(base, asset.decimals) }
}

/** The options for the networks the sandbox runs. */
function options(api) {
  const networks = Object.keys(api.rpcUrls).map((chainId) => ({ chainId, asset: assetOf(chainId) }))
  const purchase = [ETH, SOL].map((asset) => ({
    id: `sandbox-${asset.symbol.toLowerCase()}`,
    name: asset.name,
    symbol: asset.symbol,
    networks: networks
      .filter((n) => n.asset === asset)
      .map((n) => ({ name: n.chainId, display_name: n.chainId, chain_id: n.chainId.split(':')[1], contract_address: '' })),
  }))
  return {
    paymentCurrencies: Object.keys(FIAT_IN_USD).map((id) => ({ id, payment_method_limits: LIMITS })),
    purchaseCurrencies: purchase.filter((p) => p.networks.length),
  }
}

const bad = (message) => ({ status: 400, body: { message } })

function quote(body) {
  const network = typeof body?.network === 'string' ? body.network : ''
  const currency = body?.paymentCurrency?.id
  const priced = priceOf({ amount: body?.amount, currency, chainId: network })
  if (!priced) return bad('amount, paymentCurrency and network are required; the amount must cover the fees')
  if (body?.purchaseCurrency?.symbol !== priced.asset.symbol) return bad(`${network} pays out ${priced.asset.symbol}`)
  const money = (c) => ({ amount: fiat(c), currency })
  return {
    status: 200,
    body: {
      coinbaseFee: money(priced.fee),
      networkFee: money(NETWORK_FEE_CENTS),
      paymentSubtotal: money(priced.subtotal),
      paymentTotal: money(priced.paid),
      purchaseAmount: { amount: priced.purchase, currency: priced.asset.symbol },
      quoteId: `sandbox-${Date.now().toString(36)}`,
    },
  }
}

/** A preset amount is a JSON number above zero, or absent. */
const presetProblem = (body, field) =>
  body[field] === undefined || (typeof body[field] === 'number' && Number.isFinite(body[field]) && body[field] > 0)
    ? undefined
    : `${field} must be a number above zero`

function generate(body, api) {
  const wallet = Array.isArray(body?.destinationWallets) ? body.destinationWallets[0] : undefined
  if (typeof wallet?.address !== 'string' || typeof body?.defaultNetwork !== 'string')
    return bad('destinationWallets[0].address and defaultNetwork are required')
  const problem = presetProblem(body, 'presetFiatAmount') ?? presetProblem(body, 'presetCryptoAmount')
  if (problem) return bad(problem)
  // As the provider's URL: a preset fiat amount needs its currency.
  if (body.presetFiatAmount !== undefined && typeof body.fiatCurrency !== 'string')
    return bad('fiatCurrency is required with presetFiatAmount')
  if (!api.onramp.pageUrl) return { status: 503, body: { message: 'The on-ramp provider page is not running' } }
  const url = new URL('/buy/select-asset', api.onramp.pageUrl)
  url.searchParams.set('appId', 'vestibule-sandbox')
  url.searchParams.set('destinationWallets', JSON.stringify(body.destinationWallets))
  url.searchParams.set('defaultNetwork', body.defaultNetwork)
  url.searchParams.set('defaultExperience', String(body.defaultExperience ?? ''))
  url.searchParams.set('partnerUserId', String(body.partnerUserId ?? ''))
  if (typeof body.fiatCurrency === 'string') url.searchParams.set('fiatCurrency', body.fiatCurrency)
  if (typeof body.defaultPaymentMethod === 'string') url.searchParams.set('defaultPaymentMethod', body.defaultPaymentMethod)
  if (body.presetFiatAmount !== undefined) url.searchParams.set('presetFiatAmount', String(body.presetFiatAmount))
  if (body.presetCryptoAmount !== undefined) url.searchParams.set('presetCryptoAmount', String(body.presetCryptoAmount))
  return { status: 200, body: { url: url.href } }
}

/** The payment currency ids the options name (pinned options too): the ids `GET /public/getCurrencyImage/{id}` knows. */
export function currencyIds(api) {
  const pinned = api.onramp.answers.get('options')?.body?.paymentCurrencies
  const listed = Array.isArray(pinned) ? pinned.map((c) => c?.id).filter((id) => typeof id === 'string') : []
  return new Set([...Object.keys(FIAT_IN_USD), ...listed])
}

const ROUTES = { 'GET /v1/onramp/options': 'options', 'POST /v1/onramp/quote': 'quote', 'POST /v1/generators/onrampurl': 'url' }

/** @returns {Promise<{ status: number, body: unknown } | undefined>} */
export async function handle({ method, path, body }, api) {
  const route = ROUTES[`${method} ${path}`]
  if (!route) return undefined
  const pinned = api.onramp.answers.get(route)
  if (pinned) return pinned
  if (route === 'options') return { status: 200, body: options(api) }
  if (route === 'quote') return quote(body)
  return generate(body, api)
}

/**
 * The on-ramp history rows of `owner` on `chainId` (the `onramp` query), newest first, as the real API lists
 * a provider's purchases: `metadata.status` ONRAMP_TRANSACTION_STATUS_*, one incoming transfer of the asset.
 */
export function onrampHistory(api, chainId, owner) {
  const same = (a, b) => (a.startsWith('0x') ? a.toLowerCase() === b.toLowerCase() : a === b)
  return api.onramp.purchases
    .filter((p) => p.chainId === chainId && same(p.owner, owner))
    .reverse()
    .map((p) => ({
      id: p.hash,
      metadata: {
        operationType: 'buy',
        hash: p.hash,
        minedAt: p.minedAt,
        sentFrom: p.from,
        sentTo: p.owner,
        status: p.status,
        nonce: 0,
        chain: chainId,
      },
      transfers: [
        {
          direction: 'in',
          sender: p.from,
          recipient: p.owner,
          quantity: { numeric: p.amount },
          fungible_info: { name: p.asset.name, symbol: p.asset.symbol, icon: { url: `${api.url}/public/getTokenImage/${p.asset.symbol}` } },
        },
      ],
    }))
}
