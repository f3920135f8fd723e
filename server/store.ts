/**
 * Where the sign-in server keeps what must outlive a request: single-use nonces with a time to live, sessions
 * (each kept under the cookie's id, one per account, with its own expiry) and the counters of the rate limit.
 * Every value is text the server wrote; a store only keeps it and lets it expire. A store that cannot answer
 * rejects (any error): the server answers 503 and keeps running.
 */
export interface SiwxServerStore {
  /** Keeps `nonce` with `value` for `ttlMs`. */
  addNonce(nonce: string, value: string, ttlMs: number): Promise<void>
  /** Removes `nonce` and gives its value, in one step (two servers taking the same nonce: one gets it); undefined when unknown or expired. */
  takeNonce(nonce: string): Promise<string | undefined>
  /** Keeps `value` as the session `key` (an account) of the cookie `id`, for `ttlMs`; replaces one of the same key. */
  putSession(id: string, key: string, value: string, ttlMs: number): Promise<void>
  /** The live sessions of the cookie `id`. */
  sessions(id: string): Promise<string[]>
  /** Ends the session `key` of the cookie `id`. */
  removeSession(id: string, key: string): Promise<void>
  /** Ends every session of the cookie `id`. */
  clearSessions(id: string): Promise<void>
  /** Counts one more hit on `key` in the current window of `windowMs`; gives the hits so far in that window. */
  hit(key: string, windowMs: number): Promise<number>
}

interface Timed<T> {
  value: T
  expires: number
}

/** What a memory store holds, for tests and for a host's health page. */
export interface MemoryStoreSize {
  nonces: number
  sessions: number
  counters: number
}

/**
 * Everything in this process's memory: the default, for one server instance (a second instance would not know
 * the first one's nonces and sessions; use `redisStore` there). Expired entries are dropped as they are met and
 * by a sweep at most every `sweepMs` (default 30 s), so the maps do not grow with traffic that has passed.
 */
export function memoryStore(options: { now?: () => number; sweepMs?: number } = {}): SiwxServerStore & { size(): MemoryStoreSize } {
  const now = options.now ?? Date.now
  const sweepMs = options.sweepMs ?? 30_000
  const nonces = new Map<string, Timed<string>>()
  const sessions = new Map<string, Map<string, Timed<string>>>()
  const counters = new Map<string, Timed<number>>()
  let nextSweep = now() + sweepMs

  function sweep(): void {
    const t = now()
    if (t < nextSweep) return
    nextSweep = t + sweepMs
    for (const [key, entry] of nonces) if (entry.expires <= t) nonces.delete(key)
    for (const [key, entry] of counters) if (entry.expires <= t) counters.delete(key)
    for (const [id, list] of sessions) {
      for (const [key, entry] of list) if (entry.expires <= t) list.delete(key)
      if (!list.size) sessions.delete(id)
    }
  }

  return {
    async addNonce(nonce, value, ttlMs) {
      sweep()
      nonces.set(nonce, { value, expires: now() + ttlMs })
    },
    async takeNonce(nonce) {
      const entry = nonces.get(nonce)
      nonces.delete(nonce)
      return entry && entry.expires > now() ? entry.value : undefined
    },
    async putSession(id, key, value, ttlMs) {
      sweep()
      const list = sessions.get(id) ?? new Map<string, Timed<string>>()
      list.set(key, { value, expires: now() + ttlMs })
      sessions.set(id, list)
    },
    async sessions(id) {
      const t = now()
      return [...(sessions.get(id)?.values() ?? [])].filter((entry) => entry.expires > t).map((entry) => entry.value)
    },
    async removeSession(id, key) {
      const list = sessions.get(id)
      list?.delete(key)
      if (list && !list.size) sessions.delete(id)
    },
    async clearSessions(id) {
      sessions.delete(id)
    },
    async hit(key, windowMs) {
      sweep()
      const t = now()
      const entry = counters.get(key)
      if (entry && entry.expires > t) return ++entry.value
      counters.set(key, { value: 1, expires: t + windowMs })
      return 1
    },
    size: () => ({ nonces: nonces.size, sessions: [...sessions.values()].reduce((n, list) => n + list.size, 0), counters: counters.size }),
  }
}

/** A store's own failure (a lost connection, a timeout), told apart from a refusal: the server answers 503. */
export class StoreError extends Error {
  override readonly name = 'StoreError'
  constructor(cause: unknown) {
    super(`the session store failed: ${cause instanceof Error ? cause.message : String(cause)}`)
    this.cause = cause
  }
}

/** `store` with each failure as a StoreError. */
export function guarded(store: SiwxServerStore): SiwxServerStore {
  const wrap =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args)
      } catch (error) {
        throw new StoreError(error)
      }
    }
  return {
    addNonce: wrap(store.addNonce.bind(store)),
    takeNonce: wrap(store.takeNonce.bind(store)),
    putSession: wrap(store.putSession.bind(store)),
    sessions: wrap(store.sessions.bind(store)),
    removeSession: wrap(store.removeSession.bind(store)),
    clearSessions: wrap(store.clearSessions.bind(store)),
    hit: wrap(store.hit.bind(store)),
  }
}
