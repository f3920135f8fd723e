import type { ChainNamespace } from './caip.js'
import type { ChainState } from './state.js'

/**
 * The namespaces disconnecting `namespace` ends: itself, and when its connector holds one session across
 * namespaces (it `endsWithSiblings`: a remote session, an embedded wallet), every other namespace connected on the
 * same connector. A dapp cannot take one namespace out of such a session; views say so before the user confirms.
 */
export function endingTogether(chains: Readonly<Record<string, ChainState>>, namespace: ChainNamespace): ChainNamespace[] {
  const account = chains[namespace]?.accountState
  if (!account?.endsWithSiblings || !account.connectorId) return [namespace]
  const others = Object.values(chains).filter(
    (c) =>
      c.namespace !== namespace &&
      c.accountState.status !== 'disconnected' &&
      c.accountState.endsWithSiblings &&
      c.accountState.connectorId === account.connectorId,
  )
  return [namespace, ...others.map((c) => c.namespace)]
}
