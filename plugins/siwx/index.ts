/**
 * `vestibule/plugins/siwx`: sign in with the connected wallet. After a connection with no valid session for that
 * account and network, the SIWXSignMessage view asks the wallet to sign an EIP-4361 (eip155) or CAIP-122 (solana,
 * polkadot, bip122) message for this page's domain; the session is kept in the modal's storage or on the host's
 * server (`hostBackend`). With `required`, the sign view cannot be closed and cancelling disconnects. Switching to
 * an account or network no session covers asks again (a closed modal opens on the sign view, as it does for a
 * restored account without a session); a disconnect ends the sessions. The legacy `siweConfig`
 * callbacks drive the same flow (ConnectingSiwe view). This module is framework-free; the flow, the message code
 * and the view load when the first check or the sign view needs them. The message functions (build, parse,
 * verify) are exported apart, from `vestibule/plugins/siwx/messages`, for servers too.
 *
 * @example createModal({ projectId, siwx: { required: true, store: hostBackend({ url: '/auth' }) }, plugins: [eip155({ networks }), siwx()] })
 */
import { lazyOnce, type Plugin, type PluginContext } from 'vestibule/kernel'
import type { SiwxSession, SiwxState, SiwxConfig, SiweConfig } from './types.js'
import type { SiwxFlow } from './flow.js'
import { titles } from './titles.js'

export type { SiwxSession, SiwxSessionStore, SiwxRequest, SiwxConfig, SiweConfig, SiwxState } from './types.js'
export type { SiwxFlow, SignController, SignView } from './flow.js'
// The message functions are exported apart, from `vestibule/plugins/siwx/messages` (framework-free, for servers
// too): re-exported here, a bundler would ship them eagerly with the plugin although only the sign view uses them.
export type { SiwxMessageFields, SiwxProblem, SiwxFailure, SiwxExpectation, SiwxRules, SiwxAddressCheck } from './messages.js'
export type { Cacao, CacaoHeader, CacaoPayload, CacaoSignature } from './cacao.js'
export { hostBackend, BACKEND_TIMEOUT, BACKEND_TIMEOUT_MS, type HostBackendOptions } from './backend.js'

declare module 'vestibule/kernel' {
  interface ModalOptions {
    /** Sign-in with the connected wallet (needs siwx() from vestibule/plugins/siwx). */
    siwx?: SiwxConfig
    /** The legacy sign-in with Ethereum callbacks (needs siwx()); not together with `siwx`. */
    siweConfig?: SiweConfig
  }
  interface PluginApis {
    siwx: SiwxApi
  }
  interface VestibuleEvents {
    /** A session was signed and kept; `answer` is what the store (the host's server) answered. */
    'siwx:signIn': { session: SiwxSession; answer?: unknown }
    'siwx:error': { chainId?: string; address?: string; reason: string }
    'siwx:cancel': { required: boolean }
    /** The connected account has no session for its network (a closed modal opens on the sign view). */
    'siwx:needed': { chainId: string; address: string }
    'siwx:signOut': Record<string, never>
  }
}

/** What `modal.getPlugin('siwx')` returns. */
export interface SiwxApi {
  /** Sign-in is required (`siwx.required`): the sign view cannot be closed and cancelling disconnects. */
  readonly required: boolean
  readonly $state: { get(): SiwxState; subscribe(listener: (state: SiwxState) => void): () => void }
  /** The flow (controller of the sign view, session checks), loaded on first use; throws "SIWX is not enabled" without `siwx` or `siweConfig`. */
  flow(): Promise<SiwxFlow>
  /** The sessions kept for the connected account on its network. */
  getSessions(): Promise<readonly SiwxSession[]>
  /** Ends the sessions of the connected account on its network. */
  signOut(): Promise<void>
}

export const SIGN_VIEW = 'SIWXSignMessage'
export const LEGACY_VIEW = 'ConnectingSiwe'

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const checkSiwx = (value: unknown, all: Readonly<Record<string, unknown>>) => {
  if (all.siweConfig !== undefined) return 'Cannot set both `siweConfig` and `siwx` options'
  if (!isObject(value)) return 'must be an object'
  if (value.required !== undefined && typeof value.required !== 'boolean') return '`required` must be a boolean'
  if (value.statement !== undefined && typeof value.statement !== 'string') return '`statement` must be a string'
  if (value.expiresIn !== undefined && !(typeof value.expiresIn === 'number' && value.expiresIn > 0))
    return '`expiresIn` must be a positive number of seconds'
  if (value.resources !== undefined && !(Array.isArray(value.resources) && value.resources.every((r) => typeof r === 'string')))
    return '`resources` must be an array of URIs'
  const store = value.store
  if (store !== undefined && !(isObject(store) && ['add', 'get', 'revoke', 'clear'].every((k) => typeof store[k] === 'function')))
    return '`store` must have add, get, revoke and clear functions'
  return undefined
}
const checkSiwe = (value: unknown) =>
  isObject(value) && ['getNonce', 'verifyMessage', 'getSession', 'signOut'].every((k) => typeof value[k] === 'function')
    ? undefined
    : 'must have getNonce, verifyMessage, getSession and signOut functions'

/** Adds sign-in (the `siwx` or `siweConfig` option) and its SIWXSignMessage and ConnectingSiwe views. */
export function siwx(): Plugin<SiwxApi> {
  return {
    name: 'siwx',
    options: { siwx: { check: checkSiwx }, siweConfig: { check: checkSiwe } },
    setup(ctx) {
      // What shows before the flow loads (the header, a refused close); the rest comes with the flow.
      ctx.i18n.add(titles, () => import('./locales/index.js'))
      const legacy = ctx.options.siweConfig
      const enabled = Boolean(ctx.options.siwx ?? legacy)
      const required = Boolean((ctx.options.siwx ?? legacy)?.required)
      const view = legacy ? LEGACY_VIEW : SIGN_VIEW
      const $state = ctx.slice<SiwxState>({ status: enabled ? 'signedOut' : 'off' })
      const life: { gone: boolean; stop?: () => void } = { gone: false }
      ctx.onDestroy(() => {
        life.gone = true
        life.stop?.()
      })
      const flow = lazyOnce(
        (): Promise<SiwxFlow> =>
          import('./flow.js').then((m) => m.createSiwxFlow(ctx as unknown as PluginContext, { required, $state, life, followed })),
      )
      const load = () => (enabled ? flow() : Promise.reject(new Error('SIWX is not enabled')))
      const loadView = () => import('./SignMessage.js')
      ctx.views.register(SIGN_VIEW, { title: 'siwx.title', load: loadView, requiresAccount: true })
      ctx.views.register(LEGACY_VIEW, { title: 'siwx.title', load: loadView, requiresAccount: true })
      if (!enabled) return api(load)

      const covered = (address: string, chainId: string | undefined) => {
        const s = $state.get()
        return s.status === 'signedIn' && s.chainId === chainId && s.address?.toLowerCase() === address.toLowerCase()
      }
      const onSignView = () => ctx.router.current?.view === view
      // Required and not signed in: the sign view stays (Escape, backdrop, close button, modal.close(), back).
      const guard = () => (required && onSignView() && $state.get().status !== 'signedIn' ? 'siwx.closeRefused' : undefined)
      ctx.onClose(guard)
      ctx.router.guardLeave(view, guard)
      // Optional sign-in declined (or signed out): Account offers it again among the wallet features.
      if (!required) {
        const signedOut = () => $state.get().status === 'signedOut' && ctx.connection.account() !== undefined
        ctx.slots.add('account.features', { id: 'siwx', label: 'siwx.title', icon: '→', view, order: 60, when: signedOut })
      }
      ctx.afterConnect(({ address, caipNetworkId }) => {
        if (covered(address, caipNetworkId)) return undefined
        ctx.router.clearTransactions()
        ctx.router.pushTransaction({ onSuccess: { action: 'replace', view }, onCancel: { action: 'replace', view } })
        return { view }
      })
      const report = (error: unknown) => ctx.events.emit('error', { source: 'siwx', error })
      // A stored session is checked on restore, on another account or network; without one the account must sign:
      // an open modal shows the sign view (`show`: a connection made in the modal already did), a closed one opens
      // on it. A store that could not answer opens nothing: the next open shows its reason.
      const recheck = (show: boolean) => {
        const account = ctx.connection.account()
        if (!account || covered(account.address, account.network.caipNetworkId)) return
        void load()
          .then((f) => f.check())
          .then((valid) => {
            if (valid) return
            if (!ctx.state.$modal.get().open) {
              const s = $state.get()
              if (s.status !== 'needed' || s.error) return
              ctx.router.clearTransactions()
              ctx.router.pushTransaction({ onSuccess: { action: 'replace', view }, onCancel: { action: 'replace', view } })
              return void ctx.openModal(view).catch(report)
            }
            if (!show || onSignView()) return
            ctx.router.pushTransaction({ onSuccess: { action: 'replace', view }, onCancel: { action: 'replace', view } })
            ctx.router.push(view)
          })
          .catch(report)
      }
      // Another tab signed out: a required sign-in asks again, as on a reload. It signed in: a sign view shown here ends.
      function followed(change: 'signedIn' | 'signedOut') {
        if (change === 'signedOut') return required && recheck(true)
        if (onSignView()) ctx.router.completeTransaction('success')
      }
      ctx.events.on('connect:success', () => recheck(false))
      ctx.events.on('account:change', () => recheck(true))
      ctx.events.on('network:change', (change) => change.supported && recheck(true))
      ctx.events.on('disconnect', () => {
        if ($state.get().status !== 'off') $state.set({ status: 'signedOut' })
        void load()
          .then((f) => f.clear())
          .catch(report)
      })
      // An account that must sign in finds the sign view when the modal opens.
      ctx.events.on('modal:open', () => {
        if ($state.get().status !== 'needed' || !ctx.connection.account() || onSignView()) return
        ctx.router.clearTransactions()
        ctx.router.pushTransaction({ onSuccess: { action: 'replace', view }, onCancel: { action: 'replace', view } })
        ctx.router.reset(view)
      })
      return api(load)

      function api(loader: typeof load): SiwxApi {
        return {
          required,
          $state,
          flow: loader,
          getSessions: () => loader().then((f) => f.sessions()),
          signOut: () => loader().then((f) => f.signOut()),
        }
      }
    },
  }
}
