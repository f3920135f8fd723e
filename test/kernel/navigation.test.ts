// Post-connect and post-disconnect navigation: an after-connect step a plugin declares goes between a
// successful connection and Account; after a disconnect the modal rests on Connect (or Account of a namespace
// still connected).
import { describe, expect, it } from 'vitest'
import { dummyView } from './helpers.js'
import { modalWithWallet } from './kernel-fixtures.js'
import { kernelOf } from '../../kernel/kernel-of.js'

/** Connects the fixture's wallet: discovery must have listed it, as on first open. */
const connect = async (modal: ReturnType<typeof modalWithWallet>['modal']) => {
  kernelOf(modal).chains.startDiscovery()
  await modal.connect('io.fake')
}

describe('navigation', () => {
  it('connected() opens Account when no plugin adds a step', async () => {
    const { modal } = modalWithWallet()
    await connect(modal)
    kernelOf(modal).navigation.connected('eip155')
    expect(kernelOf(modal).router.current?.view).toBe('Account')
  })

  it("an after-connect step's view comes first, with the connected account in its info", async () => {
    const seen: unknown[] = []
    const { modal } = modalWithWallet({
      plugins: [
        {
          name: 'signIn',
          setup(ctx) {
            ctx.views.register('SignIn', dummyView)
            ctx.afterConnect((info) => (seen.push(info), { view: 'SignIn', data: { address: info.address } }))
          },
        },
      ],
    })
    await connect(modal)
    kernelOf(modal).navigation.connected('eip155')
    expect(kernelOf(modal).router.current).toEqual({ view: 'SignIn', data: { address: modal.getState().address } })
    expect(seen).toEqual([{ namespace: 'eip155', address: modal.getState().address, caipNetworkId: modal.getState().caipNetworkId }])
  })

  it('a throwing step is reported and Account still opens', async () => {
    const errors: string[] = []
    const { modal } = modalWithWallet({
      plugins: [
        {
          name: 'bad',
          setup: (ctx) =>
            ctx.afterConnect(() => {
              throw new Error('nope')
            }),
        },
      ],
    })
    kernelOf(modal).events.on('error', ({ source }) => errors.push(source))
    await connect(modal)
    kernelOf(modal).navigation.connected('eip155')
    expect(kernelOf(modal).router.current?.view).toBe('Account')
    expect(errors).toEqual(['afterConnect'])
  })

  it('disconnected() rests on Connect when nobody stays connected', async () => {
    const { modal } = modalWithWallet()
    await connect(modal)
    await modal.disconnect()
    kernelOf(modal).navigation.disconnected()
    expect(kernelOf(modal).router.current?.view).toBe('Connect')
    expect(kernelOf(modal).navigation.resting()).toBe('Connect')
  })
})

describe('a wallet on a network the host did not request', () => {
  const onBsc = (fake: ReturnType<typeof modalWithWallet>['fake']) =>
    fake.adapter.connect.mockResolvedValueOnce({ address: '0x1111111111111111111111111111111111111111', caipNetworkId: 'eip155:56' })

  it('connecting shows UnsupportedChain for that namespace, and after-connect navigation lands there too', async () => {
    const { modal, fake } = modalWithWallet()
    onBsc(fake)
    await connect(modal)
    await expect.poll(() => kernelOf(modal).router.current).toEqual({ view: 'UnsupportedChain', data: { namespace: 'eip155' } })
    expect(modal.isOpen()).toBe(true)
    kernelOf(modal).router.reset('Connect')
    kernelOf(modal).navigation.connected('eip155')
    expect(kernelOf(modal).router.current).toEqual({ view: 'UnsupportedChain', data: { namespace: 'eip155' } })
  })

  it('a session restored on such a network shows UnsupportedChain on open', async () => {
    const first = modalWithWallet()
    onBsc(first.fake)
    await connect(first.modal)
    const { modal, fake } = modalWithWallet({ storage: first.backend })
    fake.adapter.reconnect.mockResolvedValueOnce({ address: '0x1111111111111111111111111111111111111111', caipNetworkId: 'eip155:56' })
    await modal.open()
    await expect.poll(() => kernelOf(modal).router.current).toEqual({ view: 'UnsupportedChain', data: { namespace: 'eip155' } })
    expect(modal.getNetwork().caipNetworkId).toBe('eip155:56')
  })

  it('with allowUnsupportedChain or enableNetworkSwitch: false, Account instead', async () => {
    for (const options of [{ allowUnsupportedChain: true }, { enableNetworkSwitch: false }]) {
      const { modal, fake } = modalWithWallet(options)
      onBsc(fake)
      await connect(modal)
      await expect.poll(() => modal.isOpen()).toBe(false)
      kernelOf(modal).navigation.connected('eip155')
      expect(kernelOf(modal).router.current?.view).toBe('Account')
    }
  })

  it('the view is opened for the namespace whose network changed, not the active one', async () => {
    const { createKernel } = await import('../../kernel/kernel.js')
    const { connector, fakeAdapter, recordingBackend } = await import('./helpers.js')
    const { desktop, shellViews } = await import('./kernel-fixtures.js')
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
    await modal.connect('io.fake', 'eip155')
    await modal.connect('io.fake', 'solana')
    expect(modal.getAccount().namespace).toBe('solana')
    evm.wallet.networkChanged('eip155:56')
    await expect.poll(() => kernelOf(modal).router.current).toEqual({ view: 'UnsupportedChain', data: { namespace: 'eip155' } })
  })
})

describe('disconnect ends pending flows', () => {
  it('the transaction stack is empty after a disconnect', async () => {
    const { modal } = modalWithWallet()
    await connect(modal)
    kernelOf(modal).router.pushTransaction({ onSuccess: { action: 'goBack' } })
    kernelOf(modal).router.pushTransaction({ onCancel: { action: 'goBack' } })
    await modal.disconnect()
    expect(kernelOf(modal).router.transactions).toEqual([])
  })
})
