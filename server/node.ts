/**
 * Serves the sign-in server's Fetch handler from Node's `http` (or `https`, or Express, whose req and res are
 * Node's): the request is streamed to the handler as a `Request`, the `Response` written back.
 */
import type { SiwxRequestContext } from './options.js'

/** What this adapter reads of Node's IncomingMessage. */
export interface NodeRequest extends AsyncIterable<unknown> {
  method?: string
  url?: string
  headers: Record<string, string | string[] | undefined>
  socket: { remoteAddress?: string; encrypted?: boolean }
  destroy(error?: Error): void
}

/** What this adapter writes of Node's ServerResponse. */
export interface NodeResponse {
  statusCode: number
  setHeader(name: string, value: string | string[]): unknown
  end(body?: string): unknown
  headersSent?: boolean
}

export type FetchHandler = (request: Request, context?: SiwxRequestContext) => Promise<Response>

function toRequest(req: NodeRequest): Request {
  const host = String(req.headers.host ?? 'localhost')
  const url = new URL(
    req.url ?? '/',
    `${req.socket.encrypted ? 'https' : 'http'}://${/^[A-Za-z0-9.:[\]-]+$/.test(host) ? host : 'localhost'}`,
  )
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v)
  }
  const method = req.method ?? 'GET'
  if (method === 'GET' || method === 'HEAD') return new Request(url, { method, headers })
  const chunks = req[Symbol.asyncIterator]()
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await chunks.next()
      if (done) controller.close()
      else controller.enqueue(value as Uint8Array)
    },
    // The handler stopped reading (a body over the limit): the rest is not wanted.
    async cancel() {
      await chunks.return?.()
    },
  })
  return new Request(url, { method, headers, body, duplex: 'half' } as RequestInit)
}

/** A Node `(req, res)` listener answering with `handler`; the client's address goes to the rate limit. */
export function toNodeHandler(handler: FetchHandler): (req: NodeRequest, res: NodeResponse) => Promise<void> {
  return async (req, res) => {
    let response: Response
    try {
      response = await handler(toRequest(req), { clientAddress: req.socket.remoteAddress })
    } catch {
      response = new Response(JSON.stringify({ error: 'the request could not be read', reasons: ['request'] }), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      })
    }
    res.statusCode = response.status
    for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value)
    const cookies = response.headers.getSetCookie()
    if (cookies.length) res.setHeader('set-cookie', cookies)
    res.end(await response.text())
  }
}
