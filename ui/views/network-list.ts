import type { CaipNetwork, CaipNetworkId, ChainState, HttpClient } from '../../kernel/index.js'

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

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** A network image: the host's https (or loopback http) URL or image data URI, else the provider's asset image. */
export function networkImageUrl(network: CaipNetwork, http?: Pick<HttpClient, 'url'>): string | undefined {
  const url = network.assets?.imageUrl
  if (typeof url === 'string') {
    if (/^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(url)) return url
    try {
      const parsed = new URL(url)
      if (parsed.protocol === 'https:' || (parsed.protocol === 'http:' && LOOPBACK.has(parsed.hostname))) return parsed.href
    } catch {
      /* not a URL: fall through to the image id */
    }
  }
  const id = network.assets?.imageId
  return id && http ? http.url(`/public/getAssetImage/${encodeURIComponent(id)}`) : undefined
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
