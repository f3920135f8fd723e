import { registerChainNamespace, type Plugin } from 'vestibule/kernel'
import { checkNetworks } from 'vestibule/utils'
import { createPolkadotAdapter, sessionCode } from './adapter.js'
import { defineNetwork, type PolkadotNetwork, type PolkadotNetworkInput } from './networks.js'

declare module 'vestibule/kernel' {
  interface ChainNamespaces {
    polkadot: true
  }
}
// Loading this entry makes its family known to the CAIP address utilities (parseCaipAddress, isCaipAddress).
registerChainNamespace('polkadot')

export { addressProblem, isAddress } from './adapter.js'
export type { InjectedAccount, InjectedExtension, InjectedSigner, InjectedWeb3Entry, SignerResult } from './adapter.js'
export { defineNetwork, polkadotMainnet, kusama, westend } from './networks.js'
export type { PolkadotNetwork, PolkadotNetworkInput } from './networks.js'
export { decodeAddress } from './ss58.js'

export interface PolkadotOptions {
  /** Networks the app works with, first one the default: built-ins or `defineNetwork(...)` results (or their inputs). */
  networks: readonly (PolkadotNetwork | PolkadotNetworkInput)[]
  /** The name extensions show when asking to connect; defaults to `metadata.name`. */
  appName?: string
}

/** Built-in or `defineNetwork` results are checked by defining them again: the CAIP id follows from the genesis hash. */
function normalize(input: PolkadotNetwork | PolkadotNetworkInput): PolkadotNetwork {
  const custom = (input as PolkadotNetwork | undefined)?.custom
  const network = defineNetwork(custom ? { ...input, ...custom } : (input as PolkadotNetworkInput))
  return custom && (input as PolkadotNetwork).caipNetworkId === network.caipNetworkId ? (input as PolkadotNetwork) : network
}

/** The Polkadot chain plugin: polkadot-js style extensions, balances and transfers through `@polkadot/api` (loaded on first use). */
export function polkadot(options: PolkadotOptions): Plugin<{ networks: readonly PolkadotNetwork[] }> {
  return {
    name: 'polkadot',
    order: 'pre',
    setup(ctx) {
      const networks = checkNetworks('polkadot', 'polkadot({ networks: [polkadotMainnet] })', options?.networks, normalize)
      const adapter = createPolkadotAdapter({ networks, appName: options.appName ?? ctx.options.metadata?.name ?? 'Vestibule' })
      ctx.chains.register(adapter)
      // Restoring and connecting start in the session module: fetched ahead with the rest of the first open.
      ctx.onPreload(sessionCode)
      ctx.onDestroy(() => adapter.destroy())
      return { networks }
    },
  }
}
