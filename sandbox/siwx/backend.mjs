// The sandbox's sign-in backend, served by the demo app's own server under /siwx/ (same origin, so its session
// cookie needs no cross-site rules). It issues nonces, verifies signed messages (the message rules of the siwx
// plugin's framework-free module, the signature in verify-signature.mjs) and keeps sessions behind a cookie.
//   GET  /siwx/nonce                     → { nonce }
//   POST /siwx/verify { message, signature } → { address, chainId, expirationTime } and a session cookie, or 4xx { error }
//   GET  /siwx/sessions[?chainId&address] → { sessions } of this cookie
//   GET  /siwx/me                        → { address, chainId } of this cookie, or 401
//   POST /siwx/revoke { chainId, address }, POST /siwx/signout
import { randomBytes } from 'node:crypto'
import { loadSource } from './load.mjs'
import { verifySignature } from './verify-signature.mjs'

const NONCE_TTL_MS = 5 * 60_000
const COOKIE = 'vestibule_siwx'
const alnum = (n) => Array.from(randomBytes(n), (b) => 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'[b % 56]).join('')

async function readJson(req) {
  let size = 0
  const chunks = []
  for await (const chunk of req) {
    size += chunk.length
    if (size > 65_536) throw new Error('body too large')
    chunks.push(chunk)
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}')
}

const cookieOf = (req) => /(?:^|;\s*)vestibule_siwx=([A-Za-z0-9]+)/.exec(req.headers.cookie ?? '')?.[1]

/**
 * `rpcUrls`: CAIP-2 id → node URL, for contract accounts. `custom`: CAIP-2 id → the network's `custom` fields a
 * family's verifier reads (bip122: the address `params`). `mode`: 'up', 'down' (every route 503), 'refuse' (verify 403)
 * or 'hang' (the nonce route takes the request and never answers, a server that died mid-flow). `setNonceFields`
 * adds fields to every nonce answer (a hostile server fixing the URI or the statement). */
export function createSiwxBackend({ rpcUrls = {}, custom = {} } = {}) {
  const nonces = new Map()
  const sessions = new Map()
  let mode = 'up'
  let nonceFields = {}
  /** Responses the 'hang' mode holds open, ended on the next reset or mode. */
  const hung = []
  const requests = []
  const attempts = []
  const messages = loadSource('plugins/siwx/messages.ts')

  async function verify(req, body) {
    const { readSiwxMessage, verifySiwxMessage } = await messages
    if (typeof body?.message !== 'string' || typeof body?.signature !== 'string') return [400, { error: 'message and signature are required' }]
    const { fields } = readSiwxMessage(body.message)
    attempts.push({ chainId: fields.chainId, address: fields.accountAddress, message: body.message, signature: body.signature })
    const host = req.headers.host ?? ''
    const issued = nonces.get(fields.nonce)
    const problems = verifySiwxMessage(body.message, { domain: host, uri: `http://${host}` })
    if (!issued || issued < Date.now()) problems.push({ reason: 'nonce', message: 'the nonce was not issued here or was used already' })
    if (problems.length) return [400, { error: problems.map((p) => p.message).join('; ') }]
    // A nonce is spent by its first use, verified or not.
    nonces.delete(fields.nonce)
    if (mode === 'refuse') return [403, { error: 'sign-in is closed for this account' }]
    const valid = await verifySignature({ chainId: fields.chainId, address: fields.accountAddress, message: body.message, signature: body.signature, rpcUrl: rpcUrls[fields.chainId], custom: custom[fields.chainId] })
    if (valid === undefined) return [501, { error: `this server cannot verify ${fields.chainId.split(':')[0]} signatures` }]
    if (!valid) return [401, { error: 'the signature does not verify for this account' }]
    const id = alnum(24)
    sessions.set(id, [{ data: fields, message: body.message, signature: body.signature }])
    return [200, { address: fields.accountAddress, chainId: fields.chainId, expirationTime: fields.expirationTime ?? null }, `${COOKIE}=${id}; Path=/; HttpOnly; SameSite=Strict`]
  }

  function live(req) {
    const list = sessions.get(cookieOf(req)) ?? []
    return list.filter((s) => !s.data.expirationTime || Date.parse(s.data.expirationTime) > Date.now())
  }

  async function route(req, url) {
    if (mode === 'down') return [503, { error: 'the sign-in server is down' }]
    const path = url.pathname.slice('/siwx/'.length)
    if (req.method === 'GET' && path === 'nonce') {
      const nonce = alnum(16)
      nonces.set(nonce, Date.now() + NONCE_TTL_MS)
      return [200, { ...nonceFields, nonce }]
    }
    if (req.method === 'POST' && path === 'verify') return verify(req, await readJson(req))
    if (req.method === 'GET' && path === 'sessions') {
      const chainId = url.searchParams.get('chainId')
      const address = url.searchParams.get('address')?.toLowerCase()
      return [200, { sessions: live(req).filter((s) => (!chainId || s.data.chainId === chainId) && (!address || s.data.accountAddress.toLowerCase() === address)) }]
    }
    if (req.method === 'GET' && path === 'me') {
      const [session] = live(req)
      return session ? [200, { address: session.data.accountAddress, chainId: session.data.chainId }] : [401, { error: 'not signed in' }]
    }
    if (req.method === 'POST' && (path === 'revoke' || path === 'signout')) {
      const body = await readJson(req)
      const id = cookieOf(req)
      const kept = path === 'revoke' ? (sessions.get(id) ?? []).filter((s) => s.data.chainId !== body.chainId || s.data.accountAddress.toLowerCase() !== String(body.address).toLowerCase()) : []
      if (kept.length) sessions.set(id, kept)
      else sessions.delete(id)
      return [200, { ok: true }]
    }
    return [404, { error: 'not found' }]
  }

  return {
    /** Answers a request under /siwx/; returns false for any other path. */
    handle(req, res) {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      if (!url.pathname.startsWith('/siwx/')) return false
      requests.push(`${req.method} ${url.pathname}`)
      if (mode === 'hang' && url.pathname === '/siwx/nonce') {
        hung.push(res)
        return true
      }
      route(req, url)
        .catch((error) => [400, { error: error instanceof Error ? error.message : String(error) }])
        .then(([status, body, cookie]) => {
          res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...(cookie ? { 'set-cookie': cookie } : {}) })
          res.end(JSON.stringify(body))
        })
      return true
    },
    setMode(next) {
      mode = next
      if (next !== 'hang') hung.splice(0).forEach((res) => res.destroy())
    },
    /** Fields every nonce answer carries besides the nonce (`{ uri: 'https://evil.example/' }`); `{}` for none. */
    setNonceFields(fields) {
      nonceFields = fields
    },
    /** Requests received, as "METHOD /path". */
    requests,
    /** Each signed message posted to verify: `{ chainId, address, message, signature }`. */
    attempts,
    sessions,
    reset() {
      mode = 'up'
      nonceFields = {}
      hung.splice(0).forEach((res) => res.destroy())
      nonces.clear()
      sessions.clear()
      requests.length = 0
      attempts.length = 0
    },
  }
}
