/** Building blocks for createKernel tests: shell views, a chain plugin over the fake wallet, a device. */
import { createKernel, type KernelExtras } from '../../kernel/kernel.js'
import type { ModalOptions } from '../../kernel/options.js'
import type { Plugin } from '../../kernel/plugin.js'
import { createPlatform, type Platform } from '../../kernel/platform.js'
import { dummyView, fakeAdapter, recordingBackend } from './helpers.js'

export const desktop: Platform = createPlatform({
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
  coarsePointer: false,
  telegram: false,
  browser: true,
})
export const mobile: Platform = createPlatform({
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
  coarsePointer: true,
  telegram: false,
  browser: true,
})

/** The views a shell contributes, registered through extras.views. */
/** The shell's views, plus two that plugins contribute and claim for a modal without chains (catalog, WalletConnect). */
export const shellViews = {
  ...Object.fromEntries(['Connect', 'Account', 'ConnectingExternal', 'UnsupportedChain'].map((id) => [id, dummyView])),
  AllWallets: { ...dummyView, openWithoutChains: ['mobile' as const] },
  ConnectingWalletConnectBasic: { ...dummyView, openWithoutChains: ['desktop' as const] },
}

export const chainPlugin = (fake: ReturnType<typeof fakeAdapter>): Plugin => ({
  name: fake.adapter.namespace,
  setup: (ctx) => ctx.chains.register(fake.adapter),
})

/** A modal with one fake wallet, its own storage backend and the shell views, on a desktop. */
export function modalWithWallet(options: ModalOptions = {}, extras: KernelExtras = {}) {
  const fake = fakeAdapter()
  const backend = recordingBackend()
  const modal = createKernel(
    { projectId: 'p', storage: backend, ...options, plugins: [chainPlugin(fake), ...(options.plugins ?? [])] },
    { platform: desktop, views: shellViews, ...extras },
  )
  return { modal, fake, backend }
}
