/**
 * Per-view leave hooks (spec §2): a test plugin implements "leaving ConnectingFarcaster while unconnected clears
 * the farcaster URL and reloads the auth connector after 100 ms" with the kernel's router.onLeave.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MapStore } from 'nanostores'
import type { Plugin } from '../../kernel/plugin.js'
import { dummyView } from './helpers.js'
import { modalWithWallet } from './kernel-fixtures.js'

const FARCASTER_RELOAD_MS = 100

function farcasterPlugin(reloadAuthConnector: () => void): Plugin<{ slice: MapStore<{ farcasterUrl?: string }> }> {
  return {
    name: 'farcaster-test',
    setup(ctx) {
      ctx.views.register('ConnectingFarcaster', dummyView)
      const slice = ctx.slice<{ farcasterUrl?: string }>({})
      ctx.router.onLeave('ConnectingFarcaster', () => {
        if (ctx.state.$snapshot.get().status === 'connected') return
        slice.setKey('farcasterUrl', undefined)
        setTimeout(reloadAuthConnector, FARCASTER_RELOAD_MS)
      })
      return { slice }
    },
  }
}

async function setup() {
  const reload = vi.fn()
  const { modal } = modalWithWallet({ plugins: [farcasterPlugin(reload)] })
  await modal.open()
  const { slice } = modal.getPlugin('farcaster-test') as { slice: MapStore<{ farcasterUrl?: string }> }
  return { modal, reload, slice, router: modal.kernel.router }
}

afterEach(() => vi.useRealTimers())

describe('leave hooks: ConnectingFarcaster', () => {
  it('leaving ConnectingFarcaster while unconnected clears the farcaster URL at once', async () => {
    const { router, slice } = await setup()
    router.push('ConnectingFarcaster')
    slice.setKey('farcasterUrl', 'https://farcaster.xyz/~/siwf?channelToken=abc')
    router.goBack()
    expect(slice.get().farcasterUrl).toBeUndefined()
  })

  it('leaving ConnectingFarcaster while unconnected reloads the auth connector after 100 ms (not at 99 ms)', async () => {
    const { router, reload } = await setup()
    vi.useFakeTimers()
    router.push('ConnectingFarcaster')
    router.goBack()
    vi.advanceTimersByTime(99)
    expect(reload).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['push', (r: Awaited<ReturnType<typeof setup>>['router']) => r.push('AllWallets')],
    ['replace', (r: Awaited<ReturnType<typeof setup>>['router']) => r.replace('AllWallets')],
    ['reset', (r: Awaited<ReturnType<typeof setup>>['router']) => r.reset('Connect')],
  ])('leaving through %s runs the hook too', async (_name, leave) => {
    const { router, slice, reload } = await setup()
    vi.useFakeTimers()
    router.push('ConnectingFarcaster')
    slice.setKey('farcasterUrl', 'u')
    leave(router)
    vi.advanceTimersByTime(FARCASTER_RELOAD_MS)
    expect(slice.get().farcasterUrl).toBeUndefined()
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('leaving ConnectingFarcaster while connected keeps the URL and does not reload', async () => {
    const { modal, router, slice, reload } = await setup()
    await modal.connect('io.fake')
    vi.useFakeTimers()
    router.push('ConnectingFarcaster')
    slice.setKey('farcasterUrl', 'u')
    router.goBack()
    vi.advanceTimersByTime(1000)
    expect(slice.get().farcasterUrl).toBe('u')
    expect(reload).not.toHaveBeenCalled()
  })

  it('staying on ConnectingFarcaster runs nothing', async () => {
    const { router, slice, reload } = await setup()
    vi.useFakeTimers()
    router.push('ConnectingFarcaster')
    slice.setKey('farcasterUrl', 'u')
    router.push('ConnectingFarcaster')
    vi.advanceTimersByTime(1000)
    expect(slice.get().farcasterUrl).toBe('u')
    expect(reload).not.toHaveBeenCalled()
  })

  it('closing the modal from ConnectingFarcaster as the only view does not leave it', async () => {
    const { modal, router, reload } = await setup()
    router.reset('ConnectingFarcaster')
    vi.useFakeTimers()
    modal.close()
    vi.advanceTimersByTime(1000)
    expect(reload).not.toHaveBeenCalled()
  })
})
