// The sign-in server's Fetch handler, called as a Next.js route handler or any Fetch runtime calls it: the routes
// hostBackend speaks, the message and signature rules on all four families, the cookie, and every refusal a 4xx
// JSON { error, reasons } that names the rule, with nothing kept in the store for a refused request.
import { describe, expect, it } from 'vitest'
import { createSiwxServer, memoryStore, type SiwxServerOptions } from '../../server/index.js'
import { Page } from './client.js'
import { CHAINS, messageFor, signer, type Family } from './signers.js'

const ORIGIN = 'https://app.test'

function setup(options: Partial<SiwxServerOptions> = {}) {
  const store = memoryStore({ now: options.now })
  const server = createSiwxServer({ origins: [ORIGIN], chains: Object.values(CHAINS), store, ...options })
  return { server, store, page: new Page((r) => server.handle(r), ORIGIN) }
}

async function signIn(page: Page, family: Family, overrides = {}) {
  const who = signer(family)
  const { body } = await page.call(`nonce?chainId=${encodeURIComponent(who.chainId)}&address=${who.address}`)
  const message = messageFor(who, ORIGIN, body.nonce, overrides)
  return { who, message, answer: await page.call('verify', { message, signature: await who.sign(message) }) }
}

describe('createSiwxServer: the routes hostBackend calls', () => {
  it.each(['eip155', 'solana', 'polkadot', 'bip122'] as const)(
    'a %s account signs in; its session is listed, named by me, revoked',
    async (family) => {
      const { page } = setup()
      const { who, answer } = await signIn(page, family)
      expect(answer.status).toBe(200)
      expect(answer.body).toMatchObject({ address: who.address, chainId: who.chainId })
      const cookie = answer.response.headers.get('set-cookie')!
      expect(cookie).toMatch(/^vestibule_siwx=[A-Za-z0-9]{32}; Path=\/; Max-Age=86400; HttpOnly; SameSite=Lax; Secure$/)
      const listed = await page.call(`sessions?chainId=${encodeURIComponent(who.chainId)}&address=${who.address}`)
      expect(listed.body.sessions).toHaveLength(1)
      expect(listed.body.sessions[0].data).toMatchObject({ accountAddress: who.address, chainId: who.chainId })
      expect((await page.call('me')).body).toEqual({ address: who.address, chainId: who.chainId })
      expect((await page.call('revoke', { chainId: who.chainId, address: who.address })).body).toEqual({ ok: true })
      expect((await page.call('sessions')).body.sessions).toEqual([])
      expect(await page.call('me')).toMatchObject({ status: 401, body: { reasons: ['session'] } })
    },
  )

  it('nonces are 22 letters or digits (131 bits), each one different', async () => {
    const { page } = setup()
    const nonces = await Promise.all(Array.from({ length: 50 }, async () => (await page.call('nonce')).body.nonce as string))
    for (const n of nonces) expect(n).toMatch(/^[A-Za-z0-9]{22}$/)
    expect(new Set(nonces).size).toBe(50)
  })

  it('two accounts under one cookie, me names the latest; sign-out ends both and clears the cookie', async () => {
    const { page } = setup()
    await signIn(page, 'eip155')
    const { who } = await signIn(page, 'solana')
    expect((await page.call('sessions')).body.sessions).toHaveLength(2)
    expect((await page.call('me')).body).toEqual({ address: who.address, chainId: who.chainId })
    const out = await page.call('signout', {})
    expect(out.response.headers.get('set-cookie')).toMatch(/^vestibule_siwx=; .*Max-Age=0/)
    expect((await page.call('sessions')).body.sessions).toEqual([])
  })

  it('the cookie is not Secure on a loopback origin; its name and lifetime are the host’s', async () => {
    const server = createSiwxServer({ origins: ['http://127.0.0.1:3000'], chains: [CHAINS.eip155], cookie: { name: 'sid', maxAge: 600 } })
    const page = new Page((r) => server.handle(r), 'http://127.0.0.1:3000')
    const who = signer('eip155')
    const { nonce } = (await page.call('nonce')).body
    const message = messageFor(who, page.origin, nonce)
    const answer = await page.call('verify', { message, signature: await who.sign(message) })
    expect(answer.response.headers.get('set-cookie')).toMatch(/^sid=[A-Za-z0-9]{32}; Path=\/; Max-Age=600; HttpOnly; SameSite=Lax$/)
  })

  it('a session ends with its message’s expiration time', async () => {
    let now = Date.now()
    const { page } = setup({ now: () => now, clockSkew: 0 })
    const expirationTime = new Date(now + 120_000).toISOString()
    const { answer } = await signIn(page, 'eip155', { expirationTime, issuedAt: new Date(now).toISOString() })
    expect(answer.body).toMatchObject({ expirationTime })
    now += 121_000
    expect((await page.call('sessions')).body.sessions).toEqual([])
  })

  it('answers CORS for the allowed origins only', async () => {
    const { server } = setup()
    const pre = await server.OPTIONS(new Request('http://server.test/siwx/verify', { method: 'OPTIONS', headers: { origin: ORIGIN } }))
    expect(pre.status).toBe(204)
    expect(pre.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    expect(pre.headers.get('access-control-allow-credentials')).toBe('true')
    const other = await server.OPTIONS(
      new Request('http://server.test/siwx/verify', { method: 'OPTIONS', headers: { origin: 'https://evil.test' } }),
    )
    expect(other.status).toBe(403)
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('createSiwxServer: refusals', () => {
  /** Signs in once with `overrides` or a tampered body, and checks the store kept nothing of it. */
  async function refused(change: {
    overrides?: object
    body?: (message: string, signature: string) => unknown
    headers?: Record<string, string>
    setup?: Partial<SiwxServerOptions>
  }) {
    const { page, store } = setup(change.setup)
    const who = signer('eip155')
    const { nonce } = (await page.call('nonce')).body
    const before = store.size()
    const message = messageFor(who, ORIGIN, nonce, change.overrides)
    const signature = await who.sign(message)
    const answer = await page.call('verify', change.body ? change.body(message, signature) : { message, signature }, change.headers)
    expect(typeof answer.body.error).toBe('string')
    expect(store.size().sessions).toBe(0)
    expect(store.size().nonces).toBeLessThanOrEqual(before.nonces)
    return { status: answer.status, reasons: answer.body.reasons as string[], error: answer.body.error as string }
  }

  it('malformed JSON → 400 json', async () => {
    expect(await refused({ body: () => '{"message": ' })).toMatchObject({ status: 400, reasons: ['json'] })
  })
  it('a 10 MB body → 413 body-size, read no further than the limit', async () => {
    expect(await refused({ body: () => JSON.stringify({ message: 'x'.repeat(10 * 1024 * 1024), signature: '0x' }) })).toMatchObject({
      status: 413,
      reasons: ['body-size'],
    })
  })
  it('a message for another domain → 400 domain and uri', async () => {
    const r = await refused({ overrides: { domain: 'evil.test', uri: 'https://evil.test' } })
    expect(r).toMatchObject({ status: 400, reasons: ['domain', 'uri'] })
    expect(r.error).toContain('"evil.test", not "app.test"')
  })
  it('an expired nonce → 400 nonce', async () => {
    let now = Date.now()
    const { page, store } = setup({ now: () => now })
    const who = signer('eip155')
    const { nonce } = (await page.call('nonce')).body
    now += 301_000
    const message = messageFor(who, ORIGIN, nonce, { issuedAt: new Date(now).toISOString() })
    const answer = await page.call('verify', { message, signature: await who.sign(message) })
    expect(answer).toMatchObject({ status: 400, body: { reasons: ['nonce'] } })
    expect(store.size().sessions).toBe(0)
  })
  it('a nonce this server never issued, and a replayed one → 400 nonce', async () => {
    const { page } = setup()
    const who = signer('eip155')
    const message = messageFor(who, ORIGIN, 'NeverIssued12345678901')
    expect(await page.call('verify', { message, signature: await who.sign(message) })).toMatchObject({
      status: 400,
      body: { reasons: ['nonce'] },
    })
    const { message: used, answer } = await signIn(page, 'eip155')
    expect(answer.status).toBe(200)
    expect(await page.call('verify', { message: used, signature: await who.sign(used) })).toMatchObject({
      status: 400,
      body: { reasons: ['nonce'] },
    })
  })
  it('a signature of the wrong length → 401 signature, naming the missing rpcUrls option for contract accounts', async () => {
    const r = await refused({ body: (message, signature) => ({ message, signature: signature.slice(0, -2) }) })
    expect(r).toMatchObject({ status: 401, reasons: ['signature', 'rpcUrls'] })
    expect(r.error).toContain('rpcUrls["eip155:1"]')
  })
  it('a solana signature of the wrong length → 401 signature', async () => {
    const { page, store } = setup()
    const who = signer('solana')
    const { nonce } = (await page.call('nonce')).body
    const message = messageFor(who, ORIGIN, nonce)
    const answer = await page.call('verify', { message, signature: (await who.sign(message)).slice(0, 40) })
    expect(answer).toMatchObject({ status: 401, body: { reasons: ['signature'] } })
    expect(store.size()).toMatchObject({ sessions: 0, nonces: 0 })
  })
  it('another key’s signature → 401 signature', async () => {
    const other = signer('eip155', 9)
    const { page } = setup()
    const who = signer('eip155')
    const { nonce } = (await page.call('nonce')).body
    const message = messageFor(who, ORIGIN, nonce)
    expect(await page.call('verify', { message, signature: await other.sign(message) })).toMatchObject({
      status: 401,
      body: { reasons: ['signature', 'rpcUrls'] },
    })
  })
  it('an account of an unknown family → 400 header', async () => {
    const r = await refused({
      body: (message, signature) => ({ message: message.replace('Ethereum account', 'Cosmos account'), signature }),
    })
    expect(r).toMatchObject({ status: 400 })
    expect(r.reasons).toContain('header')
  })
  it('a network the host does not allow → 400 chain', async () => {
    expect(await refused({ setup: { chains: [CHAINS.solana] } })).toMatchObject({ status: 400, reasons: ['chain'] })
  })
  it('a huge resources list → 400 resources (or 413 past the body limit)', async () => {
    const resources = Array.from({ length: 200 }, (_, i) => `https://app.test/r/${i}`)
    expect(await refused({ overrides: { resources } })).toMatchObject({ status: 400, reasons: ['resources'] })
    const more = Array.from({ length: 5000 }, (_, i) => `https://app.test/r/${i}`)
    expect(await refused({ overrides: { resources: more } })).toMatchObject({ status: 413, reasons: ['body-size'] })
  })
  it('an expired message, and one issued ahead of the clock beyond the skew → 400', async () => {
    expect(await refused({ overrides: { expirationTime: new Date(Date.now() - 120_000).toISOString() } })).toMatchObject({
      status: 400,
      reasons: ['expired'],
    })
    expect(await refused({ overrides: { issuedAt: new Date(Date.now() + 120_000).toISOString() } })).toMatchObject({
      status: 400,
      reasons: ['issued-at'],
    })
  })
  it('times within the clock skew pass', async () => {
    const { page } = setup()
    const { answer } = await signIn(page, 'eip155', {
      issuedAt: new Date(Date.now() + 30_000).toISOString(),
      notBefore: new Date(Date.now() + 30_000).toISOString(),
    })
    expect(answer.status).toBe(200)
  })
  it('a verify, revoke or sign-out from another origin, or with none → 403 origin', async () => {
    expect(await refused({ headers: { origin: 'https://evil.test' } })).toMatchObject({ status: 403, reasons: ['origin'] })
    const { server } = setup()
    const bare = await server.POST(new Request('http://server.test/siwx/signout', { method: 'POST', body: '{}' }))
    expect(bare.status).toBe(403)
    expect(await bare.json()).toMatchObject({ reasons: ['origin'] })
  })
  it('no message or signature → 400 body; an unknown route → 404; a wrong method → 405', async () => {
    expect(await refused({ body: () => ({ message: 1 }) })).toMatchObject({ status: 400, reasons: ['body'] })
    const { page } = setup()
    expect(await page.call('other')).toMatchObject({ status: 404, body: { reasons: ['route'] } })
    expect(await page.call('verify')).toMatchObject({ status: 405, body: { reasons: ['method'] } })
  })
  it('an account the host does not allow → 403 allow', async () => {
    const { page } = setup({ allow: () => false })
    expect((await signIn(page, 'eip155')).answer).toMatchObject({ status: 403, body: { reasons: ['allow'] } })
  })
  it('past the rate limit → 429 rate-limit with Retry-After, per client', async () => {
    const { server } = setup({ rateLimit: { nonce: 3 } })
    const ask = (client: string) => server.handle(new Request('http://server.test/siwx/nonce'), { clientAddress: client })
    for (let i = 0; i < 3; i++) expect((await ask('10.0.0.1')).status).toBe(200)
    const over = await ask('10.0.0.1')
    expect(over.status).toBe(429)
    expect(over.headers.get('retry-after')).toBe('60')
    expect(await over.json()).toMatchObject({ reasons: ['rate-limit'] })
    expect((await ask('10.0.0.2')).status).toBe(200)
  })
  it('a store that fails → 503 store, and the next request is served again', async () => {
    const store = memoryStore()
    let down = false
    const flaky = {
      ...store,
      addNonce: (...args: Parameters<typeof store.addNonce>) =>
        down ? Promise.reject(new Error('ECONNREFUSED')) : store.addNonce(...args),
    }
    const server = createSiwxServer({ origins: [ORIGIN], chains: [CHAINS.eip155], store: flaky })
    down = true
    const failed = await server.handle(new Request('http://server.test/siwx/nonce'))
    expect(failed.status).toBe(503)
    expect(await failed.json()).toMatchObject({ reasons: ['store'] })
    down = false
    expect((await server.handle(new Request('http://server.test/siwx/nonce'))).status).toBe(200)
  })
})

describe('createSiwxServer: options', () => {
  it('refuses a configuration it cannot serve, naming the option', () => {
    expect(() => createSiwxServer({ origins: [], chains: [CHAINS.eip155] })).toThrow(/origins/)
    expect(() => createSiwxServer({ origins: ['https://app.test/path'], chains: [CHAINS.eip155] })).toThrow(/not an origin/)
    expect(() => createSiwxServer({ origins: [ORIGIN], chains: ['cosmos:hub'] })).toThrow(/chains: "cosmos:hub"/)
    expect(() => createSiwxServer({ origins: [ORIGIN], chains: ['bip122:12a765e31ffd4059bada1e25190f6e98'] })).toThrow(
      /custom\["bip122:12a765e31ffd4059bada1e25190f6e98"\]\.params/,
    )
  })
})
