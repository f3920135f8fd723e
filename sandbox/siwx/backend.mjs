// The sandbox's sign-in backend: vestibule/server itself (compiled from the sources, see load.mjs), served by the
// demo app's own server under /siwx/ (same origin, so its session cookie needs no cross-site rules), with a memory
// store and switches for the tests around it.
//   GET  /siwx/nonce                     → { nonce }
//   POST /siwx/verify { message, signature } → { address, chainId, expirationTime } and a session cookie, or 4xx { error, reasons }
//   GET  /siwx/sessions[?chainId&address] → { sessions } of this cookie
//   GET  /siwx/me                        → { address, chainId } of this cookie, or 401
//   POST /siwx/revoke { chainId, address }, POST /siwx/signout
import { loadSource } from './load.mjs'

const FAMILY = /^(eip155|solana|polkadot|bip122):/

/**
 * `origins()`: the pages allowed to sign in (read at the first request, once the app's port is known).
 * `rpcUrls`: CAIP-2 id → node URL, for contract accounts. `custom`: CAIP-2 id → the network's `custom` fields a
 * family's verifier reads (bip122: the address `params`). `setMode`: 'up', 'down' (every route 503), 'refuse'
 * (a verified account is refused, 403) or 'hang' (the nonce route takes the request and never answers, a server
 * that died mid-flow). `setNonceFields` adds fields to every nonce answer (a hostile server fixing the URI or the
 * statement).
 * @param {{ origins?: () => string[], rpcUrls?: Record<string, string>, custom?: Record<string, Record<string, unknown>> }} [options]
 */
export function createSiwxBackend({ origins = () => [], rpcUrls = {}, custom = {} } = {}) {
  let mode = 'up'
  const requests = []
  const attempts = []
  let made
  let nonceFields = {}
  /** Responses the 'hang' mode holds open, ended on the next reset or mode. */
  const hung = []

  function make() {
    made ??= loadSource('server/index.ts').then(({ createSiwxServer, memoryStore, toNodeHandler }) => {
      const store = memoryStore()
      const server = createSiwxServer({
        origins: origins(),
        chains: (chainId) => FAMILY.test(chainId),
        rpcUrls,
        custom,
        store,
        // The tests sign in many times a minute from one address.
        rateLimit: false,
        allow: () => mode !== 'refuse',
        onVerify: ({ chainId, address, message, signature }) => attempts.push({ chainId, address, message, signature }),
      })
      // A hostile server's nonce answer: the server's own, with the fields a test fixed on top.
      const handle = async (request) => {
        const response = await server.handle(request)
        if (!Object.keys(nonceFields).length || !new URL(request.url).pathname.endsWith('/nonce') || !response.ok) return response
        const headers = new Headers(response.headers)
        headers.delete('content-length')
        return new Response(JSON.stringify({ ...(await response.json()), ...nonceFields }), { status: response.status, headers })
      }
      return { store, node: toNodeHandler(handle) }
    })
    made.catch(() => (made = undefined))
    return made
  }

  return {
    /** Answers a request under /siwx/; returns false for any other path. */
    handle(req, res) {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      if (!url.pathname.startsWith('/siwx/')) return false
      requests.push(`${req.method} ${url.pathname}`)
      if (mode === 'down') {
        res.writeHead(503, { 'content-type': 'application/json', 'cache-control': 'no-store' })
        res.end(JSON.stringify({ error: 'the sign-in server is down', reasons: ['down'] }))
        return true
      }
      if (mode === 'hang' && url.pathname === '/siwx/nonce') {
        hung.push(res)
        return true
      }
      make().then(
        ({ node }) => node(req, res),
        (error) => {
          res.writeHead(500, { 'content-type': 'application/json' })
          res.end(JSON.stringify({ error: `the sign-in server did not load: ${error?.message ?? error}`, reasons: ['internal'] }))
        },
      )
      return true
    },
    setMode(next) {
      mode = next
      if (next !== 'hang') hung.splice(0).forEach((res) => res.destroy())
    },
    setNonceFields(fields) {
      nonceFields = fields
    },
    /** Requests received, as "METHOD /path". */
    requests,
    /** Each signed message posted to verify: `{ chainId, address, message, signature }`. */
    attempts,
    /** What the memory store holds: `{ nonces, sessions, counters }`. */
    async size() {
      return (await make()).store.size()
    },
    reset() {
      mode = 'up'
      nonceFields = {}
      hung.splice(0).forEach((res) => res.destroy())
      // A fresh store: no nonce or session of an earlier test is left.
      made = undefined
      requests.length = 0
      attempts.length = 0
    },
  }
}
