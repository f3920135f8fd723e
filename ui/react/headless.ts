/**
 * Hooks over `vestibule/headless`, for a React host that draws its own UI: each takes the modal (the one given to
 * `<ModalProvider>`) and re-renders when what it returns changes. None loads the shell or a view.
 */
import { useStore } from '@nanostores/react'
import { atom } from 'nanostores'
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import type { AccountToken, BalancesSnapshot, ChainNamespace, Modal, ReadableAtom, WalletItem } from '../../kernel/index.js'
import { walletList, type WalletListState } from '../../headless/wallet-list.js'
import { connectWallet, type ConnectOutcome } from '../../headless/connect.js'
import { walletConnectPairing, type PairingState } from '../../headless/pairing.js'
import { accountBalances } from '../../headless/balances.js'
import { createSend, createSwap, type FeatureController, type SendController, type SwapController } from '../../headless/features.js'
import { signIn, type SignInState, type SiwxSession } from '../../headless/sign-in.js'

/** No account while rendering on the server. */
const noAddress = () => undefined

/** The value of a store (undefined for none), following its changes. */
const useStoreValue = <T>($store: ReadableAtom<T>): T => useStore($store)

export interface UseWalletListReturnType extends WalletListState {
  setSearch(text: string): void
  loadMore(): Promise<void>
  retry(): Promise<void>
}

/** The wallet list with its search and pages; the first page loads on mount (a session starts when none is). */
export function useWalletList(modal: Modal): UseWalletListReturnType {
  const list = useMemo(() => walletList(modal), [modal])
  useEffect(() => {
    // Failures are in the list's state (status 'error' and the reason).
    void list.load().catch(() => undefined)
    return () => list.destroy()
  }, [list])
  const state = useStoreValue(list.$state)
  return useMemo(() => ({ ...state, setSearch: list.setSearch, loadMore: list.loadMore, retry: list.retry }), [state, list])
}

export interface UseConnectWalletReturnType {
  /** Connects `item`; resolves with the outcome (a pairing URI to show for a remote wallet). */
  connect(item: WalletItem, options?: { namespace?: ChainNamespace }): Promise<ConnectOutcome>
  status: 'idle' | 'connecting' | 'pairing' | 'connected' | 'error'
  error: unknown
  /** The wallet being connected. */
  wallet: WalletItem | undefined
  /** The pairing of a remote wallet (its URI and expiry), until another wallet is chosen or the hook unmounts. */
  pairing: PairingState | undefined
}

/** Connects a wallet of the list; the pairing of a remote wallet is kept fresh while this hook is mounted. */
export function useConnectWallet(modal: Modal): UseConnectWalletReturnType {
  const [run, setRun] = useState<{
    status: UseConnectWalletReturnType['status']
    error?: unknown
    wallet?: WalletItem
    outcome?: ConnectOutcome
  }>({ status: 'idle' })
  const stop = useRef<() => void>(undefined)
  const round = useRef(0)
  useEffect(() => () => stop.current?.(), [])
  const connect = useCallback(
    async (item: WalletItem, options?: { namespace?: ChainNamespace }) => {
      const mine = ++round.current
      stop.current?.()
      stop.current = undefined
      setRun({ status: 'connecting', wallet: item })
      try {
        const outcome = await connectWallet(modal, item, options)
        if (outcome.kind === 'pairing') stop.current = outcome.stop
        if (mine === round.current) setRun({ status: outcome.kind === 'pairing' ? 'pairing' : 'connected', wallet: item, outcome })
        return outcome
      } catch (error) {
        if (mine === round.current) setRun({ status: 'error', error, wallet: item })
        throw error
      }
    },
    [modal],
  )
  const pairing = run.outcome?.kind === 'pairing' ? run.outcome.pairing.$state : undefined
  const pairingState = usePairingState(pairing)
  return { connect, status: run.status, error: run.error, wallet: run.wallet, pairing: pairingState }
}

const NO_PAIRING: ReadableAtom<undefined> = /* @__PURE__ */ atom(undefined)
const usePairingState = ($state: ReadableAtom<PairingState> | undefined) => useStoreValue<PairingState | undefined>($state ?? NO_PAIRING)

export interface UseWalletConnectUriReturnType extends Partial<PairingState> {
  /** Seconds the URI stays usable, counted down each second. */
  secondsLeft: number
  refresh(): Promise<void>
}

/** A WalletConnect pairing URI, offered and renewed while `active` (default true) and the hook is mounted. */
export function useWalletConnectUri(modal: Modal, { active = true }: { active?: boolean } = {}): UseWalletConnectUriReturnType {
  const pairing = useMemo(() => walletConnectPairing(modal), [modal])
  useEffect(() => (active ? pairing.start() : undefined), [pairing, active])
  const state = useStoreValue(pairing.$state)
  // A render each second while a URI is offered; the time left is read at each render (never a stale start time).
  const [, tick] = useState(0)
  useEffect(() => {
    if (!state.usableUntil) return
    const timer = setInterval(() => tick((n) => n + 1), 1000)
    return () => clearInterval(timer)
  }, [state.usableUntil])
  const secondsLeft = state.usableUntil ? Math.ceil(pairing.timeLeft() / 1000) : 0
  return { ...state, secondsLeft, refresh: pairing.refresh }
}

export interface UseBalancesReturnType extends BalancesSnapshot {
  refresh(options?: { force?: boolean }): Promise<readonly AccountToken[]>
}

/** The connected account's balances, read when an account connects. */
export function useBalances(modal: Modal): UseBalancesReturnType {
  const balances = useMemo(() => accountBalances(modal), [modal])
  const snapshot = useStoreValue(balances.$balances)
  const caipAddress = useSyncExternalStore(modal.subscribe, () => modal.getState().caipAddress, noAddress)
  useEffect(() => {
    if (caipAddress) void balances.refresh().catch(() => undefined)
  }, [balances, caipAddress])
  return useMemo(() => ({ ...snapshot, refresh: balances.refresh }), [snapshot, balances])
}

export interface UseFeatureControllerReturnType<C extends FeatureController> {
  /** The flow's actions; undefined while its code loads. */
  controller: C | undefined
  view: StateOf<C['$view']> | undefined
  form: StateOf<C['$form']> | undefined
  /** Why there is no controller (the plugin is missing, its code failed to load). */
  error: unknown
}

type StateOf<S> = S extends ReadableAtom<infer V> ? V : never
const NOTHING: ReadableAtom<undefined> = NO_PAIRING

/**
 * A feature flow's controller from `create` (`createSend`, or `(m) => featureController(m, name)` for any feature
 * plugin), created once per modal and started while mounted.
 */
export function useFeatureController<C extends FeatureController>(
  modal: Modal,
  create: (modal: Modal) => Promise<C>,
): UseFeatureControllerReturnType<C> {
  const [controller, setController] = useState<C>()
  const [error, setError] = useState<unknown>()
  useEffect(() => {
    let live = true
    let stop: (() => void) | undefined
    create(modal).then(
      (c) => {
        if (!live) return
        stop = c.start()
        setController(c)
      },
      (e: unknown) => live && setError(e),
    )
    return () => {
      live = false
      stop?.()
    }
    // One controller per modal: a new `create` function on each render does not start another.
  }, [modal])
  const view = useStoreValue((controller?.$view ?? NOTHING) as ReadableAtom<StateOf<C['$view']> | undefined>)
  const form = useStoreValue((controller?.$form ?? NOTHING) as ReadableAtom<StateOf<C['$form']> | undefined>)
  return { controller, view, form, error }
}

export type UseSendReturnType = UseFeatureControllerReturnType<SendController>

/** A send flow (the send plugin's controller), followed while mounted. */
export function useSend(modal: Modal): UseSendReturnType {
  return useFeatureController<SendController>(modal, createSend)
}

export type UseSwapReturnType = UseFeatureControllerReturnType<SwapController>

/** A swap flow (the swap plugin's controller: tokens, amount, quote, review, approve and swap), followed while mounted. */
export function useSwap(modal: Modal): UseSwapReturnType {
  return useFeatureController<SwapController>(modal, createSwap)
}

export interface UseSignInReturnType extends SignInState {
  /** Signs in the connected account (a valid session is used as is); resolves with the session, rejects with the reason. */
  sign(): Promise<SiwxSession>
  cancel(): Promise<void>
  signOut(): Promise<void>
}

/** Sign-in of the connected account through the sign-in plugin: its state and the actions. */
export function useSignIn(modal: Modal): UseSignInReturnType {
  const flow = useMemo(() => signIn(modal), [modal])
  const state = useStoreValue(flow.$state)
  return useMemo(() => ({ ...state, sign: flow.sign, cancel: flow.cancel, signOut: flow.signOut }), [state, flow])
}
