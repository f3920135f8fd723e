// The provider API as its own process, so a test can kill it as a crash would and start it again on the same port:
// `node sandbox/provider-api/process.mjs <port>` reads a `snapshot()` of the sandbox's API (JSON) on stdin, serves
// the same, and prints `{"port":…}` once it listens.
import { text } from 'node:stream/consumers'
import { startProviderApi } from './server.mjs'

const snapshot = JSON.parse(await text(process.stdin))
const api = await startProviderApi({ port: Number(process.argv[2] ?? 0), rpcUrls: {} })
api.restore(snapshot)
process.stdout.write(`${JSON.stringify({ port: Number(new URL(api.url).port) })}\n`)
const quit = () => void api.stop().finally(() => process.exit(0))
process.on('SIGTERM', quit)
process.on('SIGINT', quit)
// The test that started it went away: so does the API.
process.on('disconnect', quit)
