import { VestibuleError, definePlugin, registerChainNamespace, registerOptionOwners, type Plugin } from 'vestibule/kernel'
import { checkNetworks } from 'vestibule/utils'
import { cleanName, safeId, safeImageUrl, safeRdns } from 'vestibule/utils'
import { createEip155Adapter, sessionCode } from './adapter.js'
import { defineNetwork, type Eip155Network, type Eip155NetworkInput } from './networks.js'

declare module 'vestibule/kernel' {
  interface ChainNamespaces {
    eip155: true
  }
  interface ModalOptions {
    /** EIP-6963 wallet discovery (default on): `false` lists only the injected wallet. */
    enableEIP6963?: boolean
  }
}
// Loading this entry makes its family known to the CAIP address utilities (parseCaipAddress, isCaipAddress).
registerChainNamespace('eip155')
registerOptionOwners({ enableEIP6963: 'eip155() from vestibule/chains/eip155' })

const isBoolean = (value: unknown) => (typeof value === 'boolean' ? undefined : 'must be a boolean')

export { isAddress } from './address.js'
export { isChecksumAddress, chainIdToCoinType } from './utilities.js'
export { defineNetwork, mainnet, arbitrum, base, optimism, polygon, sepolia, localhost } from './networks.js'
export type { Eip155Network, Eip155NetworkInput } from './networks.js'
export type { Eip1193Provider, Eip6963ProviderInfo } from './discovery.js'
import type { Eip1193Provider } from './discovery.js'

/** A wallet the host brings itself (an SDK's EIP-1193 provider): listed in the Connect view's `external` section. */
export interface Eip155ExternalWallet {
  /** Unique among this plugin's wallets: letters, digits and `.:@+/-_`. */
  id: string
  name: string
  imageUrl?: string
  rdns?: string
  provider: Eip1193Provider
}

export interface Eip155Options {
  /** Networks the app works with, first one the default. viem `Chain` objects are accepted. */
  networks: readonly (Eip155Network | Eip155NetworkInput)[]
  /** Wallets the host brings (EXTERNAL connectors), connected like announced ones. */
  connectors?: readonly Eip155ExternalWallet[]
}

/**
 * The host's wallets as connectors, checked: an entry without a usable id, name or provider is an error naming
 * it; an image that is not https, loopback http or a data:image is dropped (the wallet's initials show).
 */
function externalWallets(input: unknown) {
  if (input === undefined) return []
  const ids = new Set<string>()
  return (Array.isArray(input) ? input : [0]).map((entry: Partial<Eip155ExternalWallet> | undefined, i) => {
    const id = safeId(entry?.id)
    const name = cleanName(entry?.name)
    if (!id || !name || ids.has(id) || typeof entry?.provider?.request !== 'function') {
      throw new VestibuleError(
        'INVALID_OPTIONS',
        `eip155({ connectors }): entry ${i} needs a unique id (letters, digits, .:@+/-_), a name and an EIP-1193 provider`,
      )
    }
    ids.add(id)
    const connector = {
      id,
      name,
      type: 'EXTERNAL' as const,
      installed: false,
      imageUrl: safeImageUrl(entry.imageUrl),
      rdns: safeRdns(entry.rdns),
    }
    return { connector, provider: entry.provider }
  })
}

function normalize(input: Eip155Network | Eip155NetworkInput): Eip155Network {
  if (!Number.isSafeInteger(input.id) || input.id <= 0) throw new Error(`has an invalid chain id ${JSON.stringify(input.id)}`)
  const network = 'caipNetworkId' in input ? input : defineNetwork(input)
  if (network.caipNetworkId !== `eip155:${input.id}`)
    throw new Error(`has caipNetworkId ${network.caipNetworkId}, expected eip155:${input.id}`)
  return network
}

/** The EVM chain plugin: EIP-6963 and injected wallets, balances, signing and network switching. */
export function eip155(options: Eip155Options): Plugin<{ networks: readonly Eip155Network[] }> {
  return definePlugin({
    name: 'eip155',
    order: 'pre',
    options: { enableEIP6963: { check: isBoolean, default: true } },
    setup(ctx) {
      const networks = checkNetworks('eip155', 'eip155({ networks: [mainnet] })', options?.networks, normalize)
      const external = externalWallets(options?.connectors)
      const adapter = createEip155Adapter({ networks, eip6963: ctx.options.enableEIP6963 })
      ctx.chains.register(adapter)
      // Restoring and connecting start in the session module: fetched ahead with the rest of the first open.
      ctx.onPreload(sessionCode)
      for (const { connector, provider } of external) adapter.addConnector!({ ...connector, namespace: 'eip155' }, provider)
      // A destroyed modal must not keep reacting to (and being kept alive by) the wallet's events.
      ctx.onDestroy(() => adapter.destroy())
      return { networks }
    },
  })
}
