/**
 * What the Send view shows, derived from the form and the chain it sends on. Errors follow one rule: the one that
 * matters is shown (an amount above the balance hides the fee's, which is not even estimated), and each is shown
 * only while its cause lasts.
 */
import {
  hasChainFeature,
  type AccountToken,
  type AddressRules,
  type BalancesSnapshot,
  type CaipNetwork,
  type NamesService,
} from 'vestibule/kernel'
import type { NameLookup, SendContext, SendForm } from './controller.js'
import { belowReserve, feeInUsd, insufficientGas, maxAmount, plainReceiver, receiverProblem, sendable } from './rules.js'

export interface Message {
  key: string
  values?: Record<string, string>
}

export const tokenKey = (t: AccountToken) => t.address ?? `native:${t.chainId}`

export interface SendView {
  phase: 'notConnected' | 'unsupported' | 'loading' | 'noTokens' | 'form'
  network?: CaipNetwork
  tokens: AccountToken[]
  token?: AccountToken
  /** The receiver is a name (a names service recognises it): its lookup, once typing paused. */
  isName: boolean
  lookup?: NameLookup
  /** The address the wallet receives, in the chain's canonical form; undefined while a name is not resolved. */
  receiver?: string
  receiverBlocked: boolean
  receiverError?: Message
  amountError?: Message
  /** The network token cannot pay the fee (shown only when amount and receiver are fine). */
  gasShort: boolean
  /** Sending the network token would leave less than the account must keep (a minimum balance). */
  keepShort?: Message
  canSendToken: boolean
  /** Amount and receiver are valid and the token can be sent. */
  complete: boolean
  /** A review must wait for the fee: it is being estimated, or (for the network token) not known. */
  feeNeeded: boolean
  /** The reason beside the Review button: the wallet's answer, or why no review. */
  formError?: Message
  /** The estimate's own words, after `formError`, when the review is held for a fee that could not be estimated. */
  formReason?: Message
  feeUsd?: number
  max?: bigint
  /** Whether `max` can be used: for the network token only once its fee is known. */
  maxReady?: boolean
}

/** The message of a name's lookup that found no address, by its status or the service's refusal. */
const NAME_PROBLEMS: Record<string, string> = {
  none: 'send.nameNotFound',
  failed: 'send.nameFailed',
  looksLikeAddress: 'send.nameLooksLikeAddress',
  stackedMarks: 'send.nameStackedMarks',
}

/** A names service's own check; one that throws counts as "not a name". */
function safeIsName(names: NamesService, text: string) {
  try {
    return names.isName(text) === true
  } catch {
    return false
  }
}

/** The tokens on the active network: the balances plugin's, else the network token from the kernel's balance. */
function tokensOf(context: SendContext, balances: BalancesSnapshot | undefined): AccountToken[] {
  const { network } = context
  if (!network) return []
  if (balances) return sendable(balances.tokens.filter((t) => t.chainId === network.caipNetworkId))
  if (context.nativeBalance === undefined) return []
  const c = network.nativeCurrency
  return sendable([{ name: c.name, symbol: c.symbol, chainId: network.caipNetworkId, decimals: c.decimals, amount: context.nativeBalance }])
}

const EMPTY = { tokens: [], isName: false, receiverBlocked: true, gasShort: false, canSendToken: false, complete: false, feeNeeded: false }

/** `value` as the chain writes it (eip155: with its checksum), where the rules know it. */
function canonical(rules: AddressRules | undefined, value: string | undefined, network: CaipNetwork) {
  if (!rules || !value) return value
  try {
    return rules.normalize(value, network)
  } catch {
    return value
  }
}

/**
 * The receiver's problem as a message, with the name's lookup taken into account. The chain's strict address rules
 * (`rules`, loaded on first use) decide once they are there; until then its structural `isAddress` does.
 */
function receiverCheck(form: SendForm, context: SendContext, names: NamesService | undefined, rules: AddressRules | undefined) {
  const { network, adapter, address } = context
  const typed = form.receiver.trim()
  const isName = Boolean(names && network && adapter && typed && !adapter.isAddress(typed, network) && safeIsName(names, typed))
  const lookup = isName && form.lookup?.name === typed ? form.lookup : undefined
  const strict = rules ? (value: string, on: CaipNetwork) => rules.problem(value, on) : undefined
  const problem: Message | undefined = isName
    ? lookup?.status === 'found'
      ? receiverProblem(lookup.address!, network!, adapter!.isAddress, address, strict)
      : { key: NAME_PROBLEMS[lookup?.refusal ?? lookup?.status ?? 'loading'] ?? 'send.resolving', values: { name: typed } }
    : receiverProblem(form.receiver, network!, adapter!.isAddress, address, strict)
  const plain = isName ? (lookup?.status === 'found' ? lookup.address : undefined) : plainReceiver(form.receiver)
  const receiver = problem ? plain : canonical(rules, plain, network!)
  // A name's lookup that ended says so at once (no address, or none could be read); anything else once the field
  // was left or a review asked for.
  const settled = isName && lookup !== undefined && lookup.status !== 'loading'
  const shown = (form.touched || settled) && typed && problem && lookup?.status !== 'loading' && (!isName || lookup) ? problem : undefined
  return { isName, lookup, receiver, problem, shown }
}

export function deriveView(
  form: SendForm,
  context: SendContext,
  balances: BalancesSnapshot | undefined,
  names?: NamesService,
  rules?: AddressRules,
): SendView {
  const { network, adapter, address } = context
  if (!address || !network) return { ...EMPTY, phase: 'notConnected' }
  // Sending needs a chain plugin that can estimate fees and send the native token.
  if (!adapter?.sendNative || !hasChainFeature(adapter, 'estimateFees')) return { ...EMPTY, phase: 'unsupported', network }
  const tokens = tokensOf(context, balances)
  if (balances && !tokens.length && balances.status !== 'ready' && balances.status !== 'error')
    return { ...EMPTY, phase: 'loading', network }
  const token = tokens.find((t) => tokenKey(t) === form.selected) ?? tokens[0]
  if (!token) return { ...EMPTY, phase: 'noTokens', network, tokens }

  const check = receiverCheck(form, context, names, rules)
  const { amount, fee } = form
  const canSendToken = !token.address || hasChainFeature(adapter, 'sendToken')
  const amountError: Message | undefined =
    amount !== undefined && amount > token.amount ? { key: 'send.tooMuch' } : amount === 0n ? { key: 'send.zero' } : undefined
  const complete = amount !== undefined && amount > 0n && !amountError && !check.problem && canSendToken
  const native = tokens.find((t) => !t.address)
  const feeValue = fee.status === 'ready' ? fee.fee : undefined
  const gasShort =
    complete &&
    feeValue !== undefined &&
    insufficientGas({
      networkBalance: native?.amount ?? context.nativeBalance ?? 0n,
      fee: feeValue,
      amount,
      native: !token.address,
      paysOwnGas: context.paysOwnGas,
    })
  const reserve = fee.status === 'ready' ? fee.reserve : undefined
  const keepShort: Message | undefined =
    complete &&
    !gasShort &&
    !token.address &&
    feeValue !== undefined &&
    reserve &&
    belowReserve({ balance: token.amount, fee: feeValue, amount, reserve })
      ? { key: 'send.mustKeep', values: { amount: `${adapter.formatAmount(reserve, network)} ${network.nativeCurrency.symbol}` } }
      : undefined
  // A fee that could not be estimated holds the review on every chain: the estimate's reason would be the wallet's.
  const feeNeeded = fee.status === 'loading' || fee.status === 'failed' || (!token.address && feeValue === undefined)
  // The receiver's own error is the one to show: a review reason (an incomplete form, a fee its receiver cannot
  // have) would only repeat it.
  const formError =
    form.failure ??
    (amountError || check.shown ? undefined : reviewReason(form, complete, gasShort || Boolean(keepShort), feeNeeded, network, token))
  // A test network's token is worth nothing, like its balances: its fee too.
  const feeUsd =
    feeValue !== undefined ? feeInUsd(feeValue, network.nativeCurrency.decimals, network.testnet ? 0 : native?.price) : undefined
  return {
    phase: 'form',
    network,
    tokens,
    token,
    isName: check.isName,
    lookup: check.lookup,
    receiver: check.receiver,
    receiverBlocked: Boolean(check.problem),
    receiverError: check.shown,
    amountError,
    gasShort,
    keepShort,
    canSendToken,
    complete: complete && !gasShort && !keepShort,
    feeNeeded,
    // An amount above the balance (or zero) is the one error that matters: the form's reason would repeat it.
    formError,
    formReason: formError && !form.failure && fee.status === 'failed' ? feeFailure(fee) : undefined,
    feeUsd,
    max: maxAmount(token, feeValue, reserve),
    // The network token's maximum is the balance less the fee: not offered before the fee is known.
    maxReady: Boolean(token.address) || feeValue !== undefined,
  }
}

/** The estimate's own words for why the fee is unknown; a node fault is said on the fee's line instead. */
const feeFailure = (fee: SendForm['fee']): Message | undefined =>
  fee.error && !fee.fault ? { key: 'send.feeReason', values: { reason: fee.error } } : undefined

/** Why a review asked for did not happen, while that is still so. */
function reviewReason(
  form: SendForm,
  complete: boolean,
  short: boolean,
  feeNeeded: boolean,
  network: CaipNetwork,
  token: AccountToken,
): Message | undefined {
  if (!form.reviewAsked || form.status === 'reviewing' || short) return undefined
  if (form.reviewAsked === 'invalid') return complete ? undefined : { key: 'send.invalid' }
  if (!feeNeeded) return undefined
  if (form.fee.status === 'failed' && form.fee.fault) return { key: 'send.feeNodeDown' }
  if (form.fee.status !== 'loading' && token.address) return { key: 'send.feeHeld' }
  return { key: form.fee.status === 'loading' ? 'send.feeWaiting' : 'send.feeNeeded', values: { symbol: network.nativeCurrency.symbol } }
}
