// The store contract, on the memory store and on the Redis store against a real redis-server: single-use nonces
// with a time to live, sessions per cookie with expiry and revocation, rate counters per window; and a Redis that
// goes away makes each call fail at once, then serve again when it is back.
import { type AddressInfo, connect, createServer, type Socket } from 'node:net'
import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memoryStore, redisStore, type RedisStore, type SiwxServerStore } from '../../server/index.js'
import { haveRedis, startRedis } from './redis.js'

let redis: Awaited<ReturnType<typeof startRedis>> | undefined
let store: RedisStore | undefined
beforeAll(async () => {
  if (!haveRedis) return
  redis = await startRedis()
  store = redisStore({ url: redis.url, prefix: `t${Date.now()}:`, timeoutMs: 1000 })
  await store.ready()
})
afterAll(async () => {
  await store?.close()
  await redis?.stop()
})

const stores: Array<[string, () => SiwxServerStore]> = [
  ['memory', () => memoryStore()],
  ['redis', () => store!],
]

describe.each(stores)('the %s store', (name, make) => {
  it.runIf(name === 'memory' || haveRedis)('a nonce is taken once, and not after its time to live', async () => {
    const s = make()
    await s.addNonce(`${name}N1`, 'v1', 60_000)
    const both = await Promise.all([s.takeNonce(`${name}N1`), s.takeNonce(`${name}N1`)])
    expect(both.filter((v) => v === 'v1')).toHaveLength(1)
    await s.addNonce(`${name}N2`, 'v2', 30)
    await expect.poll(() => s.takeNonce(`${name}N2`), { interval: 20 }).toBeUndefined()
  })

  it.runIf(name === 'memory' || haveRedis)('sessions per cookie: kept, replaced per key, removed, cleared', async () => {
    const s = make()
    await s.putSession(`${name}c1`, 'a', 'A1', 60_000)
    await s.putSession(`${name}c1`, 'a', 'A2', 60_000)
    await s.putSession(`${name}c1`, 'b', 'B', 60_000)
    expect((await s.sessions(`${name}c1`)).sort()).toEqual(['A2', 'B'])
    expect(await s.sessions(`${name}c2`)).toEqual([])
    await s.removeSession(`${name}c1`, 'a')
    expect(await s.sessions(`${name}c1`)).toEqual(['B'])
    await s.clearSessions(`${name}c1`)
    expect(await s.sessions(`${name}c1`)).toEqual([])
  })

  it.runIf(name === 'memory' || haveRedis)('counts hits per window, from one again in the next', async () => {
    const s = make()
    const key = `${name}:rate`
    expect([await s.hit(key, 200), await s.hit(key, 200), await s.hit(key, 200)]).toEqual([1, 2, 3])
    await expect.poll(() => s.hit(key, 200), { interval: 50 }).toBe(1)
  })
})

describe.runIf(haveRedis)('the Redis store on a client the host made', () => {
  it('takes a node-redis client as it is', async () => {
    const client = createClient({ url: redis!.url, disableOfflineQueue: true })
    client.on('error', () => {})
    await client.connect()
    const own = redisStore({ client, prefix: 'host:' })
    await own.ready()
    await own.putSession('cookie', 'eip155:1#0xabc', 'S', 60_000)
    expect(await own.sessions('cookie')).toEqual(['S'])
    expect(await client.hGetAll('host:session:cookie')).toEqual({ 'eip155:1#0xabc': 'S' })
    await client.disconnect()
  })
})

describe.runIf(haveRedis)('the Redis store when Redis goes away', () => {
  it('each call rejects at once while it is down, and succeeds again when it is back', async () => {
    const own = redisStore({ url: redis!.url, timeoutMs: 500 })
    await own.ready()
    await own.addNonce('before', 'x', 60_000)
    await redis!.stop()
    const started = Date.now()
    await expect(own.addNonce('during', 'x', 60_000)).rejects.toThrow()
    expect(Date.now() - started).toBeLessThan(1500)
    await redis!.start()
    await expect
      .poll(
        () =>
          own.addNonce('after', 'y', 60_000).then(
            () => true,
            () => false,
          ),
        { timeout: 20_000 },
      )
      .toBe(true)
    expect(await own.takeNonce('after')).toBe('y')
    await own.close()
  })
})

// A TCP proxy in front of the real redis-server that can cut every open connection and reset the next ones the
// moment they send their first command: a Redis restarting under a client that reconnects into the dying process.
async function resettingProxy(port: number) {
  const open = new Set<Socket>()
  let resetNext = 0
  const server = createServer((socket) => {
    if (resetNext > 0) {
      resetNext--
      socket.on('error', () => {})
      socket.once('data', () => socket.resetAndDestroy())
      return
    }
    const upstream = connect(port, '127.0.0.1')
    for (const s of [socket, upstream]) {
      open.add(s)
      s.on('error', () => {})
      s.on('close', () => (open.delete(s), socket.destroy(), upstream.destroy()))
    }
    socket.pipe(upstream).pipe(socket)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Cuts every connection and resets the next `count` on accept. */
    cut(count: number) {
      resetNext = count
      for (const s of open) s.resetAndDestroy()
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        for (const s of open) s.destroy()
      }),
  }
}

describe.runIf(haveRedis)('the Redis store on a connection reset while it is made again', () => {
  // node-redis reports a client ready whose socket was reset during its handshake (it then never answers): the
  // store drops a connection that answers neither a command nor a PING within its timeout, and makes it again.
  it.each([
    ['its own client', (url: string) => redisStore({ url, timeoutMs: 300 })],
    [
      'a client the host made',
      (url: string) => {
        const client = createClient({ url, disableOfflineQueue: true, socket: { reconnectStrategy: () => 50 } })
        client.on('error', () => {})
        void client.connect()
        return redisStore({ client: client as never, timeoutMs: 300 })
      },
    ],
  ])('serves again on %s', async (_, make) => {
    const proxy = await resettingProxy(redis!.port)
    const own = make(proxy.url)
    await expect
      .poll(() =>
        own.addNonce('a', 'x', 60_000).then(
          () => true,
          () => false,
        ),
      )
      .toBe(true)
    proxy.cut(1)
    await expect
      .poll(
        () =>
          own.addNonce('b', 'y', 60_000).then(
            () => true,
            () => false,
          ),
        { timeout: 8000 },
      )
      .toBe(true)
    expect(await own.takeNonce('b')).toBe('y')
    await own.close()
    await proxy.close()
  })
})
