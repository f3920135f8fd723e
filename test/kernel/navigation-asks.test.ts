// Views ask, the kernel decides: where a connect, a disconnect and a network switch asked from a view lead.
import { describe, expect, it } from 'vitest'
import { createKernel } from '../../kernel/kernel.js'
import type { LazyConnection } from '../../kernel/lazy-connection.js'
import { connector, deferred, fakeAdapter, recordingBackend } from './helpers.js'
import { desktop, modalWithWallet, shellViews } from './kernel-fixtures.js'
import { kernelOf } from '../../kernel/kernel-of.js'

const twoFamilies = () => {
  const evm = fakeAdapter()
  const sol = fakeAdapter({
    namespace: 'solana',
    connectors: [connector('io.fake', 'solana')],
    networks: [{ ...evm.adapter.networks[0]!, id: 'sol', caipNetworkId: 'solana:main', chainNamespace: 'solana' }],
  })
  const modal = createKernel(
    {
      projectId: 'p',
      storage: recordingBackend(),
      plugins: [
        { name: 'eip155', setup: (ctx) => ctx.chains.register(evm.adapter) },
        { name: 'solana', setup: (ctx) => ctx.chains.register(sol.adapter) },
      ],
    },
    { platform: desktop, views: shellViews },
  )
  kernelOf(modal).chains.startDiscovery()
  return { modal, evm, sol }
}

describe('navigation.connect', () => {
  it('connects and goes where connected() says while the asking view is still shown', async () => {
    const { modal } = modalWithWallet()
    kernelOf(modal).chains.startDiscovery()
    kernelOf(modal).router.reset('ConnectingExternal', { connectorId: 'io.fake', namespace: 'eip155' })
    await kernelOf(modal).navigation.connect('io.fake', 'eip155')
    expect(modal.getAccount().status).toBe('connected')
    expect(kernelOf(modal).router.current?.view).toBe('Account')
  })

  it('stays where the user went when they left the asking view before the wallet answered', async () => {
    const { modal, fake } = modalWithWallet()
    kernelOf(modal).chains.startDiscovery()
    const answer = deferred<{ address: string; caipNetworkId: `${string}:${string}` }>()
    fake.adapter.connect.mockReturnValueOnce(answer.promise)
    kernelOf(modal).router.reset('Connect')
    kernelOf(modal).router.push('ConnectingExternal', { connectorId: 'io.fake', namespace: 'eip155' })
    await (kernelOf(modal).connection as LazyConnection).load()
    const asked = kernelOf(modal).navigation.connect('io.fake', 'eip155')
    // The wallet is asked; the user leaves before it answers.
    await expect.poll(() => fake.adapter.connect.mock.calls.length).toBe(1)
    kernelOf(modal).router.push('Connect', { namespace: 'eip155' })
    answer.resolve({ address: '0x1111111111111111111111111111111111111111', caipNetworkId: 'eip155:1' })
    await asked
    expect(kernelOf(modal).router.current).toEqual({ view: 'Connect', data: { namespace: 'eip155' } })
  })

  it('a connect cancelled before the wallet answered does not navigate', async () => {
    const { modal, fake } = modalWithWallet()
    kernelOf(modal).chains.startDiscovery()
    const answer = deferred<{ address: string; caipNetworkId: `${string}:${string}` }>()
    fake.adapter.connect.mockReturnValueOnce(answer.promise)
    kernelOf(modal).router.reset('ConnectingExternal', { connectorId: 'io.fake', namespace: 'eip155' })
    await (kernelOf(modal).connection as LazyConnection).load()
    const asked = kernelOf(modal).navigation.connect('io.fake', 'eip155')
    await expect.poll(() => modal.getAccount().status).toBe('connecting')
    kernelOf(modal).connection.cancelConnect('eip155')
    answer.resolve({ address: '0x1111111111111111111111111111111111111111', caipNetworkId: 'eip155:1' })
    await asked
    expect(modal.getAccount().status).toBe('disconnected')
    expect(kernelOf(modal).router.current?.view).toBe('ConnectingExternal')
  })

  it('rejects as the connection does, and does not navigate', async () => {
    const { modal, fake } = modalWithWallet()
    kernelOf(modal).chains.startDiscovery()
    fake.adapter.connect.mockRejectedValueOnce(Object.assign(new Error('User rejected'), { code: 4001 }))
    kernelOf(modal).router.reset('ConnectingExternal', { connectorId: 'io.fake', namespace: 'eip155' })
    await expect(kernelOf(modal).navigation.connect('io.fake', 'eip155')).rejects.toMatchObject({ code: 'USER_REJECTED' })
    expect(kernelOf(modal).router.current?.view).toBe('ConnectingExternal')
  })
})

describe('navigation.disconnect', () => {
  it('goes to Connect when nobody stays connected, even when the wallet could not be told', async () => {
    const { modal, fake } = modalWithWallet()
    kernelOf(modal).chains.startDiscovery()
    await modal.connect('io.fake')
    fake.adapter.disconnect.mockRejectedValueOnce(new Error('gone'))
    kernelOf(modal).router.reset('UnsupportedChain', { namespace: 'eip155' })
    await kernelOf(modal).navigation.disconnect('eip155')
    expect(modal.getAccount().status).toBe('disconnected')
    expect(kernelOf(modal).router.current?.view).toBe('Connect')
  })

  it('with another namespace still connected: Account of that one, and Account shown stays as it is', async () => {
    const { modal } = twoFamilies()
    await modal.connect('io.fake', 'eip155')
    await modal.connect('io.fake', 'solana')
    kernelOf(modal).router.reset('UnsupportedChain', { namespace: 'solana' })
    await kernelOf(modal).navigation.disconnect('solana')
    expect(modal.getAccount().namespace).toBe('eip155')
    expect(kernelOf(modal).router.current?.view).toBe('Account')
    kernelOf(modal).router.reset('Connect')
    kernelOf(modal).router.push('Account', { kept: true })
    await modal.connect('io.fake', 'solana')
    await kernelOf(modal).navigation.disconnect('solana')
    expect(kernelOf(modal).router.$history.get()).toEqual([{ view: 'Connect' }, { view: 'Account', data: { kept: true } }])
  })
})

describe('navigation.switchNetwork', () => {
  it('a network of a namespace not connected yet leads to Connect for that namespace; one of the connected namespace stays', async () => {
    const { modal } = twoFamilies()
    await modal.connect('io.fake', 'eip155')
    kernelOf(modal).router.reset('Account')
    await kernelOf(modal).navigation.switchNetwork('eip155:10')
    expect(modal.getNetwork().caipNetworkId).toBe('eip155:10')
    expect(kernelOf(modal).router.current?.view).toBe('Account')
    await kernelOf(modal).navigation.switchNetwork('solana:main')
    expect(kernelOf(modal).router.current).toEqual({ view: 'Connect', data: { namespace: 'solana' } })
  })

  it('a failed switch rejects and stays', async () => {
    const { modal } = twoFamilies()
    await modal.connect('io.fake', 'eip155')
    kernelOf(modal).router.reset('Account')
    await expect(kernelOf(modal).navigation.switchNetwork('eip155:999')).rejects.toMatchObject({ code: 'NOT_SUPPORTED' })
    expect(kernelOf(modal).router.current?.view).toBe('Account')
  })
})
