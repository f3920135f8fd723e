import type { CaipNetworkId, ChainNamespace } from './caip.js'
import { createConnectionCore, createNetworkRules, createSessionRules, createSessionState, listenToAdapters, type ConnectionDeps } from './connection-rules.js'
import type { CaipNetwork } from './network.js'
import { createWalletCalls } from './wallet-calls.js'

export { StorageKeys } from './storage-keys.js'
export { AFTER_SEND_REREAD_MS } from './wallet-calls.js'
export type { ConnectionDeps } from './connection-rules.js'

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

/**
 * The connection: the session rules (connect, reconnect, disconnect), the wallet calls (sign, send, switch) and the
 * wallet's own events, over one writer of chain state.
 */
export function createConnection(deps: ConnectionDeps): Connection {
  const core = createConnectionCore(deps)
  // Every namespace starts with its requested networks; removeNetwork() narrows them later.
  for (const adapter of core.chains.list()) core.update(adapter.namespace, {})
  const networks = createNetworkRules(core)
  const session = createSessionState(core, networks)
  listenToAdapters(core, networks, session)
  return { networkFor: networks.networkFor, refreshBalance: core.refreshBalance, ...createSessionRules(core, networks, session), ...createWalletCalls(core, networks) }
}
