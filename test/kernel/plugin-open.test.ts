// A plugin opens the modal at one of its own views (`ctx.openModal`): the shell shows it with its data; a modal
// without a shell opens nothing; another plugin's view or an unknown one is refused; a view that needs an account
// while nobody is connected is not what shows.
import { describe, expect, it, vi } from 'vitest'
import type { Shell } from '../../kernel/kernel.js'
import type { Plugin, PluginContext } from '../../kernel/plugin.js'
import { dummyView } from './helpers.js'
import { modalWithWallet } from './kernel-fixtures.js'
import { kernelOf } from '../../kernel/kernel-of.js'

/** A plugin registering `Review` (and `Private`, which needs an account); its context is handed out. */
function opener() {
  const got: { ctx?: PluginContext } = {}
  const plugin: Plugin = {
    name: 'reviews',
    setup(ctx) {
      got.ctx = ctx
      ctx.views.register('Review', dummyView)
      ctx.views.register('Private', { ...dummyView, requiresAccount: true })
    },
  }
  const other: Plugin = { name: 'other', setup: (ctx) => ctx.views.register('Elsewhere', dummyView) }
  return { plugins: [plugin, other], ctx: () => got.ctx! }
}

const shell = (): Shell => ({ show: vi.fn(), hide: vi.fn(), destroy: vi.fn() })

describe('ctx.openModal', () => {
  it('opens a closed modal at the plugin’s view with its data, and shows an open one there', async () => {
    const { plugins, ctx } = opener()
    const s = shell()
    const { modal } = modalWithWallet({ plugins }, { loadShell: async () => s })
    const opened: string[] = []
    kernelOf(modal).events.on('modal:open', ({ view }) => opened.push(view))
    expect(await ctx().openModal('Review', { id: 7 })).toBe(true)
    expect(modal.isOpen()).toBe(true)
    expect(kernelOf(modal).router.current).toEqual({ view: 'Review', data: { id: 7 } })
    expect(opened).toEqual(['Review'])
    expect(s.show).toHaveBeenCalledTimes(1)
    kernelOf(modal).router.reset('Connect')
    expect(await ctx().openModal('Review')).toBe(true)
    expect(kernelOf(modal).router.$history.get()).toEqual([{ view: 'Review', data: undefined }])
  })

  it('in a modal without a shell nothing opens', async () => {
    const { plugins, ctx } = opener()
    const { modal } = modalWithWallet({ plugins })
    expect(await ctx().openModal('Review')).toBe(false)
    expect(modal.isOpen()).toBe(false)
    expect(kernelOf(modal).router.current).toBeUndefined()
  })

  it('another plugin’s view, a shell view or an unknown one is refused, and nothing opens', async () => {
    const { plugins, ctx } = opener()
    const { modal } = modalWithWallet({ plugins }, { loadShell: async () => shell() })
    for (const view of ['Elsewhere', 'Account', 'Nowhere']) {
      await expect(ctx().openModal(view)).rejects.toMatchObject({
        code: 'UNKNOWN_VIEW',
        message: `Plugin "reviews" opens the view "${view}", which it does not register`,
      })
    }
    expect(modal.isOpen()).toBe(false)
  })

  it('a view that needs an account, while nobody is connected: the modal opens where the opening rules say, and it resolves false', async () => {
    const { plugins, ctx } = opener()
    const { modal } = modalWithWallet({ plugins }, { loadShell: async () => shell() })
    expect(await ctx().openModal('Private')).toBe(false)
    expect(modal.isOpen()).toBe(true)
    expect(kernelOf(modal).router.current?.view).toBe('Connect')
  })
})
