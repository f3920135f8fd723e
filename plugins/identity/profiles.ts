/**
 * Identity and names without a UI: the account's name and avatar from `/v1/identity/{address}` and names resolved
 * through `/v1/profile/account/{name}`, each cached 5 min in the plugin's storage (so a reload inside that time asks
 * nothing) and checked again when read back, and the names of an address through `/v1/profile/reverse/{address}`.
 * Names live on EVM networks only; elsewhere there is nothing to look up.
 */
import { HttpError, type CaipNetwork, type PluginContext } from 'vestibule/kernel'
import { nameRefusal, nameRefusedError } from 'vestibule/utils'
import { addressOn, checkIdentity, checkRecord, type AddressCheck, type NameRecord, type Profile } from './checks.js'
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
const identityKey = (address: string) => `identity:${address.toLowerCase()}`

export interface Profiles {
  /** The checked identity of `address` on `network` (the cache's when younger than 5 min); undefined on failure. */
  identity(address: string, network: CaipNetwork): Promise<Profile | undefined>
  /** The identity cached for `address`, if younger than 5 min and still passing the checks. */
  cachedIdentity(address: string): Profile | undefined
  /**
   * The record of `name` (undefined: no such name, or names do not exist on `network`); throws RESOLVE_FAILED, or a
   * "NameRefused" error (nothing asked) for a name that passes for something else.
   */
  record(name: string, network: CaipNetwork): Promise<NameRecord | undefined>
  /** The address `name` stands for on `network`. */
  resolve(name: string, network: CaipNetwork): Promise<string | undefined>
  /** The avatar of `name`, from its record. */
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

export function createProfiles(ctx: IdentityContext, now: () => number = Date.now): Profiles {
  const inflight = new Map<string, Promise<Profile | undefined>>()
  const records = new Map<string, { at: number; record: Promise<NameRecord | undefined> }>()
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

  const cachedIdentity = (address: string) => {
    const kept = ctx.storage.getCached<unknown>(identityKey(address), IdentityTtl.identity)
    if (kept === undefined) return undefined
    const profile = checkIdentity(kept, accepts)
    // An entry that is not an identity's shape is dropped: the next read asks the API.
    if (!profile) ctx.storage.remove(identityKey(address))
    return profile
  }

  async function fetchIdentity(address: string, network: CaipNetwork) {
    try {
      const body = await ctx.blockchainApi.get<unknown>(network.caipNetworkId, `v1/identity/${encodeURIComponent(address)}`, null, { query: { sender: address } })
      // An unsupported network answers nothing (no request was made): nothing to show, nothing to keep.
      if (body === null) return {}
      const profile = checkIdentity(body, accepts)
      if (profile) ctx.storage.setCached(identityKey(address), profile)
      return profile
    } catch {
      return undefined
    }
  }

  async function fetchRecord(name: string, network: CaipNetwork) {
    let body: unknown
    try {
      body = await ctx.blockchainApi.get<unknown>(network.caipNetworkId, `v1/profile/account/${encodeURIComponent(name)}`, null, { query: { apiVersion: 2 } })
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
    const pending = fetchRecord(name, network)
    records.set(key, { at, record: pending })
    pending.then((found) => records.get(key)?.record === pending && stored.write(key, at, found), () => undefined)
    // A failure is not kept: the next lookup asks again.
    pending.catch(() => records.get(key)?.record === pending && records.delete(key))
    return pending
  }

  return {
    cachedIdentity,
    forget(address) {
      ctx.storage.remove(identityKey(address))
      inflight.delete(address.toLowerCase())
      records.clear()
      stored.clear()
    },
    identity(address, network) {
      if (!evm(network) || !EVM_ADDRESS.test(address)) return Promise.resolve({})
      const cached = cachedIdentity(address)
      if (cached) return Promise.resolve(cached)
      const key = address.toLowerCase()
      const running = inflight.get(key)
      if (running) return running
      const pending = fetchIdentity(address, network).finally(() => inflight.delete(key))
      inflight.set(key, pending)
      return pending
    },
    record,
    resolve: async (name, network) => {
      const found = await record(name, network)
      return found && addressOn(found, network)
    },
    avatar: async (name, network) => (await record(name, network))?.avatar,
    async namesOf(address, network) {
      if (!evm(network) || !EVM_ADDRESS.test(address)) return []
      let body: unknown
      try {
        body = await ctx.blockchainApi.get<unknown>(network.caipNetworkId, `v1/profile/reverse/${encodeURIComponent(address)}`, [], { query: { sender: address, apiVersion: 2 } })
      } catch {
        throw new Error(NAMES_FAILED)
      }
      if (!Array.isArray(body)) throw new Error(NAMES_FAILED)
      const claimed = body.slice(0, REVERSE_CHECKED).map((entry) => checkRecord(entry, accepts))
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
