import type { ChainNamespace } from './caip.js'
import type { ConnectorType } from './chains.js'
import type { ChainState } from './state.js'

/** Connector types whose one session spans several namespaces: disconnecting one disconnects them all. */
const MULTI_NAMESPACE_TYPES: readonly ConnectorType[] = ['WALLET_CONNECT', 'AUTH', 'MULTI_CHAIN']

/**
 * The namespaces disconnecting `namespace` ends: itself, and when its connector holds one session across
 * namespaces (a remote session, an auth session, a multi-chain wallet), every other namespace connected on it.
 * A dapp cannot take one namespace out of such a session; views say so before the user confirms.
 */
export function endingTogether(chains: Readonly<Record<string, ChainState>>, namespace: ChainNamespace): ChainNamespace[] {
  const type = chains[namespace]?.accountState.connectorType
  if (!type || !MULTI_NAMESPACE_TYPES.includes(type)) return [namespace]
  const others = Object.values(chains).filter((c) => c.namespace !== namespace && c.accountState.status !== 'disconnected' && c.accountState.connectorType === type)
  return [namespace, ...others.map((c) => c.namespace)]
}
