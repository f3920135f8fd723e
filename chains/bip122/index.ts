import { networkProblems, type Plugin } from '../../kernel/index.js'
import { createBip122Adapter, sessionCode } from './adapter.js'
import { paramsProblem, type Bip122Network } from './networks.js'

export { isAddress, addressError } from './address.js'
export { defineNetwork, bitcoin, bitcoinTestnet } from './networks.js'
export type { Bip122Network, Bip122NetworkInput, BitcoinParams } from './networks.js'

export interface Bip122Options {
  /** Networks the app works with, first one the default: `bitcoin`, `bitcoinTestnet` or `defineNetwork(…)`. */
  networks: readonly Bip122Network[]
}

/**
 * The Bitcoin chain plugin: Wallet Standard wallets with a `bip122:` (or `bitcoin:`) chain, balances from an
 * Esplora-shaped API, message signing and PSBT sends (bitcoinjs-lib, loaded on the first send).
 */
export function bip122(options: Bip122Options): Plugin<{ networks: readonly Bip122Network[] }> {
  return {
    name: 'bip122',
    setup(ctx) {
      const networks = options?.networks
      if (!Array.isArray(networks) || networks.length === 0) {
        throw new Error('bip122() needs `networks`: at least one network, e.g. bip122({ networks: [bitcoin] })')
      }
      const seen = new Set<string>()
      networks.forEach((n: Bip122Network, i) => {
        const problems = n && typeof n === 'object' ? [...networkProblems(n), n.chainNamespace === 'bip122' ? paramsProblem(n) : 'has chainNamespace other than "bip122"'] : ['is not an object']
        const problem = problems.filter(Boolean).join(', ')
        if (problem || seen.has(n.caipNetworkId)) throw new Error(`bip122 network #${i + 1}${typeof n?.name === 'string' ? ` ("${n.name}")` : ''} ${problem || `${n.caipNetworkId} is listed twice`}`)
        seen.add(n.caipNetworkId)
      })
      const adapter = createBip122Adapter(networks)
      ctx.chains.register(adapter)
      // Restoring and connecting start in the session module: fetched ahead with the rest of the first open.
      ctx.onPreload(sessionCode)
      // A destroyed modal must not keep reacting to (and being kept alive by) the wallet's events.
      ctx.onDestroy(() => adapter.destroy())
      return { networks }
    },
  }
}
