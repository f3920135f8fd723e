/**
 * `vestibule/react`: a provider and hooks for React hosts. Hooks read the modal's snapshot through
 * `useSyncExternalStore`, so they re-render only when the modal's state changes.
 */
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react'
import type { CaipAddress, CaipNetwork, CaipNetworkId, ChainNamespace, ConnectionStatus, Modal, ModalSnapshot } from '../../kernel/index.js'

const ModalContext = createContext<Modal | null>(null)

/** Makes `modal` available to the hooks below. */
export function ModalProvider({ modal, children }: { modal: Modal; children?: ReactNode }) {
  return <ModalContext.Provider value={modal}>{children}</ModalContext.Provider>
}

function useModalInstance(): Modal {
  const modal = useContext(ModalContext)
  if (!modal) throw new Error('Vestibule hooks need a <ModalProvider modal={modal}> above them')
  return modal
}

/**
 * What the hooks render on the server and in the browser's hydration pass: a new modal's state (closed, nobody
 * connected, no network), which a headless modal on the server keeps. The browser's modal may have moved on by
 * the time a part of the page hydrates (a streamed part arriving after the user opened it, a session restored
 * early); hydrating with the same state as the server's HTML and re-rendering right after avoids a mismatch.
 */
const SERVER_SNAPSHOT: ModalSnapshot = Object.freeze({
  open: false,
  view: undefined,
  status: 'disconnected',
  namespace: undefined,
  address: undefined,
  caipAddress: undefined,
  caipNetwork: undefined,
  caipNetworkId: undefined,
  connectedNamespaces: [],
})
const getServerSnapshot = () => SERVER_SNAPSHOT

function useSnapshot(): ModalSnapshot {
  const modal = useModalInstance()
  return useSyncExternalStore(modal.subscribe, modal.getState, getServerSnapshot)
}

export interface UseModalReturnType {
  open: Modal['open']
  close: Modal['close']
  /** Fetches the first open's code now (e.g. on a custom intent signal); see the `preload` option. */
  preload: Modal['preload']
  isOpen: boolean
  modal: Modal
}

/** Opens and closes the modal, and tells whether it is open. */
export function useModal(): UseModalReturnType {
  const modal = useModalInstance()
  const { open } = useSnapshot()
  return useMemo(() => ({ open: modal.open, close: modal.close, preload: modal.preload, isOpen: open, modal }), [modal, open])
}

export interface UseAccountReturnType {
  status: ConnectionStatus
  isConnected: boolean
  address: string | undefined
  caipAddress: CaipAddress | undefined
  namespace: ChainNamespace | undefined
}

/** The active account. */
export function useAccount(): UseAccountReturnType {
  const { status, address, caipAddress, namespace } = useSnapshot()
  return useMemo(
    () => ({ status, isConnected: status === 'connected', address, caipAddress, namespace }),
    [status, address, caipAddress, namespace],
  )
}

export interface UseNetworkReturnType {
  caipNetwork: CaipNetwork | undefined
  caipNetworkId: CaipNetworkId | undefined
  namespace: ChainNamespace | undefined
  switchNetwork: Modal['switchNetwork']
}

/** The active network and a way to switch it. */
export function useNetwork(): UseNetworkReturnType {
  const modal = useModalInstance()
  const { caipNetwork, caipNetworkId, namespace } = useSnapshot()
  return useMemo(
    () => ({ caipNetwork, caipNetworkId, namespace, switchNetwork: modal.switchNetwork }),
    [caipNetwork, caipNetworkId, namespace, modal],
  )
}

export * from './headless.js'
