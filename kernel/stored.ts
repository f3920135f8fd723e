import type { Storage } from './storage.js'

// What the browser's storage gives back is as untrusted as anything else on the page: another script, an
// extension or a user can write any JSON under our keys. These readers take only the shape the caller names.

/** Longest stored string a checked read accepts. */
const STRING_MAX = 256

/** The stored value of `key` when it is a string (at most 256 characters) matching `pattern`, else undefined. */
export function readString(storage: Storage, key: string, pattern?: RegExp): string | undefined {
  const value = storage.get<unknown>(key)
  return typeof value === 'string' && value.length <= STRING_MAX && (!pattern || pattern.test(value)) ? value : undefined
}

/** The strings of the stored list under `key` that match `pattern`, at most `max` of them; [] for anything else. */
export function readStringList(storage: Storage, key: string, pattern: RegExp, max = 16): string[] {
  const value = storage.get<unknown>(key)
  if (!Array.isArray(value)) return []
  return value.filter((v): v is string => typeof v === 'string' && v.length <= STRING_MAX && pattern.test(v)).slice(0, max)
}

/**
 * The stored object under `key` as a record of its own keys matching `keys` whose values are strings matching
 * `values`, in an object without a prototype (so "__proto__" or "constructor" can neither be read nor set).
 */
export function readRecord(storage: Storage, key: string, keys: RegExp, values: RegExp): Record<string, string> {
  const value = storage.get<unknown>(key)
  const record = Object.create(null) as Record<string, string>
  if (!value || typeof value !== 'object' || Array.isArray(value)) return record
  for (const [k, v] of Object.entries(value)) {
    if (keys.test(k) && typeof v === 'string' && v.length <= STRING_MAX && values.test(v)) record[k] = v
  }
  return record
}
