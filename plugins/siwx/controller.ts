/**
 * The sign view's controller, framework-free: prepares the message, asks the wallet, checks the signature, keeps
 * the session, and carries out what success and cancel do. One per shown sign view.
 */
import { atom, type MapStore, type ReadableAtom } from 'nanostores'
import type { ChainAdapter, CaipNetwork, ChainNamespace, PluginContext } from 'vestibule/kernel'
import { createCacao } from './cacao.js'
import { parseSiwxMessage } from './messages.js'
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
  /** Required: disconnects and shows Connect; else leaves signed out and closes. */
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
  /** The message text for the account; throws DomainError for a message meant for another domain. */
  prepare(account: Account): Promise<string>
  /** Whether the chain plugin finds the signature valid; undefined when it cannot verify. */
  verified(account: Account, message: string, signature: string): Promise<boolean | undefined>
  /** Whether success and cancel move the modal's views (false for a host drawing its own UI). Default true. */
  navigate?: boolean
}

export class DomainError extends Error {}

/** A signature as wallets return it: printable ASCII (hex, base58, base64), not empty, not huge. */
const isSignature = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 8192 && /^[\x21-\x7e]+$/.test(value)
export const reasonOf = (error: unknown) => String((error as { message?: unknown })?.message ?? error).slice(0, 300)
const isRejection = (error: unknown) => (error as { code?: unknown })?.code === 4001 || (error as { code?: unknown })?.code === 'USER_REJECTED' || /reject|declin|denied|cancel/i.test(reasonOf(error))

export function createSignController(core: FlowCore): SignController {
  const { ctx, required, $state, store, current, prepare, verified, navigate = true } = core
  const t = ctx.i18n.t
  const $view = atom<SignView>({ phase: 'checking', required })
  let fields: { text: string; account: Account } | undefined
  let busy = false
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
      fields = { text: await prepare(account), account }
      set({ phase: 'ready', message: fields.text })
    } catch (error) {
      fields = undefined
      fail(error instanceof DomainError ? error.message : t('siwx.initFailed', { reason: reasonOf(error) }), account)
    }
  }
  return {
    $view,
    async start() {
      set({ phase: 'checking' })
      if (await core.check()) return finish()
      await ready()
    },
    async sign() {
      if (busy) return
      busy = true
      try {
        if (!fields || $view.get().phase === 'failed') await ready()
        if (!fields) return
        const { text, account } = fields
        // A message is signed once: its nonce is spent whatever happens next.
        fields = undefined
        set({ phase: 'signing', reason: undefined })
        let signature: unknown
        try {
          signature = await ctx.connection.signMessage(text)
        } catch (error) {
          return fail(isRejection(error) ? t('siwx.declined') : reasonOf(error), account)
        }
        if (!isSignature(signature)) return fail(t('siwx.malformed'), account)
        if ((await verified(account, text, signature)) === false) return fail(t('siwx.mismatch'), account)
        set({ phase: 'verifying' })
        ctx.feedback.showSnackbar('loading', t('siwx.authenticating'))
        const data = parseSiwxMessage(text)
        const session: SiwxSession = { data, message: text, signature, cacao: createCacao(data, signature) }
        let answer: unknown
        try {
          answer = await store.add(session)
        } catch (error) {
          return fail(t('siwx.refused', { reason: reasonOf(error) }), account)
        }
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
