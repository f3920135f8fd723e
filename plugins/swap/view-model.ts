/**
 * What the Swap view shows, derived from the form, the chain and the balances: the ordered token lists, the two
 * tokens, the amount's problem, the quote's figures (rate, price impact, minimum received, network fee in the
 * token and in USD) and whether the form can be reviewed or confirmed, with the one reason that matters when not.
 */
import type { BalancesSnapshot, CaipNetwork } from 'vestibule/kernel'
import type { SwapContext, SwapForm } from './controller.js'
import { orderTokens, type HeldToken } from './lists.js'
import { swapSupported } from './networks.js'
import {
  amountOf,
  insufficientGas,
  maxSell,
  minimumReceived,
  networkFee,
  priceImpactBps,
  PRICE_IMPACT_WARN_BPS,
  rate,
  usdScaled,
} from './math.js'
import { tokenKey } from './parse.js'

export interface Message {
  key: string
  values?: Record<string, string>
}

export interface SwapDetails {
  toAmount: bigint
  rate: string
  /** Hundredths of a percent lost at the tokens' prices; negative when the quote gains. */
  impactBps?: bigint
  /** The impact is beyond the warning threshold, a loss or a gain alike. */
  impactWarning: boolean
  minimum: bigint
  fee?: bigint
  /** The fee's USD value in 1e-8 dollars. */
  feeUsd?: bigint
  stale: boolean
}

export interface SwapView {
  phase: 'notConnected' | 'unsupported' | 'loading' | 'failed' | 'form'
  network?: CaipNetwork
  tokens: HeldToken[]
  sell?: HeldToken
  buy?: HeldToken
  amount?: bigint
  amountError?: Message
  /** The quote for exactly what the form holds, with its figures. */
  details?: SwapDetails
  quoting: boolean
  quoteError?: string
  /** The quote failed without a connection (the API down or restarting): said so instead of the browser's words. */
  quoteUnreachable?: boolean
  insufficientBalance: boolean
  gasShort: boolean
  max?: bigint
  canReview: boolean
  canConfirm: boolean
  /** Why Review is not offered (or the form's failure). */
  reason?: Message
}

const EMPTY = { tokens: [], quoting: false, insufficientBalance: false, gasShort: false, canReview: false, canConfirm: false }
const UINT256 = 1n << 256n

function amountProblem(text: string, amount: bigint | undefined, decimals: number): Message | undefined {
  if (!text.trim()) return undefined
  if (amount === undefined) return { key: 'swap.invalidAmount', values: { decimals: String(decimals) } }
  if (amount === 0n) return { key: 'swap.zero' }
  return amount >= UINT256 ? { key: 'swap.tooLarge' } : undefined
}

export function deriveView(
  form: SwapForm,
  context: SwapContext,
  balances: BalancesSnapshot | undefined,
  extra?: readonly (number | string)[],
): SwapView {
  const { network, address } = context
  if (!network || !address) return { ...EMPTY, phase: 'notConnected' }
  if (!swapSupported(network, extra)) return { ...EMPTY, phase: 'unsupported', network }
  if (form.tokens.status === 'failed')
    return { ...EMPTY, phase: 'failed', network, reason: { key: 'swap.tokensFailed', values: { reason: form.tokens.error ?? '' } } }
  if (form.tokens.status !== 'ready' || form.tokens.chainId !== network.caipNetworkId) return { ...EMPTY, phase: 'loading', network }
  const held = (balances?.tokens ?? []).filter((t) => t.chainId === network.caipNetworkId)
  // Without a balances plugin the network token's balance is the kernel's.
  const own =
    held.length || context.nativeBalance === undefined
      ? held
      : [{ name: '', symbol: '', chainId: network.caipNetworkId, decimals: 18, amount: context.nativeBalance }]
  const tokens = orderTokens(form.tokens.list, own)
  const sell = tokens.find((t) => tokenKey(t) === form.sell)
  const buy = tokens.find((t) => tokenKey(t) === form.buy)
  const native = tokens.find((t) => t.native)
  const nativeBalance = native?.balance ?? context.nativeBalance ?? 0n
  const amount = sell ? amountOf(form.amountText, sell.decimals) : undefined
  const amountError = sell ? amountProblem(form.amountText, amount, sell.decimals) : undefined
  const key = amount && sell && buy ? `${amount}|${form.sell}|${form.buy}` : undefined
  const quote = form.quote.for === key ? form.quote : undefined
  const approve = Boolean(
    sell && !sell.native && (form.allowance?.key !== form.sell || (amount !== undefined && form.allowance!.value < amount)),
  )
  const fee = form.gasPrice && form.gasPrice.chainId === network.caipNetworkId ? networkFee(form.gasPrice.value, { approve }) : undefined
  const details =
    quote?.status === 'ready' || (quote?.toAmount !== undefined && quote.status !== 'failed')
      ? detailsOf(quote.toAmount!, quote.stale === true, {
          amount: amount!,
          sell: sell!,
          buy: buy!,
          fee,
          native,
          testnet: network.testnet === true,
        })
      : undefined
  const insufficientBalance = Boolean(sell && amount && !amountError && amount > sell.balance)
  const gasShort = Boolean(
    sell &&
      amount &&
      !amountError &&
      !insufficientBalance &&
      fee !== undefined &&
      insufficientGas({ nativeBalance, fee, amount, sellsNative: sell.native, paysOwnGas: context.paysOwnGas }),
  )
  // A stale quote is being replaced: Review waits for the new one.
  const canReview = Boolean(details && !details.stale && !amountError && !insufficientBalance && !gasShort && form.status === 'editing')
  const reason: Message | undefined =
    form.failure ??
    (!sell || !buy
      ? { key: 'swap.pickBoth' }
      : !amount && !amountError
        ? { key: 'swap.enterAmount' }
        : insufficientBalance
          ? { key: 'swap.insufficientBalance', values: { symbol: sell.symbol } }
          : gasShort
            ? { key: 'swap.insufficientGas', values: { symbol: network.nativeCurrency.symbol } }
            : undefined)
  return {
    phase: 'form',
    network,
    tokens,
    sell,
    buy,
    amount,
    amountError,
    details,
    quoting: quote?.status === 'waiting' || quote?.status === 'loading',
    quoteError: quote?.status === 'failed' ? quote.error : undefined,
    quoteUnreachable: quote?.status === 'failed' && quote.unreachable === true,
    insufficientBalance,
    gasShort,
    max: sell ? maxSell(sell.balance, sell.native, fee) : undefined,
    canReview,
    canConfirm: Boolean(details && !details.stale && !insufficientBalance && !gasShort),
    reason,
  }
}

function detailsOf(
  toAmount: bigint,
  stale: boolean,
  p: { amount: bigint; sell: HeldToken; buy: HeldToken; fee?: bigint; native?: HeldToken; testnet?: boolean },
): SwapDetails {
  const impactBps = priceImpactBps({ amount: p.amount, toAmount, from: p.sell, to: p.buy })
  // A test network's token is worth nothing, like its balances: its fee too.
  const feeUsd = p.fee !== undefined && p.native && !p.testnet ? usdScaled(p.fee, p.native.decimals, p.native.price) : undefined
  return {
    toAmount,
    rate: rate({ amount: p.amount, toAmount, from: p.sell, to: p.buy }),
    ...(impactBps !== undefined ? { impactBps } : {}),
    impactWarning: impactBps !== undefined && (impactBps > PRICE_IMPACT_WARN_BPS || -impactBps > PRICE_IMPACT_WARN_BPS),
    minimum: minimumReceived(toAmount),
    ...(p.fee !== undefined ? { fee: p.fee } : {}),
    ...(feeUsd !== undefined ? { feeUsd } : {}),
    stale,
  }
}
