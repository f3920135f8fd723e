import type { CaipNetwork, CaipNetworkId } from 'vestibule/kernel'

/** Methods and events proposed for one namespace. */
export interface NamespaceMethods {
  readonly methods: readonly string[]
  readonly events: readonly string[]
}

/**
 * What basic mode (no chain plugin, the host drives the provider) proposes for its default network, Ethereum
 * mainnet: the wallet methods of an EIP-1193 host. A host proposing other networks names theirs in `basicMethods`.
 */
export const BASIC_METHODS: Readonly<Record<string, NamespaceMethods>> = {
  eip155: {
    methods: ['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4', 'wallet_switchEthereumChain', 'wallet_addEthereumChain'],
    events: ['chainChanged', 'accountsChanged'],
  },
}

/** The proposal's namespace entry, as the universal provider takes it. */
export interface ProposalNamespace {
  chains: CaipNetworkId[]
  methods: string[]
  events: string[]
  /** RPC URL per chain reference: the provider sends reads there instead of to the provider's cloud RPC. */
  rpcMap: Record<string, string>
}

/** Ethereum mainnet, proposed in basic mode when the host named no networks. */
const BASIC_DEFAULT: Pick<CaipNetwork, 'caipNetworkId' | 'chainNamespace' | 'rpcUrls'> = {
  caipNetworkId: 'eip155:1',
  chainNamespace: 'eip155',
  rpcUrls: { default: { http: ['https://eth.merkle.io'] } },
}

/**
 * `optionalNamespaces` for `provider.connect` from the chain plugins' networks: one entry per family whose methods
 * are known (each chain plugin's own), chains as CAIP-2 ids, and the `rpcMap` of each network's first RPC URL.
 */
export function buildNamespaces(
  networks: readonly Pick<CaipNetwork, 'caipNetworkId' | 'chainNamespace' | 'rpcUrls'>[],
  known: Readonly<Record<string, NamespaceMethods | undefined>>,
): Record<string, ProposalNamespace> {
  const result: Record<string, ProposalNamespace> = {}
  for (const network of networks) {
    const family = Object.hasOwn(known, network.chainNamespace) ? known[network.chainNamespace] : undefined
    if (!family) continue
    const entry = (result[network.chainNamespace] ??= { chains: [], methods: [...family.methods], events: [...family.events], rpcMap: {} })
    if (entry.chains.includes(network.caipNetworkId)) continue
    entry.chains.push(network.caipNetworkId)
    const reference = network.caipNetworkId.slice(network.chainNamespace.length + 1)
    const url = network.rpcUrls.default.http[0]
    if (url) entry.rpcMap[reference] = url
  }
  return result
}

/** The networks to propose: every chain plugin's, or in basic mode (no chain plugin) the option's or mainnet. */
export function proposedNetworks(adapters: readonly { networks: readonly CaipNetwork[] }[], basic?: readonly CaipNetwork[]) {
  if (adapters.length) return adapters.flatMap((a) => a.networks)
  return basic?.length ? basic : [BASIC_DEFAULT]
}

/** CAIP-2 ids a session approved, per namespace (from its accounts, `namespace:reference:address`). */
export function approvedNetworks(
  namespaces: Record<string, { accounts?: readonly string[]; chains?: readonly string[] }>,
): Record<string, CaipNetworkId[]> {
  const result: Record<string, CaipNetworkId[]> = {}
  for (const [key, value] of Object.entries(namespaces)) {
    const ids = [...(value.chains ?? []), ...(value.accounts ?? []).map((a) => a.split(':').slice(0, 2).join(':'))]
    const namespace = key.split(':')[0]!
    result[namespace] = [...new Set([...(result[namespace] ?? []), ...ids])].filter((id) =>
      id.startsWith(`${namespace}:`),
    ) as CaipNetworkId[]
  }
  return result
}
