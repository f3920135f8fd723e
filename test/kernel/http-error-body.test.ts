// A failed response's body stays on the HttpError (at most 4096 characters), for the reason an API gives.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createHttpClient, HttpError } from '../../kernel/http.js'

let server: Server
let base: string
beforeAll(async () => {
  server = createServer((req, res) => {
    res.writeHead(req.url?.startsWith('/long') ? 500 : 409, { 'content-type': 'application/json' })
    res.end(req.url?.startsWith('/long') ? 'x'.repeat(10_000) : '{"reasons":[{"description":"Name taken"}]}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

it('the body of a failed GET or POST is kept as text; the message stays "HTTP status code: {status}"', async () => {
  const http = createHttpClient({ baseUrl: base })
  for (const error of [await http.get('/taken').catch((e: unknown) => e), await http.post('/taken', {}).catch((e: unknown) => e)]) {
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).message).toBe('HTTP status code: 409')
    expect((error as HttpError).body).toBe('{"reasons":[{"description":"Name taken"}]}')
  }
})

it('a long body is cut to 4096 characters; an unreadable one is undefined', async () => {
  const long = (await createHttpClient({ baseUrl: base })
    .get('/long')
    .catch((e: unknown) => e)) as HttpError
  expect(long.body).toHaveLength(4096)
  const broken = createHttpClient({
    fetch: async () => ({ ok: false, status: 502, text: () => Promise.reject(new Error('reset')) }) as unknown as Response,
  })
  const error = (await broken.get('https://api.example/x').catch((e: unknown) => e)) as HttpError
  expect(error.status).toBe(502)
  expect(error.body).toBeUndefined()
})
