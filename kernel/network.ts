import type { CaipNetworkId, ChainNamespace } from './caip.js'

/**
 * A network the host requested. The shape is a superset of viem's `Chain` so EVM definitions can be
 * passed straight through, plus the CAIP fields every chain family shares.
 */
export interface CaipNetwork {
  /** The chain reference in its natural type: a number for eip155, a genesis hash for solana and bip122. */
  id: number | string
  caipNetworkId: CaipNetworkId
  chainNamespace: ChainNamespace
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: readonly string[]; webSocket?: readonly string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  testnet?: boolean
  assets?: { imageId?: string; imageUrl?: string }
  /** Chain-specific extras (Esplora URL, ss58 prefix, bitcoinjs network …). */
  custom?: Record<string, unknown>
}

/** Checks the fields every network must have; returns the problems found, empty when valid. */
export function networkProblems(network: unknown): string[] {
  const n = network as Partial<CaipNetwork> | null
  if (!n || typeof n !== 'object') return ['is not an object']
  const problems: string[] = []
  if (typeof n.name !== 'string' || !n.name.trim()) problems.push('has no name')
  if (typeof n.caipNetworkId !== 'string' || !/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,64}$/.test(n.caipNetworkId)) {
    problems.push(`has an invalid caipNetworkId (${JSON.stringify(n.caipNetworkId)})`)
  } else if (typeof n.chainNamespace === 'string' && !n.caipNetworkId.startsWith(`${n.chainNamespace}:`)) {
    problems.push(`has caipNetworkId ${n.caipNetworkId} outside its namespace ${n.chainNamespace}`)
  }
  const c = n.nativeCurrency
  if (!c || typeof c.symbol !== 'string' || !c.symbol || !Number.isInteger(c.decimals) || c.decimals < 0 || c.decimals > 36) {
    problems.push('has an invalid nativeCurrency (needs symbol and integer decimals 0–36)')
  }
  const http = n.rpcUrls?.default?.http
  if (!Array.isArray(http) || http.length === 0 || !http.every((u) => typeof u === 'string' && /^(https?|wss?):\/\//.test(u))) {
    problems.push('has no valid rpcUrls.default.http')
  }
  return problems
}

export type RequestedNetworks = Record<ChainNamespace, readonly CaipNetwork[]>
