/** Request and response helpers of the sign-in server, on the Fetch API only (Node 20+, Deno, Bun, edge runtimes). */

/** A refusal: the status, what went wrong in words, and the rules it broke (`reasons`), sent as JSON. */
export class Refusal extends Error {
  readonly status: number
  readonly reasons: readonly string[]
  readonly headers: Record<string, string>
  constructor(status: number, reasons: readonly string[], message: string, headers: Record<string, string> = {}) {
    super(message)
    this.status = status
    this.reasons = reasons
    this.headers = headers
  }
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  })
}

/**
 * The request's body as JSON, read at most `limit` bytes: a longer body is refused (413) as soon as it passes the
 * limit, whatever its Content-Length says; a body that is not a JSON object is refused (400).
 */
export async function readJson(request: Request, limit: number): Promise<Record<string, unknown>> {
  const declared = Number(request.headers.get('content-length'))
  if (declared > limit) throw new Refusal(413, ['body-size'], `the request body is larger than ${limit} bytes`, { connection: 'close' })
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = request.body?.getReader()
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > limit) {
        await reader.cancel().catch(() => {})
        throw new Refusal(413, ['body-size'], `the request body is larger than ${limit} bytes`, { connection: 'close' })
      }
      chunks.push(value)
    }
  }
  const bytes = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) bytes.set(chunk, at), (at += chunk.byteLength)
  let body: unknown
  try {
    body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes) || '{}')
  } catch {
    throw new Refusal(400, ['json'], 'the request body is not JSON')
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new Refusal(400, ['json'], 'the request body is not a JSON object')
  return body as Record<string, unknown>
}

/** The value of cookie `name` when it has the shape of an id this server gives (letters and digits). */
export function cookieValue(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at > 0 && part.slice(0, at).trim() === name) {
      const value = part.slice(at + 1).trim()
      return /^[A-Za-z0-9]{16,64}$/.test(value) ? value : undefined
    }
  }
  return undefined
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i
export const isLoopback = (hostname: string) => LOOPBACK.test(hostname)

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
/** `length` letters and digits from the system's CSPRNG, each of the 62 equally likely (bytes ≥ 248 are drawn again). */
export function randomText(length: number): string {
  let out = ''
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62]
    }
  }
  return out
}
