/**
 * The sign-in server's store in Redis, for hosts that run several instances: a nonce issued by one is taken once
 * by any, a session kept by one is seen by all, and the rate limit counts across them. Commands go through
 * `sendCommand` (the same in node-redis 4 and 5): nonces are keys with PX and GETDEL, sessions a hash per cookie,
 * counters INCR with an expiry set on the first hit.
 *
 * A Redis that is down makes each call reject at once (the client is made with `disableOfflineQueue` and reconnects
 * in the background), so the server answers 503 instead of waiting, and serves again as soon as Redis is back.
 */
import type { SiwxServerStore } from './store.js'

/** What this store needs of a node-redis client (4.x or 5.x). */
export interface RedisCommandClient {
  sendCommand(args: string[]): Promise<unknown>
  readonly isReady?: boolean
  /** node-redis 5: closes the connection at once (then `connect` makes it again). */
  destroy?(): void
  /** node-redis 4: closes the connection (then `connect` makes it again). */
  disconnect?(): Promise<void>
  connect?(): Promise<unknown>
}

export interface RedisStoreOptions {
  /** A connected node-redis client. Make it with `disableOfflineQueue: true`, else calls wait while Redis is away. */
  client?: RedisCommandClient
  /** Or a Redis URL ("redis://127.0.0.1:6379"): the store makes its own client with the `redis` package. */
  url?: string
  /** Put before every key (default "vestibule:siwx:"), so one Redis can serve several apps. */
  prefix?: string
  /** A command that takes longer fails (default 2000 ms). */
  timeoutMs?: number
}

export interface RedisStore extends SiwxServerStore {
  /** Resolves once the store's client is connected (at once for a client given ready). */
  ready(): Promise<void>
  /** Disconnects a client the store made itself. */
  close(): Promise<void>
}

// Extends a hash's expiry to `ttl` when that is later than the one it has (a longer session joining a shorter one).
const PUT_SESSION =
  "redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[3]) then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end return 1"
const HIT = "local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return n"

/**
 * The client package, named through a constant: a host's bundler (Next.js, esbuild, Vite) leaves the import to run
 * time instead of failing the build of a host that passes its own client or never uses Redis.
 */
const REDIS_PACKAGE = 'redis'

class StoreUnavailable extends Error {
  override readonly name = 'StoreUnavailable'
}

export function redisStore(options: RedisStoreOptions): RedisStore {
  const prefix = options.prefix ?? 'vestibule:siwx:'
  const timeoutMs = options.timeoutMs ?? 2000
  let own: { disconnect(): Promise<void>; isReady: boolean } | undefined
  let client: Promise<RedisCommandClient>
  let connected: Promise<void>
  if (options.client) {
    client = Promise.resolve(options.client)
    connected = Promise.resolve()
  } else if (options.url) {
    const made = (
      import(/* webpackIgnore: true */ /* turbopackIgnore: true */ /* @vite-ignore */ REDIS_PACKAGE) as Promise<typeof import('redis')>
    )
      .catch((error: unknown) => {
        throw new Error('redisStore({ url }) needs the "redis" package (node-redis 4 or 5): npm install redis', { cause: error })
      })
      .then(({ createClient }) => {
        const c = createClient({
          url: options.url,
          disableOfflineQueue: true,
          socket: { connectTimeout: 5000, reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 1000) },
        })
        // A lost connection is reported here and retried; each command meanwhile rejects and the server says 503.
        c.on('error', () => {})
        own = c
        return c
      })
    made.catch(() => {})
    connected = made.then((c) => new Promise<void>((resolve) => (c.once('ready', () => resolve()), void c.connect().catch(() => {}))))
    client = made as unknown as Promise<RedisCommandClient>
  } else throw new Error('redisStore needs a `client` (a node-redis client) or a `url`')

  async function timed(c: RedisCommandClient, args: string[]): Promise<unknown> {
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<never>(
      (_, reject) => (timer = setTimeout(() => reject(new StoreUnavailable(`Redis did not answer within ${timeoutMs} ms`)), timeoutMs)),
    )
    try {
      return await Promise.race([c.sendCommand(args), late])
    } finally {
      clearTimeout(timer)
    }
  }

  // A connection that says it is ready but answers neither a command nor a PING within the timeout is dead (a
  // socket reset during node-redis's handshake leaves the client "ready" on a closed socket, for good): it is
  // closed and made again. A merely slow Redis answers the PING and keeps its connection.
  let renewing = false
  async function renewIfDead(c: RedisCommandClient) {
    if (renewing || !c.connect || (!c.destroy && !c.disconnect)) return
    renewing = true
    try {
      const alive = await timed(c, ['PING']).then(
        () => true,
        () => false,
      )
      if (alive || c.isReady === false) return
      if (c.destroy) c.destroy()
      else await c.disconnect!().catch(() => {})
      void c.connect().catch(() => {})
    } catch {
      // The client refused to close or open: the next timed-out command tries again.
    } finally {
      renewing = false
    }
  }

  async function send(args: string[]): Promise<unknown> {
    const c = await client
    if (c.isReady === false) throw new StoreUnavailable('Redis is not connected')
    try {
      return await timed(c, args)
    } catch (error) {
      if (error instanceof StoreUnavailable) void renewIfDead(c)
      throw error
    }
  }
  const text = (reply: unknown) => (reply === null || reply === undefined ? undefined : String(reply))

  return {
    ready: () => connected,
    async close() {
      if (own?.isReady) await own.disconnect().catch(() => {})
      else (own as { destroy?(): void } | undefined)?.destroy?.()
    },
    async addNonce(nonce, value, ttlMs) {
      await send(['SET', `${prefix}nonce:${nonce}`, value, 'PX', String(Math.max(1, Math.ceil(ttlMs)))])
    },
    async takeNonce(nonce) {
      return text(await send(['GETDEL', `${prefix}nonce:${nonce}`]))
    },
    async putSession(id, key, value, ttlMs) {
      await send(['EVAL', PUT_SESSION, '1', `${prefix}session:${id}`, key, value, String(Math.max(1, Math.ceil(ttlMs)))])
    },
    async sessions(id) {
      const reply = await send(['HVALS', `${prefix}session:${id}`])
      return Array.isArray(reply) ? reply.map(String) : []
    },
    async removeSession(id, key) {
      await send(['HDEL', `${prefix}session:${id}`, key])
    },
    async clearSessions(id) {
      await send(['DEL', `${prefix}session:${id}`])
    },
    async hit(key, windowMs) {
      return Number(await send(['EVAL', HIT, '1', `${prefix}rate:${key}`, String(Math.max(1, Math.ceil(windowMs)))]))
    },
  }
}
