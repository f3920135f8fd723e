// The host backend adapter against the sandbox's sign-in backend over HTTP (its real contract: nonce, verify with
// a session cookie, sessions, revoke), and against a hostile server whose answers have the wrong shapes.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiwxBackend } from '../../../sandbox/siwx/backend.mjs'
import { BACKEND_TIMEOUT, BACKEND_TIMEOUT_MS, hostBackend, type SiwxSession } from '../../../plugins/siwx/index.js'
import { createCacao, createSiwxMessage, parseSiwxMessage } from '../../../plugins/siwx/messages.js'

const KEY = `0x${'07'.repeat(32)}` as const
const OTHER = `0x${'08'.repeat(32)}` as const
const account = privateKeyToAccount(KEY)

let server: Server
let base: string
let host: string
const backend = createSiwxBackend({ origins: () => [`http://${host}`] })

/** A fetch that sends the page's Origin and keeps the session cookie, as a browser does for its origin. */
function cookieFetch(): typeof fetch {
  let cookie = ''
  return async (input, init) => {
    const response = await fetch(input, {
      ...init,
      headers: { ...(init?.headers as Record<string, string>), origin: `http://${host}`, ...(cookie ? { cookie } : {}) },
    })
    const set = response.headers.get('set-cookie')
    if (set) cookie = set.split(';')[0]!
    return response
  }
}

async function signed(nonce: string, overrides: Record<string, unknown> = {}, key: `0x${string}` = KEY): Promise<SiwxSession> {
  const data = {
    domain: host,
    accountAddress: account.address,
    chainId: 'eip155:1',
    uri: `http://${host}`,
    version: '1',
    nonce,
    issuedAt: new Date().toISOString(),
    ...overrides,
  }
  const message = createSiwxMessage(data as never)
  return { data: parseSiwxMessage(message), message, signature: await privateKeyToAccount(key).signMessage({ message }) }
}

beforeAll(async () => {
  server = createServer((req, res) => void (backend.handle(req, res) || (res.writeHead(404), res.end())))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`
  base = `http://${host}/siwx`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => backend.reset())

const request = { chainId: 'eip155:1', address: account.address, domain: 'x', uri: 'x' }

describe('hostBackend with the sandbox sign-in backend', () => {
  it('nonce, verify, the session behind its cookie, revoke', async () => {
    const store = hostBackend({ url: `${base}/`, fetch: cookieFetch() })
    const { nonce } = await store.prepare!(request)
    expect(nonce).toMatch(/^[A-Za-z0-9]{22}$/)
    expect(await store.add(await signed(nonce))).toEqual({
      address: account.address,
      chainId: 'eip155:1',
      expirationTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    const [session] = await store.get('eip155:1', account.address)
    expect(session?.data).toMatchObject({ accountAddress: account.address, nonce })
    expect(await store.get('eip155:5', account.address)).toEqual([])
    await store.revoke('eip155:1', account.address)
    expect(await store.get('eip155:1', account.address)).toEqual([])
  })

  it('a nonce is used once', async () => {
    const store = hostBackend({ url: base, fetch: cookieFetch() })
    const { nonce } = await store.prepare!(request)
    await store.add(await signed(nonce))
    await expect(store.add(await signed(nonce))).rejects.toThrow('the nonce was not issued here, has expired or was used already')
    await expect(store.add(await signed('neverIssued1'))).rejects.toThrow('the nonce was not issued here, has expired or was used already')
  })

  it('refuses a message for another domain, and a signature by another key, with its reasons', async () => {
    const store = hostBackend({ url: base, fetch: cookieFetch() })
    const { nonce } = await store.prepare!(request)
    await expect(store.add(await signed(nonce, { domain: 'evil.example' }))).rejects.toThrow(
      `the message is for "evil.example", not "${host}"`,
    )
    await expect(store.add(await signed(nonce, {}, OTHER))).rejects.toThrow('the signature does not verify for this account')
    expect((await backend.size()).sessions).toBe(0)
  })

  it("down: every call rejects with the server's reason", async () => {
    backend.setMode('down')
    const store = hostBackend({ url: base, fetch: cookieFetch() })
    await expect(store.prepare!(request)).rejects.toThrow('the sign-in server is down')
    await expect(store.get('eip155:1', account.address)).rejects.toThrow('the sign-in server is down')
  })
})

describe('hostBackend with a hostile server', () => {
  let hostile: Server
  let url: string
  let answer: { status: number; body: string }
  beforeAll(async () => {
    hostile = createServer((_req, res) => (res.writeHead(answer.status, { 'content-type': 'application/json' }), res.end(answer.body)))
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => hostile.close(() => resolve())))

  it.each([
    ['no nonce', '{}'],
    ['a short nonce', '{"nonce":"abc"}'],
    ['a nonce that is not text', '{"nonce":12345678}'],
    ['a nonce of 129 characters', JSON.stringify({ nonce: 'a'.repeat(129) })],
    ['a nonce of a megabyte', JSON.stringify({ nonce: 'a'.repeat(1 << 20) })],
    ['not JSON', 'nonce=abcdefgh'],
  ])('%s: prepare rejects', async (_name, body) => {
    answer = { status: 200, body }
    await expect(hostBackend({ url }).prepare!(request)).rejects.toThrow('the server sent no valid nonce')
  })

  it('only the fields a message has, of the right type, are taken from the nonce answer', async () => {
    answer = {
      status: 200,
      body: JSON.stringify({
        nonce: 'abcdefgh',
        statement: 'Hi',
        expirationTime: 42,
        accountAddress: '0xevil',
        resources: ['https://a.example', 3],
      }),
    }
    expect(await hostBackend({ url }).prepare!(request)).toEqual({ nonce: 'abcdefgh', statement: 'Hi' })
  })

  it('an error text is cleaned as every untrusted text is (no control or direction characters) and capped; without one the status is named', async () => {
    answer = { status: 403, body: JSON.stringify({ error: `no\u0000\u001b[31m${'x'.repeat(500)}` }) }
    const error = await hostBackend({ url })
      .add({ data: {} as never, message: 'm', signature: 's' })
      .catch((e: Error) => e)
    expect((error as Error).message).toMatch(/^no \[31mx+…$/)
    expect((error as Error).message).toHaveLength(200)
    // A right-to-left override would make "refused: moc.elpmaxe" read as "refused: example.com".
    answer = { status: 403, body: JSON.stringify({ error: 'refused:\u202e moc.elpmaxe\u2066 \u200bok' }) }
    await expect(hostBackend({ url }).add({ data: {} as never, message: 'm', signature: 's' })).rejects.toThrow(
      /^refused: moc\.elpmaxe ok$/,
    )
    answer = { status: 500, body: 'oops' }
    await expect(hostBackend({ url }).add({ data: {} as never, message: 'm', signature: 's' })).rejects.toThrow('HTTP status code: 500')
  })

  it('sessions of the wrong shape are left out', async () => {
    const good = { data: { chainId: 'eip155:1', accountAddress: account.address }, message: 'm', signature: 's' }
    answer = {
      status: 200,
      body: JSON.stringify({
        sessions: [good, null, 3, { data: { chainId: 1 }, message: 'm', signature: 's' }, { ...good, signature: 5 }],
      }),
    }
    expect(await hostBackend({ url }).get('eip155:1', account.address)).toEqual([good])
    answer = { status: 200, body: JSON.stringify({ sessions: 'all of them' }) }
    expect(await hostBackend({ url }).get('eip155:1', account.address)).toEqual([])
  })
})

describe("a session's CACAO from the host's server", () => {
  let server2: Server
  let url: string
  const body = '{}'
  const received: string[] = []
  beforeAll(async () => {
    server2 = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'))
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(body)
      })
    })
    await new Promise<void>((resolve) => server2.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server2.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server2.close(() => resolve())))

  it('goes to the server with the message and signature on verify', async () => {
    const session = await signed('abcdefgh5678')
    const cacao = createCacao(session.data, session.signature)
    received.length = 0
    await hostBackend({ url }).add({ ...session, cacao })
    expect(JSON.parse(received[0]!)).toEqual({ message: session.message, signature: session.signature, cacao })
  })
})

describe('hostBackend with a server that never answers', () => {
  let silent: Server
  let url: string
  /** Requests the server took and holds open, as "METHOD /path"; each arrival resolves `arrived`. */
  const held: { line: string; res: import('node:http').ServerResponse }[] = []
  let arrived: () => void = () => undefined
  beforeAll(async () => {
    silent = createServer((req, res) => {
      held.push({ line: `${req.method} ${req.url}`, res })
      arrived()
    })
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`
  })
  afterEach(() => {
    vi.useRealTimers()
    held.splice(0).forEach(({ res }) => res.destroy())
  })
  afterAll(() => new Promise<void>((resolve) => (silent.close(() => resolve()), silent.closeAllConnections())))

  /** Resolves once the server holds `count` requests. */
  const holding = (count: number) => new Promise<void>((resolve) => ((arrived = () => held.length >= count && resolve()), arrived()))

  it.each([
    ['prepare', (store: ReturnType<typeof hostBackend>) => store.prepare!(request)],
    ['add', (store: ReturnType<typeof hostBackend>) => store.add({ data: {} as never, message: 'm', signature: 's' })],
    ['get', (store: ReturnType<typeof hostBackend>) => store.get('eip155:1', account.address)],
    ['revoke', (store: ReturnType<typeof hostBackend>) => store.revoke('eip155:1', account.address)],
    ['clear', (store: ReturnType<typeof hostBackend>) => store.clear()],
  ])('%s: still waiting a millisecond before the 15 s limit, rejected at it with the reason', async (_name, run) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    expect(BACKEND_TIMEOUT_MS).toBe(15_000)
    let outcome: unknown = 'pending'
    const pending = run(hostBackend({ url })).then(
      () => (outcome = 'resolved'),
      (error: unknown) => (outcome = error),
    )
    await holding(1)
    await vi.advanceTimersByTimeAsync(BACKEND_TIMEOUT_MS - 1)
    expect(outcome).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    await pending
    expect(outcome).toBeInstanceOf(Error)
    expect(outcome).toMatchObject({ message: 'The sign-in server did not answer in time.', code: BACKEND_TIMEOUT })
  })

  it('a server that sends its headers and then nothing is late too; the `timeout` option sets the limit', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    let outcome: unknown = 'pending'
    const pending = hostBackend({ url, timeout: 2_000 })
      .get('eip155:1', account.address)
      .then(
        () => (outcome = 'resolved'),
        (error: unknown) => (outcome = error),
      )
    await holding(1)
    held[0]!.res.writeHead(200, { 'content-type': 'application/json' })
    held[0]!.res.write('{"sessions": [')
    await vi.advanceTimersByTimeAsync(1_999)
    expect(outcome).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    await pending
    expect(outcome).toMatchObject({ code: BACKEND_TIMEOUT })
  })
})
