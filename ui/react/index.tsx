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

function useSnapshot(): ModalSnapshot {
  const modal = useModalInstance()
  return useSyncExternalStore(modal.subscribe, modal.getState, modal.getState)
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
  return useMemo(() => ({ status, isConnected: status === 'connected', address, caipAddress, namespace }), [status, address, caipAddress, namespace])
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
  return useMemo(() => ({ caipNetwork, caipNetworkId, namespace, switchNetwork: modal.switchNetwork }), [caipNetwork, caipNetworkId, namespace, modal])
}

export * from './headless.js'
