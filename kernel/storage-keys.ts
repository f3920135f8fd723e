import type { ChainNamespace } from './caip.js'

/** Storage keys of the connection. */
export const StorageKeys = {
  connectedNamespaces: 'connectedNamespaces',
  activeNamespace: 'activeNamespace',
  activeCaipNetworkId: 'activeCaipNetworkId',
  connectionStatus: 'connectionStatus',
  connectorId: (namespace: ChainNamespace) => `connectorId:${namespace}`,
  /** The network each namespace was last on: with several namespaces connected, each comes back on its own. */
  caipNetworkId: (namespace: ChainNamespace) => `caipNetworkId:${namespace}`,
  nativeBalance: (caipAddress: string) => `nativeBalance:${caipAddress}`,
  recentWallets: 'recentWallets',
} as const
