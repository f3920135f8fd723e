/**
 * The blockchain API's on-ramp calls, with every answer checked: options (`GET /v1/onramp/options`, the built-in
 * USD and EUR limits when it fails), a quote (`POST /v1/onramp/quote`; when it fails, its
 * reason and no amount) and the provider's page (`POST /v1/generators/onrampurl`). Amounts are decimal strings throughout.
 */
import type { BlockchainApi, CaipNetwork } from 'vestibule/kernel'
import { cleanText } from 'vestibule/utils'
import { absurdUnits, quoteProblem } from './checks.js'

export interface PaymentLimit {
  /** The payment method: `card`, `ach_bank_account` … */
  id: string
  min: string
  max: string
}
export interface PaymentCurrency {
  id: string
  payment_method_limits: PaymentLimit[]
}
export interface PurchaseNetwork {
  name: string
  display_name: string
  chain_id: string
  contract_address: string
}
export interface PurchaseCurrency {
  id: string
  name: string
  symbol: string
  networks: PurchaseNetwork[]
}
export interface OnrampOptions {
  paymentCurrencies: PaymentCurrency[]
  purchaseCurrencies: PurchaseCurrency[]
}
export interface Money {
  amount: string
  currency: string
}
export interface OnrampQuote {
  coinbaseFee: Money
  networkFee: Money
  paymentSubtotal: Money
  paymentTotal: Money
  purchaseAmount: Money
  quoteId: string
}

const limits = (card: string, ach: string): PaymentLimit[] => [
  { id: 'card', min: '10.00', max: card },
  { id: 'ach_bank_account', min: '10.00', max: ach },
]
/** The limits used when the API cannot say: USD and EUR, card 10.00–7500.00, bank transfer 10.00–25000.00. */
export const FALLBACK_PAYMENT_CURRENCIES: readonly PaymentCurrency[] = [
  { id: 'USD', payment_method_limits: limits('7500.00', '25000.00') },
  { id: 'EUR', payment_method_limits: limits('7500.00', '25000.00') },
]

/** A decimal amount as text: digits, an optional fraction; never a number, an exponent or a sign. */
export const DECIMAL = /^\d{1,15}(\.\d{1,18})?$/
const CODE = /^[A-Za-z0-9][\w.-]{0,39}$/
const obj = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined
const code = (v: unknown) => (typeof v === 'string' && CODE.test(v) ? v : undefined)
const list = (v: unknown, max: number) => (Array.isArray(v) ? v.slice(0, max) : [])

function paymentCurrency(raw: unknown): PaymentCurrency | undefined {
  const c = obj(raw)
  const id = code(c?.id)
  const methods = list(c?.payment_method_limits, 10).flatMap((l): PaymentLimit[] => {
    const limit = obj(l)
    const method = code(limit?.id)
    const min = limit?.min
    const max = limit?.max
    return method && typeof min === 'string' && typeof max === 'string' && DECIMAL.test(min) && DECIMAL.test(max)
      ? [{ id: method, min, max }]
      : []
  })
  return id && methods.length ? { id: id.toUpperCase(), payment_method_limits: methods } : undefined
}

function purchaseCurrency(raw: unknown): PurchaseCurrency | undefined {
  const c = obj(raw)
  const id = code(c?.id)
  const symbol = code(c?.symbol)
  if (!id || !symbol || symbol.length > 12) return undefined
  const networks = list(c?.networks, 50).flatMap((n): PurchaseNetwork[] => {
    const net = obj(n)
    const name = code(net?.name)
    return name
      ? [
          {
            name,
            display_name: cleanText(net?.display_name, 40) || name,
            chain_id: code(net?.chain_id) ?? '',
            contract_address: code(net?.contract_address) ?? '',
          },
        ]
      : []
  })
  return { id, symbol, name: cleanText(c?.name, 40) || symbol, networks }
}

/** The options answer checked: malformed entries dropped; `undefined` when no payment currency is usable. */
export function parseOptions(body: unknown): OnrampOptions | undefined {
  const o = obj(body)
  const unique = <T extends { id: string }>(items: (T | undefined)[]) =>
    items.filter((x, i, all): x is T => !!x && all.findIndex((y) => y?.id === x.id) === i)
  const paymentCurrencies = unique(list(o?.paymentCurrencies, 50).map(paymentCurrency))
  if (!paymentCurrencies.length) return undefined
  return { paymentCurrencies, purchaseCurrencies: unique(list(o?.purchaseCurrencies, 100).map(purchaseCurrency)) }
}

const money = (v: unknown): Money | undefined => {
  const m = obj(v)
  return m && typeof m.amount === 'string' && DECIMAL.test(m.amount) && code(m.currency)
    ? { amount: m.amount, currency: m.currency as string }
    : undefined
}

/** The quote answer checked: every amount a non-negative decimal string with its currency, else undefined. */
export function parseQuote(body: unknown): OnrampQuote | undefined {
  const q = obj(body)
  const fields = ['coinbaseFee', 'networkFee', 'paymentSubtotal', 'paymentTotal', 'purchaseAmount'] as const
  const parsed = Object.fromEntries(fields.map((f) => [f, money(q?.[f])]))
  if (fields.some((f) => !parsed[f]) || typeof q?.quoteId !== 'string' || !q.quoteId || q.quoteId.length > 200) return undefined
  return { ...(parsed as Omit<OnrampQuote, 'quoteId'>), quoteId: q.quoteId }
}

export interface QuoteRequest {
  purchaseCurrency: PurchaseCurrency
  paymentCurrency: PaymentCurrency
  amount: string
  /** The provider's name of the network (`networkName`). */
  network: string
}

export interface UrlRequest {
  address: string
  network: string
  assets: string[]
  /** The fiat amount, at most two decimals within the limits. */
  fiatAmount: string
  /** The amount of the asset the quote buys for it (`presetCrypto`'s text), when known. */
  cryptoAmount?: string
  /** The fiat currency paid, an options id (`EUR`). */
  paymentCurrency: string
  /** The payment method chosen, an options limit id (`card`, `ach_bank_account`). */
  paymentMethod: string
}

/** Decimals of the crypto amount the Buy view shows and presets. */
export const CRYPTO_DECIMALS = 6

/**
 * A quote's amount of crypto as the provider's preset: cut (never rounded) to the 6 decimals shown, and only when
 * a JavaScript number holds exactly that decimal (else undefined: the provider works it out from the fiat amount);
 * zero is no preset.
 */
export function presetCrypto(amount: string): string | undefined {
  if (!DECIMAL.test(amount)) return undefined
  const [whole = '0', fraction = ''] = amount.split('.')
  const kept = fraction.slice(0, CRYPTO_DECIMALS).replace(/0+$/, '')
  const text = `${whole.replace(/^0+(?=\d)/, '')}${kept ? `.${kept}` : ''}`
  const value = Number(text)
  return value > 0 && String(value) === text ? text : undefined
}

/** Network names the provider knows networks by; other networks go by their CAIP-2 id. */
const NETWORK_NAMES: Record<string, string> = {
  'eip155:1': 'ethereum',
  'eip155:10': 'optimism',
  'eip155:137': 'polygon',
  'eip155:8453': 'base',
  'eip155:42161': 'arbitrum',
  'eip155:43114': 'avalanche-c-chain',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana',
}
export const networkName = (network: CaipNetwork) => NETWORK_NAMES[network.caipNetworkId] ?? network.caipNetworkId

export type OnrampClient = ReturnType<typeof createOnrampClient>

export function createOnrampClient(api: BlockchainApi) {
  return {
    /** The options, or the fallback limits (with no purchase currencies) when the API fails or answers nonsense. */
    async options(network: CaipNetwork): Promise<{ options: OnrampOptions; fallback: boolean }> {
      try {
        const parsed = parseOptions(await api.get(network.caipNetworkId, 'v1/onramp/options', undefined))
        if (parsed) return { options: parsed, fallback: false }
      } catch {
        // The fallback below is the answer.
      }
      return { options: { paymentCurrencies: FALLBACK_PAYMENT_CURRENCIES.map((c) => ({ ...c })), purchaseCurrencies: [] }, fallback: true }
    },
    /** The quote; rejects with the reason when the API fails or its answer is not a plausible quote for `request`. */
    async quote(network: CaipNetwork, request: QuoteRequest): Promise<OnrampQuote> {
      const quote = parseQuote(await api.post(network.caipNetworkId, 'v1/onramp/quote', request, undefined))
      if (!quote) throw new Error('The quote is malformed')
      const problem = quoteProblem(quote, request)
      if (problem) throw new Error(problem)
      return quote
    },
    /** The generated widget URL as the API wrote it (the caller checks it). */
    async url(network: CaipNetwork, r: UrlRequest): Promise<unknown> {
      const body = {
        destinationWallets: [{ address: r.address, blockchains: [r.network], assets: r.assets }],
        defaultNetwork: r.network,
        partnerUserId: r.address,
        defaultExperience: 'buy',
        // The API takes a JSON number: an amount of at most two decimals within the limits (≤ 9 significant digits)
        // is written back exactly as typed.
        // The fiat amount means nothing without its currency; the method is preselected on the provider's page,
        // named as the provider's URL names it (the options' `ach_bank_account` is `ACH_BANK_ACCOUNT`).
        fiatCurrency: r.paymentCurrency,
        defaultPaymentMethod: r.paymentMethod.toUpperCase(),
        presetFiatAmount: Number(r.fiatAmount),
        // The crypto amount is a JSON number too, sent only when the number is exactly the decimal shown.
        ...(r.cryptoAmount !== undefined && presetCrypto(r.cryptoAmount) === r.cryptoAmount
          ? { presetCryptoAmount: Number(r.cryptoAmount) }
          : {}),
      }
      return obj(await api.post(network.caipNetworkId, 'v1/generators/onrampurl', body, {}))?.url
    },
  }
}

/** A purchase from the account's on-ramp history. */
export interface Purchase {
  id: string
  minedAt: Date
  status: 'success' | 'pending' | 'failed'
  /** Decimal text of what was bought. */
  amount: string
  symbol: string
  /** The amount is more than any purchase credits (over a billion units): not to be shown as given. */
  implausible?: true
}

const STATUSES: Record<string, Purchase['status']> = {
  ONRAMP_TRANSACTION_STATUS_SUCCESS: 'success',
  ONRAMP_TRANSACTION_STATUS_IN_PROGRESS: 'pending',
  ONRAMP_TRANSACTION_STATUS_FAILED: 'failed',
}

/** One row of the on-ramp history, or undefined when anything it needs is missing or malformed. */
export function parsePurchase(raw: unknown): Purchase | undefined {
  const row = obj(raw)
  const meta = obj(row?.metadata)
  const transfer = obj(list(row?.transfers, 1)[0])
  const amount = obj(transfer?.quantity)?.numeric
  const symbol = cleanText(obj(transfer?.fungible_info)?.symbol, 12)
  const minedAt = typeof meta?.minedAt === 'string' && meta.minedAt.length <= 40 ? new Date(meta.minedAt) : undefined
  const status = typeof meta?.status === 'string' ? STATUSES[meta.status] : undefined
  if (typeof row?.id !== 'string' || !row.id || row.id.length > 200 || !minedAt || Number.isNaN(minedAt.getTime()) || !status)
    return undefined
  if (typeof amount !== 'string' || !DECIMAL.test(amount) || !symbol) return undefined
  return { id: row.id, minedAt, status, amount, symbol, ...(absurdUnits(amount) ? { implausible: true as const } : {}) }
}

/** The account's on-ramp purchases on `network`, newest first as the API lists them (the first page), each id once. */
export async function fetchPurchases(api: BlockchainApi, network: CaipNetwork, address: string): Promise<Purchase[]> {
  const chainId = network.caipNetworkId
  const body = obj(
    await api.get(chainId, `v1/account/${encodeURIComponent(address)}/history`, { data: [] }, { query: { chainId, onramp: 'coinbase' } }),
  )
  // A row repeating an id listed before it is the same purchase: listed once.
  const rows = list(body?.data, 50).map(parsePurchase)
  return rows.filter((p, i): p is Purchase => p !== undefined && rows.findIndex((q) => q?.id === p.id) === i)
}
