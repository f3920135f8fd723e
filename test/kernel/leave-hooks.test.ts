/**
 * Per-view leave hooks (`router.onLeave`), which plugins use for "leaving a view while unconnected clears its
 * state" (the Farcaster flow clears its URL and reloads its connector): when the kernel's router runs them, with
 * which entry, and when it does not.
 */
import { describe, expect, it, vi } from 'vitest'
import type { Plugin } from '../../kernel/plugin.js'
import type { RouteEntry } from '../../kernel/router.js'
import { dummyView } from './helpers.js'
import { modalWithWallet } from './kernel-fixtures.js'
import { kernelOf } from '../../kernel/kernel-of.js'

/** A plugin with a view whose leave hook records what the router hands it and whether the user was connected. */
function leavingPlugin(record: (entry: RouteEntry, connected: boolean) => void): Plugin {
  return {
    name: 'leave-test',
    setup(ctx) {
      ctx.views.register('ConnectingFarcaster', dummyView)
      ctx.router.onLeave('ConnectingFarcaster', (entry) => record(entry, ctx.state.$snapshot.get().status === 'connected'))
    },
  }
}

async function setup() {
  const left = vi.fn<(entry: RouteEntry, connected: boolean) => void>()
  const { modal } = modalWithWallet({ plugins: [leavingPlugin(left)] })
  await modal.open()
  return { modal, left, router: kernelOf(modal).router }
}

describe('router.onLeave', () => {
  it('runs once, with the entry left, when the view is left by going back', async () => {
    const { router, left } = await setup()
    router.push('ConnectingFarcaster', { channel: 'abc' })
    expect(left).not.toHaveBeenCalled()
    router.goBack()
    expect(left).toHaveBeenCalledTimes(1)
    expect(left.mock.calls[0]![0]).toMatchObject({ view: 'ConnectingFarcaster', data: { channel: 'abc' } })
    expect(left.mock.calls[0]![1]).toBe(false)
  })

  it.each([
    ['push', (r: Awaited<ReturnType<typeof setup>>['router']) => r.push('AllWallets')],
    ['replace', (r: Awaited<ReturnType<typeof setup>>['router']) => r.replace('AllWallets')],
    ['reset', (r: Awaited<ReturnType<typeof setup>>['router']) => r.reset('Connect')],
  ])('runs when the view is left through %s', async (_name, leave) => {
    const { router, left } = await setup()
    router.push('ConnectingFarcaster')
    leave(router)
    expect(left).toHaveBeenCalledTimes(1)
  })

  it('the hook sees the state as it is when leaving (connected here)', async () => {
    const { modal, router, left } = await setup()
    await modal.connect('io.fake')
    router.push('ConnectingFarcaster')
    router.goBack()
    expect(left).toHaveBeenCalledWith(expect.objectContaining({ view: 'ConnectingFarcaster' }), true)
  })

  it('staying on the view (pushed again) and leaving other views run nothing', async () => {
    const { router, left } = await setup()
    router.push('AllWallets')
    router.goBack()
    router.push('ConnectingFarcaster')
    router.push('ConnectingFarcaster')
    expect(left).not.toHaveBeenCalled()
  })

  it('closing the modal from the view as its only entry does not leave it', async () => {
    const { modal, router, left } = await setup()
    router.reset('ConnectingFarcaster')
    modal.close()
    expect(left).not.toHaveBeenCalled()
  })

  it('an unsubscribed hook no longer runs', async () => {
    const { modal, router } = await setup()
    const other = vi.fn()
    const off = kernelOf(modal).router.onLeave('ConnectingFarcaster', other)
    off()
    router.push('ConnectingFarcaster')
    router.goBack()
    expect(other).not.toHaveBeenCalled()
  })
})
