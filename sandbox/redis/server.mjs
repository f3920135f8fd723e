// Starts Debian's redis-server on 127.0.0.1 for the sign-in server's Redis store: no persistence (`--save ''`,
// `--appendonly no`), so a stopped server comes back empty, and a port of its own.
import { spawn, spawnSync } from 'node:child_process'
import { freePort } from '../net.mjs'

export const REDIS_BINARY = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server'
export const REDIS_INSTALL_COMMAND = 'apt-get install -y redis-server'

/** Whether redis-server runs here (the check ensure-tools and the tests make). */
export function redisInstalled() {
  const result = spawnSync(REDIS_BINARY, ['--version'], { stdio: 'ignore' })
  return !result.error && result.status === 0
}

/** One redis-server process on `port`; resolves once it accepts connections. */
function spawnRedis(port) {
  const child = spawn(
    REDIS_BINARY,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (child.kill(), reject(new Error(`redis-server did not start within 10 s: ${output}`))), 10_000)
    const read = (chunk) => {
      if (output.length < 20_000) output += chunk
      if (/Ready to accept connections/.test(output)) clearTimeout(timer), resolve(child)
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`redis-server exited (${code}): ${output}`))))
  })
}

/**
 * Starts redis-server on a free port. `stop()` ends it (its data goes with it); `start()` starts it again on the
 * same port, as a Redis coming back after an outage.
 */
export async function startRedis() {
  const port = await freePort()
  let child = await spawnRedis(port)
  const stop = () =>
    new Promise((resolve) => {
      if (!child || child.exitCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGKILL')
    })
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop,
    async start() {
      child = await spawnRedis(port)
    },
  }
}
