/**
 * Identity and names without a UI, from two sources. Where the network keeps names on chain (its chain plugin's
 * `onChainNames`: ENS through the network's universal resolver), the chain is asked first and its answer is
 * authoritative for that network: a name it resolves is that address, an address's primary name (checked forward:
 * the name must resolve back to the address) is its name, with the name's avatar record. The provider API is the
 * other source: it answers what the chain does not hold (no record there, or the chain could not be read), and a
 * name it gives for an address is dropped when the chain resolves that name to another address. The account's name
 * and avatar come from `/v1/identity/{address}`, names from `/v1/profile/account/{name}`, each cached 5 min in the
 * plugin's storage (so a reload inside that time asks nothing) and checked again when read back, and the names of an
 * address from `/v1/profile/reverse/{address}` with the chain's primary name. Names live on EVM networks only;
 * elsewhere there is nothing to look up.
 */
import { HttpError, type CaipNetwork, type PluginContext } from 'vestibule/kernel'
import { nameRefusal, nameRefusedError } from 'vestibule/utils'
import { addressOn, checkIdentity, checkRecord, isPlainName, type AddressCheck, type NameRecord, type Profile } from './checks.js'
import { chainAvatars, chainContradicts, chainIdentity, chainRecord, onChainNamesOf } from './chain-names.js'
import { createNameCache, IdentityTtl, nameKey } from './name-cache.js'

/** `chains`, where given: a name whose label one of its chain plugins accepts as an address is refused. */
export type IdentityContext = Pick<PluginContext, 'blockchainApi' | 'storage'> & Partial<Pick<PluginContext, 'chains'>>

/** Most names of a reverse lookup that are checked (each by its own forward lookup); the rest are left out. */
export const REVERSE_CHECKED = 16

/** "Error resolving name": the profile endpoint failed or answered something that is not a name's record. */
export const RESOLVE_FAILED = 'Error resolving name'
/** "Error fetching names for address": the reverse lookup failed or answered something else than a list. */
export const NAMES_FAILED = 'Error fetching names for address'

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
/** An identity's cache key: per address, and per network where the network keeps names on chain. */
const identityKey = (address: string, network?: CaipNetwork) =>
  `identity:${network ? `${network.caipNetworkId} ` : ''}${address.toLowerCase()}`

export interface Profiles {
  /** The checked identity of `address` on `network` (the cache's when younger than 5 min); undefined on failure. */
  identity(address: string, network: CaipNetwork): Promise<Profile | undefined>
  /** The identity cached for `address` (on `network`, where it keeps names on chain), if younger than 5 min and still passing the checks. */
  cachedIdentity(address: string, network?: CaipNetwork): Profile | undefined
  /**
   * The record of `name` (undefined: no such name, or names do not exist on `network`); throws RESOLVE_FAILED, or a
   * "NameRefused" error (nothing asked) for a name that passes for something else.
   */
  record(name: string, network: CaipNetwork): Promise<NameRecord | undefined>
  /** The address `name` stands for on `network`. */
  resolve(name: string, network: CaipNetwork): Promise<string | undefined>
  /** The avatar of `name`: from its record, or read on chain apart from the record (the address never waits for it). */
  avatar(name: string, network: CaipNetwork): Promise<string | undefined>
  /**
   * The names pointing at `address`: of the reverse lookup's first REVERSE_CHECKED records, those that are readable
   * and whose own forward lookup gives `address` on `network` (a name claiming an address it does not resolve to
   * is left out); throws NAMES_FAILED.
   */
  namesOf(address: string, network: CaipNetwork): Promise<NameRecord[]>
  /** Drops the cached identity of `address` and every cached name lookup (a name was registered just now). */
  forget(address: string): void
}

/** `address`'s identity on `network`: the chain's own names first, else the provider API's; kept in storage. */
async function fetchIdentity(ctx: IdentityContext, accepts: AddressCheck, address: string, network: CaipNetwork) {
  const chain = onChainNamesOf(ctx, network)
  const key = identityKey(address, chain && network)
  const fromChain = chain && (await chainIdentity(chain, address, accepts))
  if (fromChain) {
    ctx.storage.setCached(key, fromChain)
    return fromChain
  }
  try {
    const body = await ctx.blockchainApi.get<unknown>(network.caipNetworkId, `v1/identity/${encodeURIComponent(address)}`, null, {
      query: { sender: address },
    })
    // An unsupported network answers nothing (no request was made): nothing to show, nothing to keep.
    if (body === null) return {}
    let profile = checkIdentity(body, accepts)
    // The chain has the last word on its names: a name it resolves to another address is not this account's.
    const claimed = (body as { name?: unknown }).name
    if (profile?.name && chain && typeof claimed === 'string' && (await chainContradicts(chain, claimed, address))) profile = {}
    if (profile) ctx.storage.setCached(key, profile)
    return profile
  } catch {
    return undefined
  }
}

/** The record of `name` on `network`: the chain's own, else the provider API's (checked; a 404 is none). */
async function fetchRecord(ctx: IdentityContext, accepts: AddressCheck, name: string, network: CaipNetwork) {
  const chain = onChainNamesOf(ctx, network)
  const onChainRecord = chain && (await chainRecord(chain, name))
  if (onChainRecord) return onChainRecord
  let body: unknown
  try {
    body = await ctx.blockchainApi.get<unknown>(network.caipNetworkId, `v1/profile/account/${encodeURIComponent(name)}`, null, {
      query: { apiVersion: 2 },
    })
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return undefined
    throw new Error(RESOLVE_FAILED)
  }
  if (body === null) return undefined
  const record = checkRecord(body, accepts)
  // A record of another name than the one asked for is as wrong as a malformed one.
  if (!record || record.name.toLowerCase() !== name.toLowerCase()) throw new Error(RESOLVE_FAILED)
  return record
}

export function createProfiles(ctx: IdentityContext, now: () => number = Date.now): Profiles {
  const inflight = new Map<string, Promise<Profile | undefined>>()
  const records = new Map<string, { at: number; record: Promise<NameRecord | undefined> }>()
  const avatars = chainAvatars(IdentityTtl.names, now)
  const stored = createNameCache(ctx.storage, now)
  const evm = (network: CaipNetwork) => network.chainNamespace === 'eip155'
  const accepts: AddressCheck = (text) =>
    (ctx.chains?.list() ?? []).some((adapter) => {
      try {
        return adapter.isAddress(text)
      } catch {
        return false
      }
    })

  const onChain = (network: CaipNetwork) => onChainNamesOf(ctx, network)
  /** The cache key of `address`'s identity on `network`. */
  const keyOn = (address: string, network?: CaipNetwork) => identityKey(address, network && onChain(network) ? network : undefined)

  const cachedIdentity = (address: string, network?: CaipNetwork) => {
    const key = keyOn(address, network)
    const kept = ctx.storage.getCached<unknown>(key, IdentityTtl.identity)
    if (kept === undefined) return undefined
    const profile = checkIdentity(kept, accepts)
    // An entry that is not an identity's shape is dropped: the next read asks again.
    if (!profile) ctx.storage.remove(key)
    return profile
  }

  const record = (name: string, network: CaipNetwork) => {
    const refused = nameRefusal(name, accepts)
    if (refused) return Promise.reject(nameRefusedError(refused))
    if (!evm(network)) return Promise.resolve(undefined)
    const key = nameKey(network.caipNetworkId, name)
    const held = records.get(key)
    const at = now()
    if (held && at - held.at < IdentityTtl.names && at >= held.at) return held.record
    // A lookup a previous page made (a reload) counts from when it was made.
    const kept = stored.read(key)
    if (kept) {
      const found = Promise.resolve(kept.record ?? undefined)
      records.set(key, { at: kept.at, record: found })
      return found
    }
    const pending = fetchRecord(ctx, accepts, name, network)
    records.set(key, { at, record: pending })
    pending.then(
      (found) => records.get(key)?.record === pending && stored.write(key, at, found),
      () => undefined,
    )
    // A failure is not kept: the next lookup asks again.
    pending.catch(() => records.get(key)?.record === pending && records.delete(key))
    return pending
  }

  return {
    cachedIdentity,
    forget(address) {
      ctx.storage.remove(identityKey(address))
      for (const network of (ctx.chains?.list() ?? []).flatMap((adapter) => adapter.networks))
        ctx.storage.remove(identityKey(address, network))
      for (const key of inflight.keys()) if (key.endsWith(address.toLowerCase())) inflight.delete(key)
      records.clear()
      avatars.clear()
      stored.clear()
    },
    identity(address, network) {
      if (!evm(network) || !EVM_ADDRESS.test(address)) return Promise.resolve({})
      const cached = cachedIdentity(address, network)
      if (cached) return Promise.resolve(cached)
      const key = keyOn(address, network)
      const running = inflight.get(key)
      if (running) return running
      const pending = fetchIdentity(ctx, accepts, address, network).finally(() => inflight.delete(key))
      inflight.set(key, pending)
      return pending
    },
    record,
    resolve: async (name, network) => {
      const found = await record(name, network)
      return found && addressOn(found, network)
    },
    async avatar(name, network) {
      const found = await record(name, network)
      const chain = onChain(network)
      return !found || found.avatar || !chain ? found?.avatar : avatars.get(chain, nameKey(network.caipNetworkId, name), name)
    },
    async namesOf(address, network) {
      if (!evm(network) || !EVM_ADDRESS.test(address)) return []
      const chain = onChain(network)
      // The chain's primary name first, then the provider API's list; each is checked forward below.
      const [primary, body] = await Promise.all([
        chain?.name(address).catch(() => null) ?? null,
        ctx.blockchainApi
          .get<unknown>(network.caipNetworkId, `v1/profile/reverse/${encodeURIComponent(address)}`, [], {
            query: { sender: address, apiVersion: 2 },
          })
          .catch(() => undefined),
      ])
      const fromChain = isPlainName(primary, accepts) ? [{ name: primary, addresses: {} } as NameRecord] : []
      // Without the API's list only a name the chain gave is an answer.
      if (!Array.isArray(body) && !fromChain.length) throw new Error(NAMES_FAILED)
      const listed = Array.isArray(body) ? body.slice(0, REVERSE_CHECKED).map((entry) => checkRecord(entry, accepts)) : []
      const claimed = [...fromChain, ...listed].filter(
        (claim, i, all) => !claim || all.findIndex((c) => c?.name.toLowerCase() === claim.name.toLowerCase()) === i,
      )
      // Reverse, then forward: a name is kept only when looking it up gives this very address.
      const kept = await Promise.all(
        claimed.map(async (claim) => {
          if (!claim) return undefined
          const forward = await record(claim.name, network).catch(() => undefined)
          return forward && addressOn(forward, network)?.toLowerCase() === address.toLowerCase() ? forward : undefined
        }),
      )
      return kept.filter((r): r is NameRecord => r !== undefined)
    },
  }
}
