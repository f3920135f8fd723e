// The sandbox provider API's name registration routes over its name registry: suggestions under the zone, and
// POST /v1/profile/account checking the body, the signed message and the signature for real before registering.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { NAME_ZONE } from '../../sandbox/provider-api/profile.mjs'
import { startProviderApi } from '../../sandbox/provider-api/server.mjs'

let api: Awaited<ReturnType<typeof startProviderApi>>
const account = privateKeyToAccount(generatePrivateKey())
const other = privateKeyToAccount(generatePrivateKey())
const COIN_TYPE = 0x80000000 + 31337

beforeAll(async () => {
  api = await startProviderApi({ rpcUrls: { 'eip155:31337': 'http://127.0.0.1:9' } })
})
afterAll(() => api?.stop())
beforeEach(() => api.reset())

const get = async (path: string) => {
  const response = await fetch(`${api.url}${path}`)
  return { status: response.status, json: await response.json() }
}
const post = async (body: unknown) => {
  const response = await fetch(`${api.url}/v1/profile/account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, json: await response.json() }
}
const message = (fields: Record<string, unknown> = {}) =>
  JSON.stringify({
    name: `newcomer.${NAME_ZONE}`,
    address: account.address,
    attributes: {},
    timestamp: Math.floor(Date.now() / 1000),
    ...fields,
  })
async function signed(fields: Record<string, unknown> = {}, signer = account) {
  const text = message(fields)
  return { coin_type: COIN_TYPE, address: account.address, message: text, signature: await signer.signMessage({ message: text }) }
}

describe('GET /v1/profile/suggestions/{name}', () => {
  it('the label itself first, then variations, each marked registered or not', async () => {
    await api.names.register({ name: 'carol-id', address: other.address })
    const { status, json } = await get(`/v1/profile/suggestions/carol?zone=${NAME_ZONE}`)
    expect(status).toBe(200)
    expect(json.suggestions[0]).toEqual({ name: `carol.${NAME_ZONE}`, registered: false })
    expect(json.suggestions).toContainEqual({ name: `carol-id.${NAME_ZONE}`, registered: true })
    expect((await get(`/v1/profile/suggestions/alice?zone=${NAME_ZONE}`)).json.suggestions[0]).toEqual({
      name: `alice.${NAME_ZONE}`,
      registered: true,
    })
  })

  it('another zone or a label outside the rule is refused with a reason', async () => {
    const zone = await get('/v1/profile/suggestions/carol?zone=other.id')
    expect(zone.status).toBe(400)
    expect(zone.json.reasons[0].description).toMatch(/zone/)
    expect((await get(`/v1/profile/suggestions/abc?zone=${NAME_ZONE}`)).status).toBe(400)
    expect((await get(`/v1/profile/suggestions/${encodeURIComponent('<b>x</b>')}?zone=${NAME_ZONE}`)).status).toBe(400)
  })

  it('a pinned (hostile) answer is served as it is', async () => {
    await api.names.pin('/v1/profile/suggestions/carol', { body: { suggestions: [{ name: '<img src=x>', registered: false }] } })
    expect((await get(`/v1/profile/suggestions/carol?zone=${NAME_ZONE}`)).json.suggestions[0].name).toBe('<img src=x>')
  })
})

describe('POST /v1/profile/account', () => {
  it('a message signed by the address registers its name under the coin type; identity and resolution follow', async () => {
    const { status, json } = await post(await signed())
    expect(status).toBe(200)
    expect(json).toEqual({ success: true, name: `newcomer.${NAME_ZONE}` })
    const record = await api.names.lookup(`newcomer.${NAME_ZONE}`)
    expect(record.addresses[String(COIN_TYPE)].address).toBe(account.address)
    expect((await get(`/v1/identity/${account.address}`)).json.name).toBe(`newcomer.${NAME_ZONE}`)
  })

  it('a signature by another key is refused (401) and nothing is registered', async () => {
    const { status, json } = await post(await signed({}, other))
    expect(status).toBe(401)
    expect(json.reasons[0].description).toBe('Invalid signature')
    expect(await api.names.lookup(`newcomer.${NAME_ZONE}`)).toBeUndefined()
  })

  it('a body whose fields were changed after signing is refused', async () => {
    const body = await signed()
    expect((await post({ ...body, message: message({ name: `other-name.${NAME_ZONE}` }) })).status).toBe(401)
    expect((await post({ ...body, address: other.address })).status).toBe(400)
  })

  it('wrong shapes, another zone, an old message and a label outside the rule are refused with a reason', async () => {
    const body = await signed()
    expect((await post({ ...body, coin_type: '2147514985' })).status).toBe(400)
    expect((await post({ ...body, signature: 'nope' })).status).toBe(400)
    expect((await post({ ...body, message: 'not json' })).json.reasons[0].description).toMatch(/JSON/)
    expect((await post(await signed({ name: 'newcomer.other.id' }))).json.reasons[0].description).toMatch(NAME_ZONE)
    expect((await post(await signed({ timestamp: Math.floor(Date.now() / 1000) - 601 }))).json.reasons[0].description).toMatch(/expired/)
    expect((await post(await signed({ name: `abc.${NAME_ZONE}` }))).json.reasons[0].description).toMatch(/at least 4/)
    expect((await post(null)).status).toBe(400)
  })

  it('a name another address holds is refused (409) with the reason', async () => {
    const { status, json } = await post(await signed({ name: `alice.${NAME_ZONE}` }))
    expect(status).toBe(409)
    expect(json.reasons[0].description).toBe(`Name alice.${NAME_ZONE} is taken`)
  })
})
