/**
 * Namespaced, versioned browser storage. Reads never throw: corrupt JSON is removed and reads as missing,
 * and a missing `localStorage` (server) falls back to memory. A `localStorage` that throws (disabled by the
 * browser's settings, a sandboxed frame, quota exceeded) turns the storage to memory for the rest of the page's
 * life, with one warning naming the reason: the modal keeps working, only persistence is lost.
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
  backend?: (Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'> & Partial<Pick<globalThis.Storage, 'key' | 'length'>>) | null
  now?: () => number
  /**
   * Told once when entries of another storage version were found and removed, and once when the backend threw
   * and the storage turned to memory.
   */
  warn?: (message: string) => void
}

export const STORAGE_VERSION = 1

type Backend = NonNullable<StorageOptions['backend']>

function memoryBackend(): Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const map = new Map<string, string>()
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  }
}

/** What a thrown storage error was: its DOMException name (`SecurityError`, `QuotaExceededError` …) and message. */
const reasonOf = (error: unknown) => {
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown }
  return String(message ? (name && name !== 'Error' ? `${name}: ${message}` : message) : error).slice(0, 200)
}

/**
 * `backend` until one of its calls throws, then memory: values written afterwards live in memory (and are read
 * back from there), keys removed afterwards read as missing, and keys not touched since are still read from the
 * backend while it answers (a full storage still reads). `fail` is told of the first throw only.
 */
function fallingBack(backend: Backend, fail: (reason: string) => void): Backend {
  const memory = new Map<string, string | null>()
  let failed = false
  let unreadable = false
  const attempt = <T>(call: () => T, otherwise: T, reading?: boolean): T => {
    try {
      return call()
    } catch (error) {
      if (!failed) fail(reasonOf(error))
      failed = true
      unreadable ||= !!reading
      return otherwise
    }
  }
  return {
    getItem: (key) => (memory.has(key) ? memory.get(key)! : unreadable ? null : attempt(() => backend.getItem(key), null, true)),
    setItem(key, value) {
      if (failed || !attempt(() => (backend.setItem(key, value), true), false)) memory.set(key, value)
    },
    removeItem(key) {
      if (failed) memory.set(key, null)
      if (!unreadable && !attempt(() => (backend.removeItem(key), true), false)) memory.set(key, null)
    },
    get length() {
      return failed ? 0 : attempt(() => backend.length as number, 0)
    },
    key: (index) => (failed ? null : attempt(() => backend.key?.(index) ?? null, null)),
  }
}

/** The page's `localStorage` (its getter throws where storage is disabled), or null where there is none. */
function pageStorage(): Backend | null {
  const holder = globalThis as { localStorage?: globalThis.Storage }
  if (!('localStorage' in holder)) return null
  return holder.localStorage ?? null
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
export function checkedRead<T>(
  get: (key: string) => unknown,
  remove: (key: string) => void,
  key: string,
  check: (value: unknown) => value is T,
): T | undefined {
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
  const warn = options.warn ?? ((m: string) => console.warn(m))
  let backend: Backend | undefined
  const store = () => {
    if (backend) return backend
    const unavailable = (reason: string) =>
      warn(`[vestibule] Browser storage is unavailable (${reason}); the modal keeps its state in memory`)
    let page: Backend | null = null
    if (options.backend === undefined) {
      try {
        page = pageStorage()
      } catch (error) {
        unavailable(reasonOf(error))
        return (backend = memoryBackend())
      }
    }
    const chosen = options.backend === undefined ? page : options.backend
    backend = chosen ? fallingBack(chosen, unavailable) : memoryBackend()
    if (!options.scope) dropOtherVersions(backend, options.prefix ?? '@vestibule', warn)
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
