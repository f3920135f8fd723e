import { registerChainNamespace, type Plugin } from 'vestibule/kernel'
import { checkNetworks } from 'vestibule/utils'
import { createBip122Adapter, sessionCode } from './adapter.js'
import { paramsProblem, type Bip122Network } from './networks.js'

declare module 'vestibule/kernel' {
  interface ChainNamespaces {
    bip122: true
  }
}
// Loading this entry makes its family known to the CAIP address utilities (parseCaipAddress, isCaipAddress).
registerChainNamespace('bip122')

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
    order: 'pre',
    setup(ctx) {
      const networks = checkNetworks('bip122', 'bip122({ networks: [bitcoin] })', options?.networks, (n: Bip122Network) => {
        const problem = n.chainNamespace === 'bip122' ? paramsProblem(n) : undefined
        if (problem) throw new Error(problem)
        return n
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
