// One instance of a host's sign-in server, as a process of its own: vestibule/server (compiled from the sources)
// with the Redis store at REDIS_URL, on Node's http through toNodeHandler. Prints "listening <port>" once Redis is
// connected and the port bound; SIGTERM closes it.
import { createServer } from 'node:http'
import { loadSource } from '../../sandbox/siwx/load.mjs'

const { createSiwxServer, redisStore, toNodeHandler } = await loadSource('server/index.ts')
const store = redisStore({ url: process.env.REDIS_URL, timeoutMs: 1000 })
await store.ready()
const siwx = createSiwxServer({ origins: [process.env.ORIGIN], chains: JSON.parse(process.env.CHAINS), store, rateLimit: { nonce: 1000, verify: 1000 } })
const server = createServer(toNodeHandler(siwx.handle))
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => console.log(`listening ${server.address().port}`))
process.on('SIGTERM', () => server.close(() => store.close().then(() => process.exit(0))))
