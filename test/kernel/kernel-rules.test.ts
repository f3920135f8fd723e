/** Kernel rules not covered in kernel.test.ts: view:change events, headless open, i18n through the modal, loading flags. */
import { describe, expect, it, vi } from 'vitest'
import { shellMessages } from '../../ui/shell/messages.js'
import { createKernel } from '../../kernel/kernel.js'
import type { Plugin } from '../../kernel/plugin.js'
import { dummyView, fakeAdapter, optimism, recordingBackend } from './helpers.js'
import { chainPlugin, desktop, modalWithWallet, shellViews } from './kernel-fixtures.js'
import { eagerOutputs } from '../../bench/metafile.mjs'
import { kernelOf } from '../../kernel/kernel-of.js'

describe('kernel: view:change events', () => {
  it('every view change emits view:change with the view and its data', async () => {
    const { modal } = modalWithWallet()
    const seen: Array<{ view: string; data?: unknown }> = []
    kernelOf(modal).events.on('view:change', (e) => void seen.push(e))
    await modal.open()
    kernelOf(modal).router.push('AllWallets', { search: 'rab' })
    kernelOf(modal).router.replace('ConnectingExternal', { id: 'io.fake' })
    kernelOf(modal).router.goBack()
    kernelOf(modal).router.reset('Account')
    expect(seen).toEqual([
      { view: 'Connect', data: undefined },
      { view: 'AllWallets', data: { search: 'rab' } },
      { view: 'ConnectingExternal', data: { id: 'io.fake' } },
      { view: 'Connect', data: undefined },
      { view: 'Account', data: undefined },
    ])
  })

  it('an ignored push (same view) emits nothing', async () => {
    const { modal } = modalWithWallet()
    await modal.open()
    const listener = vi.fn()
    kernelOf(modal).events.on('view:change', listener)
    kernelOf(modal).router.push('Connect')
    expect(listener).not.toHaveBeenCalled()
  })
})

describe('kernel: headless open', () => {
  it('createKernel without views opens without throwing, with no view', async () => {
    const modal = createKernel({ projectId: 'p', storage: recordingBackend() }, { platform: desktop })
    const opened = vi.fn()
    kernelOf(modal).events.on('modal:open', opened)
    await expect(modal.open()).resolves.toBeUndefined()
    expect(modal.isOpen()).toBe(true)
    expect(modal.getState().view).toBeUndefined()
    expect(opened).toHaveBeenCalledWith({ view: '' })
    modal.close()
    expect(modal.isOpen()).toBe(false)
  })

  it('a headless modal with an unknown requested view still opens', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const modal = createKernel({ projectId: 'p', storage: recordingBackend() }, { platform: desktop })
      await expect(modal.open('Swap')).resolves.toBeUndefined()
      expect(modal.isOpen()).toBe(true)
    } finally {
      vi.restoreAllMocks()
    }
  })

  it('a headless modal opens the view a plugin registered when asked for it', async () => {
    const plugin: Plugin = { name: 'p', setup: (ctx) => ctx.views.register('Swap', dummyView) }
    const modal = createKernel({ projectId: 'p', storage: recordingBackend(), plugins: [plugin] }, { platform: desktop })
    await modal.open('Swap', { from: 'ETH' })
    expect(kernelOf(modal).router.current).toEqual({ view: 'Swap', data: { from: 'ETH' } })
  })
})

describe('kernel: i18n', () => {
  it('the kernel texts come from the catalog: a host override replaces the missing project id alert', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const { modal } = modalWithWallet({ projectId: undefined, messages: { 'alert.missingProjectId': 'Projekt-ID fehlt' } })
      await modal.open()
      expect(kernelOf(modal).feedback.$alerts.get()).toEqual([{ id: 'missing-project-id', message: 'Projekt-ID fehlt' }])
    } finally {
      vi.restoreAllMocks()
    }
  })

  it('host overrides win over plugin catalogs; plugins bring their own texts; the locale reaches plugins', () => {
    let seen: { title: string; review: string; locale: string } | undefined
    const plugin: Plugin = {
      name: 'swap',
      setup: (ctx) => {
        ctx.i18n.add({ 'swap.title': 'Swap', 'swap.review': 'Review {count} swaps' })
        seen = { title: ctx.i18n.t('swap.title'), review: ctx.i18n.t('swap.review', { count: 2 }), locale: ctx.i18n.locale }
      },
    }
    const { modal } = modalWithWallet({ locale: 'de', messages: { 'swap.title': 'Tauschen' }, plugins: [plugin] })
    expect(seen).toEqual({ title: 'Tauschen', review: 'Review 2 swaps', locale: 'de' })
    expect(kernelOf(modal).i18n.t('swap.title')).toBe('Tauschen')
  })

  it('a missing key reads as the key; the kernel carries only its own English texts, the shell brings its own', () => {
    const { modal } = modalWithWallet()
    expect(kernelOf(modal).i18n.locale).toBe('en')
    expect(kernelOf(modal).i18n.t('alert.missingProjectId')).toMatch(/project id/)
    expect(kernelOf(modal).i18n.t('connect.title')).toBe('connect.title')
    kernelOf(modal).i18n.add(shellMessages)
    expect(kernelOf(modal).i18n.t('connect.title')).toBe('Connect Wallet')
    expect(kernelOf(modal).i18n.t('nowhere.key')).toBe('nowhere.key')
  })

  it('two modals keep their own catalogs; a host text wins over the shell text', () => {
    const a = modalWithWallet({ messages: { 'connect.title': 'A' } })
    const b = modalWithWallet()
    kernelOf(a.modal).i18n.add({ 'x.y': 'Z', ...shellMessages })
    kernelOf(b.modal).i18n.add(shellMessages)
    expect(kernelOf(a.modal).i18n.t('connect.title')).toBe('A')
    expect(kernelOf(b.modal).i18n.t('connect.title')).toBe('Connect Wallet')
    expect(kernelOf(b.modal).i18n.t('x.y')).toBe('x.y')
  })
})

describe('kernel: modal state', () => {
  it('open/closed and a loading flag per namespace in the modal state', async () => {
    const { modal, fake } = modalWithWallet()
    expect(kernelOf(modal).state.$modal.get()).toEqual({ open: false, loading: {}, shake: false })
    await modal.open()
    let loadingDuringConnect: Record<string, boolean> | undefined
    fake.adapter.connect.mockImplementationOnce(async ({ network }) => {
      loadingDuringConnect = { ...kernelOf(modal).state.$modal.get().loading }
      return { address: '0x1111111111111111111111111111111111111111', caipNetworkId: network.caipNetworkId }
    })
    await modal.connect('io.fake')
    expect(loadingDuringConnect).toEqual({ eip155: true })
    expect(kernelOf(modal).state.$modal.get()).toMatchObject({ open: true, loading: { eip155: false } })
  })
})

describe('kernel: state restored on reload', () => {
  it('a reload (new modal over the same storage) restores the connection and the active network', async () => {
    const first = modalWithWallet()
    await first.modal.open()
    await first.modal.connect('io.fake')
    await first.modal.switchNetwork('eip155:10')
    const keys = [...first.backend.data.keys()].filter((k) => !k.includes('nativeBalance')).sort()
    expect(keys).toEqual(
      ['activeCaipNetworkId', 'activeNamespace', 'caipNetworkId:eip155', 'connectedNamespaces', 'connectionStatus', 'connectorId:eip155']
        .map((k) => `@vestibule/v1/${k}`)
        .sort(),
    )

    const fake = fakeAdapter()
    const reloaded = createKernel(
      { projectId: 'p', storage: first.backend, plugins: [chainPlugin(fake)] },
      { platform: desktop, views: shellViews },
    )
    await reloaded.open()
    expect(fake.adapter.reconnect).toHaveBeenCalledWith({ connectorId: 'io.fake', network: optimism })
    expect(reloaded.getAccount()).toMatchObject({ status: 'connected', namespace: 'eip155' })
    expect(reloaded.getNetwork().caipNetworkId).toBe('eip155:10')
    expect(reloaded.getState().view).toBe('Account')
  })
})

describe('kernel: the connection logic loads on first use', () => {
  it('createKernel does not load kernel/connection.ts; the kernel entry reaches it only through import()', async () => {
    const { build } = await import('esbuild')
    const result = await build({
      entryPoints: ['kernel/index.ts'],
      bundle: true,
      splitting: true,
      format: 'esm',
      outdir: 'out',
      write: false,
      metafile: true,
      logLevel: 'silent',
      absWorkingDir: process.cwd(),
    })
    const outputs = result.metafile.outputs
    const entry = Object.keys(outputs).find((o) => outputs[o]!.entryPoint === 'kernel/index.ts')!
    const holding = Object.keys(outputs).filter((o) => 'kernel/connection.ts' in outputs[o]!.inputs)
    expect(holding).toHaveLength(1)
    // Not among what the entry loads before running; one of those chunks imports it with import().
    const eager = eagerOutputs(result.metafile, entry)
    expect(eager.has(holding[0]!)).toBe(false)
    expect([...eager].flatMap((o) => outputs[o]!.imports.filter((i) => i.path === holding[0]).map((i) => i.kind))).toEqual([
      'dynamic-import',
    ])
  })
})

describe('entries: the kernel holds the core, vestibule/utils the shared helpers', () => {
  it('helpers are exported from vestibule/utils only: neither the kernel entry nor vestibule carries them', async () => {
    const kernel = await import('../../kernel/index.js')
    const utils = await import('../../kernel/utils.js')
    const main = await import('../../index.js')
    for (const name of [
      'formatBalance',
      'parseAmount',
      'cleanText',
      'safeImageUrl',
      'parseCaipAddress',
      'checkNetworks',
      'createWalletSources',
      'orderByRank',
      'getRecentWallets',
      'resolveContainer',
      'activeAccount',
    ]) {
      expect(name in kernel, name).toBe(false)
      expect(typeof (utils as Record<string, unknown>)[name], name).toBe('function')
      expect(name in main, name).toBe(false)
    }
    expect(typeof kernel.createKernel).toBe('function')
    expect(main.createKernel).toBe(kernel.createKernel)
  })
})
