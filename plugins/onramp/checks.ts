/**
 * Whether an on-ramp answer is plausible for what was asked: a quote must be for exactly the amount and payment
 * currency asked, buy the asset asked, and buy an amount a real price could give (a unit between 0.00000001 and
 * 10,000,000 of the payment currency, at most a billion units); a history row's amount must be one a purchase
 * could credit. Amounts are decimal text compared as bigint, never a JavaScript number.
 */
import { parseAmount } from 'vestibule/utils'
import type { OnrampQuote, QuoteRequest } from './api.js'

/** More units of an asset than this in one purchase is no real purchase. */
export const UNITS_MAX = 1_000_000_000n
/** The cheapest and dearest a unit of an asset can plausibly be, in the payment currency: 10^-8 … 10^7. */
export const UNIT_PRICE_MIN_EXP = -8
export const UNIT_PRICE_MAX_EXP = 7

const SCALE = 18
const ONE = 10n ** BigInt(SCALE)

/** Decimal text as a bigint of 18 decimals (extra decimals cut), or undefined when it is not a plain amount. */
function units(text: string): bigint | undefined {
  const [whole = '', fraction = ''] = text.split('.')
  try {
    return parseAmount(fraction ? `${whole}.${fraction.slice(0, SCALE)}` : whole, SCALE)
  } catch {
    return undefined
  }
}

/** Whether `amount` of an asset is more than any purchase credits (over UNITS_MAX units), or no plain amount at all. */
export function absurdUnits(amount: string): boolean {
  const value = units(amount)
  return value === undefined || value > UNITS_MAX * ONE
}

/**
 * Why `quote` is not an answer to `request` (English, shown as the reason the quote is missing), or undefined
 * when it is one.
 */
export function quoteProblem(quote: OnrampQuote, request: QuoteRequest): string | undefined {
  const asked = `${request.amount} ${request.paymentCurrency.id}`
  const total = units(quote.paymentTotal.amount)
  if (quote.paymentTotal.currency !== request.paymentCurrency.id || total === undefined || total !== units(request.amount))
    return `The quote is for ${quote.paymentTotal.amount} ${quote.paymentTotal.currency}, not the ${asked} asked for`
  if (quote.purchaseAmount.currency !== request.purchaseCurrency.symbol)
    return `The quote buys ${quote.purchaseAmount.currency}, not ${request.purchaseCurrency.symbol}`
  const bought = units(quote.purchaseAmount.amount)
  const fees = [quote.coinbaseFee, quote.networkFee, quote.paymentSubtotal].map((m) =>
    m.currency === request.paymentCurrency.id ? units(m.amount) : undefined,
  )
  if (fees.some((fee) => fee === undefined || fee > total)) return `The quote's fees do not add up to the ${asked} asked for`
  // total / bought is the price of a unit: within 10^MIN … 10^MAX, i.e. bought·10^MIN ≤ total ≤ bought·10^MAX.
  const plausible =
    bought !== undefined &&
    bought > 0n &&
    !absurdUnits(quote.purchaseAmount.amount) &&
    bought <= total * 10n ** BigInt(-UNIT_PRICE_MIN_EXP) &&
    total <= bought * 10n ** BigInt(UNIT_PRICE_MAX_EXP)
  return plausible
    ? undefined
    : `The quote's ${quote.purchaseAmount.amount} ${quote.purchaseAmount.currency} for ${asked} is not a plausible price`
}
