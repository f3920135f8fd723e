// Names and avatars on chain: the identity plugin with the real eip155 chain plugin, on a real anvil holding the
// sandbox's ENS contracts (registry, public resolver, reverse registrar, universal resolver), and the sandbox
// provider API as the other source. The chain answers first and is authoritative for its names; the API answers
// what the chain does not hold; a name the API gives for an address that the chain resolves elsewhere is refused.
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { defineNetwork, eip155, type Eip155Network } from '../../../chains/eip155/index.js'
import { Capabilities, type Modal, type NamesService } from '../../../kernel/index.js'
import { identity, type IdentityApi } from '../../../plugins/identity/index.js'
import { startProviderApi } from '../../../sandbox/provider-api/server.mjs'
import { avatarDataUrl, deployEns } from '../../../sandbox/contracts/ens.mjs'
import { KEYS, startAnvil, type Anvil } from '../../chains/eip155/harness.js'
import { NodeWallet } from '../../chains/eip155/node-wallet.js'
import { openPage, walletInfo, type Page } from '../../chains/eip155/page.js'
import { mapStorage, modalPool } from '../../chains/shared-harness.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const ALICE = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const BOBBY = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'
const ALICE_AVATAR = avatarDataUrl('#7b61ff')
const RDNS = 'dev.vestibule.node-wallet'

let anvil: Anvil
let ens: Awaited<ReturnType<typeof deployEns>>
let api: Awaited<ReturnType<typeof startProviderApi>>
let network: Eip155Network
let page: Page
const modals = modalPool()
const holder = privateKeyToAccount(KEYS[0]!).address

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  ens = await deployEns({ url: anvil.url })
  api = await startProviderApi({ rpcUrls: { 'eip155:31337': anvil.url } })
  network = defineNetwork({
    id: 31337,
    name: 'Anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.url] } },
    contracts: { ensUniversalResolver: { address: ens.universalResolver } },
  })
}, 120_000)
afterAll(async () => {
  await Promise.all([anvil?.stop(), api?.stop()])
})
afterEach(() => {
  modals.destroyAll()
  page?.restore()
  api.reset()
})

const asked = (prefix: string) => api.requests.filter((r) => r.path.startsWith(prefix)).map((r) => r.path)

/** A headless modal with the eip155 and identity plugins, connected through a Node wallet holding KEYS[0]. */
async function connected(networks = [network]) {
  page = openPage()
  page.install(
    walletInfo(RDNS, 'Node Wallet'),
    new NodeWallet({ privateKeys: [KEYS[0]!], chains: { 31337: anvil.url }, chainId: 31337 }).provider,
  )
  const modal: Modal = modals.open({
    projectId: 'p',
    blockchainApiUrl: api.url,
    storage: mapStorage(),
    plugins: [eip155({ networks }), identity()],
  })
  await modal.connect(RDNS)
  return {
    modal,
    plugin: modal.getPlugin('identity') as IdentityApi,
    names: kernelOf(modal).services.get(Capabilities.Names) as NamesService,
  }
}

describe('a name to an address', () => {
  it('alice.eth resolves on chain, with its avatar text record; the provider API is not asked', async () => {
    const { names } = await connected()
    expect(await names.resolve('alice.eth', network)).toBe(ALICE)
    expect(await names.avatar!('alice.eth', network)).toBe(ALICE_AVATAR)
    expect(asked('/v1/profile/account/')).toEqual([])
  })

  it('a name the chain does not hold comes from the provider API; a name neither knows is no address', async () => {
    const { names } = await connected()
    expect(await names.resolve(`alice.${api.names.zone}`, network)).toBe(ALICE)
    expect(await names.resolve('nobody.eth', network)).toBeUndefined()
    expect(asked('/v1/profile/account/')).toEqual([`/v1/profile/account/alice.${api.names.zone}`, '/v1/profile/account/nobody.eth'])
  })

  it('the chain is authoritative for its names: an API record of alice.eth with another address is never used', async () => {
    await api.names.pin('/v1/profile/account/alice.eth', {
      body: { name: 'alice.eth', addresses: { 60: { address: BOBBY } }, attributes: [] },
    })
    const { names } = await connected()
    expect(await names.resolve('alice.eth', network)).toBe(ALICE)
  })

  it('an avatar record that is not an image is dropped; the name still resolves to its address', async () => {
    const page = `data:text/html;base64,${Buffer.from('<script>window.__pwned=1</script>').toString('base64')}`
    await ens.register({ name: 'mallory.eth', address: BOBBY, avatar: page })
    const { names } = await connected()
    expect(await names.resolve('mallory.eth', network)).toBe(BOBBY)
    expect(await names.avatar!('mallory.eth', network)).toBeUndefined()
  })

  it('a slow avatar host holds back no address: the name resolves while its image is still asked for, the avatar follows', async () => {
    // The image host takes the avatar's request and answers only when told to.
    const held: { res: ServerResponse; closed: boolean }[] = []
    const host = createServer((_req, res) => {
      const entry = { res, closed: false }
      res.on('close', () => (entry.closed = true))
      held.push(entry)
    })
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(host.address() as AddressInfo).port}/slow.png`
    try {
      await ens.register({ name: 'slowpic.eth', address: BOBBY, avatar: url })
      const { names } = await connected()
      const avatar = names.avatar!('slowpic.eth', network)
      await expect.poll(() => held.length).toBe(1)
      expect(await names.resolve('slowpic.eth', network)).toBe(BOBBY)
      expect(held.map((h) => h.closed)).toEqual([false])
      held[0]!.res.writeHead(200, { 'content-type': 'image/png' }).end()
      expect(await avatar).toBe(url)
    } finally {
      host.closeAllConnections()
      host.close()
    }
  })

  it('a chain that cannot be read (its RPC refuses connections): the provider API answers', async () => {
    const down = defineNetwork({ ...network, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } })
    await api.names.register({ name: 'holder', address: holder })
    const { names, plugin } = await connected([down])
    expect(await names.resolve(`alice.${api.names.zone}`, down)).toBe(ALICE)
    expect(await plugin.identity()).toEqual({ name: `holder.${api.names.zone}` })
  })

  it('on a network without a universal resolver, names come from the provider API alone', async () => {
    const bare = defineNetwork({ id: 31337, name: 'Anvil', nativeCurrency: network.nativeCurrency, rpcUrls: network.rpcUrls })
    const { names } = await connected([bare])
    expect(await names.resolve('alice.eth', bare)).toBeUndefined()
    expect(asked('/v1/profile/account/')).toEqual(['/v1/profile/account/alice.eth'])
  })
})

describe('names on an L2 (ENSIP-11), read through the network that has the universal resolver', () => {
  const ERIN = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955'
  const ERIN_L2 = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f'
  // The L2 has no resolver of its own (and no node here: its names are read on the L1).
  const l2 = () =>
    defineNetwork({
      id: 31338,
      name: 'Sandbox L2',
      nativeCurrency: network.nativeCurrency,
      rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
    })

  it("erin.eth on the L2 is the address it holds under the L2's coin type, on the L1 its Ethereum one; the provider API is not asked", async () => {
    const L2 = l2()
    const { names } = await connected([network, L2])
    expect(await names.resolve('erin.eth', L2)).toBe(ERIN_L2)
    expect(await names.resolve('erin.eth', network)).toBe(ERIN)
    expect(asked('/v1/profile/account/')).toEqual([])
  })

  it('a name with no address for the L2 but a default EVM one (ENSIP-19) has that; an Ethereum address (coin type 60) is not taken for the L2', async () => {
    const L2 = l2()
    await ens.register({ name: 'dana.eth', address: ALICE, addresses: { [0x80000000]: BOBBY } })
    const { names } = await connected([network, L2])
    expect(await names.resolve('dana.eth', L2)).toBe(BOBBY)
    // Nothing on chain for the L2; the provider API, the other source, serves no such network either.
    expect(await names.resolve('bobby.eth', L2)).toBeUndefined()
    expect(await names.resolve('bobby.eth', network)).toBe(BOBBY)
  })
})

describe("the account's name and avatar", () => {
  it("the account's primary name on chain and its avatar go to the account state; the API's identity is not asked", async () => {
    const avatar = avatarDataUrl('#12b886')
    await ens.register({ name: 'holder.eth', address: holder, avatar, primary: true })
    try {
      const { modal, plugin } = await connected()
      expect(await plugin.identity()).toEqual({ name: 'holder.eth', avatar })
      await modal.open()
      const account = () => kernelOf(modal).state.$chains.get().eip155?.accountState
      await expect.poll(() => account()?.profileName).toBe('holder.eth')
      expect(account()?.profileImage).toBe(avatar)
      expect(asked('/v1/identity/')).toEqual([])
    } finally {
      await ens.setPrimary(holder, '')
    }
  })

  it('an address with no primary name on chain gets its name from the provider API', async () => {
    await api.names.register({ name: 'holder', address: holder })
    const { plugin } = await connected()
    expect(await plugin.identity()).toEqual({ name: `holder.${api.names.zone}` })
    expect(asked('/v1/identity/')).toEqual([`/v1/identity/${holder}`])
  })

  it('a primary name that does not resolve back to the address is not its name: the provider API answers', async () => {
    // bobby.eth's reverse record says alice.eth, which resolves to Alice.
    await ens.setPrimary(BOBBY, 'alice.eth')
    await api.names.register({ name: 'bobby', address: BOBBY })
    try {
      const { plugin } = await connected()
      expect(await plugin.identity(BOBBY)).toEqual({ name: `bobby.${api.names.zone}` })
    } finally {
      await ens.setPrimary(BOBBY, '')
    }
  })

  it('an API identity naming a name the chain resolves to another address shows no name', async () => {
    await api.names.pin(`/v1/identity/${holder}`, { body: { name: 'alice.eth', avatar: null } })
    const { plugin } = await connected()
    expect(await plugin.identity()).toEqual({})
  })
})

describe('the names of an address', () => {
  it("the chain's primary name and the API's names, each checked forward; a name the chain resolves elsewhere is left out", async () => {
    const { plugin } = await connected()
    expect((await plugin.namesOf(ALICE)).map((r) => r.name)).toEqual(['alice.eth', `alice.${api.names.zone}`])
    await api.names.pin(`/v1/profile/reverse/${BOBBY}`, {
      body: [{ name: 'alice.eth', addresses: { 60: { address: BOBBY } }, attributes: [] }],
    })
    expect(await plugin.namesOf(BOBBY)).toEqual([])
  })
})
