import { registerChainNamespace, type Plugin } from 'vestibule/kernel'
import { checkNetworks } from 'vestibule/utils'
import { createSolanaAdapter, sessionCode } from './adapter.js'
import { defineNetwork, type SolanaNetwork, type SolanaNetworkInput } from './networks.js'

declare module 'vestibule/kernel' {
  interface ChainNamespaces {
    solana: true
  }
}
// Loading this entry makes its family known to the CAIP address utilities (parseCaipAddress, isCaipAddress).
registerChainNamespace('solana')

export { isAddress } from './base58.js'
export { defineNetwork, solanaMainnet, solanaDevnet, solanaTestnet } from './networks.js'
export type { SolanaNetwork, SolanaNetworkInput } from './networks.js'

export interface SolanaOptions {
  /** Clusters the app works with, first one the default: `solanaMainnet`, `solanaDevnet`, `solanaTestnet` or `defineNetwork(…)`. */
  networks: readonly (SolanaNetwork | SolanaNetworkInput)[]
}

function normalize(input: SolanaNetwork | SolanaNetworkInput): SolanaNetwork {
  const network = 'caipNetworkId' in input ? input : defineNetwork(input)
  if (network.chainNamespace !== 'solana' || network.caipNetworkId !== `solana:${network.id}`) {
    throw new Error(`is not a Solana network (caipNetworkId ${JSON.stringify(network.caipNetworkId)}); build it with defineNetwork()`)
  }
  return network
}

/** The Solana chain plugin: Wallet Standard wallets, SOL balances, message signing and SOL transfers. */
export function solana(options: SolanaOptions): Plugin<{ networks: readonly SolanaNetwork[] }> {
  return {
    name: 'solana',
    order: 'pre',
    setup(ctx) {
      const networks = checkNetworks('solana', 'solana({ networks: [solanaMainnet] })', options?.networks, normalize)
      const adapter = createSolanaAdapter({ networks })
      ctx.chains.register(adapter)
      // Restoring and connecting start in the session module: fetched ahead with the rest of the first open.
      ctx.onPreload(sessionCode)
      ctx.onDestroy(() => adapter.destroy())
      return { networks }
    },
  }
}
