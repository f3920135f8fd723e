/**
 * The send flow without a UI: the form (token, amount, receiver), the fee for exactly what the form holds, the
 * review, the wallet's answer and the confirmation. States: editing → estimating → editing (fee known or failed) →
 * reviewing → sending → sent, or failed (the form kept, with the reason). Another network or account empties the
 * form. A view renders `$view` and forwards input to the actions.
 */
import { atom, computed, type ReadableAtom } from 'nanostores'
import {
  addressRulesOf,
  chainFeature,
  errorMessage,
  isUserRejection,
  nodeFaultOf,
  type NodeFault,
  type AccountToken,
  type AddressRules,
  type BalancesSnapshot,
  type CaipNetwork,
  type ChainAdapter,
  type NameRefusal,
  type NamesService,
} from 'vestibule/kernel'
import { cleanText, safeImageUrl } from 'vestibule/utils'
import { refusalOf } from 'vestibule/utils'
import type { GasPrice } from './gas.js'
import type { SendState } from './index.js'
import { canEstimate, estimateFee, tokenAddress } from './fee.js'
import { deriveView, tokenKey, type Message, type SendView } from './view-model.js'

/** Typing pauses this long before a fee is estimated or a name resolved. */
export const TYPING_PAUSE_MS = 300

/**
 * After a send the balances are read again at once, past their cache; while the sent token still shows the amount
 * from before (the balances' source may answer before it applied the transaction), again after these pauses.
 */
export const BALANCE_REREAD_MS = [2000, 4000] as const

export type SendStatus = 'editing' | 'estimating' | 'reviewing' | 'sending' | 'sent' | 'failed'
/** The fee of what the form holds; `reserve` is what the sender must keep after the send (a minimum balance). */
export type FeeState = {
  status: 'idle' | 'loading' | 'ready' | 'failed'
  fee?: bigint
  reserve?: bigint
  error?: string
  fault?: NodeFault
}

/**
 * A fee the network's node could not estimate (an HTTP error, a timeout, no connection) is asked for again after
 * each of these pauses while the form is unchanged; then only when a review is asked for.
 */
export const FEE_RETRY_MS = [5_000, 10_000, 20_000, 30_000] as const
/**
 * A typed name's lookup; `avatar` (already checked) when the names service has one for it; `refusal` when the
 * service refused the name itself (one that reads as an address, piled combining marks).
 */
export type NameLookup = {
  name: string
  status: 'loading' | 'found' | 'none' | 'failed' | 'refused'
  address?: string
  avatar?: string
  refusal?: NameRefusal
}

/** What the account sends from: the active chain's plugin, network and account. */
export interface SendContext {
  adapter?: ChainAdapter
  network?: CaipNetwork
  address?: string
  /** The kernel's native balance, used when no balances plugin lists the tokens. */
  nativeBalance?: bigint
  /** The account's fees are paid for it: no insufficient-gas rule. */
  paysOwnGas: boolean
}

/** A send the wallet accepted, as the confirmation shows it. */
export interface SentTransfer {
  amount: bigint
  token: AccountToken
  receiver: string
  /** The name the receiver was typed as, when it was one (the address it stood for is `receiver`). */
  name?: string
  id: string
  explorerUrl?: string
}

export interface SendForm {
  status: SendStatus
  selected?: string
  amount?: bigint
  receiver: string
  touched: boolean
  fee: FeeState
  lookup?: NameLookup
  /** A review was asked for and refused, for an incomplete form or a fee not known yet: the reason shows while its cause lasts. */
  reviewAsked: false | 'invalid' | 'fee'
  /** Why the wallet's send did not happen. */
  failure?: Message
  sent?: SentTransfer
  /** Bumped on every reset, so inputs holding their own text start empty. */
  generation: number
}

export interface SendDeps {
  $context: ReadableAtom<SendContext>
  $balances?: ReadableAtom<BalancesSnapshot>
  /** Reads the balances again (`force`: past their cache); resolves when they are read. */
  refreshBalances?(force?: boolean): Promise<unknown> | void
  names?: NamesService
  gasPrice?(network: CaipNetwork): Promise<GasPrice>
  /** Sends the native token through the kernel's connection; resolves with the transaction id. */
  sendNative(params: { to: string; value: bigint }): Promise<string>
  emit(event: 'track' | 'transaction', payload: unknown): void
  /** A message outside the form (a failure the wallet did not cause by declining). */
  notify(variant: 'success' | 'error', key: string): void
  /** The plugin's public send state, written from the form. */
  $send?: { set(value: SendState): void }
}

const initial = (generation = 0): SendForm => ({
  status: 'editing',
  receiver: '',
  touched: false,
  fee: { status: 'idle' },
  reviewAsked: false,
  generation,
})

export type SendController = ReturnType<typeof createSendController>

/**
 * A failed estimate's fee state: a node fault in plain words, anything else (a revert, too little to pay) in the
 * node's; after a node fault, when the next retry (`again`) is due while FEE_RETRY_MS lasts.
 */
function failedFee(error: unknown, retry: number | undefined): { fee: FeeState; again?: { attempt: number; after: number } } {
  const fault = nodeFaultOf(error)
  if (fault.kind === 'other') return { fee: { status: 'failed', error: cleanText(errorMessage(error), 160) } }
  const attempt = retry ?? 0
  return {
    fee: { status: 'failed', fault },
    ...(attempt < FEE_RETRY_MS.length ? { again: { attempt: attempt + 1, after: FEE_RETRY_MS[attempt]! } } : {}),
  }
}

export function createSendController(deps: SendDeps) {
  const $form = atom<SendForm>(initial())
  const rules = rulesHolder(
    deps.$context,
    () => $view.get(),
    () => $form.get().status !== 'sending' && refreshFee(),
  )
  const $view: ReadableAtom<SendView> = computed(
    [$form, deps.$context, deps.$balances ?? atom(undefined), rules.$rules],
    (form, context, balances, loaded) =>
      deriveView(form, context, balances, deps.names, loaded && loaded.adapter === context.adapter ? loaded.rules : undefined),
  )
  const timers = { fee: undefined as ReturnType<typeof setTimeout> | undefined }
  // Answers that arrive for inputs the form no longer holds are dropped.
  let feeRound = 0
  // A review asked for while the fee was not known, for the form as it is: it opens when the fee comes, unless the
  // form is edited first.
  let reviewWaiting = false

  const patch = (changes: Partial<SendForm>) => $form.set({ ...$form.get(), ...changes })
  const names = nameLookups(deps, $form, $view, patch, () => refreshFee())
  const sender = confirmation(deps, rules, $form, $view, patch, () => reset())

  /** Drops the fee (it was for other inputs) and estimates the new one once typing pauses; `retry`: a node fault's retries so far (the fault stays shown). */
  function refreshFee(retry?: number) {
    clearTimeout(timers.fee)
    const round = ++feeRound
    const view = $view.get()
    const { adapter, network, address } = deps.$context.get()
    const form = $form.get()
    const to = view.receiver
    const ready =
      view.token && adapter && network && address && to && form.amount && form.amount > 0n && !view.amountError && !view.receiverBlocked
    if (!ready || !canEstimate({ adapter, network, from: address, token: view.token!, to, amount: form.amount! })) {
      return patch({ fee: { status: 'idle' }, status: form.status === 'estimating' ? 'editing' : form.status })
    }
    if (retry === undefined) patch({ fee: { status: 'loading' }, status: 'estimating' })
    const request = { adapter, network, from: address, token: view.token!, to, amount: form.amount! }
    const failed = (error: unknown) => {
      if (round !== feeRound) return
      const { fee, again } = failedFee(error, retry)
      patch({ fee, status: 'editing' })
      if (again) timers.fee = setTimeout(() => round === feeRound && refreshFee(again.attempt), again.after)
    }
    const estimate = () =>
      estimateFee(request, deps.gasPrice).then(
        (quote) => round === feeRound && (patch({ fee: { status: 'ready', ...quote }, status: 'editing' }), reviewWhenAsked()),
        failed,
      )
    timers.fee = setTimeout(estimate, retry === undefined ? TYPING_PAUSE_MS : 0)
  }

  /** A review asked for while the fee was being estimated opens once it is known (and the form still holds). */
  function reviewWhenAsked() {
    const view = $view.get()
    if (!reviewWaiting || $form.get().reviewAsked !== 'fee' || !view.complete || view.feeNeeded) return
    reviewWaiting = false
    patch({ status: 'reviewing', reviewAsked: false })
  }

  /** An edit: what was reviewed or failed no longer applies. */
  const edit = (changes: Partial<SendForm>) => {
    reviewWaiting = false
    patch({ ...changes, failure: undefined, sent: undefined, status: 'editing' })
  }

  function reset() {
    reviewWaiting = false
    clearTimeout(timers.fee)
    names.cancel()
    feeRound++
    $form.set(initial($form.get().generation + 1))
  }

  const actions = {
    $form,
    $view,
    selectToken(key: string) {
      edit({ selected: key, amount: undefined })
      refreshFee()
    },
    setAmount(amount: bigint | undefined) {
      edit({ amount })
      refreshFee()
    },
    setReceiver(text: string) {
      rules.preload()
      edit({ receiver: text, lookup: undefined })
      names.refresh()
      refreshFee()
    },
    blurReceiver: () => patch({ touched: true }),
    /** Asks for the review: only a complete form with its fee known (for the native token) is reviewed. */
    review() {
      const view = $view.get()
      patch({ touched: true, reviewAsked: view.complete ? 'fee' : 'invalid', failure: undefined })
      if (!view.complete) return
      if (view.feeNeeded) {
        reviewWaiting = true
        // A failed estimate is asked for again: the network may answer now.
        if ($form.get().fee.status === 'failed') refreshFee($form.get().fee.fault ? 0 : undefined) // a node fault stays shown
        return
      }
      patch({ status: 'reviewing', reviewAsked: false })
    },
    backToForm: () => patch({ status: 'editing', failure: undefined }),
    confirm: () => sender.confirm(),
    /** Leaves the confirmation for a new, empty form. */
    done: () => reset(),
    reset,
    /**
     * Follows the chain (another network or account empties the form) and mirrors the form into the public send
     * state; returns the stop.
     */
    start: () => (rules.preload(), follow(deps, $form, $view, sender.busy, () => (reset(), rules.preload()))),
  }

  return actions
}

/** The typed name's lookup, once typing pauses; `found` runs when it stands for an address (the fee follows it). */
function nameLookups(
  deps: SendDeps,
  $form: ReadableAtom<SendForm>,
  $view: ReadableAtom<SendView>,
  patch: (changes: Partial<SendForm>) => void,
  found: () => void,
) {
  let timer: ReturnType<typeof setTimeout> | undefined
  // An answer for a name the form no longer holds is dropped.
  let round = 0
  function refresh() {
    clearTimeout(timer)
    const mine = ++round
    const { network, adapter } = deps.$context.get()
    const typed = $form.get().receiver.trim()
    if (!$view.get().isName || !deps.names || !network || !adapter) return $form.get().lookup && patch({ lookup: undefined })
    patch({ lookup: { name: typed, status: 'loading' } })
    const names = deps.names
    timer = setTimeout(() => {
      const current = () => mine === round
      lookupName(
        names,
        typed,
        network,
        adapter,
        (lookup) => current() && (patch({ lookup }), found()),
        (lookup) => current() && patch({ lookup }),
      )
    }, TYPING_PAUSE_MS)
  }
  const cancel = () => {
    clearTimeout(timer)
    round++
  }
  return { refresh, cancel }
}

/** Sends what was reviewed; one send per confirmation, however fast the clicks. `busy()`: the wallet is being asked. */
function confirmation(
  deps: SendDeps,
  rules: RulesHolder,
  $form: ReadableAtom<SendForm>,
  $view: ReadableAtom<SendView>,
  patch: (changes: Partial<SendForm>) => void,
  reset: () => void,
) {
  let sending = false
  async function confirm() {
    const form = $form.get()
    const view = $view.get()
    const { adapter, network, address } = deps.$context.get()
    const typed = view.receiver
    if (
      sending ||
      (form.status !== 'reviewing' && form.status !== 'failed') ||
      !form.amount ||
      !view.token ||
      !adapter ||
      !network ||
      !address ||
      !typed
    )
      return
    sending = true
    const started = placeOf(deps.$context.get())
    patch({ status: 'sending', failure: undefined })
    try {
      const answer = await attemptSend(deps, rules, { adapter, network, address, token: view.token, typed, amount: form.amount })
      if ('failure' in answer) return patch({ status: 'failed', failure: answer.failure })
      const name = view.isName && view.lookup?.status === 'found' ? view.lookup.name : undefined
      reset()
      patch({ status: 'sent', sent: name ? { ...answer.sent, name } : answer.sent })
      void rereadBalances(deps, $view, tokenKey(view.token), view.token.amount)
    } finally {
      sending = false
      // The network or account changed while the wallet was asked: the form no longer applies (a confirmation
      // of what was sent stays).
      if (placeOf(deps.$context.get()) !== started && $form.get().status !== 'sent') reset()
    }
  }
  return { confirm, busy: () => sending }
}

/**
 * Resolves `name` through the names service and answers once; when it stands for an address and the service has
 * an avatar for it that passes the modal's image rule, `withAvatar` gets the lookup again with it (a failure: none).
 */
function lookupName(
  names: NamesService,
  name: string,
  network: CaipNetwork,
  adapter: ChainAdapter,
  answer: (lookup: NameLookup) => void,
  withAvatar: (lookup: NameLookup) => void,
) {
  Promise.resolve()
    .then(() => names.resolve(name, network))
    .then(
      (found) => {
        if (typeof found !== 'string' || !adapter.isAddress(found, network)) return answer({ name, status: 'none' })
        answer({ name, status: 'found', address: found })
        return Promise.resolve()
          .then(() => names.avatar?.(name, network))
          .then((image) => {
            const avatar = safeImageUrl(image)
            if (avatar) withAvatar({ name, status: 'found', address: found, avatar })
          })
          .catch(() => undefined)
      },
      (error: unknown) => {
        const refusal = refusalOf(error)
        answer(refusal ? { name, status: 'refused', refusal } : { name, status: 'failed' })
      },
    )
}

/**
 * Asks the wallet to send what was reviewed, with the receiver in the chain's canonical form (one its strict rules
 * refuse is not sent), and tells the analytics and the toasts how it went: the confirmation, or the reason.
 */
async function attemptSend(
  deps: SendDeps,
  rules: RulesHolder,
  p: { adapter: ChainAdapter; network: CaipNetwork; address: string; token: AccountToken; typed: string; amount: bigint },
): Promise<{ sent: SentTransfer } | { failure: Message }> {
  const { adapter, network, token } = p
  const properties = {
    network: network.caipNetworkId,
    token: token.address ?? token.symbol,
    isSmartAccount: deps.$context.get().paysOwnGas,
  }
  deps.emit('track', { event: 'SEND_INITIATED', properties })
  try {
    const to = (rules.current() ?? (await (rules.load() ?? addressRulesOf(adapter)))).normalize(p.typed, network)
    const id = await sendWith(deps, { adapter, network, address: p.address, token, to, amount: p.amount })
    deps.emit('track', { event: 'SEND_SUCCESS', properties })
    deps.notify('success', 'send.started')
    return { sent: { amount: p.amount, token, receiver: to, id, explorerUrl: transactionUrl(network, id) } }
  } catch (error) {
    deps.emit('track', { event: 'SEND_ERROR', properties: { ...properties, message: cleanText(errorMessage(error), 200) } })
    const { failure, declined } = failureOf(error)
    if (!declined) deps.notify('error', FAILED_TOAST[adapter.namespace] ?? 'send.failed')
    return { failure }
  }
}

/** The toast of a send that failed (not declined), by chain family: EVM wallets' own words, else Solana's. */
const FAILED_TOAST: Readonly<Record<string, string>> = { eip155: 'send.somethingWrong' }

/** A decline is the user's choice: one message beside the form (no failure toast); else the wallet's words. */
function failureOf(error: unknown): { failure: Message; declined: boolean } {
  const declined = isUserRejection(error) || (error as { code?: unknown } | undefined)?.code === 'USER_REJECTED'
  return {
    declined,
    failure: declined ? { key: 'send.declined' } : { key: 'send.walletSays', values: { message: cleanText(errorMessage(error), 200) } },
  }
}

type RulesHolder = ReturnType<typeof rulesHolder>

/**
 * The active chain's strict address rules, loaded once per chain plugin. When they arrive and change the receiver
 * the view holds (its canonical form, or a refusal), `changed` runs: the fee was for the receiver as typed.
 */
function rulesHolder($context: ReadableAtom<SendContext>, view: () => SendView, changed: () => void) {
  const $rules = atom<{ adapter: ChainAdapter; rules: AddressRules } | undefined>(undefined)
  let loading: { adapter: ChainAdapter; promise: Promise<AddressRules> } | undefined
  const current = () => {
    const loaded = $rules.get()
    return loaded && loaded.adapter === $context.get().adapter ? loaded.rules : undefined
  }
  function load(): Promise<AddressRules> | undefined {
    const { adapter } = $context.get()
    if (!adapter) return undefined
    const known = current()
    if (known) return Promise.resolve(known)
    if (loading?.adapter !== adapter) {
      const promise = addressRulesOf(adapter).then((rules) => {
        if ($context.get().adapter !== adapter) return rules
        const before = view()
        $rules.set({ adapter, rules })
        const after = view()
        if (before.receiver !== after.receiver || before.receiverBlocked !== after.receiverBlocked) changed()
        return rules
      })
      loading = { adapter, promise }
      promise.catch(() => loading?.promise === promise && (loading = undefined))
    }
    return loading.promise
  }
  return { $rules, current, load, preload: () => void load()?.catch(() => undefined) }
}

/**
 * Another network or account empties the form (not while the wallet is asked: that form is emptied once the wallet
 * answers). The form is mirrored to `$send`, except a form of the network or account left: the send state is reset
 * at once and stays so. Stopping empties the form and the send state.
 */
function follow(deps: SendDeps, $form: ReadableAtom<SendForm>, $view: ReadableAtom<SendView>, busy: () => boolean, reset: () => void) {
  let where = placeOf(deps.$context.get())
  // The generation of a form the network or account moved away from while the wallet was asked about it.
  let left: number | undefined
  const mirror = () => {
    const form = $form.get()
    const view = $view.get()
    if (left === form.generation) return deps.$send?.set({ ...EMPTY_STATE, tokenBalances: view.tokens })
    left = undefined
    deps.$send?.set(publicState(form, view))
  }
  // The balances are read when the form opens and for each network or account it follows.
  void deps.refreshBalances?.(false)
  const stopContext = deps.$context.listen((context) => {
    const next = placeOf(context)
    if (next === where) return
    where = next
    void deps.refreshBalances?.(false)
    if (!busy()) return reset()
    left = $form.get().generation
    mirror()
  })
  const stopMirror = $view.subscribe(mirror)
  return () => {
    stopContext()
    stopMirror()
    reset()
    deps.$send?.set({ ...EMPTY_STATE })
  }
}

const EMPTY_STATE: SendState = { loading: false, tokenBalances: [] }

/** The network and account a form belongs to. */
const placeOf = (context: SendContext) => `${context.network?.caipNetworkId ?? ''}|${context.address ?? ''}`

async function sendWith(
  deps: SendDeps,
  p: { adapter: ChainAdapter; network: CaipNetwork; address: string; token: AccountToken; to: string; amount: bigint },
): Promise<string> {
  if (!p.token.address) return deps.sendNative({ to: p.to, value: p.amount })
  const id = await chainFeature(
    p.adapter,
    'sendToken',
  )({ from: p.address, token: tokenAddress(p.token)!, to: p.to, amount: p.amount, network: p.network })
  deps.emit('transaction', { namespace: p.adapter.namespace, caipNetworkId: p.network.caipNetworkId, id })
  return id
}

/**
 * The explorer page of transaction `id`, when the network has a block explorer: at the explorer's
 * `transactionPath` (Subscan: `/extrinsic/{id}`), else at `/tx/{id}`. A path that is not one (another host, a
 * scheme, `..`) counts as none.
 */
export function transactionUrl(network: CaipNetwork, id: string): string | undefined {
  const explorer = network.blockExplorers?.default
  const base = explorer?.url
  if (!base || !/^https?:\/\//i.test(base) || !/^[A-Za-z0-9]+$/.test(id)) return undefined
  const declared = explorer.transactionPath
  const path =
    typeof declared === 'string' &&
    /^\/[-\w/#?=&.]*\{id\}[-\w/#?=&.]*$/.test(declared) &&
    !declared.includes('..') &&
    !declared.startsWith('//')
      ? declared
      : '/tx/{id}'
  return `${base.replace(/\/+$/, '')}${path.replace('{id}', id)}`
}

/**
 * Reads the balances again after a send, past their cache, and again after each of BALANCE_REREAD_MS while the
 * sent token (`key`) still shows `before`; a form that moved to another network or account stops it.
 */
async function rereadBalances(deps: SendDeps, $view: ReadableAtom<SendView>, key: string, before: bigint) {
  if (!deps.refreshBalances) return
  const place = placeOf(deps.$context.get())
  const stale = () => placeOf(deps.$context.get()) === place && $view.get().tokens.find((t) => tokenKey(t) === key)?.amount === before
  try {
    await deps.refreshBalances(true)
    for (const wait of BALANCE_REREAD_MS) {
      if (!stale()) return
      await new Promise((resolve) => setTimeout(resolve, wait))
      if (placeOf(deps.$context.get()) !== place) return
      await deps.refreshBalances(true)
    }
  } catch {
    /* a failed read leaves the balances as they were; the next open reads them */
  }
}

/** The send state other plugins and the host read. */
function publicState(form: SendForm, view: SendView): SendState {
  const fee = form.fee.status === 'ready' ? form.fee.fee : undefined
  return {
    token: view.token,
    sendTokenAmount: form.amount,
    receiverAddress: view.receiverBlocked ? undefined : view.receiver,
    receiverProfileName: view.lookup?.status === 'found' ? view.lookup.name : undefined,
    receiverProfileImageUrl: view.lookup?.status === 'found' ? view.lookup.avatar : undefined,
    gasPrice: fee,
    gasPriceInUSD: view.feeUsd,
    networkBalanceInUSD: view.tokens.find((t) => !t.address)?.value,
    loading: form.status === 'sending',
    tokenBalances: view.tokens,
  }
}

export { tokenKey }
