// A fault proxy in front of a real JSON-RPC node (anvil) on 127.0.0.1: it passes requests through, or fails them the
// way a node in trouble does. Modes: 'pass' forwards; '500' answers HTTP 500; 'hang' holds every request without an
// answer (released when the mode changes or the proxy closes); 'refuse' stops listening, so connections are refused,
// and listens again on the same port when the mode changes back. CORS preflights are answered in every mode but
// 'refuse' (a browser then sees the fault itself, not a CORS error). Every JSON-RPC method asked is recorded.
import { createServer } from 'node:http'

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'content-type',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
}

/** JSON-RPC method names in a request body (one call or a batch); '?' for a body that is not JSON-RPC. */
function methodsOf(text) {
  try {
    const body = JSON.parse(text)
    return (Array.isArray(body) ? body : [body]).map((call) => (typeof call?.method === 'string' ? call.method : '?'))
  } catch {
    return ['?']
  }
}

/**
 * Starts the proxy in front of `target` (the node's URL).
 *
 * @returns {Promise<{ url: string, mode: string, held: number, requests: { method: string, mode: string, at: number }[], setMode(mode: 'pass' | '500' | 'hang' | 'refuse'): Promise<void>, close(): Promise<void> }>}
 */
export async function startRpcFaultProxy(target) {
  let mode = 'pass'
  /** Requests held in 'hang', answered with a 504 when the mode changes. */
  const held = new Set()
  const requests = []
  const server = createServer(async (req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS)
      return res.end()
    }
    const chunks = []
    for await (const chunk of req) chunks.push(chunk)
    const body = Buffer.concat(chunks)
    const at = Date.now()
    for (const method of methodsOf(body.toString('utf8'))) requests.push({ method, mode, at })
    if (mode === '500') {
      res.writeHead(500, { ...CORS, 'content-type': 'text/plain' })
      return res.end('Internal Server Error')
    }
    if (mode === 'hang') {
      held.add(res)
      res.once('close', () => held.delete(res))
      return
    }
    try {
      const answer = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      res.writeHead(answer.status, { ...CORS, 'content-type': answer.headers.get('content-type') ?? 'application/json' })
      res.end(Buffer.from(await answer.arrayBuffer()))
    } catch (error) {
      res.writeHead(502, { ...CORS, 'content-type': 'text/plain' })
      res.end(`The node did not answer: ${error instanceof Error ? error.message : String(error)}`)
    }
  })
  const listen = (port) =>
    new Promise((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve(server.address().port)
      })
    })
  const port = await listen(0)
  const release = () => {
    for (const res of held) res.destroy()
    held.clear()
  }
  const proxy = {
    url: `http://127.0.0.1:${port}`,
    get mode() {
      return mode
    },
    requests,
    /** Requests held unanswered right now (in 'hang'). */
    get held() {
      return held.size
    },
    async setMode(next) {
      if (next === mode) return
      const was = mode
      mode = next
      release()
      if (next === 'refuse') {
        await new Promise((resolve) => {
          server.close(resolve)
          server.closeAllConnections()
        })
      } else if (was === 'refuse') await listen(port)
    },
    async close() {
      release()
      if (mode === 'refuse') return
      await new Promise((resolve) => {
        server.close(resolve)
        server.closeAllConnections()
      })
    },
  }
  return proxy
}
