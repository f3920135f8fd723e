// names() in a headless modal with identity() over the sandbox provider API (its suggestions, registration,
// identity and profile endpoints: the real contract) and a wallet that signs for real: the Name entry only for an
// account of the auth connector, a registration the API verifies, the account's name and Send's resolution after it.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createKernel, type Modal } from '../../../kernel/kernel.js'
import { Capabilities, type Connector, type NamesService } from '../../../kernel/index.js'
import { identity } from '../../../plugins/identity/index.js'
import { names, type NamesApi } from '../../../plugins/names/index.js'
import { startProviderApi } from '../../../sandbox/provider-api/server.mjs'
import { dummyView, fakeAdapter, mainnet, optimism } from '../../kernel/helpers.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

let api: Awaited<ReturnType<typeof startProviderApi>>
beforeAll(async () => {
  api = await startProviderApi({ rpcUrls: { 'eip155:1': 'http://127.0.0.1:9', 'eip155:10': 'http://127.0.0.1:9' } })
})
afterAll(() => api?.stop())
const created: Modal[] = []
afterEach(() => {
  created.splice(0).forEach((m) => m.destroy())
  api.reset()
})

const wallet = privateKeyToAccount(generatePrivateKey())
const zone = () => api.names.zone

async function setup(type: Connector['type'] = 'AUTH') {
  const fake = fakeAdapter({
    connectors: [{ id: 'ID_AUTH', name: 'Email', type, namespace: 'eip155', installed: true }],
    networks: [mainnet, optimism],
  })
  fake.adapter.connect.mockImplementation(async ({ network }) => ({ address: wallet.address, caipNetworkId: network.caipNetworkId }))
  fake.adapter.signMessage.mockImplementation(({ message }) => wallet.signMessage({ message }))
  const modal = createKernel(
    {
      projectId: 'p',
      blockchainApiUrl: api.url,
      plugins: [
        { name: 'eip155', setup: (ctx: { chains: { register(a: unknown): void } }) => ctx.chains.register(fake.adapter) },
        names({ zone: zone() }),
        identity(),
      ],
    },
    { views: { Connect: dummyView, Account: dummyView, ConnectingExternal: dummyView } },
  )
  created.push(modal)
  kernelOf(modal).chains.startDiscovery()
  await kernelOf(modal).connection.connect('ID_AUTH', 'eip155')
  const account = () => kernelOf(modal).state.$chains.get().eip155?.accountState
  const features = () =>
    kernelOf(modal)
      .slots.list('account.features')
      .map((e) => e.id)
  return {
    modal,
    fake,
    account,
    features,
    plugin: modal.getPlugin('names') as NamesApi,
    service: kernelOf(modal).services.get(Capabilities.Names) as NamesService,
  }
}

describe('the Name entry of Account', () => {
  it('listed for an account of the auth connector, not after it disconnects', async () => {
    const { modal, features, plugin } = await setup('AUTH')
    expect(features()).toContain('names')
    expect(plugin.eligible()).toBe(true)
    await kernelOf(modal).connection.disconnect()
    expect(features()).not.toContain('names')
  })

  it('not listed for another connector; registering there is refused before any signature', async () => {
    const { fake, features, plugin } = await setup('ANNOUNCED')
    expect(features()).not.toContain('names')
    const controller = await plugin.controller()
    controller.setInput('carol')
    await controller.submit()
    expect(controller.$state.get().error).toEqual({ key: 'names.notEligible', values: { reason: 'Address or auth connector not found' } })
    expect(fake.adapter.signMessage).not.toHaveBeenCalled()
  })
})

describe('registering', () => {
  it('the API verifies the signature and registers under the chain coin type; Account shows the name, Send resolves it', async () => {
    const { modal, account, plugin, service } = await setup()
    await modal.open()
    // Looked up (and not found) before it exists: registration must not leave that answer cached.
    expect(await service.resolve(`carol.${zone()}`, mainnet)).toBeUndefined()
    kernelOf(modal).router.push('RegisterAccountName')
    const controller = await plugin.controller()
    controller.setInput('Carol')
    await vi.waitFor(() => expect(controller.$state.get().availability).toBe('available'))
    expect(api.requests.find((r) => r.path === '/v1/profile/suggestions/carol')?.query).toMatchObject({ zone: zone(), projectId: 'p' })
    await controller.submit()
    expect(controller.$state.get()).toMatchObject({ status: 'done', registered: `carol.${zone()}` })
    const record = await api.names.lookup(`carol.${zone()}`)
    expect(record.addresses[String(0x80000001)].address).toBe(wallet.address)
    expect(kernelOf(modal).router.current).toEqual({ view: 'RegisterAccountNameSuccess', data: { name: `carol.${zone()}` } })
    await vi.waitFor(() => expect(account()?.profileName).toBe(`carol.${zone()}`))
    await vi.waitFor(() => expect(api.requests.filter((r) => r.path === `/v1/identity/${wallet.address}`)).toHaveLength(2))
    expect(await service.resolve(`carol.${zone()}`, mainnet)).toBe(wallet.address)
  })

  it("a name another address holds: the API's reason shows on the form, nothing changes", async () => {
    const { account, plugin } = await setup()
    const controller = await plugin.controller()
    controller.setInput('alice')
    // Registered before the suggestions answered: the API itself refuses.
    await controller.submit()
    expect(controller.$state.get()).toMatchObject({
      status: 'editing',
      label: 'alice',
      error: { key: 'names.reason', values: { reason: `Name alice.${zone()} is taken` } },
    })
    expect(account()?.profileName).toBeUndefined()
  })

  it('another account of the wallet empties the form', async () => {
    const { fake, plugin } = await setup()
    const controller = await plugin.controller()
    controller.setInput('carol')
    fake.wallet.accountChanged(privateKeyToAccount(generatePrivateKey()).address)
    await vi.waitFor(() => expect(controller.$state.get().input).toBe(''))
  })
})
