/**
 * Preloading the first open's code: `modal.preload()` fetches the shell, the first view and the connection logic
 * without running plugin hooks or calling an API. Its scheduling is in test/ui/preload.test.ts; the browser side
 * (idle in a real page, no script left for the click) in test/build/bundlers.test.ts.
 */
import { describe, expect, it, vi } from 'vitest'
import { resolveOptions } from '../../kernel/options.js'
import type { Plugin } from '../../kernel/plugin.js'
import { Tokens } from '../../kernel/container.js'
import { modalWithWallet } from './kernel-fixtures.js'
import { dummyView } from './helpers.js'
import { kernelOf } from '../../kernel/kernel-of.js'

describe('modal.preload()', () => {
  const loads = () => {
    const loaded: string[] = []
    const view = (id: string) => ({ load: async () => (loaded.push(id), { default: () => null }) })
    return { loaded, view }
  }

  it('fetches the shell, the first view and the connect methods it draws, once; no hook runs, no request is made', async () => {
    const { loaded, view } = loads()
    const requests: string[] = []
    const hooks: string[] = []
    const plugin: Plugin = {
      name: 'method',
      setup(ctx) {
        ctx.onOpen(() => void hooks.push('open'))
        ctx.slots.add('connect.methods', { id: 'email', label: 'Email', load: view('EmailMethod').load })
      },
    }
    const { modal } = modalWithWallet(
      {
        plugins: [plugin],
        services: (s) =>
          s.provide(Tokens.Http, {
            get: async (path: string) => void requests.push(path),
            post: async (path: string) => void requests.push(path),
          } as never),
      },
      {
        preloadShell: async () => void loaded.push('shell'),
        views: { Connect: view('Connect'), Account: view('Account'), ConnectingExternal: dummyView, UnsupportedChain: dummyView },
      },
    )
    const first = modal.preload()
    expect(modal.preload()).toBe(first)
    await first
    expect(loaded.sort()).toEqual(['Connect', 'EmailMethod', 'shell'])
    expect(hooks).toEqual([])
    expect(requests).toEqual([])
    expect(modal.isOpen()).toBe(false)
  })

  it('starts wallet discovery (wallets are listed before the first open) and tells the shell which view opens first', async () => {
    const firsts: Array<string | undefined> = []
    const { modal, fake } = modalWithWallet({}, { preloadShell: async (_modal, first) => void firsts.push(first) })
    expect(fake.adapter.watchConnectors).not.toHaveBeenCalled()
    expect(kernelOf(modal).chains.$connectors.get()).toEqual([])
    await modal.preload()
    expect(fake.adapter.watchConnectors).toHaveBeenCalledTimes(1)
    expect(
      kernelOf(modal)
        .chains.$connectors.get()
        .map((c) => c.id),
    ).toEqual(['io.fake'])
    expect(firsts).toEqual(['Connect'])
    // The open finds discovery running and does not start it twice.
    await modal.open()
    expect(fake.adapter.watchConnectors).toHaveBeenCalledTimes(1)
  })

  it('a destroyed modal preloads nothing', async () => {
    const shell = vi.fn(async () => {})
    const { modal, fake } = modalWithWallet({}, { preloadShell: shell })
    modal.destroy()
    await modal.preload()
    expect(shell).not.toHaveBeenCalled()
    expect(fake.adapter.watchConnectors).not.toHaveBeenCalled()
  })

  it('a returning user (stored session) gets Account fetched instead of Connect', async () => {
    const { loaded, view } = loads()
    const { modal, backend } = modalWithWallet(
      {},
      { views: { Connect: view('Connect'), Account: view('Account'), ConnectingExternal: dummyView, UnsupportedChain: dummyView } },
    )
    await modal.open()
    await modal.connect('io.fake')
    modal.close()
    const firsts: Array<string | undefined> = []
    const returning = modalWithWallet(
      { storage: backend },
      {
        preloadShell: async (_modal, first) => void firsts.push(first),
        views: { Connect: view('Connect'), Account: view('Account'), ConnectingExternal: dummyView, UnsupportedChain: dummyView },
      },
    )
    loaded.length = 0
    await returning.modal.preload()
    expect(loaded).toEqual(['Account'])
    expect(firsts).toEqual(['Account'])
  })

  it('a failed fetch resolves (the open fetches again) and a later call tries again', async () => {
    let fail = true
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const shell = vi.fn(async () => {
      if (fail) throw new Error('offline')
    })
    const { modal } = modalWithWallet({}, { preloadShell: shell })
    await expect(modal.preload()).resolves.toBeUndefined()
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('preload failed'), expect.any(Error))
    fail = false
    await modal.preload()
    expect(shell).toHaveBeenCalledTimes(2)
    warn.mockRestore()
  })

  it('without a preload, the first open asks for the shell and its first view before discovery or reconnect run', async () => {
    const order: string[] = []
    const view = (id: string) => ({ load: async () => (order.push(id), { default: () => null }) })
    const views = {
      Connect: view('Connect'),
      Account: view('Account'),
      Networks: view('Networks'),
      ConnectingExternal: dummyView,
      UnsupportedChain: dummyView,
    }
    const { modal, fake } = modalWithWallet({}, { views, fetchShell: async () => void order.push('shell') })
    fake.adapter.watchConnectors.mockImplementation(
      ((onChange: (c: never[]) => void) => (order.push('discovery'), onChange([]), () => {})) as never,
    )
    await modal.open()
    expect(order.slice(0, 3)).toEqual(['shell', 'Connect', 'discovery'])
    // Later opens (and opens after a preload) fetch nothing ahead.
    modal.close()
    order.length = 0
    await modal.open()
    expect(order).not.toContain('shell')

    // A view asked for by name is the one fetched.
    const named = modalWithWallet({}, { views, fetchShell: async () => void order.push('shell') })
    order.length = 0
    await named.modal.open('Networks')
    expect(order.slice(0, 2)).toEqual(['shell', 'Networks'])
  })

  it('after a preload the first open fetches nothing ahead; a failing early fetch is left to the open', async () => {
    const fetchShell = vi.fn(async () => {})
    const { modal } = modalWithWallet({}, { fetchShell, preloadShell: async () => {} })
    await modal.preload()
    await modal.open()
    expect(fetchShell).not.toHaveBeenCalled()
    const failing = modalWithWallet({}, { fetchShell: () => Promise.reject(new Error('offline')) })
    await expect(failing.modal.open()).resolves.toBeUndefined()
    expect(failing.modal.isOpen()).toBe(true)
  })

  it('the preload option takes idle, intent or none', () => {
    expect(() => resolveOptions({ preload: 'eager' as never })).toThrow('`preload` must be "idle", "intent" or "none"')
    for (const preload of ['idle', 'intent', 'none'] as const) expect(resolveOptions({ preload }).preload).toBe(preload)
  })
})
