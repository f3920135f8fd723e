// The identity plugin's caches in the modal's storage, over the sandbox provider API (its identity and profile
// endpoints, the real contract): a reload (a new modal on the same storage) within 5 min asks the API nothing, at
// 5 min it asks again, for the account's identity and for name lookups alike; what storage holds is checked again
// when read back, and a malformed, oversize or foreign entry is dropped so the API is asked instead.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createKernel, type Modal } from '../../../kernel/kernel.js'
import { Capabilities, type NamesService } from '../../../kernel/index.js'
import { identity, type IdentityApi } from '../../../plugins/identity/index.js'
import { NAMES_KEPT } from '../../../plugins/identity/name-cache.js'
import { startProviderApi } from '../../../sandbox/provider-api/server.mjs'
import { ADDRESS, connector, dummyView, fakeAdapter, mainnet, optimism, recordingBackend } from '../../kernel/helpers.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const ALICE = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const NAMES_KEY = '@vestibule/v1/identity/names'
let api: Awaited<ReturnType<typeof startProviderApi>>
beforeAll(async () => {
  api = await startProviderApi({ rpcUrls: { 'eip155:1': 'http://127.0.0.1:9', 'eip155:10': 'http://127.0.0.1:9' } })
})
afterAll(() => api?.stop())

const created: Modal[] = []
afterEach(() => {
  created.splice(0).forEach((m) => m.destroy())
  vi.useRealTimers()
  api.reset()
})

const zone = () => api.names.zone
const identityCalls = () => api.requests.filter((r) => r.path.startsWith('/v1/identity/'))
const profileCalls = () => api.requests.filter((r) => r.path.startsWith('/v1/profile/account/'))

/** A modal over `stored` (a page load on a browser's storage), connected to a fake eip155 wallet. */
async function page(stored: Record<string, string> = {}) {
  const backend = recordingBackend(stored)
  const fake = fakeAdapter({ connectors: [connector('io.fake')], networks: [mainnet, optimism] })
  const modal = createKernel(
    {
      projectId: 'p',
      blockchainApiUrl: api.url,
      storage: backend,
      plugins: [
        { name: 'eip155', setup: (ctx: { chains: { register(a: unknown): void } }) => ctx.chains.register(fake.adapter) },
        identity(),
      ],
    },
    { views: { Connect: dummyView, Account: dummyView, ConnectingExternal: dummyView } },
  )
  created.push(modal)
  kernelOf(modal).chains.startDiscovery()
  await kernelOf(modal).connection.connect('io.fake', 'eip155')
  return {
    modal,
    backend,
    plugin: modal.getPlugin('identity') as IdentityApi,
    names: kernelOf(modal).services.get(Capabilities.Names) as NamesService,
  }
}
/** The page's storage as it would be after a reload: every entry kept. */
const reloaded = (backend: ReturnType<typeof recordingBackend>) => Object.fromEntries(backend.data)
const storedNames = (backend: ReturnType<typeof recordingBackend>) => JSON.parse(backend.data.get(NAMES_KEY) ?? 'null')

describe('name lookups kept in storage', () => {
  it('a reload at 4:59.999 asks nothing, a reload at 5:00 asks the API again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(5_000_000)
    const first = await page()
    expect(await first.names.resolve(`alice.${zone()}`, mainnet)).toBe(ALICE)
    expect(profileCalls()).toHaveLength(1)
    const entry = storedNames(first.backend)[`eip155:1 alice.${zone()}`]
    expect(entry).toMatchObject({ at: 5_000_000, record: { name: `alice.${zone()}`, addresses: { 60: ALICE } } })
    first.modal.destroy()

    vi.setSystemTime(5_000_000 + 299_999)
    const second = await page(reloaded(first.backend))
    expect(await second.names.resolve(`alice.${zone()}`, mainnet)).toBe(ALICE)
    expect(await second.names.avatar!(`alice.${zone()}`, mainnet)).toBe(`${api.url}/avatar/alice.svg`)
    expect(profileCalls()).toHaveLength(1)
    second.modal.destroy()

    vi.setSystemTime(5_000_000 + 300_000)
    const third = await page(reloaded(second.backend))
    expect(await third.names.resolve(`alice.${zone()}`, mainnet)).toBe(ALICE)
    expect(profileCalls()).toHaveLength(2)
  })

  it('a name nobody holds is kept as such: a reload within 5 min does not ask again', async () => {
    const first = await page()
    expect(await first.names.resolve(`nobody.${zone()}`, mainnet)).toBeUndefined()
    expect(storedNames(first.backend)[`eip155:1 nobody.${zone()}`]).toMatchObject({ record: null })
    const second = await page(reloaded(first.backend))
    expect(await second.names.resolve(`nobody.${zone()}`, mainnet)).toBeUndefined()
    expect(profileCalls()).toHaveLength(1)
  })

  it('a failed lookup is not kept: a reload asks again', async () => {
    await api.names.pin(`/v1/profile/account/alice.${zone()}`, { status: 500, body: { message: 'down' } })
    const first = await page()
    await expect(first.names.resolve(`alice.${zone()}`, mainnet)).rejects.toThrow('Error resolving name')
    expect(first.backend.data.has(NAMES_KEY)).toBe(false)
    await api.names.unpin(`/v1/profile/account/alice.${zone()}`)
    const second = await page(reloaded(first.backend))
    expect(await second.names.resolve(`alice.${zone()}`, mainnet)).toBe(ALICE)
    expect(profileCalls()).toHaveLength(2)
  })

  it(`keeps at most ${NAMES_KEPT} lookups, the oldest going first`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const { names, backend } = await page()
    for (let i = 0; i <= NAMES_KEPT; i++) {
      vi.setSystemTime(7_000_000 + i)
      await names.resolve(`nobody${i}.${zone()}`, mainnet)
    }
    const kept = Object.keys(storedNames(backend))
    expect(kept).toHaveLength(NAMES_KEPT)
    expect(kept).not.toContain(`eip155:1 nobody0.${zone()}`)
    expect(kept).toContain(`eip155:1 nobody${NAMES_KEPT}.${zone()}`)
  })

  const good = () => ({ at: Date.now(), record: { name: `alice.${zone()}`, addresses: { 60: ALICE } } })
  it.each([
    ['not an object', () => 'alice'],
    ['a list', () => [good()]],
    ['an entry of another shape', () => ({ at: Date.now(), value: good().record })],
    ['a record of another name', () => ({ ...good(), record: { name: `bobby.${zone()}`, addresses: { 60: ALICE } } })],
    ['a script avatar', () => ({ ...good(), record: { ...good().record, avatar: 'javascript:alert(1)' } })],
    [
      'an address that is not an EVM address',
      () => ({ ...good(), record: { ...good().record, addresses: { 60: 'javascript:alert(1)' } } }),
    ],
    [
      'too many addresses',
      () => ({
        ...good(),
        record: { ...good().record, addresses: Object.fromEntries(Array.from({ length: 65 }, (_, i) => [String(i), ALICE])) },
      }),
    ],
    ['a huge name', () => ({ ...good(), record: { ...good().record, name: `${'a'.repeat(100_000)}.${zone()}` } })],
    ['a time stamp in the future', () => ({ ...good(), at: Date.now() + 60_000 })],
    ['a time stamp that is not a number', () => ({ ...good(), at: 'now' })],
  ])('a stored lookup with %s is dropped and the API asked', async (_name, entry) => {
    const value = entry()
    const held = Array.isArray(value) || typeof value !== 'object' ? value : { [`eip155:1 alice.${zone()}`]: value }
    const { names, backend } = await page({ [NAMES_KEY]: JSON.stringify(held) })
    expect(await names.resolve(`alice.${zone()}`, mainnet)).toBe(ALICE)
    expect(profileCalls()).toHaveLength(1)
    // What is stored now is the API's answer.
    expect(storedNames(backend)[`eip155:1 alice.${zone()}`].record).toEqual({
      name: `alice.${zone()}`,
      addresses: { 60: ALICE },
      avatar: `${api.url}/avatar/alice.svg`,
    })
  })

  it(`more than ${NAMES_KEPT} stored lookups are all dropped; an intact one beside a tampered one is kept`, async () => {
    const many = Object.fromEntries(
      Array.from({ length: NAMES_KEPT + 1 }, (_, i) => [`eip155:1 n${i}.${zone()}`, { at: Date.now(), record: null }]),
    )
    const first = await page({
      [NAMES_KEY]: JSON.stringify({
        ...many,
        [`eip155:1 alice.${zone()}`]: { at: Date.now(), record: { name: `alice.${zone()}`, addresses: { 60: ADDRESS } } },
      }),
    })
    expect(await first.names.resolve(`alice.${zone()}`, mainnet)).toBe(ALICE)
    expect(profileCalls()).toHaveLength(1)
    const mixed = {
      [`eip155:1 alice.${zone()}`]: { at: Date.now(), record: { name: `alice.${zone()}`, addresses: { 60: ADDRESS } } },
      [`eip155:1 bobby.${zone()}`]: { at: Date.now(), record: 'bobby' },
    }
    const second = await page({ [NAMES_KEY]: JSON.stringify(mixed) })
    expect(await second.names.resolve(`alice.${zone()}`, mainnet)).toBe(ADDRESS)
    expect(profileCalls()).toHaveLength(1)
    expect(Object.keys(storedNames(second.backend))).toEqual([`eip155:1 alice.${zone()}`])
  })

  it('a name registered for an address forgets the stored lookups', async () => {
    const { names, backend } = await page()
    await names.resolve(`alice.${zone()}`, mainnet)
    expect(backend.data.has(NAMES_KEY)).toBe(true)
    names.forget!(ALICE)
    await vi.waitFor(() => expect(backend.data.has(NAMES_KEY)).toBe(false))
  })
})

describe("the account's identity kept in storage", () => {
  it('a reload at 4:59.999 asks nothing, a reload at 5:00 asks the API again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(9_000_000)
    await api.names.register({ name: 'holder', address: ADDRESS })
    const first = await page()
    expect(await first.plugin.identity()).toEqual({ name: `holder.${zone()}` })
    expect(identityCalls()).toHaveLength(1)
    first.modal.destroy()
    vi.setSystemTime(9_000_000 + 299_999)
    const second = await page(reloaded(first.backend))
    expect(await second.plugin.identity()).toEqual({ name: `holder.${zone()}` })
    expect(identityCalls()).toHaveLength(1)
    second.modal.destroy()
    vi.setSystemTime(9_000_000 + 300_000)
    const third = await page(reloaded(second.backend))
    expect(await third.plugin.identity()).toEqual({ name: `holder.${zone()}` })
    expect(identityCalls()).toHaveLength(2)
  })

  it.each([
    ['a list', [{ name: 'holder.eth' }]],
    ['a name of another type', { name: { first: 'holder' } }],
    ['a string', 'holder.eth'],
  ])('a stored identity that is %s is dropped, the API asked, and nothing shown when it fails', async (_name, value) => {
    await api.names.register({ name: 'holder', address: ADDRESS })
    const key = `@vestibule/v1/identity/identity:${ADDRESS.toLowerCase()}`
    const { plugin, backend } = await page({ [key]: JSON.stringify({ at: Date.now(), value }) })
    expect(await plugin.identity()).toEqual({ name: `holder.${zone()}` })
    expect(identityCalls()).toHaveLength(1)
    expect(JSON.parse(backend.data.get(key)!).value).toEqual({ name: `holder.${zone()}` })
    await api.names.pin(`/v1/identity/${ADDRESS}`, { status: 500, body: { message: 'down' } })
    const failing = await page({ [key]: JSON.stringify({ at: Date.now(), value }) })
    expect(await failing.plugin.identity()).toBeUndefined()
    expect(identityCalls()).toHaveLength(2)
    expect(failing.backend.data.has(key)).toBe(false)
  })
})
