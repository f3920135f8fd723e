// The loopback relay as its own process, so a test can kill it as an outage would and start it again on the
// same port: `node sandbox/walletconnect/relay-process.mjs [port]` prints `{"port":…}` once it listens.
import { startRelay } from './relay.mjs'

const relay = await startRelay({ port: Number(process.argv[2] ?? 0) })
process.stdout.write(`${JSON.stringify({ port: relay.port })}\n`)
const quit = () => void relay.stop().finally(() => process.exit(0))
process.on('SIGTERM', quit)
process.on('SIGINT', quit)
// The sandbox that started it went away: so does the relay.
process.on('disconnect', quit)
