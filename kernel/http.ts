import { ErrorText, VestibuleError } from './errors.js'

export type QueryValue = string | number | boolean | null | undefined
export interface RequestOptions {
  query?: Record<string, QueryValue | QueryValue[]>
  headers?: Record<string, string>
  signal?: AbortSignal
}

/** A small fetch client: falsy query values are skipped; a non-OK response throws "HTTP status code: {status}". */
export interface HttpClient {
  get<T = unknown>(url: string, options?: RequestOptions): Promise<T>
  post<T = unknown>(url: string, body: unknown, options?: RequestOptions): Promise<T>
  getBlob(url: string, options?: RequestOptions): Promise<Blob>
  /** The URL a request would go to, for images and links. */
  url(path: string, query?: RequestOptions['query']): string
}

export interface HttpClientOptions {
  baseUrl?: string
  /** Added to every query (for the provider APIs: `st`, `sv`, `projectId`). */
  defaultQuery?: Record<string, QueryValue>
  fetch?: typeof fetch
}

export class HttpError extends VestibuleError {
  readonly status: number
  /** The failed response's body as text (at most BODY_LIMIT characters; undefined when unreadable). Untrusted. */
  readonly body: string | undefined
  constructor(status: number, body?: string) {
    super('HTTP', ErrorText.httpStatus(status))
    this.status = status
    this.body = body
  }
}

/** The most of a failed response's body an HttpError keeps (an API's reason is short). */
const BODY_LIMIT = 4096

/** The body of a failed response, for the reason an API gives; undefined when unreadable, never a throw. */
const failedBody = (response: Response): Promise<string | undefined> =>
  Promise.resolve()
    .then(() => response.text())
    .then((text) => (typeof text === 'string' ? text.slice(0, BODY_LIMIT) : undefined))
    .catch(() => undefined)

/** A body that is not JSON gets an error saying where it came from instead of a bare SyntaxError. */
function parseJson<T>(text: string, path: string): T {
  try {
    return JSON.parse(text) as T
  } catch {
    throw new VestibuleError('HTTP', `The response from ${path.split('?')[0]} is not valid JSON`)
  }
}

export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const doFetch = (...args: Parameters<typeof fetch>) => (options.fetch ?? globalThis.fetch)(...args)

  const url = (path: string, query?: RequestOptions['query']) => {
    const absolute = /^[a-z][a-z0-9+.-]*:/i.test(path)
    const base = options.baseUrl?.replace(/\/+$/, '')
    const target = new URL(
      absolute || !base ? path : `${base}/${path.replace(/^\/+/, '')}`,
      absolute || base ? undefined : 'http://relative.invalid',
    )
    for (const [key, value] of Object.entries({ ...options.defaultQuery, ...query })) {
      for (const v of Array.isArray(value) ? value : [value]) {
        if (v) target.searchParams.append(key, String(v))
      }
    }
    return target.origin === 'http://relative.invalid' ? target.pathname + target.search : target.toString()
  }

  const send = async (path: string, init: RequestInit, options2: RequestOptions = {}) => {
    const response = await doFetch(url(path, options2.query), {
      ...init,
      headers: { ...init.headers, ...options2.headers },
      signal: options2.signal ?? null,
    })
    if (!response.ok) throw new HttpError(response.status, await failedBody(response))
    return response
  }

  return {
    url,
    async get<T>(path: string, o?: RequestOptions) {
      const response = await send(path, { method: 'GET' }, o)
      return parseJson<T>(await response.text(), path)
    },
    async post<T>(path: string, body: unknown, o?: RequestOptions) {
      const response = await send(path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }, o)
      const text = await response.text()
      return (text ? parseJson<T>(text, path) : undefined) as T
    },
    async getBlob(path: string, o?: RequestOptions) {
      const response = await send(path, { method: 'GET' }, o)
      return response.blob()
    },
  }
}
