import { networkProblems, type Plugin } from '../../kernel/index.js'
import { createSolanaAdapter, sessionCode } from './adapter.js'
import { defineNetwork, type SolanaNetwork, type SolanaNetworkInput } from './networks.js'

export { isAddress } from './base58.js'
export { defineNetwork, solanaMainnet, solanaDevnet, solanaTestnet } from './networks.js'
export type { SolanaNetwork, SolanaNetworkInput } from './networks.js'

export interface SolanaOptions {
  /** Clusters the app works with, first one the default: `solanaMainnet`, `solanaDevnet`, `solanaTestnet` or `defineNetwork(…)`. */
  networks: readonly (SolanaNetwork | SolanaNetworkInput)[]
}

function normalize(input: SolanaNetwork | SolanaNetworkInput, index: number): SolanaNetwork {
  const label = `solana network #${index + 1}${typeof input?.name === 'string' ? ` ("${input.name}")` : ''}`
  if (!input || typeof input !== 'object') throw new Error(`${label} is not an object`)
  const network = 'caipNetworkId' in input ? input : defineNetwork(input)
  if (network.chainNamespace !== 'solana' || network.caipNetworkId !== `solana:${network.id}`) {
    throw new Error(`${label} is not a Solana network (caipNetworkId ${JSON.stringify(network.caipNetworkId)}); build it with defineNetwork()`)
  }
  const problems = networkProblems(network)
  if (problems.length) throw new Error(`${label} ${problems.join(', ')}`)
  return network
}

/** The Solana chain plugin: Wallet Standard wallets, SOL balances, message signing and SOL transfers. */
export function solana(options: SolanaOptions): Plugin<{ networks: readonly SolanaNetwork[] }> {
  return {
    name: 'solana',
    order: 'pre',
    setup(ctx) {
      if (!options || !Array.isArray(options.networks) || options.networks.length === 0) {
        throw new Error('solana() needs `networks`: at least one network, e.g. solana({ networks: [solanaMainnet] })')
      }
      const networks = options.networks.map(normalize)
      const seen = new Set<string>()
      for (const n of networks) {
        if (seen.has(n.caipNetworkId)) throw new Error(`solana network ${n.caipNetworkId} is listed twice`)
        seen.add(n.caipNetworkId)
      }
      const adapter = createSolanaAdapter({ networks })
      ctx.chains.register(adapter)
      // Restoring and connecting start in the session module: fetched ahead with the rest of the first open.
      ctx.onPreload(sessionCode)
      ctx.onDestroy(() => adapter.destroy())
      return { networks }
    },
  }
}
