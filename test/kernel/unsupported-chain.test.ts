/** UnsupportedChain: shown when the wallet moves to an unrequested network, under exactly the spec's conditions. */
import { describe, expect, it } from 'vitest'
import { createKernel } from '../../kernel/kernel.js'
import type { ModalOptions } from '../../kernel/options.js'
import type { Plugin } from '../../kernel/plugin.js'
import { dummyView, fakeAdapter, flush, recordingBackend } from './helpers.js'
import { chainPlugin, desktop } from './kernel-fixtures.js'
import { kernelOf } from '../../kernel/kernel-of.js'

/** Shell views without UnsupportedChain: the test plugin contributes it. */
const views = Object.fromEntries(['Connect', 'Account', 'AllWallets', 'ConnectingWalletConnectBasic'].map((id) => [id, dummyView]))
const unsupportedChainPlugin: Plugin = { name: 'unsupported-chain', setup: (ctx) => ctx.views.register('UnsupportedChain', dummyView) }

async function connected(options: ModalOptions = {}, plugins: Plugin[] = [unsupportedChainPlugin]) {
  const fake = fakeAdapter()
  const modal = createKernel(
    { projectId: 'p', storage: recordingBackend(), ...options, plugins: [chainPlugin(fake), ...plugins] },
    { platform: desktop, views },
  )
  await modal.open()
  await modal.connect('io.fake')
  kernelOf(modal).router.reset('Account')
  modal.close()
  return { modal, fake }
}

describe('UnsupportedChain', () => {
  it('a wallet moving to an unrequested network shows UnsupportedChain (defaults: network switch on, unsupported chains not allowed)', async () => {
    const { modal, fake } = await connected()
    fake.wallet.networkChanged('eip155:56')
    await flush()
    expect(modal.isOpen()).toBe(true)
    expect(modal.getState().view).toBe('UnsupportedChain')
  })

  it('a requested network does not show UnsupportedChain', async () => {
    const { modal, fake } = await connected()
    fake.wallet.networkChanged('eip155:10')
    await flush()
    expect(modal.isOpen()).toBe(false)
  })

  it('not shown when enableNetworkSwitch is off', async () => {
    const { modal, fake } = await connected({ enableNetworkSwitch: false })
    fake.wallet.networkChanged('eip155:56')
    await flush()
    expect(modal.isOpen()).toBe(false)
  })

  it('not shown when allowUnsupportedChain is on', async () => {
    const { modal, fake } = await connected({ allowUnsupportedChain: true })
    fake.wallet.networkChanged('eip155:56')
    await flush()
    expect(modal.isOpen()).toBe(false)
  })

  it('not shown when no plugin contributes the UnsupportedChain view', async () => {
    const { modal, fake } = await connected({}, [])
    fake.wallet.networkChanged('eip155:56')
    await flush()
    expect(modal.isOpen()).toBe(false)
  })

  it('not shown in basic mode (no chain adapters)', async () => {
    const modal = createKernel(
      { projectId: 'p', storage: recordingBackend(), plugins: [unsupportedChainPlugin] },
      { platform: desktop, views },
    )
    await modal.open()
    modal.close()
    kernelOf(modal).state.$chains.setKey('eip155', {
      namespace: 'eip155',
      accountState: { status: 'connected', address: '0x1', balanceStatus: 'idle' },
      networkState: { requestedCaipNetworks: [], supportsAllNetworks: false },
    })
    kernelOf(modal).events.emit('network:change', { namespace: 'eip155', caipNetworkId: 'eip155:56', supported: false, origin: 'wallet' })
    await flush()
    expect(modal.isOpen()).toBe(false)
  })

  it('not shown while nobody is connected', async () => {
    const fake = fakeAdapter()
    const modal = createKernel(
      { projectId: 'p', storage: recordingBackend(), plugins: [chainPlugin(fake), unsupportedChainPlugin] },
      { platform: desktop, views },
    )
    await modal.open()
    modal.close()
    kernelOf(modal).events.emit('network:change', { namespace: 'eip155', caipNetworkId: 'eip155:56', supported: false, origin: 'wallet' })
    await flush()
    expect(modal.isOpen()).toBe(false)
  })

  it('a move to an unrequested network followed one tick later by a requested one leaves no UnsupportedChain open', async () => {
    const { modal, fake } = await connected()
    fake.wallet.networkChanged('eip155:56')
    await Promise.resolve()
    fake.wallet.networkChanged('eip155:10')
    await flush()
    expect(modal.getState().view === 'UnsupportedChain' && modal.isOpen()).toBe(false)
    expect(modal.isOpen()).toBe(false)
  })

  it('the same with a stored session (the open waits for the restore first)', async () => {
    const backend = recordingBackend()
    const fake = fakeAdapter()
    const modal = createKernel(
      { projectId: 'p', storage: backend, plugins: [chainPlugin(fake), unsupportedChainPlugin] },
      { platform: desktop, views },
    )
    await modal.open()
    await modal.connect('io.fake')
    modal.close()
    fake.wallet.networkChanged('eip155:56')
    setTimeout(() => fake.wallet.networkChanged('eip155:1'), 0)
    await flush()
    await flush()
    expect(modal.isOpen()).toBe(false)
  })

  it('UnsupportedChain already shown closes once the wallet is back on a requested network', async () => {
    const { modal, fake } = await connected()
    fake.wallet.networkChanged('eip155:56')
    await flush()
    expect(modal.getState().view).toBe('UnsupportedChain')
    fake.wallet.networkChanged('eip155:1')
    await flush()
    expect(modal.isOpen()).toBe(false)
  })

  it('a requested network does not close the modal the user opened on another view', async () => {
    const { modal, fake } = await connected()
    await modal.open()
    expect(modal.getState().view).toBe('Account')
    fake.wallet.networkChanged('eip155:10')
    await flush()
    expect(modal.isOpen()).toBe(true)
    expect(modal.getState().view).toBe('Account')
  })

  it('goBack closes the modal when UnsupportedChain is in the history', async () => {
    const { modal, fake } = await connected()
    fake.wallet.networkChanged('eip155:56')
    await flush()
    kernelOf(modal).router.push('Account')
    kernelOf(modal).router.goBack()
    expect(modal.isOpen()).toBe(false)
  })
})
