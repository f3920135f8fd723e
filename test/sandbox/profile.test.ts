// The sandbox provider API's identity and profile endpoints over its name registry: the real API's JSON shapes,
// the seeded names, the registration rule, pinned (hostile) answers, and the avatar image.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { DEMO_PRIVATE_KEY } from '../../sandbox/demo.mjs'
import { NAME_ZONE, createNameRegistry } from '../../sandbox/provider-api/profile.mjs'
import { startProviderApi } from '../../sandbox/provider-api/server.mjs'

let api: Awaited<ReturnType<typeof startProviderApi>>
const DEMO = privateKeyToAccount(DEMO_PRIVATE_KEY as `0x${string}`).address
const ALICE = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const NOBODY = '0x1111111111111111111111111111111111111111'

const get = async (path: string) => {
  const response = await fetch(`${api.url}${path}`)
  const text = await response.text()
  return { status: response.status, type: response.headers.get('content-type'), text, json: () => JSON.parse(text) }
}

beforeAll(async () => {
  api = await startProviderApi({ rpcUrls: { 'eip155:31337': 'http://127.0.0.1:9' } })
})
afterAll(() => api?.stop())
beforeEach(() => api.reset())

describe('identity', () => {
  it('the demo account has a name in the zone and an avatar served by the provider API', async () => {
    const answer = await get(`/v1/identity/${DEMO}?sender=${DEMO}&projectId=p`)
    expect(answer.status).toBe(200)
    expect(answer.json()).toEqual({ name: `demo.${NAME_ZONE}`, avatar: `${api.url}/avatar/demo.svg` })
    const image = await get('/avatar/demo.svg')
    expect(image.status).toBe(200)
    expect(image.type).toBe('image/svg+xml')
    expect(image.text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*>D<\/text><\/svg>$/)
  })

  it('an address without a name: name and avatar are null; the address is matched whatever its case', async () => {
    expect((await get(`/v1/identity/${NOBODY}`)).json()).toEqual({ name: null, avatar: null })
    expect((await get(`/v1/identity/${ALICE.toLowerCase()}`)).json()).toEqual({
      name: `alice.${NAME_ZONE}`,
      avatar: `${api.url}/avatar/alice.svg`,
    })
  })
})

describe('profile', () => {
  it('account/{name}: the record with addresses by coin type and attributes; an unknown name is 404', async () => {
    const record = (await get(`/v1/profile/account/alice.${NAME_ZONE}?apiVersion=2`)).json()
    expect(record).toEqual({
      name: `alice.${NAME_ZONE}`,
      registered: expect.any(Number),
      updated: expect.any(Number),
      addresses: { 60: { address: ALICE, created: expect.any(String) } },
      attributes: [{ avatar: `${api.url}/avatar/alice.svg`, bio: expect.any(String) }],
    })
    const missing = await get(`/v1/profile/account/nobody.${NAME_ZONE}?apiVersion=2`)
    expect(missing.status).toBe(404)
  })

  it('reverse/{address}: every name pointing at the address, [] for none', async () => {
    await api.names.register({ name: 'demo-two', address: DEMO })
    const names = (await get(`/v1/profile/reverse/${DEMO}?sender=${DEMO}&apiVersion=2`)).json()
    expect(names.map((r: { name: string }) => r.name)).toEqual([`demo.${NAME_ZONE}`, `demo-two.${NAME_ZONE}`])
    expect(names[1].attributes).toEqual([])
    expect((await get(`/v1/profile/reverse/${NOBODY}`)).json()).toEqual([])
  })

  it('a pinned answer replaces the registry for that path until reset', async () => {
    const path = `/v1/identity/${DEMO}`
    await api.names.pin(path, { body: { name: '<img src=x onerror=alert(1)>', avatar: 'javascript:alert(1)' } })
    expect((await get(path)).json()).toEqual({ name: '<img src=x onerror=alert(1)>', avatar: 'javascript:alert(1)' })
    await api.names.pin(path, { status: 500, body: { message: 'down' } })
    expect((await get(path)).status).toBe(500)
    api.reset()
    expect((await get(path)).json().name).toBe(`demo.${NAME_ZONE}`)
  })
})

describe('the registry', () => {
  it('takes names of letters, digits or hyphens of at least 4 characters, and refuses one another address holds', () => {
    const registry = createNameRegistry({ now: () => 1_700_000_000_000 })
    expect(registry.register({ name: 'carol', address: ALICE }).name).toBe(`carol.${NAME_ZONE}`)
    expect(
      registry.register({ name: `carol.${NAME_ZONE}`, address: ALICE.toLowerCase(), avatar: 'https://img.example/c.png' }).attributes,
    ).toEqual([{ avatar: 'https://img.example/c.png' }])
    expect(registry.lookup(`CAROL.${NAME_ZONE}`)?.registered).toBe(1_700_000_000)
    expect(() => registry.register({ name: 'carol', address: NOBODY })).toThrow(/taken/)
    expect(() => registry.register({ name: 'abc', address: NOBODY })).toThrow(/at least 4/)
    expect(() => registry.register({ name: 'a_bc', address: NOBODY })).toThrow(/Invalid name/)
    expect(() => registry.register({ name: 'dave', address: 'nope' })).toThrow(/Invalid address/)
    expect(registry.reverse(ALICE).map((r) => r.name)).toEqual([`carol.${NAME_ZONE}`])
  })
})
