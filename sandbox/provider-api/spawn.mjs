// The provider API in a process of its own, serving what the sandbox's API serves (its `snapshot()`): a crash is
// a real one (`kill()`: SIGKILL, every connection drops, the port refuses connections), and `restart()` starts a
// new process on the same port.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { root } from '../resolve.mjs'

/**
 * @param {object} snapshot the sandbox API's `snapshot()`
 * @param {{ port?: number }} [options] 0 picks a free port
 */
export async function spawnProviderApi(snapshot, { port = 0 } = {}) {
  let child
  const start = async (wanted) => {
    child = spawn(process.execPath, [path.join(root, 'sandbox/provider-api/process.mjs'), String(wanted)], {
      stdio: ['pipe', 'pipe', 'inherit', 'ipc'],
    })
    child.stdin.end(JSON.stringify(snapshot))
    const exited = once(child, 'exit').then(([code]) => {
      throw new Error(`The provider API exited with ${code} before it listened`)
    })
    const lines = createInterface({ input: child.stdout })
    const listening = once(lines, 'line').then(([line]) => JSON.parse(line).port)
    try {
      return await Promise.race([listening, exited])
    } finally {
      lines.close()
      exited.catch(() => undefined)
    }
  }
  const stopped = async (signal) => {
    const current = child
    if (!current || current.exitCode !== null || current.signalCode !== null) return
    const exit = once(current, 'exit')
    current.kill(signal)
    await exit
  }
  const listening = await start(port)
  return {
    url: `http://127.0.0.1:${listening}`,
    port: listening,
    /** The process id of the running API. */
    get pid() {
      return child.pid
    },
    /** Kills the API process, as a crash would: connections drop, and new ones are refused until `restart()`. */
    kill: () => stopped('SIGKILL'),
    /** A new API process on the same port. */
    async restart() {
      await stopped('SIGKILL')
      await start(listening)
    },
    stop: () => stopped('SIGTERM'),
  }
}
