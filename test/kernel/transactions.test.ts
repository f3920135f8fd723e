/** Transaction stack and embedded mode. */
import { describe, expect, it, vi } from 'vitest'
import { createKernel } from '../../kernel/kernel.js'
import { createRouter } from '../../kernel/router.js'

/** A sign-in flow's first view, as a sign-in plugin would name it. */
const CONNECTING_SIWE_VIEW = 'ConnectingSiwe'
import { dummyView, recordingBackend } from './helpers.js'
import { desktop, modalWithWallet, shellViews } from './kernel-fixtures.js'
import { kernelOf } from '../../kernel/kernel-of.js'

const KNOWN = new Set(['Connect', 'Account', 'AllWallets', 'ConnectingExternal', CONNECTING_SIWE_VIEW, 'SIWXSignMessage'])

function setup(...history: string[]) {
  const close = vi.fn()
  const router = createRouter({ isRegistered: (v) => KNOWN.has(v), close })
  for (const view of history) router.push(view)
  const views = () => router.$history.get().map((e) => e.view)
  return { router, close, views }
}

describe('transaction stack: go back', () => {
  it('on success with goBack: goes back one view', () => {
    const { router, close, views } = setup('Connect', 'AllWallets', 'ConnectingExternal')
    router.pushTransaction({ onSuccess: { action: 'goBack' }, onCancel: { action: 'reset', view: 'Connect' } })
    router.completeTransaction('success')
    expect(views()).toEqual(['Connect', 'AllWallets'])
    expect(close).not.toHaveBeenCalled()
  })

  it('on cancel with goBack: goes back one view', () => {
    const { router, views } = setup('Connect', 'AllWallets', 'ConnectingExternal')
    router.pushTransaction({ onSuccess: { action: 'reset', view: 'Account' }, onCancel: { action: 'goBack' } })
    router.completeTransaction('cancel')
    expect(views()).toEqual(['Connect', 'AllWallets'])
  })

  it('an outcome the flow did not set goes back', () => {
    const { router, views } = setup('Connect', 'AllWallets')
    router.pushTransaction({})
    router.completeTransaction('success')
    expect(views()).toEqual(['Connect'])
  })

  it('goBack as outcome on the last entry closes the modal', () => {
    const { router, close } = setup('Connect')
    router.pushTransaction({ onCancel: { action: 'goBack' } })
    router.completeTransaction('cancel')
    expect(close).toHaveBeenCalledTimes(1)
  })
})

describe('transaction stack: replace', () => {
  it('replace returns to the entry before ConnectingSiwe', () => {
    const { router, close, views } = setup('Connect', 'AllWallets', CONNECTING_SIWE_VIEW, 'SIWXSignMessage')
    router.pushTransaction({ onSuccess: { action: 'replace', view: CONNECTING_SIWE_VIEW } })
    router.completeTransaction('success')
    expect(views()).toEqual(['Connect', 'AllWallets'])
    expect(close).not.toHaveBeenCalled()
  })

  it('replace closes the modal when ConnectingSiwe is not in the history', () => {
    const { router, close, views } = setup('Connect', 'SIWXSignMessage')
    router.pushTransaction({ onCancel: { action: 'replace', view: CONNECTING_SIWE_VIEW } })
    router.completeTransaction('cancel')
    expect(close).toHaveBeenCalledTimes(1)
    expect(views()).toEqual(['Connect', 'SIWXSignMessage'])
  })

  it('replace closes the modal when ConnectingSiwe is the first entry (no entry before it)', () => {
    const { router, close } = setup(CONNECTING_SIWE_VIEW, 'SIWXSignMessage')
    router.pushTransaction({ onSuccess: { action: 'replace', view: CONNECTING_SIWE_VIEW } })
    router.completeTransaction('success')
    expect(close).toHaveBeenCalledTimes(1)
  })
})

describe('transaction stack: reset to a view', () => {
  it('reset shows exactly the given view with its data', () => {
    const { router, close, views } = setup('Connect', 'AllWallets', 'ConnectingExternal')
    router.pushTransaction({ onSuccess: { action: 'reset', view: 'Account', data: { tab: 'activity' } } })
    router.completeTransaction('success')
    expect(views()).toEqual(['Account'])
    expect(router.current).toEqual({ view: 'Account', data: { tab: 'activity' } })
    expect(close).not.toHaveBeenCalled()
  })

  it('success and cancel each carry out their own outcome', () => {
    const a = setup('Connect', 'AllWallets')
    const b = setup('Connect', 'AllWallets')
    const flow = { onSuccess: { action: 'reset', view: 'Account' }, onCancel: { action: 'reset', view: 'Connect' } } as const
    a.router.pushTransaction(flow)
    b.router.pushTransaction(flow)
    a.router.completeTransaction('success')
    b.router.completeTransaction('cancel')
    expect(a.views()).toEqual(['Account'])
    expect(b.views()).toEqual(['Connect'])
  })
})

describe('transaction stack: nesting', () => {
  it('completeTransaction ends the newest flow first, then the older one', () => {
    const { router, views } = setup('Connect', 'AllWallets', 'ConnectingExternal')
    router.pushTransaction({ onSuccess: { action: 'reset', view: 'Account' } })
    router.pushTransaction({ onSuccess: { action: 'goBack' } })
    expect(router.transactions).toHaveLength(2)
    router.completeTransaction('success')
    expect(views()).toEqual(['Connect', 'AllWallets'])
    expect(router.transactions).toHaveLength(1)
    router.completeTransaction('success')
    expect(views()).toEqual(['Account'])
    expect(router.transactions).toHaveLength(0)
  })
})

describe('transaction stack in a modal', () => {
  it('a replace outcome without ConnectingSiwe closes the modal', async () => {
    const { modal } = modalWithWallet({}, { views: { ...shellViews, SIWXSignMessage: dummyView } })
    await modal.open()
    kernelOf(modal).router.push('SIWXSignMessage')
    kernelOf(modal).router.pushTransaction({ onSuccess: { action: 'replace', view: CONNECTING_SIWE_VIEW } })
    kernelOf(modal).router.completeTransaction('success')
    expect(modal.isOpen()).toBe(false)
  })
})

describe('embedded mode', () => {
  const embedded = () => modalWithWallet({ enableEmbedded: true })

  it('embedded mode: close shows Connect when not connected and the modal stays shown', async () => {
    const { modal } = embedded()
    await modal.open('AllWallets')
    kernelOf(modal).router.push('ConnectingExternal')
    const closes = vi.fn()
    kernelOf(modal).events.on('modal:close', closes)
    modal.close()
    expect(kernelOf(modal).router.$history.get()).toEqual([{ view: 'Connect', data: undefined }])
    expect(modal.isOpen()).toBe(true)
    expect(closes).toHaveBeenCalledTimes(1)
  })

  it('embedded mode: close shows Account when connected', async () => {
    const { modal } = embedded()
    await modal.open()
    await modal.connect('io.fake')
    kernelOf(modal).router.push('AllWallets')
    modal.close()
    expect(modal.getState().view).toBe('Account')
    expect(kernelOf(modal).router.$history.get()).toHaveLength(1)
    expect(modal.isOpen()).toBe(true)
  })

  it('embedded mode: goBack on the last view returns to the resting view instead of hiding', async () => {
    const { modal } = embedded()
    await modal.open('AllWallets')
    kernelOf(modal).router.goBack()
    expect(modal.getState().view).toBe('Connect')
    expect(modal.isOpen()).toBe(true)
  })

  it('without embedded mode close hides the modal and keeps the history', async () => {
    const { modal } = modalWithWallet()
    await modal.open('AllWallets')
    modal.close()
    expect(modal.isOpen()).toBe(false)
    expect(modal.getState().view).toBe('AllWallets')
  })

  it('embedded mode without shell views (headless) closes without throwing', async () => {
    const modal = createKernel({ projectId: 'p', storage: recordingBackend(), enableEmbedded: true }, { platform: desktop })
    await modal.open()
    expect(() => modal.close()).not.toThrow()
  })
})
