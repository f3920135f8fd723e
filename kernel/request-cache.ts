export interface RequestCacheOptions {
  /** How long an answer is kept, in ms from when it arrived (default: until deleted; 0: only while it runs). */
  ttl?: number
  /** The most keys kept; past it the least recently used goes (default 100). */
  max?: number
  now?: () => number
}

/** Answers by key: kept `ttl` ms, one request per key while it runs, a failure never kept. */
export interface RequestCache<T> {
  /** The fresh answer for `key`, else the request for it under way, else `request()`'s (then kept). */
  get(key: string, request: () => Promise<T>): Promise<T>
  /** Keeps `value` as the answer for `key`, arrived now. */
  set(key: string, value: T): void
  delete(key: string): void
  clear(): void
}

interface Entry<T> {
  value: Promise<T>
  /** When the answer arrived; undefined while the request runs. */
  at?: number
}

export function createRequestCache<T>({ ttl = Infinity, max = 100, now = Date.now }: RequestCacheOptions = {}): RequestCache<T> {
  const entries = new Map<string, Entry<T>>()
  /** `entry` becomes the most recently used; past `max` the least recently used goes. */
  const put = (key: string, entry: Entry<T>) => {
    entries.delete(key)
    entries.set(key, entry)
    if (entries.size > max) entries.delete(entries.keys().next().value as string)
    return entry.value
  }
  return {
    get(key, request) {
      const held = entries.get(key)
      const at = held?.at
      // An answer from the future (the clock went back) is as stale as an old one.
      if (held && (at === undefined || (now() - at < ttl && at <= now()))) return put(key, held)
      // The request starts in the caller's task; a throw from it becomes a rejection.
      const entry: Entry<T> = { value: new Promise<T>((resolve) => resolve(request())) }
      entry.value.then(
        () => (entry.at = now()),
        () => entries.get(key) === entry && entries.delete(key),
      )
      return put(key, entry)
    },
    set: (key, value) => void put(key, { value: Promise.resolve(value), at: now() }),
    delete: (key) => void entries.delete(key),
    clear: () => entries.clear(),
  }
}
