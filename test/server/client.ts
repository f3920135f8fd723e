// A page's side of the sign-in routes, as a browser on `origin` sends them: the Origin header on every request,
// the session cookie kept and sent back. `send` is a Fetch handler, or `fetch` with the server's `base` URL.
export type Send = (request: Request) => Promise<Response>

export class Page {
  cookie = ''
  constructor(
    readonly send: Send,
    readonly origin: string,
    /** Where the routes are: a handler ignores the host; over HTTP it is the server's. */
    readonly base = 'http://server.test/siwx/',
  ) {}

  async call(
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: any; response: Response }> {
    const init: RequestInit = {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        origin: this.origin,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    }
    const response = await this.send(new Request(new URL(path, this.base), init))
    const set = response.headers.get('set-cookie')
    if (set) this.cookie = set.split(';')[0]!.endsWith('=') ? '' : set.split(';')[0]!
    const text = await response.text()
    return { status: response.status, body: text ? JSON.parse(text) : undefined, response }
  }
}

/** `fetch` as a page on `origin` calls it: its Origin on every request and the session cookie kept. */
export function pageFetch(origin: string): typeof fetch {
  let cookie = ''
  return async (input, init) => {
    const response = await fetch(input, {
      ...init,
      headers: { ...(init?.headers as Record<string, string>), origin, ...(cookie ? { cookie } : {}) },
    })
    const set = response.headers.get('set-cookie')
    if (set) cookie = set.split(';')[0]!
    return response
  }
}
