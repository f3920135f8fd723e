import type { CaipNetworkId, ChainNamespace } from './caip.js'
import { CAIP_NETWORK_ID_PATTERN, NAMESPACE_PATTERN, parseCaipNetworkId, toCaipAddress } from './caip.js'
import type { ChainAdapter, ChainRegistry, ConnectResult } from './chains.js'
// From the kernel's entry rather than errors.js: a host bundler then puts the kernel modules the first open and
// the page share into one chunk instead of several.
import { ErrorText, VestibuleError, isUserRejection } from './index.js'
import type { EventBus } from './events.js'
import type { CaipNetwork } from './network.js'
import type { ResolvedOptions } from './options.js'
import { emptyAccount, type AccountState, type ChainState, type KernelState, type NetworkState } from './state.js'
import type { Storage } from './storage.js'
import { readRecord, readString, readStringList } from './stored.js'
import { createBalances } from './balance.js'
import { StorageKeys } from './storage-keys.js'
import type { ConnectorType } from './chains.js'

export { StorageKeys } from './storage-keys.js'

/** Connector types whose one session spans several namespaces: disconnecting one disconnects them all. */
const MULTI_NAMESPACE_TYPES: readonly ConnectorType[] = ['WALLET_CONNECT', 'AUTH', 'MULTI_CHAIN']

/** Connects, disconnects and switches networks across the registered chain adapters. */
export interface Connection {
  connect(connectorId: string, namespace?: ChainNamespace): Promise<void>
  /** Abandons a pending connect: its late answer is ignored and the namespace is disconnected again. */
  cancelConnect(namespace: ChainNamespace): void
  /**
   * A wallet outside the page is being asked (WalletConnect on iPhone Safari or in Telegram, where the page hands
   * over to the wallet app): the namespace counts as connecting until a `connect` completes or `cancelConnect`.
   */
  markConnecting(namespace: ChainNamespace, connectorId: string): void
  reconnect(): Promise<void>
  disconnect(namespace?: ChainNamespace): Promise<void>
  switchNetwork(caipNetworkId: CaipNetworkId): Promise<void>
  signMessage(message: string): Promise<string>
  /**
   * Sends `value` base units of the native token from the active account to `to` through its wallet; resolves with
   * the transaction id. The balance is read again at once, whatever the cache holds.
   */
  sendNative(params: { to: string; value: bigint }): Promise<string>
  /** Loads the native balance; a cached one younger than 30 s is used unless `force`. */
  refreshBalance(namespace?: ChainNamespace, options?: { force?: boolean }): Promise<void>
  /** Sets the account type the user prefers for `namespace` (eoa or smartAccount for auth wallets); stored. */
  setPreferredAccountType(namespace: ChainNamespace, type: string): void
  /** Removes a requested network; when it was the active one, the first remaining network becomes active. */
  removeNetwork(caipNetworkId: CaipNetworkId): Promise<void>
  /** The network the next connect of `namespace` asks for. */
  networkFor(namespace: ChainNamespace): CaipNetwork | undefined
}

export interface ConnectionDeps {
  chains: ChainRegistry
  state: KernelState
  storage: Storage
  events: EventBus
  options: ResolvedOptions
  /** Raises an alert in the modal (a network not found on switch). */
  alert?: (id: string, message: string) => void
}

/** Waits before the reads that follow a send whose first read still showed the balance from before it. */
export const AFTER_SEND_REREAD_MS = [2000, 6000] as const

export function createConnection({ chains, state, storage, events, options, alert }: ConnectionDeps): Connection {
  const attempts = new Map<ChainNamespace, number>()

  const adapterOf = (namespace: ChainNamespace): ChainAdapter => {
    const adapter = chains.get(namespace)
    if (!adapter) throw new VestibuleError('NOT_SUPPORTED', `${ErrorText.chainAdapterNotFound}: ${namespace}`)
    return adapter
  }

  // Own keys only: a namespace read from storage may be "__proto__" or "constructor".
  const chainState = (namespace: ChainNamespace): ChainState =>
    (Object.hasOwn(state.$chains.get(), namespace) ? state.$chains.get()[namespace] : undefined) ?? {
      namespace,
      accountState: emptyAccount(),
      networkState: { requestedCaipNetworks: chains.get(namespace)?.networks ?? [], supportsAllNetworks: false },
    }

  /** Merges `patch` into the namespace's state; `replaceAccount` swaps the whole account (a reset drops address, balance …). */
  const update = (namespace: ChainNamespace, patch: { account?: Partial<AccountState>; network?: Partial<NetworkState> }, replaceAccount = false) => {
    const current = chainState(namespace)
    // A replaced account makes any balance read in flight for the old one stale.
    if (replaceAccount) balances.invalidate(namespace)
    state.$chains.setKey(namespace, {
      namespace,
      accountState: replaceAccount ? { ...emptyAccount(), ...patch.account } : { ...current.accountState, ...patch.account },
      networkState: { ...current.networkState, ...patch.network },
    })
  }

  const balances = createBalances({ storage, events, chainState, adapterOf, setAccount: (namespace, fields) => update(namespace, { account: fields }) })
  const refreshBalance = (namespace = state.$activeNamespace.get(), options?: { force?: boolean }) => (namespace ? balances.refresh(namespace, options) : Promise.resolve())

  /**
   * After a send the balance is read at once; a node may answer that read before it applied the transaction, so
   * while the balance still reads what it was before the send, it is read again 2 s and then 6 s later (the same
   * account on the same network only).
   */
  async function refreshAfterSend(namespace: ChainNamespace, before: bigint | undefined) {
    const at = (s: ChainState) => `${s.accountState.status} ${s.accountState.address} ${s.networkState.caipNetwork?.caipNetworkId}`
    const sent = at(chainState(namespace))
    await refreshBalance(namespace, { force: true })
    for (const wait of AFTER_SEND_REREAD_MS) {
      if (chainState(namespace).accountState.balanceValue !== before || at(chainState(namespace)) !== sent) return
      await new Promise((resolve) => setTimeout(resolve, wait))
      if (at(chainState(namespace)) !== sent) return
      await refreshBalance(namespace, { force: true })
    }
  }

  // Every namespace starts with its requested networks; removeNetwork() narrows them later.
  for (const adapter of chains.list()) update(adapter.namespace, {})

  const requested = (namespace: ChainNamespace) => chainState(namespace).networkState.requestedCaipNetworks

  const findNetwork = (caipNetworkId: CaipNetworkId | undefined) => {
    if (!caipNetworkId) return undefined
    for (const adapter of chains.list()) {
      const network = requested(adapter.namespace).find((n) => n.caipNetworkId === caipNetworkId)
      if (network) return network
    }
    return undefined
  }

  const networkFor = (namespace: ChainNamespace) => {
    const current = state.$chains.get()[namespace]?.networkState.caipNetwork
    if (current) return current
    const networks = requested(namespace)
    const stored = [StorageKeys.caipNetworkId(namespace), StorageKeys.activeCaipNetworkId].map((key) => readString(storage, key, CAIP_NETWORK_ID_PATTERN))
    const preferred = [...stored, options.defaultNetwork].map((id) => networks.find((n) => n.caipNetworkId === id)).find(Boolean)
    return preferred ?? networks[0]
  }

  const setNetwork = (namespace: ChainNamespace, caipNetworkId: CaipNetworkId, origin: 'user' | 'wallet' | 'removal') => {
    const network = requested(namespace).find((n) => n.caipNetworkId === caipNetworkId)
    const account = chainState(namespace).accountState
    update(namespace, {
      network: network ? { caipNetwork: network, unsupportedCaipNetworkId: undefined } : { caipNetwork: undefined, unsupportedCaipNetworkId: caipNetworkId },
      account: account.address ? { caipAddress: toCaipAddress(caipNetworkId, account.address), addressExplorerUrl: explorerUrl(network, account.address) } : {},
    })
    if (network) {
      storage.set(StorageKeys.caipNetworkId(namespace), caipNetworkId)
      // The active network id belongs to the active namespace; another namespace's network must not replace it.
      const active = state.$activeNamespace.get()
      if (!active || active === namespace) storage.set(StorageKeys.activeCaipNetworkId, caipNetworkId)
    }
    events.emit('network:change', { namespace, caipNetworkId, supported: Boolean(network), origin })
  }

  const persistConnected = () => {
    const connected = Object.values(state.$chains.get()).filter((c) => c.accountState.status === 'connected').map((c) => c.namespace)
    storage.set(StorageKeys.connectedNamespaces, connected)
    storage.set(StorageKeys.connectionStatus, connected.length ? 'connected' : 'disconnected')
    const active = state.$activeNamespace.get()
    if (active) storage.set(StorageKeys.activeNamespace, active)
    const activeNetwork = active ? state.$chains.get()[active]?.networkState.caipNetwork : undefined
    if (activeNetwork) storage.set(StorageKeys.activeCaipNetworkId, activeNetwork.caipNetworkId)
  }

  /** The block explorer page of `address` on `network`, when the network has an explorer. */
  const explorerUrl = (network: CaipNetwork | undefined, address: string) => {
    const base = network?.blockExplorers?.default.url
    return base ? `${base.replace(/\/+$/, '')}/address/${address}` : undefined
  }

  const applyConnected = (namespace: ChainNamespace, connectorId: string, result: ConnectResult) => {
    const adapter = adapterOf(namespace)
    const network = requested(namespace).find((n) => n.caipNetworkId === result.caipNetworkId)
    const caipNetworkId = network?.caipNetworkId ?? result.caipNetworkId
    const connector = chains.findConnector(connectorId, namespace)
    const accountType = storedAccountTypes()[namespace] ?? options.defaultAccountTypes?.[namespace] ?? adapter.defaultAccountType
    update(namespace, {
      account: {
        connectedWalletInfo: connector ? { name: connector.name, icon: connector.imageUrl, type: connector.type, rdns: connector.rdns } : undefined,
        addressExplorerUrl: explorerUrl(network, result.address),
        allAccounts: [{ address: result.address, type: accountType }],
        status: 'connected',
        address: result.address,
        caipAddress: toCaipAddress(caipNetworkId, result.address),
        connectorId,
        connectorType: connector?.type,
        preferredAccountType: accountType,
      },
      network: network ? { caipNetwork: network, unsupportedCaipNetworkId: undefined } : { caipNetwork: undefined, unsupportedCaipNetworkId: caipNetworkId },
    })
    state.$activeNamespace.set(namespace)
    storage.set(StorageKeys.connectorId(namespace), connectorId)
    if (network) storage.set(StorageKeys.caipNetworkId(namespace), network.caipNetworkId)
    persistConnected()
    events.emit('connect:success', { namespace, connectorId, address: result.address, caipAddress: toCaipAddress(caipNetworkId, result.address) })
    // A wallet that connects (or comes back) on a network the host did not request is a network change like any
    // other: the kernel shows UnsupportedChain for it.
    if (!network) events.emit('network:change', { namespace, caipNetworkId, supported: false, origin: 'wallet' })
    void refreshBalance(namespace)
  }

  /**
   * Disconnect: the namespace's account and network data go back to their initial state (a requested network it
   * was on stays selected for the next connection), its connector id is forgotten.
   */
  const resetNamespace = (namespace: ChainNamespace) => {
    attempts.set(namespace, (attempts.get(namespace) ?? 0) + 1)
    update(namespace, { network: { unsupportedCaipNetworkId: undefined, approvedCaipNetworkIds: undefined, smartAccountEnabledNetworks: undefined, supportsAllNetworks: false } }, true)
    storage.remove(StorageKeys.connectorId(namespace))
    const stillConnected = Object.values(state.$chains.get()).find((c) => c.accountState.status === 'connected')
    if (state.$activeNamespace.get() === namespace && stillConnected) state.$activeNamespace.set(stillConnected.namespace)
    persistConnected()
    events.emit('disconnect', { namespace })
  }

  for (const adapter of chains.list()) {
    const namespace = adapter.namespace
    adapter.listen({
      accountChanged(address) {
        const account = chainState(namespace).accountState
        if (account.status !== 'connected' || account.address === address) return
        const caipNetworkId = chainState(namespace).networkState.caipNetwork?.caipNetworkId ?? chainState(namespace).networkState.unsupportedCaipNetworkId
        if (!caipNetworkId) return
        const type = chainState(namespace).accountState.preferredAccountType
        update(namespace, { account: { address, caipAddress: toCaipAddress(caipNetworkId, address), addressExplorerUrl: explorerUrl(chainState(namespace).networkState.caipNetwork, address), allAccounts: [{ address, type }] } })
        events.emit('account:change', { namespace, address, caipAddress: toCaipAddress(caipNetworkId, address) })
        balances.refreshSoon(namespace)
      },
      networkChanged(caipNetworkId) {
        const current = chainState(namespace).networkState
        if ((current.caipNetwork?.caipNetworkId ?? current.unsupportedCaipNetworkId) === caipNetworkId) return
        setNetwork(namespace, caipNetworkId, 'wallet')
        // A wallet may send a burst of changes: the balance is read once, for the network it ends on.
        if (chainState(namespace).accountState.status === 'connected') balances.refreshSoon(namespace)
      },
      disconnected() {
        if (chainState(namespace).accountState.status !== 'disconnected') resetNamespace(namespace)
      },
    })
  }

  /** Stored preferred account types by namespace (own keys only). */
  function storedAccountTypes() {
    return readRecord(storage, StorageKeys.preferredAccountTypes, NAMESPACE_PATTERN, /^[A-Za-z]{1,32}$/)
  }

  return {
    networkFor,
    refreshBalance,
    setPreferredAccountType(namespace, type) {
      storage.set(StorageKeys.preferredAccountTypes, { ...storedAccountTypes(), [namespace]: type })
      update(namespace, { account: { preferredAccountType: type } })
      events.emit('account:type', { namespace, type })
    },
    async removeNetwork(caipNetworkId) {
      const network = findNetwork(caipNetworkId)
      if (!network) return
      const ns = network.chainNamespace
      const remaining = requested(ns).filter((n) => n.caipNetworkId !== caipNetworkId)
      update(ns, { network: { requestedCaipNetworks: remaining } })
      if (chainState(ns).networkState.caipNetwork?.caipNetworkId !== caipNetworkId) return
      const next = remaining[0]
      if (!next) {
        update(ns, { network: { caipNetwork: undefined } })
        return
      }
      if (chainState(ns).accountState.status === 'connected') await adapterOf(ns).switchNetwork(next)
      setNetwork(ns, next.caipNetworkId, 'removal')
      void refreshBalance(ns)
    },
    async connect(connectorId, namespace) {
      const connector = chains.findConnector(connectorId, namespace)
      if (!connector) throw new VestibuleError('NOT_SUPPORTED', `Wallet "${connectorId}" is not available in this browser`)
      const ns = connector.namespace
      const adapter = adapterOf(ns)
      const network = networkFor(ns)
      if (!network) throw new VestibuleError('NOT_SUPPORTED', `${ErrorText.caipNetworkUndefined}: no network is configured for ${ns}`)
      const attempt = (attempts.get(ns) ?? 0) + 1
      attempts.set(ns, attempt)
      const previous = chainState(ns).accountState
      update(ns, { account: { status: 'connecting', connectorId } }, true)
      // The snapshot follows the active namespace: make a first connect visible as "connecting".
      const active = state.$activeNamespace.get()
      if (!active || chainState(active).accountState.status !== 'connected') state.$activeNamespace.set(ns)
      state.$modal.setKey('loading', { ...state.$modal.get().loading, [ns]: true })
      events.emit('connect:start', { namespace: ns, connectorId })
      try {
        const result = await adapter.connect({ connectorId, network })
        if (attempts.get(ns) !== attempt) return
        applyConnected(ns, connectorId, result)
      } catch (error) {
        if (attempts.get(ns) !== attempt) return
        update(ns, { account: previous.status === 'connected' ? previous : {} }, true)
        if (previous.status === 'connected' && previous.balanceStatus === 'loading') void refreshBalance(ns)
        events.emit('connect:error', { namespace: ns, connectorId, error, rejected: isUserRejection(error) })
        throw isUserRejection(error) ? new VestibuleError('USER_REJECTED', ErrorText.connectionDeclined, error) : error
      } finally {
        if (attempts.get(ns) === attempt) state.$modal.setKey('loading', { ...state.$modal.get().loading, [ns]: false })
      }
    },
    markConnecting(namespace, connectorId) {
      if (!chains.get(namespace) || chainState(namespace).accountState.status !== 'disconnected') return
      attempts.set(namespace, (attempts.get(namespace) ?? 0) + 1)
      update(namespace, { account: { status: 'connecting', connectorId } }, true)
      const active = state.$activeNamespace.get()
      if (!active || chainState(active).accountState.status !== 'connected') state.$activeNamespace.set(namespace)
      events.emit('connect:start', { namespace, connectorId })
    },
    cancelConnect(namespace) {
      if (chainState(namespace).accountState.status !== 'connecting') return
      attempts.set(namespace, (attempts.get(namespace) ?? 0) + 1)
      update(namespace, {}, true)
      state.$modal.setKey('loading', { ...state.$modal.get().loading, [namespace]: false })
    },
    async reconnect() {
      const namespaces = readStringList(storage, StorageKeys.connectedNamespaces, NAMESPACE_PATTERN).filter((n) => chains.get(n))
      const activeStored = readString(storage, StorageKeys.activeNamespace, NAMESPACE_PATTERN)
      // Nothing to restore: storage is left as it is (another tab may be writing its session there).
      if (namespaces.length === 0) return
      await Promise.all(
        namespaces.map(async (ns) => {
          const connectorId = readString(storage, StorageKeys.connectorId(ns))
          const network = networkFor(ns)
          if (!connectorId || !network || chainState(ns).accountState.status !== 'disconnected') return
          const attempt = (attempts.get(ns) ?? 0) + 1
          attempts.set(ns, attempt)
          try {
            const result = await adapterOf(ns).reconnect({ connectorId, network })
            if (attempts.get(ns) !== attempt) return
            if (result) applyConnected(ns, connectorId, result)
            else storage.remove(StorageKeys.connectorId(ns))
          } catch (error) {
            events.emit('error', { source: 'reconnect', error })
          }
        }),
      )
      // Only a namespace a registered chain plugin serves is taken back from storage.
      if (typeof activeStored === 'string' && chains.get(activeStored) && chainState(activeStored).accountState.status === 'connected') state.$activeNamespace.set(activeStored)
      persistConnected()
    },
    async disconnect(namespace) {
      const active = Object.values(state.$chains.get()).filter((c) => c.accountState.status !== 'disconnected')
      const type = namespace ? chainState(namespace).accountState.connectorType : undefined
      // One WalletConnect or auth session spans namespaces: they all end together.
      const targets = !namespace
        ? active.map((c) => c.namespace)
        : type && MULTI_NAMESPACE_TYPES.includes(type)
          ? [namespace, ...active.filter((c) => c.namespace !== namespace && c.accountState.connectorType === type).map((c) => c.namespace)]
          : [namespace]
      const failures: unknown[] = []
      for (const ns of targets) {
        try {
          await adapterOf(ns).disconnect()
        } catch (error) {
          failures.push(error)
          events.emit('disconnect:error', { namespace: ns, error })
        }
        // The local session ends even when the wallet could not be told: a stuck "connected" is worse.
        resetNamespace(ns)
      }
      if (failures.length) throw new VestibuleError('WALLET_ERROR', ErrorText.failedToDisconnect, failures[0])
    },
    async switchNetwork(caipNetworkId) {
      const network = findNetwork(caipNetworkId)
      if (!network) {
        alert?.('network-not-found', `${ErrorText.networkNotFound}: ${caipNetworkId}`)
        // A well-formed network of a chain family no plugin registers: say which part is missing.
        const namespace = CAIP_NETWORK_ID_PATTERN.test(caipNetworkId) ? parseCaipNetworkId(caipNetworkId).namespace : undefined
        if (namespace && !chains.get(namespace)) throw new VestibuleError('NOT_SUPPORTED', `${ErrorText.adapterNotFound}: no chain plugin for ${caipNetworkId}`)
        throw new VestibuleError('NOT_SUPPORTED', `${ErrorText.networkNotFound}: ${caipNetworkId}`)
      }
      const ns = network.chainNamespace
      const adapter = adapterOf(ns)
      if (chainState(ns).accountState.status === 'connected') await adapter.switchNetwork(network)
      setNetwork(ns, caipNetworkId, 'user')
      if (chainState(ns).accountState.status === 'connected' || !state.$activeNamespace.get()) state.$activeNamespace.set(ns)
      persistConnected()
      void refreshBalance(ns)
    },
    async sendNative({ to, value }) {
      const ns = state.$activeNamespace.get()
      const current = ns ? chainState(ns) : undefined
      const network = current?.networkState.caipNetwork
      if (!ns || !current?.accountState.address || current.accountState.status !== 'connected') throw new VestibuleError('NOT_CONNECTED', 'Connect a wallet before sending')
      if (!network) throw new VestibuleError('NOT_SUPPORTED', ErrorText.chainNotSupported)
      const adapter = adapterOf(ns)
      if (!adapter.sendNative) throw new VestibuleError('NOT_SUPPORTED', `The ${ns} chain plugin cannot send the native token`)
      let id: string
      try {
        id = await adapter.sendNative({ to, value, address: current.accountState.address, network })
      } catch (error) {
        if (isUserRejection(error)) throw new VestibuleError('USER_REJECTED', ErrorText.transactionDeclined, error)
        throw error
      }
      void refreshAfterSend(ns, current.accountState.balanceValue).catch(() => {})
      events.emit('transaction', { namespace: ns, caipNetworkId: network.caipNetworkId, id })
      return id
    },
    async signMessage(message) {
      const ns = state.$activeNamespace.get()
      const current = ns ? chainState(ns) : undefined
      const network = current?.networkState.caipNetwork
      if (!ns || !current?.accountState.address || current.accountState.status !== 'connected') {
        throw new VestibuleError('NOT_CONNECTED', 'Connect a wallet before signing')
      }
      if (!network) throw new VestibuleError('NOT_SUPPORTED', ErrorText.chainNotSupported)
      try {
        return await adapterOf(ns).signMessage({ message, address: current.accountState.address, network })
      } catch (error) {
        if (isUserRejection(error)) throw new VestibuleError('USER_REJECTED', ErrorText.signatureDeclined, error)
        throw error
      }
    },
  }
}
