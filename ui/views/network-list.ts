import type { CaipNetwork, CaipNetworkId, HttpClient } from '../../kernel/index.js'
import { networkImageUrl } from '../kit/network-image.js'
import type { ChainState } from '../../kernel/state.js'

/** One network of the Networks view. */
export interface NetworkEntry {
  network: CaipNetwork
  namespace: string
  /** The network the active namespace is on. */
  active: boolean
  /** Not approved by the connected WalletConnect session: shown, not choosable. */
  disabled: boolean
  imageUrl?: string
}

/**
 * A network is choosable unless a session narrowed what it may use: when the namespace's
 * `approvedCaipNetworkIds` is set (a WalletConnect session) and the wallet does not support every network,
 * only the approved ones are.
 */
export function isNetworkApproved(caipNetworkId: CaipNetworkId, networkState: ChainState['networkState'] | undefined): boolean {
  const approved = networkState?.approvedCaipNetworkIds
  if (!approved || networkState?.supportsAllNetworks) return true
  return approved.includes(caipNetworkId)
}

/**
 * The requested networks of every namespace (those a namespace's state narrowed with removeNetwork, else the
 * chain plugin's), the active one marked, the unapproved ones disabled.
 */
export function networkEntries(params: {
  adapters: ReadonlyArray<{ namespace: string; networks: readonly CaipNetwork[] }>
  chains: Record<string, ChainState>
  activeCaipNetworkId: CaipNetworkId | undefined
  http?: Pick<HttpClient, 'url'>
}): NetworkEntry[] {
  return params.adapters.flatMap(({ namespace, networks }) => {
    const state = params.chains[namespace]?.networkState
    return (state?.requestedCaipNetworks ?? networks).map((network) => ({
      network,
      namespace,
      active: network.caipNetworkId === params.activeCaipNetworkId,
      disabled: !isNetworkApproved(network.caipNetworkId, state),
      imageUrl: networkImageUrl(network, params.http),
    }))
  })
}
