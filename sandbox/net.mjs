// Loopback helpers shared by the sandbox's local nodes (anvil, chopsticks, litecoind, litesvm).
import net from 'node:net'

/** A free TCP port on 127.0.0.1 (asked of the OS, then released). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** JSON-RPC 2.0 over HTTP POST (anvil's and chopsticks' HTTP endpoints); a JSON-RPC error throws "method: message". */
export async function rpc(url, method, params = []) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = await response.json()
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}
