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
  delete(key: string): void
  clear(): void
}

export function createRequestCache<T>({ ttl = Infinity, max = 100, now = Date.now }: RequestCacheOptions = {}): RequestCache<T> {
  const entries = new Map<string, { value: Promise<T>; at?: number }>()
  const drop = (key: string, value: Promise<T>) => entries.get(key)?.value === value && entries.delete(key)
  return {
    get(key, request) {
      const held = entries.get(key)
      const at = held?.at
      // An answer from the future (the clock went back) is as stale as an old one.
      if (held && (at === undefined || (now() - at < ttl && at <= now()))) {
        entries.delete(key)
        entries.set(key, held)
        return held.value
      }
      // The request starts in the caller's task; a throw from it becomes a rejection.
      const entry: { value: Promise<T>; at?: number } = { value: new Promise<T>((resolve) => resolve(request())) }
      entries.delete(key)
      entries.set(key, entry)
      if (entries.size > max) entries.delete(entries.keys().next().value as string)
      entry.value.then(
        () => (entry.at = now()),
        () => drop(key, entry.value),
      )
      return entry.value
    },
    delete: (key) => void entries.delete(key),
    clear: () => entries.clear(),
  }
}
