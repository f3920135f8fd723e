import type { CaipNetworkId, ChainNamespace } from './caip.js'
import { CAIP_NETWORK_ID_PATTERN, NAMESPACE_PATTERN, toCaipAddress } from './caip.js'
import { createBalances, type Balances } from './balance.js'
import { createChainWriter, type ChainPatch, type ChainWriter } from './chain-writer.js'
import type { ChainAdapter, ChainRegistry, ConnectResult } from './chains.js'
import { endingTogether } from './ending-together.js'
import { ErrorText, VestibuleError, isUserRejection } from './errors.js'
import type { EventBus } from './events.js'
import type { CaipNetwork } from './network.js'
import type { ResolvedOptions } from './options.js'
import type { ChainState, KernelState } from './state.js'
import type { Storage } from './storage.js'
import { StorageKeys } from './storage-keys.js'
import { readString, readStringList } from './stored.js'

export interface ConnectionDeps {
  chains: ChainRegistry
  state: KernelState
  storage: Storage
  events: EventBus
  options: ResolvedOptions
  /** Raises an alert in the modal (a network not found on switch). */
  alert?: (id: string, message: string) => void
  /** The writer of chain state; one over `state` is made when none is given. */
  writer?: ChainWriter
}

/** What the connection's parts share: its dependencies, chain state read and written, the balances. */
export interface ConnectionCore extends ConnectionDeps {
  /** Per namespace, the number of the latest connect attempt: a late answer of an older one is ignored. */
  attempts: Map<ChainNamespace, number>
  chainState(namespace: ChainNamespace): ChainState
  update(namespace: ChainNamespace, patch: ChainPatch, replaceAccount?: boolean): void
  adapterOf(namespace: ChainNamespace): ChainAdapter
  balances: Balances
  refreshBalance(namespace?: ChainNamespace, options?: { force?: boolean }): Promise<void>
}

export function createConnectionCore(deps: ConnectionDeps): ConnectionCore {
  const { chains, state, storage, events } = deps
  const writer = deps.writer ?? createChainWriter(state, chains)
  const adapterOf = (namespace: ChainNamespace): ChainAdapter => {
    const adapter = chains.get(namespace)
    if (!adapter) throw new VestibuleError('NOT_SUPPORTED', `${ErrorText.chainAdapterNotFound}: ${namespace}`)
    return adapter
  }
  const update = (namespace: ChainNamespace, patch: ChainPatch, replaceAccount = false) => {
    // A replaced account makes any balance read in flight for the old one stale.
    if (replaceAccount) balances.invalidate(namespace)
    writer.write(namespace, patch, replaceAccount)
  }
  const balances = createBalances({
    storage,
    events,
    chainState: writer.read,
    adapterOf,
    setAccount: (namespace, fields) => update(namespace, { account: fields }),
  })
  const refreshBalance = (namespace = state.$activeNamespace.get(), options?: { force?: boolean }) =>
    namespace ? balances.refresh(namespace, options) : Promise.resolve()
  return { ...deps, writer, attempts: new Map(), chainState: writer.read, update, adapterOf, balances, refreshBalance }
}

/** The block explorer page of `address` on `network`, when the network has an explorer. */
export const explorerUrl = (network: CaipNetwork | undefined, address: string) => {
  const base = network?.blockExplorers?.default.url
  return base ? `${base.replace(/\/+$/, '')}/address/${address}` : undefined
}

/** Which network each namespace is on and asks for next, and what of it is stored. */
export function createNetworkRules({ chains, state, storage, events, options, chainState, update }: ConnectionCore) {
  const requested = (namespace: ChainNamespace) => chainState(namespace).networkState.requestedCaipNetworks
  return {
    requested,
    findNetwork(caipNetworkId: CaipNetworkId | undefined) {
      if (!caipNetworkId) return undefined
      for (const adapter of chains.list()) {
        const network = requested(adapter.namespace).find((n) => n.caipNetworkId === caipNetworkId)
        if (network) return network
      }
      return undefined
    },
    networkFor(namespace: ChainNamespace) {
      const current = state.$chains.get()[namespace]?.networkState.caipNetwork
      if (current) return current
      const networks = requested(namespace)
      const stored = [StorageKeys.caipNetworkId(namespace), StorageKeys.activeCaipNetworkId].map((key) =>
        readString(storage, key, CAIP_NETWORK_ID_PATTERN),
      )
      const preferred = [...stored, options.defaultNetwork].map((id) => networks.find((n) => n.caipNetworkId === id)).find(Boolean)
      return preferred ?? networks[0]
    },
    setNetwork(namespace: ChainNamespace, caipNetworkId: CaipNetworkId, origin: 'user' | 'wallet' | 'removal') {
      const network = requested(namespace).find((n) => n.caipNetworkId === caipNetworkId)
      const account = chainState(namespace).accountState
      update(namespace, {
        network: network
          ? { caipNetwork: network, unsupportedCaipNetworkId: undefined }
          : { caipNetwork: undefined, unsupportedCaipNetworkId: caipNetworkId },
        account: account.address
          ? { caipAddress: toCaipAddress(caipNetworkId, account.address), addressExplorerUrl: explorerUrl(network, account.address) }
          : {},
      })
      if (network) {
        storage.set(StorageKeys.caipNetworkId(namespace), caipNetworkId)
        // The active network id belongs to the active namespace; another namespace's network must not replace it.
        const active = state.$activeNamespace.get()
        if (!active || active === namespace) storage.set(StorageKeys.activeCaipNetworkId, caipNetworkId)
      }
      events.emit('network:change', { namespace, caipNetworkId, supported: Boolean(network), origin })
    },
    persistConnected() {
      const connected = Object.values(state.$chains.get())
        .filter((c) => c.accountState.status === 'connected')
        .map((c) => c.namespace)
      storage.set(StorageKeys.connectedNamespaces, connected)
      storage.set(StorageKeys.connectionStatus, connected.length ? 'connected' : 'disconnected')
      const active = state.$activeNamespace.get()
      if (active) storage.set(StorageKeys.activeNamespace, active)
      const activeNetwork = active ? state.$chains.get()[active]?.networkState.caipNetwork : undefined
      if (activeNetwork) storage.set(StorageKeys.activeCaipNetworkId, activeNetwork.caipNetworkId)
    },
  }
}

export type NetworkRules = ReturnType<typeof createNetworkRules>

/** What a connected wallet's answer and a disconnect do to a namespace's state and storage. */
export function createSessionState(core: ConnectionCore, networks: NetworkRules) {
  const { chains, state, storage, events, attempts, chainState, update, adapterOf, refreshBalance } = core
  return {
    applyConnected(namespace: ChainNamespace, connectorId: string, result: ConnectResult) {
      const adapter = adapterOf(namespace)
      const network = networks.requested(namespace).find((n) => n.caipNetworkId === result.caipNetworkId)
      const caipNetworkId = network?.caipNetworkId ?? result.caipNetworkId
      const connector = chains.findConnector(connectorId, namespace)
      update(namespace, {
        account: {
          connectedWalletInfo: connector
            ? { name: connector.name, icon: connector.imageUrl, type: connector.type, rdns: connector.rdns }
            : undefined,
          addressExplorerUrl: explorerUrl(network, result.address),
          allAccounts: [{ address: result.address, type: adapter.defaultAccountType }],
          status: 'connected',
          address: result.address,
          caipAddress: toCaipAddress(caipNetworkId, result.address),
          connectorId,
          connectorType: connector?.type,
          endsWithSiblings: connector?.endsWithSiblings === true || undefined,
        },
        network: {
          ...(network
            ? { caipNetwork: network, unsupportedCaipNetworkId: undefined }
            : { caipNetwork: undefined, unsupportedCaipNetworkId: caipNetworkId }),
          // Any network can be chosen for a wallet that reaches them all; a remote session keeps to what it approved.
          supportsAllNetworks: result.supportsAllNetworks === true && connector?.type !== 'WALLET_CONNECT',
        },
      })
      state.$activeNamespace.set(namespace)
      storage.set(StorageKeys.connectorId(namespace), connectorId)
      if (network) storage.set(StorageKeys.caipNetworkId(namespace), network.caipNetworkId)
      networks.persistConnected()
      events.emit('connect:success', {
        namespace,
        connectorId,
        address: result.address,
        caipAddress: toCaipAddress(caipNetworkId, result.address),
      })
      // A wallet that connects (or comes back) on a network the host did not request is a network change like any
      // other: the kernel shows UnsupportedChain for it.
      if (!network) events.emit('network:change', { namespace, caipNetworkId, supported: false, origin: 'wallet' })
      void refreshBalance(namespace)
    },
    /**
     * Disconnect: the namespace's account and network data go back to their initial state (a requested network it
     * was on stays selected for the next connection), its connector id is forgotten. Plugins' fields go too,
     * whatever they are.
     */
    resetNamespace(namespace: ChainNamespace, ending: readonly ChainNamespace[] = []) {
      attempts.set(namespace, (attempts.get(namespace) ?? 0) + 1)
      const { caipNetwork, requestedCaipNetworks, ...session } = chainState(namespace).networkState
      const dropped = Object.fromEntries(Object.keys(session).map((key) => [key, undefined]))
      update(namespace, { network: { ...dropped, caipNetwork, requestedCaipNetworks, supportsAllNetworks: false } }, true)
      storage.remove(StorageKeys.connectorId(namespace))
      // The active namespace moves to one that stays connected, never to one ending in the same disconnect; with
      // none left it is cleared, as before the first connect (no account, no network in the snapshot).
      const stillConnected = Object.values(state.$chains.get()).find(
        (c) => c.accountState.status === 'connected' && !ending.includes(c.namespace),
      )
      if (!stillConnected) state.$activeNamespace.set(undefined)
      else if (state.$activeNamespace.get() === namespace) state.$activeNamespace.set(stillConnected.namespace)
      networks.persistConnected()
      events.emit('disconnect', { namespace })
    },
  }
}

export type SessionState = ReturnType<typeof createSessionState>

/** The wallet's own account, network and disconnect events, applied to its namespace. */
export function listenToAdapters(core: ConnectionCore, networks: NetworkRules, session: SessionState) {
  const { chains, events, chainState, update, balances } = core
  for (const adapter of chains.list()) {
    const namespace = adapter.namespace
    adapter.listen({
      accountChanged(address) {
        const account = chainState(namespace).accountState
        if (account.status !== 'connected' || account.address === address) return
        const caipNetworkId =
          chainState(namespace).networkState.caipNetwork?.caipNetworkId ?? chainState(namespace).networkState.unsupportedCaipNetworkId
        if (!caipNetworkId) return
        // The new address keeps the account type the old one had (a plugin that knows better writes it).
        const type = chainState(namespace).accountState.allAccounts?.[0]?.type
        update(namespace, {
          account: {
            address,
            caipAddress: toCaipAddress(caipNetworkId, address),
            addressExplorerUrl: explorerUrl(chainState(namespace).networkState.caipNetwork, address),
            allAccounts: [{ address, type }],
          },
        })
        events.emit('account:change', { namespace, address, caipAddress: toCaipAddress(caipNetworkId, address) })
        balances.refreshSoon(namespace)
      },
      networkChanged(caipNetworkId) {
        const current = chainState(namespace).networkState
        if ((current.caipNetwork?.caipNetworkId ?? current.unsupportedCaipNetworkId) === caipNetworkId) return
        networks.setNetwork(namespace, caipNetworkId, 'wallet')
        // A wallet may send a burst of changes: the balance is read once, for the network it ends on.
        if (chainState(namespace).accountState.status === 'connected') balances.refreshSoon(namespace)
      },
      disconnected() {
        if (chainState(namespace).accountState.status !== 'disconnected') session.resetNamespace(namespace)
      },
    })
  }
}

/** Connect, reconnect, cancel and disconnect: the rules of a namespace's session. */
export function createSessionRules(core: ConnectionCore, networks: NetworkRules, session: SessionState) {
  const { chains, state, storage, events, attempts, chainState, update, adapterOf, refreshBalance } = core
  const setLoading = (namespace: ChainNamespace, on: boolean) =>
    state.$modal.setKey('loading', { ...state.$modal.get().loading, [namespace]: on })
  /** The snapshot follows the active namespace: a first connect is visible as "connecting". */
  const showConnecting = (namespace: ChainNamespace) => {
    const active = state.$activeNamespace.get()
    if (!active || chainState(active).accountState.status !== 'connected') state.$activeNamespace.set(namespace)
  }
  return {
    async connect(connectorId: string, namespace?: ChainNamespace) {
      const connector = chains.findConnector(connectorId, namespace)
      if (!connector) throw new VestibuleError('NOT_SUPPORTED', `Wallet "${connectorId}" is not available in this browser`)
      const ns = connector.namespace
      const adapter = adapterOf(ns)
      const network = networks.networkFor(ns)
      if (!network) throw new VestibuleError('NOT_SUPPORTED', `${ErrorText.caipNetworkUndefined}: no network is configured for ${ns}`)
      const attempt = (attempts.get(ns) ?? 0) + 1
      attempts.set(ns, attempt)
      const previous = chainState(ns).accountState
      update(ns, { account: { status: 'connecting', connectorId } }, true)
      showConnecting(ns)
      setLoading(ns, true)
      events.emit('connect:start', { namespace: ns, connectorId })
      try {
        const result = await adapter.connect({ connectorId, network })
        if (attempts.get(ns) !== attempt) return
        session.applyConnected(ns, connectorId, result)
      } catch (error) {
        if (attempts.get(ns) !== attempt) return
        update(ns, { account: previous.status === 'connected' ? previous : {} }, true)
        if (previous.status === 'connected' && previous.balanceStatus === 'loading') void refreshBalance(ns)
        events.emit('connect:error', { namespace: ns, connectorId, error, rejected: isUserRejection(error) })
        throw isUserRejection(error) ? new VestibuleError('USER_REJECTED', ErrorText.connectionDeclined, error) : error
      } finally {
        if (attempts.get(ns) === attempt) setLoading(ns, false)
      }
    },
    markConnecting(namespace: ChainNamespace, connectorId: string) {
      if (!chains.get(namespace) || chainState(namespace).accountState.status !== 'disconnected') return
      attempts.set(namespace, (attempts.get(namespace) ?? 0) + 1)
      update(namespace, { account: { status: 'connecting', connectorId } }, true)
      showConnecting(namespace)
      events.emit('connect:start', { namespace, connectorId })
    },
    cancelConnect(namespace: ChainNamespace) {
      if (chainState(namespace).accountState.status !== 'connecting') return
      attempts.set(namespace, (attempts.get(namespace) ?? 0) + 1)
      update(namespace, {}, true)
      setLoading(namespace, false)
    },
    async reconnect() {
      const namespaces = readStringList(storage, StorageKeys.connectedNamespaces, NAMESPACE_PATTERN).filter((n) => chains.get(n))
      const activeStored = readString(storage, StorageKeys.activeNamespace, NAMESPACE_PATTERN)
      // Nothing to restore: storage is left as it is (another tab may be writing its session there).
      if (namespaces.length === 0) return
      await Promise.all(
        namespaces.map(async (ns) => {
          const connectorId = readString(storage, StorageKeys.connectorId(ns))
          const network = networks.networkFor(ns)
          if (!connectorId || !network || chainState(ns).accountState.status !== 'disconnected') return
          const attempt = (attempts.get(ns) ?? 0) + 1
          attempts.set(ns, attempt)
          try {
            const result = await adapterOf(ns).reconnect({ connectorId, network })
            if (attempts.get(ns) !== attempt) return
            if (result) session.applyConnected(ns, connectorId, result)
            else storage.remove(StorageKeys.connectorId(ns))
          } catch (error) {
            events.emit('error', { source: 'reconnect', error })
          }
        }),
      )
      // Only a namespace a registered chain plugin serves is taken back from storage.
      if (typeof activeStored === 'string' && chains.get(activeStored) && chainState(activeStored).accountState.status === 'connected')
        state.$activeNamespace.set(activeStored)
      networks.persistConnected()
    },
    async disconnect(namespace?: ChainNamespace) {
      // A session that spans namespaces ends in all of them together.
      const chainsNow = state.$chains.get()
      const targets = namespace
        ? endingTogether(chainsNow, namespace)
        : Object.values(chainsNow)
            .filter((c) => c.accountState.status !== 'disconnected')
            .map((c) => c.namespace)
      const failures: unknown[] = []
      for (const ns of targets) {
        try {
          await adapterOf(ns).disconnect()
        } catch (error) {
          failures.push(error)
          events.emit('disconnect:error', { namespace: ns, error })
        }
        // The local session ends even when the wallet could not be told: a stuck "connected" is worse.
        session.resetNamespace(ns, targets)
      }
      if (failures.length) throw new VestibuleError('WALLET_ERROR', ErrorText.failedToDisconnect, failures[0])
    },
  }
}
