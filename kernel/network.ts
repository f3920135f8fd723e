import { errorMessage, VestibuleError } from './errors.js'
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
  /**
   * The network's block explorer; `transactionPath` is where it shows a transaction, `{id}` standing for the id
   * (default `/tx/{id}`; Subscan: `/extrinsic/{id}`).
   */
  blockExplorers?: { default: { name: string; url: string; transactionPath?: string } }
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

/**
 * The `networks` option of a chain plugin, checked the same way for every family: at least one network; each one
 * an object that `normalize` turns into a network of `namespace` (throwing a reason for what it cannot); none
 * breaking the kernel's network rules; none listed twice. An error names the plugin, the network's position and
 * name, and the reason: `eip155 network #2 ("Base") has an invalid chain id "x"`; its code is INVALID_OPTIONS, which
 * `createModal` keeps when the check runs in a chain plugin's setup.
 */
export function checkNetworks<N extends CaipNetwork, I>(
  namespace: string,
  example: string,
  inputs: readonly I[] | undefined,
  normalize: (input: I) => N,
): N[] {
  if (!Array.isArray(inputs) || !inputs.length)
    throw new VestibuleError('INVALID_OPTIONS', `${namespace}() needs \`networks\`: at least one network, e.g. ${example}`)
  const seen = new Set<string>()
  return inputs.map((input, index) => {
    const name = (input as { name?: unknown } | null)?.name
    let network: N | undefined
    let problem: string | undefined
    try {
      if (!input || typeof input !== 'object') throw new Error('is not an object')
      network = normalize(input)
      // The kernel routes a network to its adapter by chainNamespace; without it switching fails later, far from here.
      problem =
        network.chainNamespace !== namespace
          ? `has chainNamespace "${network.chainNamespace}", expected "${namespace}"`
          : networkProblems(network).join(', ') ||
            (seen.has(network.caipNetworkId) ? `${network.caipNetworkId} is listed twice` : undefined)
    } catch (error) {
      problem = errorMessage(error)
    }
    if (problem)
      throw new VestibuleError(
        'INVALID_OPTIONS',
        `${namespace} network #${index + 1}${typeof name === 'string' ? ` ("${name}")` : ''} ${problem}`,
      )
    seen.add(network!.caipNetworkId)
    return network!
  })
}
