import type { CaipNetworkId, ChainNamespace } from './caip.js'
import type { CaipNetwork } from './network.js'

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
  /** Removes a requested network; when it was the active one, the first remaining network becomes active. */
  removeNetwork(caipNetworkId: CaipNetworkId): Promise<void>
  /** The network the next connect of `namespace` asks for. */
  networkFor(namespace: ChainNamespace): CaipNetwork | undefined
}
