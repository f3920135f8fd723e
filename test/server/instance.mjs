// One instance of a host's sign-in server, as a process of its own: vestibule/server (compiled from the sources)
// on Node's http through toNodeHandler, with the Redis store at REDIS_URL (or the memory store without one).
// Prints "listening <port>" once the store is connected and the port bound; SIGTERM closes it. Used by the
// across-instances test and by `npm run bench:server`.
import { createServer } from 'node:http'
import { loadSource } from '../../sandbox/siwx/load.mjs'

const { createSiwxServer, memoryStore, redisStore, toNodeHandler } = await loadSource('server/index.ts')
const store = process.env.REDIS_URL ? redisStore({ url: process.env.REDIS_URL, timeoutMs: 1000 }) : memoryStore()
await store.ready?.()
// The callers are one test or bench process on one address: the limit is kept (its counters are updated on every
// request) but set past what they send.
const siwx = createSiwxServer({ origins: [process.env.ORIGIN], chains: JSON.parse(process.env.CHAINS), store, rateLimit: { nonce: 1e9, verify: 1e9 } })
const server = createServer(toNodeHandler(siwx.handle))
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => console.log(`listening ${server.address().port}`))
process.on('SIGTERM', () => server.close(() => Promise.resolve(store.close?.()).then(() => process.exit(0))))
