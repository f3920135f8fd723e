import type { Connection } from './connection-api.js'
import {
  createConnectionCore,
  createNetworkRules,
  createSessionRules,
  createSessionState,
  listenToAdapters,
  type ConnectionDeps,
} from './connection-rules.js'
import { createWalletCalls } from './wallet-calls.js'

export { StorageKeys } from './storage-keys.js'
export { watchConnected } from './connected-rules.js'
export { createConnectedNavigation } from './connected-navigation.js'
export { syncTabs } from './tab-sync.js'
export { AFTER_SEND_REREAD_MS } from './wallet-calls.js'
export type { ConnectionDeps } from './connection-rules.js'
export type { Connection } from './connection-api.js'

/**
 * The connection: the session rules (connect, reconnect, disconnect), the wallet calls (sign, send, switch) and the
 * wallet's own events, over one writer of chain state.
 */
export function createConnection(deps: ConnectionDeps): Connection & { stop(): void } {
  const core = createConnectionCore(deps)
  // Every namespace starts with its requested networks; removeNetwork() narrows them later.
  for (const adapter of core.chains.list()) core.update(adapter.namespace, {})
  const networks = createNetworkRules(core)
  const session = createSessionState(core, networks)
  listenToAdapters(core, networks, session)
  return {
    networkFor: networks.networkFor,
    refreshBalance: core.refreshBalance,
    ...createSessionRules(core, networks, session),
    ...createWalletCalls(core, networks),
    // The modal is destroyed: nothing it planned runs later (a balance read again after a failure).
    stop: core.balances.stop,
  }
}
