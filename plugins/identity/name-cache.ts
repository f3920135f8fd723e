/**
 * Name lookups kept in the plugin's storage for 5 min (IdentityTtl.names), so a reload inside that time asks the API
 * nothing. One entry, `names`: `{ [network and name]: { at, record } }`, `record` null for a name nobody holds, at
 * most NAMES_KEPT lookups (the oldest go first). Anything on the page can write there, so every read checks it
 * again: an entry that is not that shape, holds too many lookups, a record the checks refuse or one of another
 * name is dropped, as is one stamped in the future or older than 5 min.
 */
import type { Storage } from 'vestibule/kernel'
import { checkStoredRecord, type NameRecord } from './checks.js'

/** How long a name lookup and an identity answer are kept: 5 min each. */
export const IdentityTtl = { names: 5 * 60_000, identity: 5 * 60_000 } as const

const KEY = 'names'
/** Most lookups kept in storage. */
export const NAMES_KEPT = 32
/** Longest lookup key: a CAIP-2 id, a space, a name of at most 255 characters. */
const KEY_LIMIT = 41 + 1 + 255

interface Stored {
  at: number
  record: NameRecord | null
}

/** The lookup key of `name` on `caipNetworkId`. */
export const nameKey = (caipNetworkId: string, name: string) => `${caipNetworkId} ${name.toLowerCase()}`

export interface NameCache {
  /** The stored lookup of `key` when younger than 5 min: the record, or null for no such name. */
  read(key: string): Stored | undefined
  /** Keeps the lookup of `key` made at `at`. */
  write(key: string, at: number, record: NameRecord | undefined): void
  clear(): void
}

export function createNameCache(storage: Pick<Storage, 'get' | 'set' | 'remove'>, now: () => number): NameCache {
  const fresh = (entry: Stored, at = now()) => at - entry.at >= 0 && at - entry.at < IdentityTtl.names
  /** The checked, fresh lookups; storage is rewritten without the others. */
  const load = (): Map<string, Stored> => {
    const kept = new Map<string, Stored>()
    const raw = storage.get<unknown>(KEY)
    if (raw === undefined) return kept
    const entries = raw && typeof raw === 'object' && !Array.isArray(raw) ? Object.entries(raw as Record<string, unknown>) : []
    if (entries.length <= NAMES_KEPT) {
      for (const [key, value] of entries) {
        const entry = checkEntry(key, value)
        if (entry && fresh(entry)) kept.set(key, entry)
      }
    }
    if (kept.size !== entries.length || entries.length === 0) save(kept)
    return kept
  }
  const save = (entries: Map<string, Stored>) => {
    if (entries.size) storage.set(KEY, Object.fromEntries(entries))
    else storage.remove(KEY)
  }
  return {
    read: (key) => load().get(key),
    write(key, at, record) {
      const entries = load()
      entries.delete(key)
      entries.set(key, { at, record: record ?? null })
      const oldest = [...entries.entries()].sort(([, a], [, b]) => a.at - b.at)
      while (entries.size > NAMES_KEPT) entries.delete(oldest.shift()![0])
      save(entries)
    },
    clear: () => storage.remove(KEY),
  }
}

/** A stored lookup, or undefined when any part of it is not what this cache writes. */
function checkEntry(key: string, value: unknown): Stored | undefined {
  if (key.length > KEY_LIMIT || !value || typeof value !== 'object' || Array.isArray(value)) return undefined
  const { at, record, ...rest } = value as Record<string, unknown>
  if (Object.keys(rest).length || typeof at !== 'number' || !Number.isFinite(at)) return undefined
  if (record === null) return { at, record: null }
  const checked = checkStoredRecord(record)
  // A record of another name than the key's is as wrong as a malformed one.
  if (!checked || key.slice(key.indexOf(' ') + 1) !== checked.name.toLowerCase()) return undefined
  return { at, record: checked }
}
