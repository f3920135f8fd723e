/**
 * The sign-in server: the routes `hostBackend({ url })` calls, on the Fetch API.
 *   GET  nonce[?chainId&address]        → { nonce }
 *   POST verify { message, signature }   → { address, chainId, expirationTime } and the session cookie
 *   GET  sessions[?chainId&address]      → { sessions } of this cookie
 *   GET  me                              → { address, chainId } of this cookie's latest sign-in, or 401
 *   POST revoke { chainId, address }     → { ok: true }, that account's session of this cookie ended
 *   POST signout                         → { ok: true }, every session of this cookie ended
 * The route is the last segment of the path, so the handler serves under any base path. Every refusal is a 4xx
 * (or 503 when the store is away) JSON `{ error, reasons }`; nothing thrown leaves the handler.
 */
import { json, readJson, Refusal, randomText } from './http.js'
import { checkMessage } from './message.js'
import { settingsOf, type Settings, type SiwxRequestContext, type SiwxServerOptions } from './options.js'
import { checkSignature } from './signature.js'
import { guarded, memoryStore, StoreError, type SiwxServerStore } from './store.js'
import { Sessions, type KeptSession } from './sessions.js'

export interface SiwxServer {
  /** Answers one request; never rejects. */
  handle(request: Request, context?: SiwxRequestContext): Promise<Response>
  /** The same, under the names Next.js route handlers (and other Fetch frameworks) export. */
  GET(request: Request, context?: unknown): Promise<Response>
  POST(request: Request, context?: unknown): Promise<Response>
  OPTIONS(request: Request, context?: unknown): Promise<Response>
  readonly store: SiwxServerStore
}

/** Nonces are 22 letters or digits: 131 bits from the system's CSPRNG. */
const NONCE_LENGTH = 22

export function createSiwxServer(options: SiwxServerOptions): SiwxServer {
  const settings = settingsOf(options)
  const own = options.store ?? memoryStore({ now: settings.now })
  const store = guarded(own)
  const sessions = new Sessions(store, settings)

  /** The page origin of a request when it is one of the allowed ones. */
  const originOf = (request: Request) => settings.origins.get(request.headers.get('origin') ?? '')
  function allowedOrigin(request: Request): URL {
    const origin = originOf(request)
    if (!origin)
      throw new Refusal(403, ['origin'], `requests that change a session must come from ${[...settings.origins.keys()].join(' or ')}`)
    return origin
  }
  async function limit(route: 'nonce' | 'verify', request: Request, context: SiwxRequestContext): Promise<void> {
    if (!settings.rate) return
    const client = options.clientKey?.(request, context) ?? context.clientAddress ?? 'all'
    const window = settings.rate.windowMs
    if ((await store.hit(`${route}:${client}`, window)) > settings.rate[route]) {
      throw new Refusal(429, ['rate-limit'], `too many ${route} requests from this client; try again in a minute`, {
        'retry-after': String(Math.ceil(window / 1000)),
      })
    }
  }

  async function nonce(request: Request, context: SiwxRequestContext): Promise<Response> {
    await limit('nonce', request, context)
    const query = new URL(request.url).searchParams
    const chainId = query.get('chainId') ?? ''
    const address = query.get('address') ?? ''
    if (chainId && !settings.allowsChain(chainId))
      throw new Refusal(400, ['chain'], `accounts on ${chainId.slice(0, 80)} cannot sign in here`)
    if (address.length > 128) throw new Refusal(400, ['address'], 'the address is too long to be one')
    const value = randomText(NONCE_LENGTH)
    await store.addNonce(value, JSON.stringify({ chainId, address }), settings.nonceTtlMs)
    return json(200, { nonce: value })
  }

  async function verify(request: Request, context: SiwxRequestContext): Promise<Response> {
    await limit('verify', request, context)
    const origin = allowedOrigin(request)
    const body = await readJson(request, settings.maxBodyBytes)
    const { message, signature } = body
    if (typeof message !== 'string' || typeof signature !== 'string')
      throw new Refusal(400, ['body'], 'message and signature (text) are required')
    const tell = (ok: boolean, reasons: readonly string[], fields: { chainId?: string; accountAddress?: string } = {}) => {
      try {
        options.onVerify?.({ chainId: fields.chainId, address: fields.accountAddress, message, signature, ok, reasons })
      } catch {
        // A host's logger failing does not change the answer.
      }
    }
    const { fields, problems } = checkMessage(message, origin, settings)
    if (problems.length) {
      const reasons = [...new Set(problems.map((p) => p.reason))]
      tell(false, reasons, fields)
      throw new Refusal(400, reasons, problems.map((p) => p.message).join('; '))
    }
    const { chainId, accountAddress } = fields as { chainId: string; accountAddress: string }
    // A nonce is spent by its first use, verified or not.
    const issued = await store.takeNonce(fields.nonce!)
    const issuedFor = issued === undefined ? undefined : (JSON.parse(issued) as { chainId: string; address: string })
    const refuse = (status: number, reasons: string[], error: string): never => {
      tell(false, reasons, fields)
      throw new Refusal(status, reasons, error)
    }
    if (!issuedFor) refuse(400, ['nonce'], 'the nonce was not issued here, has expired or was used already')
    if (
      (issuedFor!.chainId && issuedFor!.chainId !== chainId) ||
      (issuedFor!.address && issuedFor!.address.toLowerCase() !== accountAddress.toLowerCase())
    ) {
      refuse(400, ['nonce'], 'the nonce was issued for another account')
    }
    const outcome = await checkSignature({
      chainId,
      address: accountAddress,
      message,
      signature,
      rpcUrl: settings.rpcUrls[chainId],
      custom: settings.custom[chainId],
    })
    if (!outcome.ok) refuse(outcome.status, outcome.reasons, outcome.error)
    if (options.allow && (await options.allow({ chainId, address: accountAddress })) !== true)
      refuse(403, ['allow'], 'sign-in is closed for this account')
    // The page's CACAO of the same signature is kept as sent: the plugin checks it against the session before use.
    const cacao = typeof body.cacao === 'object' && body.cacao !== null && !Array.isArray(body.cacao) ? body.cacao : undefined
    const kept: KeptSession = { data: fields as KeptSession['data'], message, signature, ...(cacao ? { cacao } : {}), expiresAt: 0 }
    const { cookie, expiresAt } = await sessions.open(request, origin, kept)
    tell(true, [], fields)
    return json(200, { address: accountAddress, chainId, expirationTime: new Date(expiresAt).toISOString() }, { 'set-cookie': cookie })
  }

  async function route(request: Request, context: SiwxRequestContext): Promise<Response> {
    const name = new URL(request.url).pathname.replace(/\/+$/, '').split('/').pop()
    const method = request.method
    if (method === 'OPTIONS') return preflight(request, settings)
    if (method === 'GET' && name === 'nonce') return nonce(request, context)
    if (method === 'POST' && name === 'verify') return verify(request, context)
    if (method === 'GET' && name === 'sessions') {
      const query = new URL(request.url).searchParams
      return json(200, {
        sessions: (await sessions.list(request, query.get('chainId') ?? undefined, query.get('address') ?? undefined)).map(
          ({ expiresAt: _, since: __, ...session }) => session,
        ),
      })
    }
    if (method === 'GET' && name === 'me') {
      const [first] = await sessions.list(request)
      if (!first) throw new Refusal(401, ['session'], 'not signed in')
      return json(200, { address: first.data.accountAddress, chainId: first.data.chainId })
    }
    if (method === 'POST' && (name === 'revoke' || name === 'signout')) {
      allowedOrigin(request)
      const body = await readJson(request, settings.maxBodyBytes)
      if (name === 'signout') return json(200, { ok: true }, { 'set-cookie': await sessions.close(request) })
      if (typeof body.chainId !== 'string' || typeof body.address !== 'string')
        throw new Refusal(400, ['body'], 'chainId and address (text) are required')
      await sessions.revoke(request, body.chainId, body.address)
      return json(200, { ok: true })
    }
    if (['nonce', 'verify', 'sessions', 'me', 'revoke', 'signout'].includes(name ?? ''))
      throw new Refusal(405, ['method'], `${method} is not answered here`)
    throw new Refusal(404, ['route'], 'no such sign-in route')
  }

  async function handle(request: Request, context: SiwxRequestContext = {}): Promise<Response> {
    let response: Response
    try {
      response = await route(request, context)
    } catch (error) {
      if (error instanceof Refusal) response = json(error.status, { error: error.message, reasons: error.reasons }, error.headers)
      else if (storeFailed(error))
        response = json(503, { error: 'the session store does not answer; try again shortly', reasons: ['store'] }, { 'retry-after': '1' })
      else response = json(500, { error: 'the sign-in server failed on this request', reasons: ['internal'] })
    }
    return withCors(request, response, settings)
  }

  const asFetch = (request: Request) => handle(request)
  return { handle, GET: asFetch, POST: asFetch, OPTIONS: asFetch, store: own }
}

const storeFailed = (error: unknown) => error instanceof StoreError

function preflight(request: Request, settings: Settings): Response {
  if (!settings.origins.has(request.headers.get('origin') ?? ''))
    return json(403, { error: 'this origin may not call the sign-in server', reasons: ['origin'] })
  return new Response(null, {
    status: 204,
    headers: {
      'access-control-allow-methods': 'GET, POST',
      'access-control-allow-headers': 'content-type',
      'access-control-max-age': '600',
    },
  })
}

/** A page on an allowed origin reads the answers and sends its cookie (hostBackend fetches with credentials). */
function withCors(request: Request, response: Response, settings: Settings): Response {
  const origin = request.headers.get('origin') ?? ''
  response.headers.append('vary', 'origin')
  if (settings.origins.has(origin)) {
    response.headers.set('access-control-allow-origin', origin)
    response.headers.set('access-control-allow-credentials', 'true')
  }
  return response
}
