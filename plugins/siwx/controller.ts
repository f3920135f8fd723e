/**
 * The sign view's controller, framework-free: prepares the message, asks the wallet, checks the signature, keeps
 * the session, and carries out what success and cancel do. One per shown sign view.
 */
import { atom, type MapStore, type ReadableAtom } from 'nanostores'
import type { ChainAdapter, CaipNetwork, ChainNamespace, PluginContext } from 'vestibule/kernel'
import { cleanText } from 'vestibule/utils'
import { createCacao } from './cacao.js'
import { parseSiwxMessage, type SiwxRules } from './messages.js'
import type { SiwxSession, SiwxSessionStore, SiwxState } from './types.js'

export interface SignView {
  phase: 'checking' | 'preparing' | 'ready' | 'signing' | 'verifying' | 'failed' | 'done'
  required: boolean
  /** The account asked to sign, its network's CAIP-2 id and name. */
  address?: string
  chainId?: string
  network?: string
  /** The text the wallet is asked to sign. */
  message?: string
  /** Why the last attempt failed, shown beside Retry. */
  reason?: string
}

export interface SignController {
  readonly $view: ReadableAtom<SignView>
  /** Looks for a valid session (done at once when there is one), else prepares the message. */
  start(): Promise<void>
  /** Asks the wallet to sign, checks the signature and keeps the session; after a failure, prepares a new message first. */
  sign(): Promise<void>
  /**
   * Required: disconnects and shows Connect; else leaves signed out and closes. Works in every phase (checking,
   * preparing, signing, verifying, failed): whatever answers after it is ignored.
   */
  cancel(): Promise<void>
}

/** The connected account the flow works for. */
export interface Account {
  namespace: ChainNamespace
  address: string
  network: CaipNetwork
  adapter: ChainAdapter
  chainId: string
}

/** What the controller uses of the flow. */
export interface FlowCore {
  ctx: PluginContext
  required: boolean
  $state: MapStore<SiwxState>
  store: SiwxSessionStore
  current(): Account | undefined
  check(): Promise<boolean>
  /** The message text for the account; throws DomainError for a message meant for another page, or invalid. */
  prepare(account: Account): Promise<string>
  /** Whether the chain plugin finds the signature valid; undefined when it cannot verify. */
  verified(account: Account, message: string, signature: string): Promise<boolean | undefined>
  /** The loaded chain plugins' address rules, by namespace: a family the format does not name is read through them. */
  rules(): SiwxRules
  /** Whether success and cancel move the modal's views (false for a host drawing its own UI). Default true. */
  navigate?: boolean
}

/** A refusal already worded for the person signing (a message for another domain or URI, an invalid message): shown as it is. */
export class DomainError extends Error {}

/** A signature as wallets return it: printable ASCII (hex, base58, base64), not empty, not huge. */
const isSignature = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= 8192 && /^[\x21-\x7e]+$/.test(value)
/** Longest reason shown for a failure. */
const REASON_MAX = 300
/** Why `error` happened, as text fit to show: a wallet's or a server's words may carry direction overrides. */
export const reasonOf = (error: unknown) => cleanText(String((error as { message?: unknown })?.message ?? error), REASON_MAX)
/**
 * Whether `error` is a store's call its server did not answer in time: the code of hostBackend's timeout error
 * (BACKEND_TIMEOUT, written out so the eager part never carries the backend module for the lazy flow).
 */
export const isTimeout = (error: unknown) => (error as { code?: unknown })?.code === 'SIWX_BACKEND_TIMEOUT'
const isRejection = (error: unknown) =>
  (error as { code?: unknown })?.code === 4001 ||
  (error as { code?: unknown })?.code === 'USER_REJECTED' ||
  /reject|declin|denied|cancel/i.test(reasonOf(error))

export function createSignController(core: FlowCore): SignController {
  const { ctx, required, $state, store, current, prepare, verified, navigate = true } = core
  const t = ctx.i18n.t
  const $view = atom<SignView>({ phase: 'checking', required })
  let fields: { text: string; account: Account } | undefined
  let busy = false
  // Set by cancel: what the server or the wallet answers afterwards changes nothing.
  let closed = false
  const set = (patch: Partial<SignView>) => $view.set({ ...$view.get(), ...patch })
  const fail = (reason: string, account = current()) => {
    set({ phase: 'failed', reason })
    $state.set({ status: 'needed', chainId: account?.chainId, address: account?.address, error: reason })
    ctx.feedback.hideSnackbar()
    ctx.events.emit('siwx:error', { chainId: account?.chainId, address: account?.address, reason })
    ctx.events.emit('track', { event: 'SIWX_AUTH_ERROR', properties: { reason } })
  }
  const finish = () => {
    set({ phase: 'done' })
    if (navigate) ctx.router.completeTransaction('success')
  }
  const ready = async () => {
    const account = current()
    if (!account) return fail(t('siwx.noAccount'))
    set({ phase: 'preparing', address: account.address, chainId: account.chainId, network: account.network.name, reason: undefined })
    try {
      const text = await prepare(account)
      if (closed) return
      fields = { text, account }
      set({ phase: 'ready', message: fields.text })
    } catch (error) {
      fields = undefined
      if (closed) return
      fail(
        error instanceof DomainError
          ? error.message
          : isTimeout(error)
            ? t('siwx.timeout')
            : t('siwx.initFailed', { reason: reasonOf(error) }),
        account,
      )
    }
  }
  return {
    $view,
    async start() {
      set({ phase: 'checking' })
      const valid = await core.check()
      if (closed) return
      if (valid) return finish()
      await ready()
    },
    async sign() {
      if (busy) return
      busy = true
      try {
        if (closed) return
        if (!fields || $view.get().phase === 'failed') await ready()
        if (!fields || closed) return
        const { text, account } = fields
        // A message is signed once: its nonce is spent whatever happens next.
        fields = undefined
        set({ phase: 'signing', reason: undefined })
        let signature: unknown
        try {
          signature = await ctx.connection.signMessage(text)
        } catch (error) {
          return void (closed || fail(isRejection(error) ? t('siwx.declined') : reasonOf(error), account))
        }
        if (closed) return
        if (!isSignature(signature)) return fail(t('siwx.malformed'), account)
        const valid = await verified(account, text, signature)
        if (closed) return
        if (valid === false) return fail(t('siwx.mismatch'), account)
        set({ phase: 'verifying' })
        ctx.feedback.showSnackbar('loading', t('siwx.authenticating'))
        const data = parseSiwxMessage(text, core.rules())
        const session: SiwxSession = { data, message: text, signature, cacao: createCacao(data, signature) }
        let answer: unknown
        try {
          answer = await store.add(session)
        } catch (error) {
          return void (closed || fail(isTimeout(error) ? t('siwx.timeout') : t('siwx.refused', { reason: reasonOf(error) }), account))
        }
        if (closed) return
        ctx.feedback.hideSnackbar()
        $state.set({ status: 'signedIn', chainId: account.chainId, address: account.address, session })
        ctx.events.emit('siwx:signIn', { session, answer })
        ctx.events.emit('track', { event: 'SIWX_AUTH_SUCCESS', properties: { chainId: account.chainId } })
        finish()
      } finally {
        busy = false
      }
    },
    async cancel() {
      closed = true
      ctx.events.emit('siwx:cancel', { required })
      ctx.events.emit('track', { event: 'CLICK_CANCEL_SIWX', properties: { required } })
      ctx.feedback.hideSnackbar()
      if (!required) {
        // Declined for now: the next open does not bring the sign view back; another account or network asks again.
        $state.set({ status: 'signedOut', chainId: $state.get().chainId, address: $state.get().address })
        return void (navigate && ctx.router.completeTransaction('cancel'))
      }
      if (navigate) ctx.router.clearTransactions()
      try {
        await ctx.connection.disconnect()
      } finally {
        if (navigate && ctx.views.has('Connect')) ctx.router.reset('Connect')
      }
    },
  }
}
