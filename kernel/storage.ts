/**
 * Namespaced, versioned browser storage. Reads never throw: corrupt JSON is removed and reads as missing,
 * and a missing or blocked `localStorage` (private mode, server, sandboxed frame) falls back to memory.
 * `localStorage` is looked up on first use, never at import time or in `createModal`.
 */
export interface Storage {
  /** The stored JSON value, unchecked: anything on the page can write under our keys. Prefer `read`. */
  get<T>(key: string): T | undefined
  /**
   * The stored value when `check` accepts it, else undefined (and an entry `check` refuses is removed): the read
   * for anything with a shape. `check` is a type guard, so the result is typed by what was checked.
   */
  read<T>(key: string, check: (value: unknown) => value is T): T | undefined
  set(key: string, value: unknown): void
  remove(key: string): void
  /**
   * Cached value when younger than `ttlMs`, else undefined (and the stale entry removed). An entry stamped in the
   * future is stale too: a clock set back, or a hand-edited entry, must not make a value live forever.
   */
  getCached<T>(key: string, ttlMs: number): T | undefined
  setCached(key: string, value: unknown): void
}

export interface StorageOptions {
  /** Prefix for every key; two modals with different prefixes share nothing. */
  prefix?: string
  /** Sub-namespace after the version (a plugin's name): keys become `<prefix>/v1/<scope>/<key>`. */
  scope?: string
  /** Web Storage to use; defaults to `globalThis.localStorage` when reachable. */
  backend?: Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'> & Partial<Pick<globalThis.Storage, 'key' | 'length'>> | null
  now?: () => number
  /** Told once when entries of another storage version were found and removed. */
  warn?: (message: string) => void
}

export const STORAGE_VERSION = 1

function memoryBackend(): Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const map = new Map<string, string>()
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  }
}

function defaultBackend() {
  try {
    const ls = (globalThis as { localStorage?: globalThis.Storage }).localStorage
    if (!ls) return null
    const probe = '@vestibule/probe'
    ls.setItem(probe, '1')
    ls.removeItem(probe)
    return ls
  } catch {
    return null
  }
}

/**
 * Entries written by an older or unknown storage version cannot be trusted to have today's shape: they are
 * removed on first use, with one warning.
 */
function dropOtherVersions(backend: NonNullable<StorageOptions['backend']>, prefix: string, warn: (message: string) => void) {
  if (typeof backend.key !== 'function' || typeof backend.length !== 'number') return
  const current = `${prefix}/v${STORAGE_VERSION}/`
  const stale: string[] = []
  try {
    for (let i = 0; i < backend.length; i++) {
      const key = backend.key(i)
      if (key && key.startsWith(`${prefix}/v`) && /^v\d+\//.test(key.slice(prefix.length + 1)) && !key.startsWith(current)) stale.push(key)
    }
    stale.forEach((key) => backend.removeItem(key))
  } catch {
    return
  }
  if (stale.length) warn(`[vestibule] Removed ${stale.length} stored entr${stale.length === 1 ? 'y' : 'ies'} of another storage version`)
}

/** `get`'s value of `key` when `check` accepts it; a refused entry is removed (a throwing check refuses). */
export function checkedRead<T>(get: (key: string) => unknown, remove: (key: string) => void, key: string, check: (value: unknown) => value is T): T | undefined {
  const value = get(key)
  if (value === undefined) return undefined
  let fine = false
  try {
    fine = check(value)
  } catch {
    fine = false
  }
  if (fine) return value as T
  remove(key)
  return undefined
}

export function createStorage(options: StorageOptions = {}): Storage {
  const prefix = `${options.prefix ?? '@vestibule'}/v${STORAGE_VERSION}/${options.scope ? `${options.scope}/` : ''}`
  const now = options.now ?? Date.now
  let backend: NonNullable<StorageOptions['backend']> | undefined
  const store = () => {
    if (backend) return backend
    backend = (options.backend === undefined ? defaultBackend() : options.backend) ?? memoryBackend()
    if (!options.scope) dropOtherVersions(backend, options.prefix ?? '@vestibule', options.warn ?? ((m) => console.warn(m)))
    return backend
  }

  const read = <T>(key: string): T | undefined => {
    let raw: string | null
    try {
      raw = store().getItem(prefix + key)
    } catch {
      return undefined
    }
    if (raw === null) return undefined
    try {
      return JSON.parse(raw) as T
    } catch {
      try {
        store().removeItem(prefix + key)
      } catch {
        /* a backend that cannot remove keeps reading as missing */
      }
      return undefined
    }
  }
  const write = (key: string, value: unknown) => {
    try {
      store().setItem(prefix + key, JSON.stringify(value))
    } catch {
      // Quota exceeded or storage revoked: the in-memory state stays right, only persistence is lost.
    }
  }
  const remove = (key: string) => {
    try {
      store().removeItem(prefix + key)
    } catch {
      /* see write */
    }
  }
  return {
    get: read,
    read: (key, check) => checkedRead(read, remove, key, check),
    set: write,
    remove,
    getCached<T>(key: string, ttlMs: number) {
      const entry = read<{ at?: unknown; value?: T }>(key)
      if (!entry || typeof entry.at !== 'number') return undefined
      const age = now() - entry.at
      if (!(age >= 0 && age < ttlMs)) {
        remove(key)
        return undefined
      }
      return entry.value
    },
    setCached(key, value) {
      write(key, { at: now(), value })
    },
  }
}
