/**
 * Names a network keeps on chain (its chain plugin's `onChainNames`: ENS through the network's universal resolver),
 * read as this plugin shows them: authoritative for that network, checked like every other answer.
 */
import type { CaipNetwork, OnChainNames, PluginContext } from 'vestibule/kernel'
import { checkAvatar, checkName, EVM_COIN_TYPE, isPlainName, type AddressCheck, type NameRecord, type Profile } from './checks.js'

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const sameAddress = (a: string | null | undefined, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase()

/** The names `network` keeps on chain, where its chain plugin reads them; undefined elsewhere. */
export function onChainNamesOf(ctx: Partial<Pick<PluginContext, 'chains'>>, network: CaipNetwork): OnChainNames | undefined {
  try {
    return ctx.chains?.get(network.chainNamespace)?.features?.onChainNames?.(network)
  } catch {
    return undefined
  }
}

/**
 * `address`'s primary name on chain with the name's avatar: {} when the name is refused or does not resolve back
 * to the address; undefined when the chain holds none or could not be read (the provider API is asked then).
 */
export async function chainIdentity(chain: OnChainNames, address: string, accepts: AddressCheck): Promise<Profile | undefined> {
  const primary = await chain.name(address).catch(() => undefined)
  if (!primary) return undefined
  if (!isPlainName(primary, accepts)) return {}
  const [forward, avatar] = await Promise.all([chain.address(primary).catch(() => undefined), chain.avatar(primary).catch(() => null)])
  if (forward === undefined) return undefined
  if (!sameAddress(forward, address)) return {}
  const image = checkAvatar(avatar)
  return { name: checkName(primary, accepts), ...(image ? { avatar: image } : {}) }
}

/**
 * The record of `name` on chain: its EVM address (coin type 60); undefined when the chain holds no address for it or
 * could not be read. The avatar is not waited for (its image host may be slow): see `chainAvatars`.
 */
export async function chainRecord(chain: OnChainNames, name: string): Promise<NameRecord | undefined> {
  const address = await chain.address(name).catch(() => null)
  if (!address || !EVM_ADDRESS.test(address)) return undefined
  return { name, addresses: { [EVM_COIN_TYPE]: address } }
}

/**
 * Avatars read on chain apart from the records, so a slow image host holds back no address; each kept `ttl` ms
 * under its lookup key: `get` gives the checked avatar (undefined when there is none, it fails or is refused).
 */
export function chainAvatars(ttl: number, now: () => number) {
  const kept = new Map<string, { at: number; avatar: Promise<string | undefined> }>()
  return {
    get(chain: OnChainNames, key: string, name: string): Promise<string | undefined> {
      const held = kept.get(key)
      if (held && now() - held.at < ttl && now() >= held.at) return held.avatar
      const avatar = chain.avatar(name).then(checkAvatar, () => undefined)
      kept.set(key, { at: now(), avatar })
      return avatar
    },
    clear: () => kept.clear(),
  }
}

/** Whether the chain resolves `name` to another address than `address` (a failed read contradicts nothing). */
export async function chainContradicts(chain: OnChainNames, name: string, address: string): Promise<boolean> {
  const forward = await chain.address(name).catch(() => null)
  return forward !== null && !sameAddress(forward, address)
}
