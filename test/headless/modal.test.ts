// The modal without its shell: open() and close() start and end a session and mount nothing; no view or slot
// code is ever loaded, not by the open, not by preload, not by the catalog fetching its wallets; the hooks of
// vestibule/react render on the server from the same functions.
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Modal, Plugin } from '../../kernel/index.js'
import { createHeadlessModal } from '../../headless/index.js'
import { createModal } from '../../index.js'
import { useBalances, useSignIn, useSwap, useWalletList } from '../../ui/react/index.js'
import { walletCatalog } from '../../plugins/catalog/index.js'
import { swap } from '../../plugins/swap/index.js'
import { siwx } from '../../plugins/siwx/index.js'
import { fakeAdapter } from '../kernel/helpers.js'
import { kernelOf } from '../../kernel/kernel-of.js'

const created: Modal[] = []
afterEach(() => {
  created.splice(0).forEach((m) => m.destroy())
  vi.unstubAllGlobals()
})

/** A plugin whose view and slot component record every load. */
function drawing() {
  const loads = { view: vi.fn(async () => ({ default: () => null })), slot: vi.fn(async () => ({ default: () => null })) }
  const plugin: Plugin = {
    name: 'drawing',
    setup(ctx) {
      ctx.views.register('Drawn', { load: loads.view, openWithoutChains: ['desktop', 'mobile'] })
      ctx.slots.add('account.tabs', { id: 'drawn', label: 'Drawn', load: loads.slot })
    },
  }
  return { plugin, loads }
}

describe('createHeadlessModal', () => {
  it('opens, preloads and closes without loading any view or slot code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: [], count: 0 }), { status: 200 })),
    )
    const { plugin, loads } = drawing()
    const fake = fakeAdapter()
    const modal = createHeadlessModal({
      projectId: 'p',
      apiUrl: 'https://api.test',
      storage: null,
      plugins: [{ name: 'eip155', setup: (ctx) => ctx.chains.register(fake.adapter) }, walletCatalog(), plugin],
    })
    created.push(modal)
    expect(kernelOf(modal).views.headless).toBe(true)
    await modal.preload()
    await modal.open()
    expect(modal.getState()).toMatchObject({ open: true, view: undefined })
    // Even a view the host names is not loaded: nothing draws it.
    await modal.open('Drawn')
    expect(modal.close()).toBe(true)
    expect(modal.isOpen()).toBe(false)
    expect(loads.view).not.toHaveBeenCalled()
    expect(loads.slot).not.toHaveBeenCalled()
    // The catalog's own list was fetched on open (its work), its view was not.
    await vi.waitFor(() => expect(vi.mocked(fetch).mock.calls.map(([url]) => new URL(String(url)).pathname)).toContain('/getWallets'))
    expect(loads.view).not.toHaveBeenCalled()
  })

  it('checks options as createModal does, naming the plugin that owns an option it lacks', () => {
    expect(() => createHeadlessModal({ projectId: 'p', storage: null, featuredWalletIds: ['a'] })).toThrow(/walletCatalog\(\)/)
  })

  it('a modal with the shell draws views: only the headless one says it does not', () => {
    const modal = createModal({ projectId: 'p', storage: null, preload: 'none', plugins: [] })
    created.push(modal)
    expect(kernelOf(modal).views.headless).toBe(false)
  })
})

describe('the hooks on the server', () => {
  it('render the wallet list and balances of a modal that has not started, touching no window', () => {
    const modal = createHeadlessModal({ projectId: 'p', storage: null, plugins: [] })
    created.push(modal)
    function Probe() {
      const list = useWalletList(modal)
      const balances = useBalances(modal)
      return createElement(
        'p',
        null,
        `${list.status} ${list.wallets.length} ${list.search === '' ? 'no search' : 'search'} ${balances.status} ${balances.tokens.length}`,
      )
    }
    expect(typeof window).toBe('undefined')
    expect(renderToString(createElement(Probe))).toBe('<p>idle 0 no search idle 0</p>')
  })
})

describe('the swap and sign-in hooks on the server', () => {
  it('render the sign-in state (signed out, required) and no swap controller yet', () => {
    const local = { add: async () => undefined, get: async () => [], revoke: async () => undefined, clear: async () => undefined }
    const modal = createHeadlessModal({ projectId: 'p', storage: null, siwx: { required: true, store: local }, plugins: [swap(), siwx()] })
    created.push(modal)
    function Probe() {
      const signIn = useSignIn(modal)
      const swapFlow = useSwap(modal)
      return createElement(
        'p',
        null,
        `${signIn.status} ${signIn.required ? 'required' : 'optional'} ${swapFlow.controller ? 'controller' : 'no controller'} ${swapFlow.error ? 'error' : 'no error'}`,
      )
    }
    expect(typeof window).toBe('undefined')
    expect(renderToString(createElement(Probe))).toBe('<p>signedOut required no controller no error</p>')
  })
})
