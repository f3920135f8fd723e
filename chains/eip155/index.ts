import { networkProblems, type Plugin } from '../../kernel/index.js'
import { createEip155Adapter } from './adapter.js'
import { defineNetwork, type Eip155Network, type Eip155NetworkInput } from './networks.js'

export { isAddress, chainIdToCoinType } from './utilities.js'
export { defineNetwork, mainnet, arbitrum, base, optimism, polygon, sepolia, localhost } from './networks.js'
export type { Eip155Network, Eip155NetworkInput } from './networks.js'
export type { Eip1193Provider, Eip6963ProviderInfo } from './discovery.js'

export interface Eip155Options {
  /** Networks the app works with, first one the default. viem `Chain` objects are accepted. */
  networks: readonly (Eip155Network | Eip155NetworkInput)[]
}

function normalize(input: Eip155Network | Eip155NetworkInput, index: number): Eip155Network {
  const label = `eip155 network #${index + 1}${typeof input?.name === 'string' ? ` ("${input.name}")` : ''}`
  if (!input || typeof input !== 'object') throw new Error(`${label} is not an object`)
  if (!Number.isSafeInteger(input.id) || input.id <= 0) throw new Error(`${label} has an invalid chain id ${JSON.stringify(input.id)}`)
  const network = 'caipNetworkId' in input ? input : defineNetwork(input)
  if (network.caipNetworkId !== `eip155:${input.id}`) throw new Error(`${label} has caipNetworkId ${network.caipNetworkId}, expected eip155:${input.id}`)
  // The kernel routes a network to its adapter by chainNamespace; without it switching fails later, far from here.
  if (network.chainNamespace !== 'eip155') throw new Error(`${label} has chainNamespace ${JSON.stringify(network.chainNamespace)}, expected "eip155"`)
  const problems = networkProblems(network)
  if (problems.length) throw new Error(`${label} ${problems.join(', ')}`)
  return network
}

/** The EVM chain plugin: EIP-6963 and injected wallets, balances, signing and network switching. */
export function eip155(options: Eip155Options): Plugin<{ networks: readonly Eip155Network[] }> {
  return {
    name: 'eip155',
    order: 'pre',
    setup(ctx) {
      if (!options || !Array.isArray(options.networks) || options.networks.length === 0) {
        throw new Error('eip155() needs `networks`: at least one network, e.g. eip155({ networks: [mainnet] })')
      }
      const networks = options.networks.map(normalize)
      const seen = new Set<string>()
      for (const n of networks) {
        if (seen.has(n.caipNetworkId)) throw new Error(`eip155 network ${n.caipNetworkId} is listed twice`)
        seen.add(n.caipNetworkId)
      }
      const adapter = createEip155Adapter({ networks, eip6963: ctx.options.enableEIP6963 })
      ctx.chains.register(adapter)
      // A destroyed modal must not keep reacting to (and being kept alive by) the wallet's events.
      ctx.onDestroy(() => adapter.destroy())
      return { networks }
    },
  }
}
