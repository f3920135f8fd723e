/** Opening prefetches connectors, featured and recommended wallets, skipped when already connected. */
import { describe, expect, it, vi } from 'vitest'
import type { Plugin } from '../../kernel/plugin.js'
import { flush } from './helpers.js'
import { modalWithWallet } from './kernel-fixtures.js'
import { kernelOf } from '../../kernel/kernel-of.js'

// A plugin prefetches in onOpen only when nobody is connected, as the catalog does.
const prefetcher = (hook: () => void | Promise<void>): Plugin => ({
  name: 'catalog',
  setup: (ctx) => ctx.onOpen(({ connected }) => (connected ? undefined : hook())),
})

describe('prefetch on open', () => {
  it('prefetch hooks run on open when not connected', async () => {
    const hook = vi.fn()
    const { modal } = modalWithWallet({ plugins: [prefetcher(hook)] })
    expect(hook).not.toHaveBeenCalled()
    await modal.open()
    await flush()
    expect(hook).toHaveBeenCalledTimes(1)
  })

  it('prefetch hooks run on every open while not connected', async () => {
    const hook = vi.fn()
    const { modal } = modalWithWallet({ plugins: [prefetcher(hook)] })
    await modal.open()
    modal.close()
    await modal.open()
    await flush()
    expect(hook).toHaveBeenCalledTimes(2)
  })

  it('prefetch hooks are skipped when already connected', async () => {
    const hook = vi.fn()
    const { modal } = modalWithWallet({ plugins: [prefetcher(hook)] })
    await modal.open()
    await modal.connect('io.fake')
    modal.close()
    hook.mockClear()
    await modal.open()
    await flush()
    expect(modal.getAccount().status).toBe('connected')
    expect(hook).not.toHaveBeenCalled()
  })

  it('a failing prefetch hook is reported as an error event naming its plugin and the modal still opens', async () => {
    const boom = new Error('catalog down')
    const { modal } = modalWithWallet({ plugins: [prefetcher(() => Promise.reject(boom))] })
    const errors: unknown[] = []
    kernelOf(modal).events.on('error', (e) => void errors.push(e))
    await modal.open()
    await flush()
    expect(modal.isOpen()).toBe(true)
    expect(errors).toEqual([{ source: 'hook of catalog', error: boom }])
  })

  it('a slow prefetch hook does not delay open', async () => {
    const { modal } = modalWithWallet({ plugins: [prefetcher(() => new Promise(() => {}))] })
    await modal.open()
    expect(modal.isOpen()).toBe(true)
  })
})
