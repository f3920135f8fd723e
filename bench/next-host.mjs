// A Next.js (app router) host of the packed package: the app in bench/hosts/next/ is copied into a packed host
// folder, built with `next build` and served by `next start` on 127.0.0.1. `next` itself is the repository's
// (linked into the host), so the host installs nothing more than the package and its peers.
import { spawn, execFile } from 'node:child_process'
import { cpSync, existsSync, symlinkSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { root } from './packed.mjs'

const NEXT_BIN = join(root, 'node_modules/next/dist/bin/next')
const run = promisify(execFile)

/** A free loopback port. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

/**
 * Writes the Next.js app into `hostDir` (a packed host: vestibule and its peers installed) and builds it for
 * production; `env` reaches the build (NEXT_PUBLIC_* values are inlined into the browser code). Resolves with
 * the build's duration in ms.
 */
export async function buildNextHost(hostDir, env = {}) {
  cpSync(join(root, 'bench/hosts/next'), hostDir, { recursive: true })
  const link = join(hostDir, 'node_modules/next')
  if (!existsSync(link)) symlinkSync(join(root, 'node_modules/next'), link, 'dir')
  const started = Date.now()
  await run(process.execPath, [NEXT_BIN, 'build', hostDir], {
    cwd: hostDir,
    env: { ...process.env, ...env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
    maxBuffer: 16 * 1024 * 1024,
    timeout: 600_000,
  })
  return Date.now() - started
}

/**
 * Serves a built Next.js host with `next start` on 127.0.0.1; resolves with its URL and a stop function. The
 * server's environment gets the app's own origin as SIWX_ORIGIN (its sign-in route handlers allow that page).
 */
export async function startNextHost(hostDir) {
  const port = await freePort()
  const child = spawn(process.execPath, [NEXT_BIN, 'start', hostDir, '-H', '127.0.0.1', '-p', String(port)], {
    cwd: hostDir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production', SIWX_ORIGIN: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited (${child.exitCode}): ${output.slice(-2000)}`)
    const ready = await fetch(url).then(
      (r) => r.ok,
      () => false,
    )
    if (ready) break
    if (Date.now() > deadline) throw new Error(`next start did not answer within 60 s: ${output.slice(-2000)}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    url,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
