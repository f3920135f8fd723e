import { afterEach, describe, expect, it, vi } from 'vitest'
import { StorageKeys } from '../../kernel/connection.js'
import { VestibuleError } from '../../kernel/errors.js'
import { createKernel, RECONNECT_WAIT_MS, type Shell } from '../../kernel/kernel.js'
import type { Plugin } from '../../kernel/plugin.js'
import { ADDRESS, deferred, dummyView, fakeAdapter, flush, recordingBackend } from './helpers.js'
import { chainPlugin, desktop, mobile, modalWithWallet, shellViews } from './kernel-fixtures.js'
import { kernelOf } from '../../kernel/kernel-of.js'

afterEach(() => vi.restoreAllMocks())

describe('kernel: no DOM, storage or network access in createKernel', () => {
  it('createKernel touches no storage, no fetch and starts no wallet discovery; open() does', async () => {
    const realFetch = globalThis.fetch
    const countingFetch = vi.fn(realFetch)
    globalThis.fetch = countingFetch
    try {
      const fake = fakeAdapter()
      const backend = recordingBackend()
      let pluginStorage: { get(k: string): unknown } | undefined
      const feature: Plugin = { name: 'feature', setup: (ctx) => void (pluginStorage = ctx.storage) }
      const modal = createKernel(
        { projectId: 'p', storage: backend, plugins: [chainPlugin(fake), feature] },
        { views: shellViews, platform: desktop },
      )
      expect(backend.calls).toEqual([])
      expect(countingFetch).not.toHaveBeenCalled()
      expect(fake.adapter.watchConnectors).not.toHaveBeenCalled()
      expect(pluginStorage).toBeDefined()

      await modal.open()
      expect(fake.adapter.watchConnectors).toHaveBeenCalledTimes(1)
      expect(backend.calls.length).toBeGreaterThan(0)
      expect(backend.calls).toContainEqual(['getItem', `@vestibule/v1/${StorageKeys.connectedNamespaces}`])
    } finally {
      globalThis.fetch = realFetch
    }
  })

  it('a second open does not restart discovery', async () => {
    const { modal, fake } = modalWithWallet()
    await modal.open()
    modal.close()
    await modal.open()
    expect(fake.adapter.watchConnectors).toHaveBeenCalledTimes(1)
  })

  it('a missing project id raises an alert on first open, logged once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { modal } = modalWithWallet({ projectId: undefined })
    expect(kernelOf(modal).feedback.$alerts.get()).toEqual([])
    await modal.open()
    expect(kernelOf(modal).feedback.$alerts.get()).toEqual([
      { id: 'missing-project-id', message: kernelOf(modal).i18n.t('alert.missingProjectId') },
    ])
    modal.close()
    await modal.open()
    expect(warn).toHaveBeenCalledTimes(1)
  })

  it('with a project id there is no alert', async () => {
    const { modal } = modalWithWallet()
    await modal.open()
    expect(kernelOf(modal).feedback.$alerts.get()).toEqual([])
  })
})

describe('kernel: opening rules', () => {
  const noAdapters = (platform = desktop) => createKernel({ projectId: 'p', storage: recordingBackend() }, { platform, views: shellViews })

  it('no adapters and no address on desktop opens ConnectingWalletConnectBasic', async () => {
    const modal = noAdapters(desktop)
    await modal.open()
    expect(modal.getState().view).toBe('ConnectingWalletConnectBasic')
  })

  it('no adapters and no address on mobile opens AllWallets', async () => {
    const modal = noAdapters(mobile)
    await modal.open()
    expect(modal.getState().view).toBe('AllWallets')
  })

  it('no adapters and no address comes before a requested view', async () => {
    const modal = noAdapters(desktop)
    await modal.open('Connect')
    expect(modal.getState().view).toBe('ConnectingWalletConnectBasic')
  })

  it('otherwise a requested view with its data wins', async () => {
    const { modal } = modalWithWallet()
    await modal.open('AllWallets', { search: 'rabby' })
    expect(kernelOf(modal).router.current).toEqual({ view: 'AllWallets', data: { search: 'rabby' } })
  })

  it('otherwise Connect when not connected', async () => {
    const { modal } = modalWithWallet()
    await modal.open()
    expect(modal.getState().view).toBe('Connect')
  })

  it('otherwise Account when connected', async () => {
    const { modal } = modalWithWallet()
    await modal.open()
    await modal.connect('io.fake')
    modal.close()
    await modal.open()
    expect(modal.getState().view).toBe('Account')
  })

  it('an unknown requested view falls back (no throw) and emits an error event', async () => {
    const { modal } = modalWithWallet()
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const errors: Array<{ source: string; error: unknown }> = []
    kernelOf(modal).events.on('error', (e) => void errors.push(e))
    await expect(modal.open('Swap')).resolves.toBeUndefined()
    expect(modal.getState().view).toBe('Connect')
    expect(modal.isOpen()).toBe(true)
    expect(errors).toHaveLength(1)
    expect(errors[0]!.source).toBe('open')
    expect(errors[0]!.error).toBeInstanceOf(VestibuleError)
    expect((errors[0]!.error as VestibuleError).code).toBe('UNKNOWN_VIEW')
    expect((errors[0]!.error as VestibuleError).message).toContain('"Swap"')
    expect(consoleError).toHaveBeenCalled()
  })

  it('an unknown requested view while connected falls back to Account', async () => {
    const { modal } = modalWithWallet()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await modal.open()
    await modal.connect('io.fake')
    await modal.open('Swap')
    expect(modal.getState().view).toBe('Account')
  })

  it('a restored session opens on Account once reconnect resolved', async () => {
    const fake = fakeAdapter()
    const backend = recordingBackend({
      '@vestibule/v1/connectedNamespaces': '["eip155"]',
      '@vestibule/v1/connectorId:eip155': '"io.fake"',
    })
    const modal = createKernel({ projectId: 'p', storage: backend, plugins: [chainPlugin(fake)] }, { platform: desktop, views: shellViews })
    await modal.reconnect()
    expect(fake.adapter.watchConnectors).toHaveBeenCalledTimes(1)
    expect(modal.getAccount()).toMatchObject({ status: 'connected', address: ADDRESS, namespace: 'eip155' })
    await modal.open()
    expect(modal.getState().view).toBe('Account')
    expect(fake.adapter.reconnect).toHaveBeenCalledTimes(1)
  })
})

describe('kernel: first open waits for the session restore', () => {
  afterEach(() => vi.useRealTimers())

  const pendingReconnect = () => {
    const fake = fakeAdapter()
    const answer = deferred<{ address: string; caipNetworkId: `${string}:${string}` } | undefined>()
    fake.adapter.reconnect.mockReturnValueOnce(answer.promise)
    const backend = recordingBackend({ '@vestibule/v1/connectedNamespaces': '["eip155"]', '@vestibule/v1/connectorId:eip155': '"io.fake"' })
    const modal = createKernel({ projectId: 'p', storage: backend, plugins: [chainPlugin(fake)] }, { platform: desktop, views: shellViews })
    return { modal, answer }
  }

  it(`a wallet that does not answer delays the first open by at most RECONNECT_WAIT_MS (${RECONNECT_WAIT_MS} ms)`, async () => {
    vi.useFakeTimers()
    const { modal } = pendingReconnect()
    const opening = modal.open()
    await vi.advanceTimersByTimeAsync(RECONNECT_WAIT_MS - 1)
    expect(modal.isOpen()).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await opening
    expect(modal.isOpen()).toBe(true)
    expect(modal.getState().view).toBe('Connect')
  })

  it('a session restored within the wait opens on Account', async () => {
    vi.useFakeTimers()
    const { modal, answer } = pendingReconnect()
    const opening = modal.open()
    await vi.advanceTimersByTimeAsync(500)
    answer.resolve({ address: ADDRESS, caipNetworkId: 'eip155:1' })
    await opening
    expect(modal.getState().view).toBe('Account')
  })

  it('close() while the first open still waits keeps the modal closed', async () => {
    vi.useFakeTimers()
    const { modal, answer } = pendingReconnect()
    const opening = modal.open()
    modal.close()
    answer.resolve(undefined)
    await opening
    await vi.advanceTimersByTimeAsync(RECONNECT_WAIT_MS)
    expect(modal.isOpen()).toBe(false)
  })

  it('destroy() while the first open still waits keeps the modal closed', async () => {
    vi.useFakeTimers()
    const { modal, answer } = pendingReconnect()
    const opening = modal.open()
    modal.destroy()
    answer.resolve(undefined)
    await opening
    expect(modal.isOpen()).toBe(false)
  })

  it('of two opens during the wait, the last one decides the view', async () => {
    vi.useFakeTimers()
    const { modal, answer } = pendingReconnect()
    const first = modal.open('AllWallets')
    const second = modal.open('ConnectingExternal', { id: 'io.fake' })
    answer.resolve(undefined)
    await Promise.all([first, second])
    expect(kernelOf(modal).router.$history.get()).toEqual([{ view: 'ConnectingExternal', data: { id: 'io.fake' } }])
  })
})

describe('kernel: open, close and hooks', () => {
  it('open sets open, emits modal:open with the view; close emits modal:close once', async () => {
    const { modal } = modalWithWallet()
    const seen: string[] = []
    kernelOf(modal).events.on('modal:open', (e) => void seen.push(`open:${e.view}`))
    kernelOf(modal).events.on('modal:close', () => void seen.push('close'))
    await modal.open()
    expect(modal.isOpen()).toBe(true)
    modal.close()
    modal.close()
    expect(modal.isOpen()).toBe(false)
    expect(seen).toEqual(['open:Connect', 'close'])
  })

  it('goBack on the only view closes the modal', async () => {
    const { modal } = modalWithWallet()
    await modal.open()
    kernelOf(modal).router.goBack()
    expect(modal.isOpen()).toBe(false)
  })

  it('open runs onOpen hooks with {first, connected}', async () => {
    const hook = vi.fn()
    const { modal } = modalWithWallet({ plugins: [{ name: 'prefetch', setup: (ctx) => ctx.onOpen(hook) }] })
    await modal.open()
    await flush()
    expect(hook).toHaveBeenCalledWith({ first: true, connected: false })
    await modal.connect('io.fake')
    await modal.open()
    await flush()
    expect(hook).toHaveBeenLastCalledWith({ first: false, connected: true })
    expect(hook).toHaveBeenCalledTimes(2)
  })

  it('onOpen hooks do not run before open', async () => {
    const hook = vi.fn()
    modalWithWallet({ plugins: [{ name: 'prefetch', setup: (ctx) => ctx.onOpen(hook) }] })
    await flush()
    expect(hook).not.toHaveBeenCalled()
  })

  it('a failing onOpen hook is reported as an error event naming the plugin, not thrown', async () => {
    const boom = new Error('catalog down')
    const { modal } = modalWithWallet({ plugins: [{ name: 'catalog', setup: (ctx) => ctx.onOpen(async () => Promise.reject(boom)) }] })
    const errors: unknown[] = []
    kernelOf(modal).events.on('error', (e) => void errors.push(e))
    await modal.open()
    await flush()
    expect(errors).toEqual([{ source: 'hook of catalog', error: boom }])
  })

  it('a throwing event listener is reported as an error event; a throwing error listener is not re-reported', async () => {
    const { modal } = modalWithWallet()
    const errors: Array<{ source: string }> = []
    kernelOf(modal).events.on('error', (e) => {
      errors.push(e)
      throw new Error('error listener fails too')
    })
    kernelOf(modal).events.on('modal:open', () => {
      throw new Error('listener fails')
    })
    await modal.open()
    expect(errors.map((e) => e.source)).toEqual(['listener of modal:open'])
  })
})

describe('kernel: modal handle', () => {
  it('connect, getAccount, getNetwork, subscribe and disconnect go through the connection', async () => {
    const { modal } = modalWithWallet()
    const snapshots: string[] = []
    const off = modal.subscribe((s) => void snapshots.push(s.status))
    await modal.open()
    await modal.connect('io.fake')
    expect(modal.getAccount()).toMatchObject({
      status: 'connected',
      address: ADDRESS,
      caipAddress: `eip155:1:${ADDRESS}`,
      namespace: 'eip155',
      connectorId: 'io.fake',
    })
    expect(modal.getNetwork()).toMatchObject({ caipNetworkId: 'eip155:1', namespace: 'eip155' })
    await modal.switchNetwork('eip155:10')
    expect(modal.getNetwork().caipNetworkId).toBe('eip155:10')
    expect(await modal.signMessage('hi')).toBe('signed:hi')
    await modal.disconnect()
    off()
    expect(modal.getAccount().status).toBe('disconnected')
    expect(modal.getAccount().address).toBeUndefined()
    expect(snapshots).toContain('connecting')
    expect(snapshots).toContain('connected')
    expect(snapshots.at(-1)).toBe('disconnected')
  })

  it('the connection is resolvable from the modal container', async () => {
    const { modal } = modalWithWallet()
    expect(kernelOf(modal).container.resolve(Symbol.for('vestibule.connection'))).toBe(kernelOf(modal).connection)
  })
})

describe('kernel: shell loading', () => {
  const shell = (): Shell & { [k: string]: ReturnType<typeof vi.fn> } => ({ show: vi.fn(), hide: vi.fn(), destroy: vi.fn() })

  it('the shell loads on first open only, shows on open and hides on close', async () => {
    const s = shell()
    const loadShell = vi.fn(async () => s)
    const { modal } = modalWithWallet({}, { loadShell })
    expect(loadShell).not.toHaveBeenCalled()
    await modal.open()
    expect(s.show).toHaveBeenCalledTimes(1)
    modal.close()
    await flush()
    expect(s.hide).toHaveBeenCalledTimes(1)
    await modal.open()
    expect(loadShell).toHaveBeenCalledTimes(1)
    expect(s.show).toHaveBeenCalledTimes(2)
  })

  it('a shell that fails to load rejects open, closes the modal, and is retried on the next open', async () => {
    const s = shell()
    const loadShell = vi.fn<() => Promise<Shell>>().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValueOnce(s)
    const { modal } = modalWithWallet({}, { loadShell })
    await expect(modal.open()).rejects.toThrow('chunk failed')
    expect(modal.isOpen()).toBe(false)
    await modal.open()
    expect(loadShell).toHaveBeenCalledTimes(2)
    expect(s.show).toHaveBeenCalledTimes(1)
  })

  it('a shell arriving after close is not shown', async () => {
    const s = shell()
    const loading = deferred<Shell>()
    const loadShell = vi.fn(() => loading.promise)
    const { modal } = modalWithWallet({}, { loadShell })
    const opening = modal.open()
    await vi.waitFor(() => expect(loadShell).toHaveBeenCalled())
    modal.close()
    loading.resolve(s)
    await opening
    expect(s.show).not.toHaveBeenCalled()
    expect(modal.isOpen()).toBe(false)
  })
})

describe('kernel: destroy', () => {
  it('destroy makes open throw', async () => {
    const { modal } = modalWithWallet()
    modal.destroy()
    const error = await modal.open().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(VestibuleError)
    expect((error as VestibuleError).code).toBe('DESTROYED')
  })

  it('destroy closes, stops discovery, destroys the shell, clears listeners and is idempotent', async () => {
    const s = { show: vi.fn(), hide: vi.fn(), destroy: vi.fn() }
    const { modal, fake } = modalWithWallet({}, { loadShell: async () => s })
    const listener = vi.fn()
    await modal.open()
    kernelOf(modal).events.on('modal:close', listener)
    modal.destroy()
    modal.destroy()
    await flush()
    expect(modal.isOpen()).toBe(false)
    expect(fake.stopWatching).toHaveBeenCalledTimes(1)
    expect(s.destroy).toHaveBeenCalledTimes(1)
    kernelOf(modal).events.emit('modal:close', {})
    expect(listener).not.toHaveBeenCalled()
  })
})

describe('kernel: views from extras', () => {
  it('registers the shell views before plugins set up', () => {
    let seen: boolean | undefined
    createKernel(
      { plugins: [{ name: 'probe', setup: (ctx) => void (seen = ctx.views.has('Connect')) }] },
      { views: { Connect: dummyView } },
    )
    expect(seen).toBe(true)
  })
})
