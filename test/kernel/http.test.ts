import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { VestibuleError } from '../../kernel/errors.js'
import { createHttpClient, HttpError } from '../../kernel/http.js'

/** A real local server: answers by path, and records what it received. */
let server: Server
let base: string
const received: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }> = []

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body })
      const path = new URL(req.url!, 'http://x').pathname
      const status = /^\/status\/(\d+)$/.exec(path)
      if (status) {
        res.writeHead(Number(status[1]), { 'content-type': 'application/json' })
        res.end('{"error":"nope"}')
      } else if (path === '/empty') {
        res.writeHead(204)
        res.end()
      } else if (path === '/blob') {
        res.writeHead(200, { 'content-type': 'image/png' })
        res.end(Buffer.from([137, 80, 78, 71]))
      } else if (path === '/html') {
        res.writeHead(200, { 'content-type': 'text/html' })
        res.end('<!doctype html><title>Gateway</title>')
      } else if (path === '/echo') {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ method: req.method, body: body ? JSON.parse(body) : null }))
      } else {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ ok: true, path }))
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => void (received.length = 0))

const query = (i = 0) => new URL(received[i]!.url, 'http://x').searchParams

describe('http: errors', () => {
  it.each([400, 403, 404, 500, 503])('a non-OK response throws exactly "HTTP status code: %i"', async (status) => {
    const http = createHttpClient({ baseUrl: base })
    const error = await http.get(`/status/${status}`).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toBeInstanceOf(VestibuleError)
    expect((error as HttpError).message).toBe(`HTTP status code: ${status}`)
    expect((error as HttpError).status).toBe(status)
    expect((error as HttpError).code).toBe('HTTP')
  })

  it('post and getBlob throw the same way', async () => {
    const http = createHttpClient({ baseUrl: base })
    await expect(http.post('/status/422', { a: 1 })).rejects.toThrow(/^HTTP status code: 422$/)
    await expect(http.getBlob('/status/404')).rejects.toThrow(/^HTTP status code: 404$/)
  })
})

describe('http: requests', () => {
  it('get parses the JSON body', async () => {
    const http = createHttpClient({ baseUrl: base })
    expect(await http.get('/getWallets')).toEqual({ ok: true, path: '/getWallets' })
    expect(received[0]!.method).toBe('GET')
  })

  it('joins base URL and path with exactly one slash', async () => {
    const http = createHttpClient({ baseUrl: `${base}/api/` })
    await http.get('/v1/wallets')
    expect(received[0]!.url).toBe('/api/v1/wallets')
  })

  it('an absolute URL ignores the base URL', async () => {
    const http = createHttpClient({ baseUrl: 'http://unused.invalid' })
    expect(await http.get(`${base}/abs`)).toEqual({ ok: true, path: '/abs' })
  })

  it('post sends a JSON body with a content-type header and parses the answer', async () => {
    const http = createHttpClient({ baseUrl: base })
    expect(await http.post('/echo', { name: 'alice' })).toEqual({ method: 'POST', body: { name: 'alice' } })
    expect(received[0]!.headers['content-type']).toBe('application/json')
    expect(received[0]!.body).toBe('{"name":"alice"}')
  })

  it('post with an empty answer resolves undefined', async () => {
    const http = createHttpClient({ baseUrl: base })
    expect(await http.post('/empty', {})).toBeUndefined()
  })

  it('getBlob returns the bytes', async () => {
    const http = createHttpClient({ baseUrl: base })
    const blob = await http.getBlob('/blob')
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([137, 80, 78, 71])
  })

  it('sends extra headers', async () => {
    const http = createHttpClient({ baseUrl: base })
    await http.get('/h', { headers: { 'x-sdk-type': 'vestibule' } })
    expect(received[0]!.headers['x-sdk-type']).toBe('vestibule')
  })

  it('an aborted signal rejects the request', async () => {
    const http = createHttpClient({ baseUrl: base })
    const controller = new AbortController()
    controller.abort()
    await expect(http.get('/a', { signal: controller.signal })).rejects.toThrow()
  })
})

describe('http: query', () => {
  it('falsy query values are skipped', async () => {
    const http = createHttpClient({ baseUrl: base })
    await http.get('/q', { query: { page: 2, search: '', chains: undefined, rdns: null, installed: false, zero: 0, name: 'x' } })
    expect([...query().entries()]).toEqual([
      ['page', '2'],
      ['name', 'x'],
    ])
  })

  it('array values repeat the key, skipping falsy items', async () => {
    const http = createHttpClient({ baseUrl: base })
    await http.get('/q', { query: { include: ['a', '', 'b', null] } })
    expect(query().getAll('include')).toEqual(['a', 'b'])
  })

  it('the default query (projectId, st, sv) is appended to every request', async () => {
    const http = createHttpClient({ baseUrl: base, defaultQuery: { projectId: 'p1', st: 'vestibule', sv: 'html-vestibule-0.1.0' } })
    await http.get('/q', { query: { page: 1 } })
    await http.post('/echo', {})
    for (const i of [0, 1]) {
      expect(query(i).get('projectId')).toBe('p1')
      expect(query(i).get('st')).toBe('vestibule')
      expect(query(i).get('sv')).toBe('html-vestibule-0.1.0')
    }
    expect(query(0).get('page')).toBe('1')
  })

  it('an empty projectId in the default query is skipped', async () => {
    const http = createHttpClient({ baseUrl: base, defaultQuery: { projectId: '', st: 'vestibule' } })
    await http.get('/q')
    expect(query().has('projectId')).toBe(false)
    expect(query().get('st')).toBe('vestibule')
  })

  it('a request query value overrides the default one', async () => {
    const http = createHttpClient({ baseUrl: base, defaultQuery: { st: 'vestibule' } })
    await http.get('/q', { query: { st: 'other' } })
    expect(query().getAll('st')).toEqual(['other'])
  })
})

describe('http: url()', () => {
  it('builds an absolute URL with the base and query', () => {
    const http = createHttpClient({ baseUrl: 'https://api.example.org/', defaultQuery: { projectId: 'p' } })
    expect(http.url('/getWalletImage/abc', { size: 'md' })).toBe('https://api.example.org/getWalletImage/abc?projectId=p&size=md')
  })

  it('without a base URL keeps a relative path', () => {
    const http = createHttpClient({ defaultQuery: { st: 'v' } })
    expect(http.url('/img/a.png', { empty: '' })).toBe('/img/a.png?st=v')
  })
})

describe('http: a body that is not JSON (bad input)', () => {
  it('get of a non-JSON body gives an error naming the path (without its query)', async () => {
    const http = createHttpClient({ baseUrl: base, defaultQuery: { projectId: 'secret-ish' } })
    const error = await http.get('/html', { query: { page: 1 } }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(VestibuleError)
    expect((error as VestibuleError).code).toBe('HTTP')
    expect((error as VestibuleError).message).toBe('The response from /html is not valid JSON')
    expect((error as VestibuleError).message).not.toContain('secret-ish')
  })

  it('post of a non-JSON body gives the same error', async () => {
    const http = createHttpClient({ baseUrl: base })
    await expect(http.post('/html?x=1', {})).rejects.toThrow('The response from /html is not valid JSON')
  })
})
