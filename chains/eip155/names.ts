// Loaded with import() on the first name lookup: viem's ENS actions and ENSIP-15 normalization stay out of the
// eager part. Lookups go through the network's universal resolver, on the network's own RPC client; a network
// without one (an L2) reads its names on the network that has one (ENSIP-11, ENSIP-19).
import { getAddress, isAddress, type Address } from 'viem'
import { getEnsAddress, getEnsAvatar, getEnsName, normalize, toCoinType } from 'viem/ens'
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

/** ENSIP-19's default coin type: the address a name holds for every EVM chain without one of its own. */
export const DEFAULT_EVM_COIN_TYPE = 0x80000000n

/**
 * ENS lookups through the universal resolver at `resolver` on `network`. With `l2`, the lookups are for that other
 * network (which has no resolver of its own): a name's address for it is the one under its coin type (ENSIP-11:
 * 0x80000000 | chain id), else under the default EVM coin type (ENSIP-19: viem asks the resolver for exactly the
 * coin type given, so the default is asked next); no address there leaves the name to the provider API. Primary
 * names are not read for an L2 (the provider API answers them).
 */
export function ensNames(network: CaipNetwork, resolver: string, l2?: CaipNetwork): OnChainNames {
  const universalResolverAddress = resolver as Address
  const lookup = (name: string, coinType?: bigint) =>
    getEnsAddress(client(network), { name, universalResolverAddress, ...(coinType === undefined ? {} : { coinType }) })
  return {
    async address(name) {
      const ens = normalized(name)
      if (!ens) return null
      if (!l2) return lookup(ens)
      const found = (await lookup(ens, toCoinType(Number(l2.id)))) ?? (await lookup(ens, DEFAULT_EVM_COIN_TYPE))
      // Under a coin type the resolver keeps raw bytes: an EVM address is 20 of them, anything else is none.
      return found && isAddress(found, { strict: false }) ? getAddress(found) : null
    },
    name: async (address) => (l2 ? null : getEnsName(client(network), { address: address as Address, universalResolverAddress })),
    async avatar(name) {
      const ens = normalized(name)
      return ens ? getEnsAvatar(client(network), { name: ens, universalResolverAddress }) : null
    },
  }
}
