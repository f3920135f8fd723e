// One instance of a host's sign-in server, as a process of its own: vestibule/server (compiled from the sources)
// on Node's http through toNodeHandler, with the Redis store on its own node-redis client of REDIS_URL (or the memory store without one).
// Prints "listening <port>" once the store is connected and the port bound; SIGTERM closes it. Used by the
// across-instances test and by `npm run bench:server`.
import { createServer } from 'node:http'
import { createClient } from 'redis'
import { loadSource } from '../../sandbox/siwx/load.mjs'

const { createSiwxServer, memoryStore, redisStore, toNodeHandler } = await loadSource('server/index.ts')
// The host's own client, made as docs/server.md says: commands fail at once while Redis is away.
let client
if (process.env.REDIS_URL) {
  client = createClient({
    url: process.env.REDIS_URL,
    disableOfflineQueue: true,
    socket: { reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, 1000) },
  })
  client.on('error', () => {})
  await client.connect()
}
const store = client ? redisStore({ client, timeoutMs: 1000 }) : memoryStore()
// The callers are one test or bench process on one address: the limit is kept (its counters are updated on every
// request) but set past what they send.
const siwx = createSiwxServer({
  origins: [process.env.ORIGIN],
  chains: JSON.parse(process.env.CHAINS),
  store,
  rateLimit: { nonce: 1e9, verify: 1e9 },
})
const server = createServer(toNodeHandler(siwx.handle))
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => console.log(`listening ${server.address().port}`))
process.on('SIGTERM', () => server.close(() => Promise.resolve(client?.disconnect()).then(() => process.exit(0))))
