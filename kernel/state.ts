import { atom, computed, map, type MapStore, type ReadableAtom, type WritableAtom } from 'nanostores'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from './caip.js'
import type { CaipNetwork } from './network.js'
import type { RouteEntry } from './router.js'

/**
 * How a wallet reached the page, as keys. A plugin that adds connectors of its own kind adds its type:
 * `declare module 'vestibule/kernel' { interface ConnectorTypes { PASSKEY: true } }`.
 */
export interface ConnectorTypes {
  ANNOUNCED: true
  INJECTED: true
  EXTERNAL: true
  MULTI_CHAIN: true
  WALLET_CONNECT: true
}

/** How a wallet reached the page. */
export type ConnectorType = Extract<keyof ConnectorTypes, string>

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected'
export type BalanceStatus = 'idle' | 'loading' | 'ready' | 'unavailable'

/**
 * Why the last balance read failed, as far as the error tells: the node answered an HTTP error (`status`), did not
 * answer in time, could not be reached, or something else.
 */
export interface BalanceFault {
  kind: 'http' | 'timeout' | 'unreachable' | 'other'
  status?: number
}

/**
 * Account part of a namespace's chain state. A plugin that keeps more per account adds its fields by augmenting
 * this interface (`declare module 'vestibule' { interface AccountState { nickname?: string } }`) and writes them
 * with `ctx.connection.setAccountFields`; a disconnect or a new connection drops them, whatever they are.
 */
export interface AccountState {
  status: ConnectionStatus
  address?: string
  caipAddress?: CaipAddress
  connectorId?: string
  /** Type of the connector the session runs on. */
  connectorType?: ConnectorType
  /** The connector's session spans namespaces: they disconnect together (its `endsWithSiblings`). */
  endsWithSiblings?: boolean
  balance?: string
  balanceValue?: bigint
  balanceSymbol?: string
  balanceStatus: BalanceStatus
  /** Why the balance is unavailable, while it is (it is read again every `BALANCE_RETRY_MS` until it answers). */
  balanceFault?: BalanceFault
  profileName?: string
  profileImage?: string
  addressExplorerUrl?: string
  /** Token balances a balances plugin loaded. */
  tokenBalance?: readonly import('./account-data.js').AccountToken[]
  connectedWalletInfo?: { name?: string; icon?: string; [key: string]: unknown }
  allAccounts?: readonly { address: string; type?: string }[]
  /** The id of the Account tab chosen (its `account.tabs` slot entry's id). */
  currentTab?: string
}

/**
 * Network part of a namespace's chain state. A plugin that keeps more per network session adds its fields by
 * augmenting this interface and writes them with `ctx.connection.setNetworkFields`; a disconnect drops them.
 */
export interface NetworkState {
  caipNetwork?: CaipNetwork
  /** Set when the wallet is on a network the host did not request. */
  unsupportedCaipNetworkId?: CaipNetworkId
  requestedCaipNetworks: readonly CaipNetwork[]
  approvedCaipNetworkIds?: readonly CaipNetworkId[]
  supportsAllNetworks: boolean
}

export interface ChainState {
  namespace: ChainNamespace
  accountState: AccountState
  networkState: NetworkState
}

export interface ModalState {
  open: boolean
  /** Loading flag per namespace. */
  loading: Record<string, boolean>
  shake: boolean
}

/** Every store of one modal. */
export interface KernelState {
  $modal: MapStore<ModalState>
  $chains: MapStore<Record<string, ChainState>>
  $activeNamespace: WritableAtom<ChainNamespace | undefined>
  $snapshot: ReadableAtom<ModalSnapshot>
}

/** The public, immutable view of a modal's state, what `modal.getState()` and `subscribe` give. */
export interface ModalSnapshot {
  open: boolean
  view: string | undefined
  status: ConnectionStatus
  namespace: ChainNamespace | undefined
  address: string | undefined
  caipAddress: CaipAddress | undefined
  caipNetwork: CaipNetwork | undefined
  caipNetworkId: CaipNetworkId | undefined
  /** Namespaces with a connected account. */
  connectedNamespaces: ChainNamespace[]
}

/** The account fields only the kernel writes (the connection's); plugins write the others. */
export type KernelAccountField =
  | 'status'
  | 'address'
  | 'caipAddress'
  | 'connectorId'
  | 'connectorType'
  | 'endsWithSiblings'
  | 'balance'
  | 'balanceValue'
  | 'balanceSymbol'
  | 'balanceStatus'
  | 'balanceFault'

/** The network fields only the kernel writes; plugins write the others. */
export type KernelNetworkField = 'caipNetwork' | 'unsupportedCaipNetworkId' | 'requestedCaipNetworks'

export const emptyAccount = (): AccountState => ({ status: 'disconnected', balanceStatus: 'idle' })

export function createKernelState(history: ReadableAtom<readonly RouteEntry[]>): KernelState {
  const $modal = map<ModalState>({ open: false, loading: {}, shake: false })
  const $chains = map<Record<string, ChainState>>({})
  const $activeNamespace = atom<ChainNamespace | undefined>(undefined)
  const $snapshot = computed([$modal, $chains, $activeNamespace, history], (modal, chains, namespace, entries) => {
    const active = namespace ? chains[namespace] : undefined
    const account = active?.accountState
    const network = active?.networkState
    return {
      open: modal.open,
      view: entries.at(-1)?.view,
      status: account?.status ?? 'disconnected',
      namespace,
      address: account?.address,
      caipAddress: account?.caipAddress,
      caipNetwork: network?.caipNetwork,
      caipNetworkId: network?.caipNetwork?.caipNetworkId ?? network?.unsupportedCaipNetworkId,
      connectedNamespaces: Object.values(chains)
        .filter((c) => c.accountState.status === 'connected')
        .map((c) => c.namespace),
    } satisfies ModalSnapshot
  })
  return { $modal, $chains, $activeNamespace, $snapshot }
}
