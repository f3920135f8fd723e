// Loaded with import() on the first name lookup: viem's ENS actions and ENSIP-15 normalization stay out of the
// eager part. Lookups go through the network's universal resolver, on the network's own RPC client.
import type { Address } from 'viem'
import { getEnsAddress, getEnsAvatar, getEnsName, normalize } from 'viem/ens'
import type { CaipNetwork, OnChainNames } from 'vestibule/kernel'
import { client } from './features.js'

/** A name as ENS spells it (ENSIP-15), or undefined when ENS cannot hold it: such a name has no record on chain. */
function normalized(name: string): string | undefined {
  try {
    return normalize(name)
  } catch {
    return undefined
  }
}

/** ENS lookups on `network` through the universal resolver at `resolver`. */
export function ensNames(network: CaipNetwork, resolver: string): OnChainNames {
  const universalResolverAddress = resolver as Address
  return {
    async address(name) {
      const ens = normalized(name)
      return ens ? getEnsAddress(client(network), { name: ens, universalResolverAddress }) : null
    },
    name: (address) => getEnsName(client(network), { address: address as Address, universalResolverAddress }),
    async avatar(name) {
      const ens = normalized(name)
      return ens ? getEnsAvatar(client(network), { name: ens, universalResolverAddress }) : null
    },
  }
}
