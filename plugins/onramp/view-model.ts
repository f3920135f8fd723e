/**
 * What the Buy view shows, derived from the form and the account: the phase, the payment currencies and methods,
 * the limits of the chosen method and whether the typed amount is within them, the assets to buy on this network,
 * and the quote. Amounts are decimal text compared as bigint, never a JavaScript number.
 */
import type { CaipNetwork } from 'vestibule/kernel'
import { parseAmount } from 'vestibule/utils'
import { networkName, type OnrampOptions, type OnrampQuote, type PaymentCurrency, type PaymentLimit, type PurchaseCurrency } from './api.js'

/** The chain families an on-ramp provider pays out on. */
export const ONRAMP_NAMESPACES: readonly string[] = ['eip155', 'solana']

/** A text to show: its key and values; `money`, an amount in a currency, fills `{amount}` in the reader's locale. */
export type Message = { key: string; values?: Record<string, string>; money?: { amount: string; currency: string } }

export interface OnrampContext {
  network?: CaipNetwork
  address?: string
}

export interface QuoteState {
  status: 'idle' | 'loading' | 'ready' | 'failed'
  quote?: OnrampQuote
  /** Why the API gave no quote (then no amount shows, only the reason). */
  error?: string
  /** The quote failed without a connection (the API down or restarting): said so instead of the browser's words. */
  unreachable?: boolean
  /** The amount and currency the quote is for. */
  key?: string
}

export interface OnrampForm {
  options?: OnrampOptions
  fallback: boolean
  amount: string
  currency?: string
  method?: string
  asset?: string
  quote: QuoteState
  /** The provider whose page is being prepared. */
  opening?: string
  /** The provider whose page was opened. */
  opened?: string
  /** Why a provider's page was not opened. */
  error?: Message
  /** Bumped on every reset, so inputs holding their own text start empty. */
  generation: number
}

export interface OnrampView {
  phase: 'notConnected' | 'unsupported' | 'loading' | 'form'
  network?: CaipNetwork
  currencies: PaymentCurrency[]
  currency?: PaymentCurrency
  limit?: PaymentLimit
  assets: PurchaseCurrency[]
  asset?: PurchaseCurrency
  /** The typed amount when it is a valid fiat amount within the limits. */
  amount?: string
  amountError?: Message
}

const EMPTY: OnrampView = { phase: 'notConnected', currencies: [], assets: [] }

/** A decimal text as a bigint of 18 decimals, for comparing; undefined when it is not a plain amount. */
export function scaled(text: string, decimals = 18): bigint | undefined {
  try {
    return parseAmount(text, decimals)
  } catch {
    return undefined
  }
}

/** The assets to buy on `network`: those the options list for it, else the network's own token. */
export function assetsFor(network: CaipNetwork, options: OnrampOptions | undefined): PurchaseCurrency[] {
  const reference = network.caipNetworkId.split(':')[1] ?? ''
  const name = networkName(network)
  const listed = (options?.purchaseCurrencies ?? []).filter((c) => c.networks.some((n) => n.chain_id === reference || n.name === name))
  if (listed.length) return listed
  const { symbol, name: tokenName } = network.nativeCurrency
  return [
    { id: symbol, symbol, name: tokenName, networks: [{ name, display_name: network.name, chain_id: reference, contract_address: '' }] },
  ]
}

/** The typed amount against the method's limits: undefined when within them (or nothing typed yet). */
export function amountProblem(amount: string, limit: PaymentLimit | undefined, currency: string): Message | undefined {
  const text = amount.trim()
  if (!text) return undefined
  const typed = /^\d+(\.\d{1,2})?$/.test(text) ? scaled(text) : undefined
  if (typed === undefined) return { key: 'onramp.invalidAmount' }
  if (!limit) return undefined
  if (typed < scaled(limit.min)!) return { key: 'onramp.belowMin', money: { amount: limit.min, currency } }
  if (typed > scaled(limit.max)!) return { key: 'onramp.aboveMax', money: { amount: limit.max, currency } }
  return undefined
}

export function deriveView(form: OnrampForm, context: OnrampContext): OnrampView {
  const { network, address } = context
  if (!network || !address) return EMPTY
  if (!ONRAMP_NAMESPACES.includes(network.caipNetworkId.split(':')[0]!)) return { ...EMPTY, phase: 'unsupported', network }
  if (!form.options) return { ...EMPTY, phase: 'loading', network }
  const currencies = form.options.paymentCurrencies
  const currency = currencies.find((c) => c.id === form.currency) ?? currencies[0]
  const limit = currency?.payment_method_limits.find((l) => l.id === form.method) ?? currency?.payment_method_limits[0]
  const assets = assetsFor(network, form.options)
  const asset = assets.find((a) => a.id === form.asset) ?? assets[0]
  const amountError = amountProblem(form.amount, limit, currency?.id ?? '')
  const amount = form.amount.trim() && !amountError ? form.amount.trim() : undefined
  return { phase: 'form', network, currencies, currency, limit, assets, asset, amount, amountError }
}
