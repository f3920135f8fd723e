/**
 * Sign-in without a view: the sign-in plugin's state for the connected account and its flow, driven by the host's
 * own UI. A headless connect does not show the sign view; the plugin still checks the new account's session, so
 * the state says `needed` after a connect without one, and `sign()` runs the flow (message, wallet, session).
 */
import { atom, computed, onMount, type ReadableAtom } from 'nanostores'
import { VestibuleError, type Modal } from 'vestibule/kernel'
import type { SignController, SignView, SiwxApi, SiwxSession, SiwxState } from 'vestibule/plugins/siwx'
import { pluginApi } from './modal.js'

export type { SiwxSession }

export type SignInStatus = 'off' | 'checking' | 'needed' | 'signing' | 'signedIn' | 'signedOut' | 'error'

export interface SignInState {
  /**
   * `needed`: the connected account must sign; `signing`: the flow runs (`phase` says where); `signedIn`: `session`
   * covers the account on its network; `error`: the last attempt failed (`error` says why; `sign()` tries again);
   * `signedOut`: no account, or the user declined for now; `off`: sign-in is not enabled.
   */
  status: SignInStatus
  /** The flow's step while signing: preparing the message, the wallet asked, the signature checked. */
  phase?: SignView['phase']
  required: boolean
  address?: string
  chainId?: string
  session?: SiwxSession
  /** The text the wallet is asked to sign, once prepared. */
  message?: string
  error?: string
}

export interface SignIn {
  readonly $state: ReadableAtom<SignInState>
  /**
   * Checks for a valid session and, without one, has the wallet sign a new message. Resolves with the session;
   * rejects with the reason (a decline, a refusal by the server), which the state keeps too.
   */
  sign(): Promise<SiwxSession>
  /** Gives up signing: with `required` the account is disconnected, else it stays connected and signed out. */
  cancel(): Promise<void>
  /** Ends the connected account's sessions on its network. */
  signOut(): Promise<void>
}

type SiwxAccess = Pick<SiwxApi, '$state' | 'flow' | 'signOut' | 'required'>
const RUNNING = new Set<SignView['phase']>(['checking', 'preparing', 'ready', 'signing', 'verifying'])

const isSiwx = (api: unknown): api is SiwxAccess =>
  typeof (api as SiwxAccess | null)?.flow === 'function' &&
  typeof (api as SiwxAccess).$state?.subscribe === 'function' &&
  typeof (api as SiwxAccess).signOut === 'function'

/** What the state says, from the plugin's state and the flow under way. */
function stateOf(plugin: SiwxState, attempt: SignView | undefined, required: boolean): SignInState {
  const base = { required, address: plugin.address, chainId: plugin.chainId }
  // An attempt for another account or network (the wallet switched since) says nothing about this one.
  const view =
    attempt && (!attempt.address || (attempt.address === plugin.address && attempt.chainId === plugin.chainId)) ? attempt : undefined
  if (plugin.status === 'off') return { ...base, status: 'off' }
  if (plugin.status === 'signedIn') return { ...base, status: 'signedIn', session: plugin.session }
  if (view && RUNNING.has(view.phase) && view.phase !== 'checking')
    return { ...base, status: 'signing', phase: view.phase, message: view.message }
  if (view?.phase === 'failed') return { ...base, status: 'error', phase: 'failed', error: view.reason ?? plugin.error }
  if (plugin.status === 'needed' && plugin.error) return { ...base, status: 'error', error: plugin.error }
  return { ...base, status: plugin.status }
}

/** Sign-in of `modal`'s connected account through its sign-in plugin; throws when the host did not register one. */
export function signIn(modal: Modal): SignIn {
  const api = pluginApi<unknown>(modal, 'siwx')
  if (!isSiwx(api)) throw new VestibuleError('MISSING_PLUGIN', 'Sign-in needs the siwx() plugin')
  const required = api.required
  const $plugin = atom<SiwxState>(api.$state.get())
  onMount($plugin, () => api.$state.subscribe((s) => $plugin.set(s)))
  const $view = atom<SignView | undefined>(undefined)
  let controller: SignController | undefined
  let unfollow: (() => void) | undefined
  let pending: Promise<SiwxSession> | undefined
  const $state = computed([$plugin, $view], (plugin, view) => stateOf(plugin, view, required))

  /** A controller for this attempt; its view is followed until the next one. */
  const begin = async () => {
    const flow = await api.flow()
    unfollow?.()
    controller = flow.controller({ navigate: false })
    unfollow = controller.$view.subscribe((v) => $view.set(v))
    return controller
  }
  const outcome = (): SiwxSession => {
    const plugin = api.$state.get()
    if (plugin.status === 'signedIn' && plugin.session) return plugin.session
    throw new VestibuleError('WALLET_ERROR', $view.get()?.reason ?? plugin.error ?? 'Not signed in')
  }

  return {
    $state,
    sign() {
      // One attempt at a time: a second call while one runs shares its outcome.
      pending ??= (async () => {
        const c = await begin()
        await c.start()
        if ($view.get()?.phase === 'ready') await c.sign()
        return outcome()
      })().finally(() => (pending = undefined))
      return pending
    },
    async cancel() {
      await (controller ?? (await begin())).cancel()
      unfollow?.()
      unfollow = controller = undefined
      $view.set(undefined)
    },
    signOut: () => api.signOut(),
  }
}
