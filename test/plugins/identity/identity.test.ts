// The identity plugin in a headless modal over the sandbox provider API (its identity and profile endpoints, the
// real contract): when the account's identity is read, the 5 min cache at its boundary, hostile answers refused,
// another account, and the names capability (resolve, avatar, reverse lookup) with its failures.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createKernel, type Modal } from '../../../kernel/kernel.js'
import { Capabilities, type NamesService } from '../../../kernel/index.js'
import { identity, type IdentityApi } from '../../../plugins/identity/index.js'
import { startProviderApi } from '../../../sandbox/provider-api/server.mjs'
import {
  ADDRESS,
  OTHER_ADDRESS,
  connector,
  dummyView,
  fakeAdapter,
  flush,
  mainnet,
  optimism,
  recordingBackend,
} from '../../kernel/helpers.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const BOB = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
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
const profileCalls = () => api.requests.filter((r) => r.path.startsWith('/v1/profile/'))

async function setup(backend = recordingBackend(), namespace = 'eip155') {
  const fake = fakeAdapter({
    namespace,
    connectors: [connector('io.fake', namespace)],
    networks:
      namespace === 'eip155'
        ? [mainnet, optimism]
        : [{ ...mainnet, chainNamespace: namespace, caipNetworkId: `${namespace}:1` as `${string}:${string}` }],
  })
  const modal = createKernel(
    {
      projectId: 'p',
      blockchainApiUrl: api.url,
      storage: backend,
      plugins: [
        { name: namespace, setup: (ctx: { chains: { register(a: unknown): void } }) => ctx.chains.register(fake.adapter) },
        identity(),
      ],
    },
    { views: { Connect: dummyView, Account: dummyView, ConnectingExternal: dummyView } },
  )
  created.push(modal)
  kernelOf(modal).chains.startDiscovery()
  await kernelOf(modal).connection.connect('io.fake', namespace)
  const account = () => kernelOf(modal).state.$chains.get()[namespace]?.accountState
  return {
    modal,
    fake,
    backend,
    account,
    plugin: modal.getPlugin('identity') as IdentityApi,
    names: kernelOf(modal).services.get(Capabilities.Names) as NamesService,
  }
}
/** Opens the modal again (each open shows the account). */
const reopen = async (modal: Modal) => {
  modal.close()
  await modal.open()
}

describe("the account's name and avatar", () => {
  it('nothing before the first open; opening while connected reads the identity once (sender: the account) into the account state', async () => {
    await api.names.register({ name: 'holder', address: ADDRESS, avatar: 'https://img.example/holder.png' })
    const { modal, account } = await setup()
    // Nothing asked so far; and the one request checked below, made by the open, would have a second beside it if
    // anything before the open had asked too.
    expect(identityCalls()).toHaveLength(0)
    await modal.open()
    await vi.waitFor(() => expect(account()?.profileName).toBe(`holder.${zone()}`))
    expect(account()?.profileImage).toBe('https://img.example/holder.png')
    expect(identityCalls()).toEqual([
      expect.objectContaining({ path: `/v1/identity/${ADDRESS}`, query: expect.objectContaining({ sender: ADDRESS, projectId: 'p' }) }),
    ])
  })

  it('cached 5 min: no request at 299 999 ms, a new one at 300 000 ms', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(1_000_000)
    await api.names.register({ name: 'holder', address: ADDRESS })
    const { modal, account, plugin, backend } = await setup()
    await modal.open()
    await vi.waitFor(() => expect(account()?.profileName).toBe(`holder.${zone()}`))
    expect(identityCalls()).toHaveLength(1)
    // waitFor moves the faked clock on while it polls: the cache's own time stamp is the start.
    const at: number = JSON.parse([...backend.data.entries()].find(([k]) => k.includes('identity'))![1]).at
    vi.setSystemTime(at + 299_999)
    await reopen(modal)
    expect(await plugin.identity()).toEqual({ name: `holder.${zone()}` })
    expect(identityCalls()).toHaveLength(1)
    vi.setSystemTime(at + 300_000)
    await reopen(modal)
    await vi.waitFor(() => expect(identityCalls()).toHaveLength(2))
  })

  it('the cache outlives a reload (storage), and a stored entry is checked again when read back', async () => {
    const first = await setup()
    await api.names.register({ name: 'holder', address: ADDRESS })
    await first.modal.open()
    await vi.waitFor(() => expect(first.account()?.profileName).toBe(`holder.${zone()}`))
    const [key, raw] = [...first.backend.data.entries()].find(([k]) => k.includes('identity'))!
    first.modal.destroy()
    api.requests.length = 0
    const again = await setup(recordingBackend({ [key]: raw }))
    await again.modal.open()
    await vi.waitFor(() => expect(again.account()?.profileName).toBe(`holder.${zone()}`))
    expect(identityCalls()).toHaveLength(0)
    const entry = JSON.parse(raw)
    const tampered = await setup(
      recordingBackend({
        [key]: JSON.stringify({ ...entry, value: { name: '<img src=x onerror=alert(1)>', avatar: 'javascript:alert(1)' } }),
      }),
    )
    expect(await tampered.plugin.identity()).toEqual({})
    expect(tampered.account()?.profileName).toBeUndefined()
  })

  it.each([
    ['markup in the name, a script avatar', { name: '<img src=x onerror=alert(1)>', avatar: 'javascript:alert(1)' }, {}],
    ['a huge name', { name: `${'a'.repeat(100_000)}.eth`, avatar: null }, {}],
    [
      'a good name, a data: HTML avatar',
      { name: 'fine.eth', avatar: 'data:text/html,<script>alert(1)</script>' },
      { profileName: 'fine.eth' },
    ],
    ['an array', [{ name: 'fine.eth' }], {}],
    ['a string', 'fine.eth', {}],
    ['a name of another type', { name: { first: 'fine' }, avatar: null }, {}],
  ])('%s: refused, nothing of it shown', async (_, body, shown) => {
    await api.names.pin(`/v1/identity/${ADDRESS}`, { body })
    const { modal, account, plugin } = await setup()
    await modal.open()
    await vi.waitFor(() => expect(identityCalls()).toHaveLength(1))
    // The plugin's own lookup shares the one under way: once it settled, the answer was shown or refused.
    await plugin.identity()
    expect({ profileName: account()?.profileName, profileImage: account()?.profileImage }).toEqual({
      profileName: undefined,
      profileImage: undefined,
      ...shown,
    })
  })

  it('a failed or malformed answer is not kept: the next open asks again', async () => {
    await api.names.pin(`/v1/identity/${ADDRESS}`, { status: 500, body: { message: 'down' } })
    const { modal, account } = await setup()
    await modal.open()
    await vi.waitFor(() => expect(identityCalls()).toHaveLength(1))
    await api.names.unpin(`/v1/identity/${ADDRESS}`)
    await api.names.register({ name: 'holder', address: ADDRESS })
    await reopen(modal)
    await vi.waitFor(() => expect(account()?.profileName).toBe(`holder.${zone()}`))
    expect(identityCalls()).toHaveLength(2)
  })

  it("another account of the wallet: the previous name goes at once, the new account's comes", async () => {
    await api.names.register({ name: 'holder', address: ADDRESS })
    await api.names.register({ name: 'other', address: OTHER_ADDRESS })
    const { modal, fake, account } = await setup()
    await modal.open()
    await vi.waitFor(() => expect(account()?.profileName).toBe(`holder.${zone()}`))
    fake.wallet.accountChanged(OTHER_ADDRESS)
    expect(account()?.profileName).toBeUndefined()
    await vi.waitFor(() => expect(account()?.profileName).toBe(`other.${zone()}`))
  })

  it('a slow answer for an account no longer active is dropped', async () => {
    await api.names.register({ name: 'holder', address: ADDRESS })
    const { modal, fake, account, plugin } = await setup()
    api.setDelay(150)
    await modal.open()
    fake.wallet.accountChanged(OTHER_ADDRESS)
    await vi.waitFor(() => expect(identityCalls().map((r) => r.path)).toEqual([`/v1/identity/${ADDRESS}`, `/v1/identity/${OTHER_ADDRESS}`]))
    // Both slow answers arrived (the plugin's lookups share the two under way) and were dealt with.
    await Promise.all([plugin.identity(ADDRESS), plugin.identity(OTHER_ADDRESS)])
    expect(identityCalls()).toHaveLength(2)
    expect(account()?.address).toBe(OTHER_ADDRESS)
    expect(account()?.profileName).toBeUndefined()
  })

  it('names exist on EVM networks only: another family asks nothing', async () => {
    const { modal } = await setup(recordingBackend(), 'solana')
    await modal.open()
    await flush()
    expect(identityCalls()).toHaveLength(0)
  })
})

describe('the names capability', () => {
  it('recognises names, not addresses or amounts', async () => {
    const { names } = await setup()
    expect(names.isName(`alice.${zone()}`)).toBe(true)
    expect(names.isName('  vitalik.eth ')).toBe(true)
    for (const text of ['0.5', 'alice', '<b>a</b>.eth', 'a b.eth']) expect(names.isName(text)).toBe(false)
  })

  it('resolves a name to its address (apiVersion 2) with its avatar; an unknown name is undefined', async () => {
    const { names } = await setup()
    const alice = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
    expect(await names.resolve(`alice.${zone()}`, mainnet)).toBe(alice)
    expect(await names.avatar!(`alice.${zone()}`, mainnet)).toBe(`${api.url}/avatar/alice.svg`)
    expect(profileCalls()).toEqual([
      expect.objectContaining({ path: `/v1/profile/account/alice.${zone()}`, query: expect.objectContaining({ apiVersion: '2' }) }),
    ])
    expect(await names.resolve(`nobody.${zone()}`, mainnet)).toBeUndefined()
    expect(await names.avatar!(`bobby.${zone()}`, mainnet)).toBeUndefined()
  })

  it("a network's own coin type comes before the EVM-wide address", async () => {
    const { names } = await setup()
    await api.names.register({ name: 'multi', address: ADDRESS })
    await api.names.register({ name: 'multi', address: BOB, coinType: '2147483658' })
    expect(await names.resolve(`multi.${zone()}`, optimism)).toBe(BOB)
    expect(await names.resolve(`multi.${zone()}`, mainnet)).toBe(ADDRESS)
  })

  it('lookups are cached 5 min: no request at 299 999 ms, a new one at 300 000 ms', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(2_000_000)
    const { names } = await setup()
    await names.resolve(`alice.${zone()}`, mainnet)
    vi.setSystemTime(2_299_999)
    await names.resolve(`alice.${zone()}`, mainnet)
    expect(profileCalls()).toHaveLength(1)
    vi.setSystemTime(2_300_000)
    await names.resolve(`alice.${zone()}`, mainnet)
    expect(profileCalls()).toHaveLength(2)
  })

  it.each([
    ['a failure', { status: 500, body: { message: 'down' } }],
    ['a record of another name', { body: { name: `bobby.${'sandbox.id'}`, addresses: { 60: { address: BOB } }, attributes: [] } }],
    ['a wrong shape', { body: ['0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'] }],
    ['HTML', { body: '<html>oops</html>', type: 'text/html' }],
  ])('%s rejects with "Error resolving name" and is not kept', async (_, answer) => {
    const { names } = await setup()
    await api.names.pin(`/v1/profile/account/alice.${zone()}`, answer)
    await expect(names.resolve(`alice.${zone()}`, mainnet)).rejects.toThrow('Error resolving name')
    await api.names.unpin(`/v1/profile/account/alice.${zone()}`)
    expect(await names.resolve(`alice.${zone()}`, mainnet)).toBe('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')
  })

  it('an address that is not an EVM address is no address', async () => {
    const { names } = await setup()
    await api.names.pin(`/v1/profile/account/alice.${zone()}`, {
      body: { name: `alice.${zone()}`, addresses: { 60: { address: 'javascript:alert(1)' } }, attributes: [] },
    })
    expect(await names.resolve(`alice.${zone()}`, mainnet)).toBeUndefined()
  })

  it.each([
    ['an address as its label', `0x${'1'.repeat(40)}.eth`, 'looksLikeAddress'],
    ['a label the chain plugin accepts as an address', `${ADDRESS}.eth`, 'looksLikeAddress'],
    ['piled combining marks', `a${'\u0301'.repeat(60)}.eth`, 'stackedMarks'],
  ])('a name with %s is refused ("NameRefused") and nothing is asked', async (_, name, reason) => {
    const { names } = await setup()
    await api.names.pin(`/v1/profile/account/${encodeURIComponent(name)}`, {
      body: { name, addresses: { 60: { address: BOB } }, attributes: [] },
    })
    await expect(names.resolve(name, mainnet)).rejects.toMatchObject({ name: 'NameRefused', reason })
    expect(profileCalls()).toEqual([])
  })

  it("an identity answer whose name looks like an address shows no name above the account's address", async () => {
    await api.names.pin(`/v1/identity/${ADDRESS}`, { body: { name: `0x${'1'.repeat(40)}.eth`, avatar: 'https://img.example/fake.png' } })
    const { modal, account, plugin } = await setup()
    await modal.open()
    await vi.waitFor(() => expect(account()?.profileImage).toBe('https://img.example/fake.png'))
    expect(account()?.profileName).toBeUndefined()
    expect(await plugin.identity()).toEqual({ avatar: 'https://img.example/fake.png' })
  })

  it('keeps only the names whose own lookup gives the address back (reverse, then forward)', async () => {
    await api.names.register({ name: 'holder', address: ADDRESS })
    await api.names.register({ name: 'elsewhere', address: BOB })
    const claim = (name: string) => ({ name, addresses: { 60: { address: ADDRESS } }, attributes: [] })
    // The reverse answer claims four names for the address: one is its own, one points at Bob, nobody holds one,
    // and one is shaped like an address.
    await api.names.pin(`/v1/profile/reverse/${ADDRESS}`, {
      body: [claim(`holder.${zone()}`), claim(`elsewhere.${zone()}`), claim(`nobody.${zone()}`), claim(`0x${'2'.repeat(40)}.eth`)],
    })
    const { plugin } = await setup()
    expect(await plugin.namesOf()).toEqual([{ name: `holder.${zone()}`, addresses: { 60: ADDRESS } }])
    expect(
      profileCalls()
        .map((r) => r.path)
        .sort(),
    ).toEqual([
      `/v1/profile/account/elsewhere.${zone()}`,
      `/v1/profile/account/holder.${zone()}`,
      `/v1/profile/account/nobody.${zone()}`,
      `/v1/profile/reverse/${ADDRESS}`,
    ])
  })

  it("lists an address's names through the reverse lookup; a wrong shape rejects", async () => {
    await api.names.register({ name: 'holder', address: ADDRESS })
    await api.names.register({ name: 'second', address: ADDRESS, avatar: 'javascript:alert(1)' })
    const { plugin } = await setup()
    expect(await plugin.namesOf()).toEqual([
      { name: `holder.${zone()}`, addresses: { 60: ADDRESS } },
      { name: `second.${zone()}`, addresses: { 60: ADDRESS } },
    ])
    expect(api.requests.find((r) => r.path.startsWith('/v1/profile/reverse/'))?.query).toMatchObject({ sender: ADDRESS, apiVersion: '2' })
    await api.names.pin(`/v1/profile/reverse/${ADDRESS}`, { body: { names: [] } })
    await expect(plugin.namesOf()).rejects.toThrow('Error fetching names for address')
  })
})
