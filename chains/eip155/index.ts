import { type Plugin } from '../../kernel/index.js'
import { checkNetworks } from '../../kernel/utils.js'
import { createEip155Adapter } from './adapter.js'
import { defineNetwork, type Eip155Network, type Eip155NetworkInput } from './networks.js'

export { isAddress } from './adapter.js'
export { isChecksumAddress, chainIdToCoinType } from './utilities.js'
export { defineNetwork, mainnet, arbitrum, base, optimism, polygon, sepolia, localhost } from './networks.js'
export type { Eip155Network, Eip155NetworkInput } from './networks.js'
export type { Eip1193Provider, Eip6963ProviderInfo } from './discovery.js'

export interface Eip155Options {
  /** Networks the app works with, first one the default. viem `Chain` objects are accepted. */
  networks: readonly (Eip155Network | Eip155NetworkInput)[]
}

function normalize(input: Eip155Network | Eip155NetworkInput): Eip155Network {
  if (!Number.isSafeInteger(input.id) || input.id <= 0) throw new Error(`has an invalid chain id ${JSON.stringify(input.id)}`)
  const network = 'caipNetworkId' in input ? input : defineNetwork(input)
  if (network.caipNetworkId !== `eip155:${input.id}`) throw new Error(`has caipNetworkId ${network.caipNetworkId}, expected eip155:${input.id}`)
  return network
}

/** The EVM chain plugin: EIP-6963 and injected wallets, balances, signing and network switching. */
export function eip155(options: Eip155Options): Plugin<{ networks: readonly Eip155Network[] }> {
  return {
    name: 'eip155',
    order: 'pre',
    setup(ctx) {
      const networks = checkNetworks('eip155', 'eip155({ networks: [mainnet] })', options?.networks, normalize)
      const adapter = createEip155Adapter({ networks, eip6963: ctx.options.enableEIP6963 })
      ctx.chains.register(adapter)
      // A destroyed modal must not keep reacting to (and being kept alive by) the wallet's events.
      ctx.onDestroy(() => adapter.destroy())
      return { networks }
    },
  }
}
