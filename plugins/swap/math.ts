/**
 * The swap's figures from base-unit amounts (bigint): minimum received at the slippage tolerance, the rate, the
 * price impact from USD prices, the network fee and the most that can be sold. USD prices are display values; they
 * enter as fixed-point integers so amounts never pass through a JavaScript number.
 */
import { formatUnits, parseAmount, truncateDecimals } from 'vestibule/utils'

/** The slippage tolerance, in percent. */
export const SLIPPAGE_PERCENT = 1
/** Price impact beyond this either way (in hundredths of a percent: 5 %) shows a warning. */
export const PRICE_IMPACT_WARN_BPS = 500n
/** Gas units a swap is assumed to use before the API builds it (and an approve, when one is needed). */
export const SWAP_GAS_ESTIMATE = 250_000n
export const APPROVE_GAS_ESTIMATE = 60_000n
/** Fee headroom for Max on the network token: the gas price can rise before the wallet signs. */
export const FEE_MARGIN_PERCENT = 20n

/** The least the swap may pay out: the quote less the slippage tolerance. */
export const minimumReceived = (toAmount: bigint) => (toAmount * BigInt(100 - SLIPPAGE_PERCENT)) / 100n

/** USD per whole token as an integer of 1e-8 dollars. */
const PRICE_SCALE = 100_000_000n
const scaledPrice = (price: number) => BigInt(Math.round(price * 1e8))

/** The USD value of `amount` base units at `price`, in 1e-8 dollars (undefined without a price). */
export function usdScaled(amount: bigint, decimals: number, price: number | undefined): bigint | undefined {
  if (price === undefined) return undefined
  return (amount * scaledPrice(price)) / 10n ** BigInt(decimals)
}

/** A scaled USD value as dollars with cents ("12.34"). */
export function formatUsd(scaled: bigint): string {
  const cents = (scaled + PRICE_SCALE / 200n) / (PRICE_SCALE / 100n)
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`
}

/**
 * What the swap loses in USD at the tokens' prices, in hundredths of a percent; negative when it gains (a quote
 * better than the prices say, which is as suspect as a far worse one); undefined when a price is missing.
 */
export function priceImpactBps(p: {
  amount: bigint
  toAmount: bigint
  from: { decimals: number; price?: number }
  to: { decimals: number; price?: number }
}): bigint | undefined {
  const sold = usdScaled(p.amount, p.from.decimals, p.from.price)
  const bought = usdScaled(p.toAmount, p.to.decimals, p.to.price)
  if (sold === undefined || bought === undefined || sold === 0n) return undefined
  return ((sold - bought) * 10_000n) / sold
}

/** Hundredths of a percent as "5.25%"; a gain (negative) as "+5.25%". */
export const formatBps = (bps: bigint) => {
  const size = bps < 0n ? -bps : bps
  return `${bps < 0n ? '+' : ''}${size / 100n}.${(size % 100n).toString().padStart(2, '0')}%`
}

/** How much of `to` one whole `from` buys at the quote, with up to 6 decimals. */
export function rate(p: { amount: bigint; toAmount: bigint; from: { decimals: number }; to: { decimals: number } }): string {
  if (p.amount === 0n) return '0'
  const perOne = (p.toAmount * 10n ** BigInt(p.from.decimals)) / p.amount
  return truncateDecimals(formatUnits(perOne, p.to.decimals), 6)
}

/** The network fee of the swap (and its approve when needed) at `gasPrice`. */
export function networkFee(gasPrice: bigint, p: { gas?: bigint; approve: boolean }): bigint {
  return gasPrice * ((p.gas ?? SWAP_GAS_ESTIMATE) + (p.approve ? APPROVE_GAS_ESTIMATE : 0n))
}

/** The most that can be sold: the whole balance, or for the network token the balance less the fee and a margin. */
export function maxSell(balance: bigint, native: boolean, fee: bigint | undefined): bigint {
  if (!native) return balance
  if (fee === undefined) return balance
  const kept = fee + (fee * FEE_MARGIN_PERCENT) / 100n
  return balance > kept ? balance - kept : 0n
}

/**
 * The insufficient-gas rule: the network token cannot pay the fee (plus the amount when it is what is sold). An
 * account whose fees are paid for it (a smart account's paymaster) skips it.
 */
export function insufficientGas(p: {
  nativeBalance: bigint
  fee: bigint
  amount: bigint
  sellsNative: boolean
  paysOwnGas: boolean
}): boolean {
  if (p.paysOwnGas) return false
  return p.fee + (p.sellsNative ? p.amount : 0n) > p.nativeBalance
}

/** The amount the text stands for in `decimals`, or undefined (empty, not a number, too many decimals). */
export function amountOf(text: string, decimals: number | undefined): bigint | undefined {
  if (decimals === undefined || !text.trim()) return undefined
  try {
    return parseAmount(text.trim(), decimals)
  } catch {
    return undefined
  }
}
