// Starts anvil (the local EVM node shipped in the @foundry-rs/anvil npm package) on 127.0.0.1.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'
import { freePort, rpc } from './net.mjs'

// Re-exported: the eip155 tests and the sandbox server import them with startAnvil.
export { freePort, rpc }

const require = createRequire(import.meta.url)

function anvilBinary() {
  try {
    return path.join(path.dirname(require.resolve('@foundry-rs/anvil-linux-amd64/package.json')), 'bin', 'anvil')
  } catch {
    return undefined
  }
}

/**
 * Starts anvil with `chainId` on `port` and resolves once it answers eth_chainId. With `port` 0 anvil binds a free
 * port itself and says which: no other process can take it between a check and the bind.
 */
export async function startAnvil({ port = 0, chainId = 31337 } = {}) {
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId)]
  const binary = anvilBinary()
  const child = binary
    ? spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(process.execPath, [require.resolve('@foundry-rs/anvil/bin.mjs'), ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (chunk) => (stderr += chunk))
  // Its banner ends with "Listening on 127.0.0.1:<port>"; the rest of its output is read and dropped.
  let stdout = ''
  const listening = new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      if (stdout.length < 100_000) stdout += chunk
      const match = /Listening on 127\.0\.0\.1:(\d+)/.exec(stdout)
      if (match) resolve(Number(match[1]))
    })
    child.once('exit', (code) => reject(new Error(`anvil exited (${code}): ${stderr}`)))
  })
  const deadline = Date.now() + 15_000
  const actualPort = await Promise.race([
    listening,
    new Promise((_, reject) => setTimeout(() => reject(new Error(`anvil did not start within 15 s: ${stderr}`)), 15_000).unref()),
  ]).catch((error) => {
    child.kill()
    throw error
  })
  const url = `http://127.0.0.1:${actualPort}`
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited (${child.exitCode}): ${stderr}`)
    try {
      if (Number.parseInt(await rpc(url, 'eth_chainId'), 16) === chainId) break
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill()
      throw new Error(`anvil did not answer on ${url} within 15 s: ${stderr}`)
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  return {
    url,
    port: actualPort,
    chainId,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill()
      }),
  }
}
