// A host reads the modal through its methods: no writable store, connection, registry or unscoped storage is
// reachable from the handle; what a host needs (an account or network of a namespace, a balance read, a chain
// plugin's feature, a plugin's service, the wallet lists, a message text) has its own read-only method.
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  Capabilities,
  createKernel,
  createToken,
  RemoteConnect,
  Tokens,
  type ChainAdapter,
  type Modal,
  type Plugin,
} from '../../kernel/index.js'
import { kernelOf } from '../../kernel/kernel-of.js'
import { ADDRESS, fakeAdapter, flush } from './helpers.js'

const created: Modal[] = []
afterEach(() => created.splice(0).forEach((m) => m.destroy()))

function setup(plugins: Plugin[] = []) {
  const { adapter } = fakeAdapter()
  const request = vi.fn(async ({ method }: { method: string }) => `answer to ${method}`)
  const chain = { ...adapter, features: { request } } as ChainAdapter
  const modal = createKernel({
    projectId: 'p',
    storage: null,
    plugins: [{ name: 'eip155', setup: (ctx) => ctx.chains.register(chain) }, ...plugins],
  })
  created.push(modal)
  return { modal, adapter, request }
}

describe("the host's handle", () => {
  it('has no kernel: none of its properties holds the state, the connection, the storage or a registry', () => {
    const { modal } = setup()
    const kernel = kernelOf(modal)
    expect('kernel' in modal).toBe(false)
    const held = Object.values(modal)
    for (const inner of [
      kernel,
      kernel.state,
      kernel.state.$chains,
      kernel.connection,
      kernel.storage,
      kernel.chains,
      kernel.router,
      kernel.container,
      kernel.wallets,
    ]) {
      expect(held).not.toContain(inner)
    }
  })

  it("reads the account and network of a namespace, a copy with the connector, the balance and plugins' fields", async () => {
    let tag = () => {}
    const { modal } = setup([
      { name: 'tagger', setup: (ctx) => void (tag = () => ctx.connection.setAccountFields('eip155', { profileName: 'alice' })) },
    ])
    expect(modal.getAccount('eip155')).toMatchObject({ status: 'disconnected', namespace: 'eip155', balanceStatus: 'idle' })
    await modal.open()
    await modal.connect('io.fake', 'eip155')
    await modal.refreshBalance('eip155', { force: true })
    await flush()
    tag()
    const account = modal.getAccount('eip155')
    expect(account).toMatchObject({
      status: 'connected',
      address: ADDRESS,
      connectorId: 'io.fake',
      balanceValue: 1_234_567_890_000_000_000n,
      balanceStatus: 'ready',
      profileName: 'alice',
    })
    expect(modal.getAccount()).toEqual(account)
    expect(modal.getNetwork('eip155')).toMatchObject({ caipNetworkId: 'eip155:1', namespace: 'eip155' })
    expect(modal.getAccount('solana')).toEqual({ status: 'disconnected', balanceStatus: 'idle', namespace: 'solana' })
    // A copy: writing into it changes nothing in the modal.
    ;(account as { address?: string }).address = 'nobody'
    expect(modal.getAccount('eip155').address).toBe(ADDRESS)
  })

  it("hands out a chain plugin's feature, and nothing for one it lacks", async () => {
    const { modal, request } = setup()
    await expect(modal.getChainFeature('eip155', 'request')!({ method: 'eth_blockNumber' })).resolves.toBe('answer to eth_blockNumber')
    expect(request).toHaveBeenCalledOnce()
    expect(modal.getChainFeature('eip155', 'signTypedData')).toBeUndefined()
    expect(modal.getChainFeature('solana', 'request')).toBeUndefined()
  })

  it("gives the services plugins provide and refuses every one of the kernel's own", () => {
    const Greeter = createToken<{ greet(): string }>('greeter')
    const { modal } = setup([{ name: 'greeter', setup: (ctx) => ctx.services.provide(Greeter, { greet: () => 'hello' }) }])
    expect(modal.getService(Greeter)?.greet()).toBe('hello')
    expect(modal.getService(Capabilities.Balances)).toBeUndefined()
    expect(modal.getService(RemoteConnect)).toBeUndefined()
    for (const [name, token] of Object.entries(Tokens)) {
      expect(() => modal.getService(token as never), name).toThrow(
        expect.objectContaining({ code: 'PRIVATE_SERVICE', message: expect.stringContaining(`The host cannot reach Tokens.${name}`) }),
      )
    }
  })

  it('shows the wallet lists without a way to add, exclude or register', () => {
    const { modal } = setup()
    const kernel = kernelOf(modal)
    const sources = modal.getWalletSources()
    expect(sources).toBe(modal.getWalletSources())
    expect('add' in sources).toBe(false)
    expect(Object.keys(sources.context.chains)).toEqual(['$connectors'])
    kernel.chains.startDiscovery()
    expect(sources.context.chains.$connectors.get().map((c) => c.id)).toEqual(['io.fake'])
    kernel.wallets.$excluded.set([{ id: 'kept' }])
    expect(sources.$excluded.get()).toEqual([{ id: 'kept' }])
  })

  it("translates a message key in the modal's language", () => {
    const { modal } = setup()
    expect(modal.t('alert.missingProjectId')).toBe(kernelOf(modal).i18n.t('alert.missingProjectId'))
    expect(modal.t('alert.missingProjectId')).toMatch(/project id/i)
  })
})
