/**
 * A local provider API speaking the analytics contract on 127.0.0.1: `GET /getAnalyticsConfig`
 * and `POST /e`. It records every request and can answer disabled, fail, refuse (403), send a body that is
 * not JSON, or hold the config answer until the test releases it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RecordedRequest {
  method: string
  path: string
  query: Record<string, string>
  /** Parsed JSON body of a POST. */
  body: any
}

export type ConfigMode = 'enabled' | 'disabled' | 'missing-field' | 'not-json' | '403' | '500'
export type EventsMode = 'ok' | '403' | '500'

export interface AnalyticsServer {
  url: string
  requests: RecordedRequest[]
  config: ConfigMode
  events: EventsMode
  /** Requests to POST /e, in arrival order. */
  posted(): RecordedRequest[]
  configCalls(): RecordedRequest[]
  /** Holds the next config answers until the returned function is called. */
  holdConfig(): () => void
  close(): Promise<void>
}

const send = (res: ServerResponse, status: number, body: string, type = 'application/json') => {
  res.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*' })
  res.end(body)
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (text += chunk))
    req.on('end', () => resolve(text))
  })

export async function startAnalyticsServer(): Promise<AnalyticsServer> {
  let held: Array<() => void> | undefined
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const text = await readBody(req)
    state.requests.push({
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: text ? JSON.parse(text) : undefined,
    })

    if (req.method === 'GET' && url.pathname === '/getAnalyticsConfig') {
      const answer = () => {
        switch (state.config) {
          case 'enabled':
            return send(res, 200, JSON.stringify({ isAnalyticsEnabled: true }))
          case 'disabled':
            return send(res, 200, JSON.stringify({ isAnalyticsEnabled: false }))
          case 'missing-field':
            return send(res, 200, JSON.stringify({}))
          case 'not-json':
            return send(res, 200, '<html>maintenance</html>', 'text/html')
          case '403':
            return send(res, 403, JSON.stringify({ message: 'Origin not allowed' }))
          case '500':
            return send(res, 500, JSON.stringify({ message: 'boom' }))
        }
      }
      if (held) held.push(answer)
      else answer()
      return
    }
    if (req.method === 'POST' && url.pathname === '/e') {
      if (state.events === '403') return send(res, 403, JSON.stringify({ message: 'Origin not allowed' }))
      if (state.events === '500') return send(res, 500, JSON.stringify({ message: 'boom' }))
      res.writeHead(204, { 'access-control-allow-origin': '*' })
      return res.end()
    }
    send(res, 404, JSON.stringify({ message: 'not found' }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  const state: AnalyticsServer = {
    url: `http://127.0.0.1:${port}`,
    requests: [],
    config: 'enabled',
    events: 'ok',
    posted: () => state.requests.filter((r) => r.method === 'POST' && r.path === '/e'),
    configCalls: () => state.requests.filter((r) => r.path === '/getAnalyticsConfig'),
    holdConfig() {
      held = []
      return () => {
        const waiting = held ?? []
        held = undefined
        waiting.forEach((answer) => answer())
      }
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
  return state
}
