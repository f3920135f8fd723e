import { describe, expect, it, vi } from 'vitest'
import { VestibuleError } from '../../kernel/errors.js'
import { createRouter, UNSUPPORTED_CHAIN_VIEW } from '../../kernel/router.js'

const KNOWN = new Set(['Connect', 'Account', 'AllWallets', 'ConnectingExternal', 'ConnectingFarcaster', UNSUPPORTED_CHAIN_VIEW])

function setup() {
  const close = vi.fn()
  const router = createRouter({ isRegistered: (v) => KNOWN.has(v), close })
  const views = () => router.$history.get().map((e) => e.view)
  return { router, close, views }
}

describe('router: navigation history', () => {
  it('starts empty', () => {
    const { router, views } = setup()
    expect(views()).toEqual([])
    expect(router.current).toBeUndefined()
  })

  it('push adds an entry with its data', () => {
    const { router, views } = setup()
    router.push('Connect')
    router.push('ConnectingExternal', { connectorId: 'io.fake' })
    expect(views()).toEqual(['Connect', 'ConnectingExternal'])
    expect(router.current).toEqual({ view: 'ConnectingExternal', data: { connectorId: 'io.fake' } })
  })

  it('push ignores a view equal to the current one', () => {
    const { router, views } = setup()
    router.push('Connect')
    router.push('AllWallets', { a: 1 })
    router.push('AllWallets', { a: 2 })
    expect(views()).toEqual(['Connect', 'AllWallets'])
    expect(router.current?.data).toEqual({ a: 1 })
  })

  it('push of a view that is in the history but not current still pushes', () => {
    const { router, views } = setup()
    router.push('Connect')
    router.push('AllWallets')
    router.push('Connect')
    expect(views()).toEqual(['Connect', 'AllWallets', 'Connect'])
  })

  it('reset replaces the whole history with one view', () => {
    const { router, views } = setup()
    router.push('Connect')
    router.push('AllWallets')
    router.push('ConnectingExternal')
    router.reset('Account', { tab: 'nfts' })
    expect(views()).toEqual(['Account'])
    expect(router.current).toEqual({ view: 'Account', data: { tab: 'nfts' } })
  })

  it('replace swaps the last entry', () => {
    const { router, views } = setup()
    router.push('Connect')
    router.push('AllWallets')
    router.replace('ConnectingExternal', { id: 'x' })
    expect(views()).toEqual(['Connect', 'ConnectingExternal'])
    expect(router.current?.data).toEqual({ id: 'x' })
  })

  it('replace on an empty history adds the entry', () => {
    const { router, views } = setup()
    router.replace('Connect')
    expect(views()).toEqual(['Connect'])
  })

  it('goBack pops an entry', () => {
    const { router, views, close } = setup()
    router.push('Connect')
    router.push('AllWallets')
    router.push('ConnectingExternal')
    router.goBack()
    expect(views()).toEqual(['Connect', 'AllWallets'])
    router.goBack()
    expect(views()).toEqual(['Connect'])
    expect(close).not.toHaveBeenCalled()
  })

  it('goBack closes the modal when only one entry is left', () => {
    const { router, views, close } = setup()
    router.push('Connect')
    router.goBack()
    expect(close).toHaveBeenCalledTimes(1)
    expect(views()).toEqual(['Connect'])
  })

  it('goBack closes the modal when the history is empty', () => {
    const { router, close } = setup()
    router.goBack()
    expect(close).toHaveBeenCalledTimes(1)
  })

  it('goBack closes the modal when UnsupportedChain is in the history', () => {
    const { router, views, close } = setup()
    router.push(UNSUPPORTED_CHAIN_VIEW)
    router.push('Account')
    router.goBack()
    expect(close).toHaveBeenCalledTimes(1)
    expect(views()).toEqual([UNSUPPORTED_CHAIN_VIEW, 'Account'])
  })

  it('goBack closes the modal when UnsupportedChain is the current view', () => {
    const { router, close } = setup()
    router.push('Account')
    router.push(UNSUPPORTED_CHAIN_VIEW)
    router.goBack()
    expect(close).toHaveBeenCalledTimes(1)
  })
})

describe('router: unknown views', () => {
  it.each(['push', 'reset', 'replace'] as const)('%s of an unregistered view throws UNKNOWN_VIEW naming it', (method) => {
    const { router, views } = setup()
    router.push('Connect')
    let error: unknown
    try {
      router[method]('Nowhere')
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(VestibuleError)
    expect((error as VestibuleError).code).toBe('UNKNOWN_VIEW')
    expect((error as VestibuleError).message).toContain('"Nowhere"')
    expect(views()).toEqual(['Connect'])
  })
})

describe('router: leave hooks', () => {
  it('runs when the view stops being current through push, with its entry', () => {
    const { router } = setup()
    const hook = vi.fn()
    router.onLeave('ConnectingFarcaster', hook)
    router.push('Connect')
    router.push('ConnectingFarcaster', { url: 'x' })
    expect(hook).not.toHaveBeenCalled()
    router.push('Account')
    expect(hook).toHaveBeenCalledTimes(1)
    expect(hook).toHaveBeenCalledWith({ view: 'ConnectingFarcaster', data: { url: 'x' } })
  })

  it.each([
    ['goBack', (r: ReturnType<typeof setup>['router']) => r.goBack()],
    ['replace', (r: ReturnType<typeof setup>['router']) => r.replace('Account')],
    ['reset', (r: ReturnType<typeof setup>['router']) => r.reset('Connect')],
  ])('runs when leaving through %s', (_name, leave) => {
    const { router } = setup()
    const hook = vi.fn()
    router.onLeave('ConnectingFarcaster', hook)
    router.push('Connect')
    router.push('ConnectingFarcaster')
    leave(router)
    expect(hook).toHaveBeenCalledTimes(1)
  })

  it('does not run when the view stays current (ignored push, reset or replace onto itself)', () => {
    const { router } = setup()
    const hook = vi.fn()
    router.onLeave('ConnectingFarcaster', hook)
    router.push('ConnectingFarcaster')
    router.push('ConnectingFarcaster')
    router.replace('ConnectingFarcaster', { again: true })
    router.reset('ConnectingFarcaster')
    expect(hook).not.toHaveBeenCalled()
  })

  it('does not run for other views', () => {
    const { router } = setup()
    const hook = vi.fn()
    router.onLeave('ConnectingFarcaster', hook)
    router.push('Connect')
    router.push('AllWallets')
    router.goBack()
    expect(hook).not.toHaveBeenCalled()
  })

  it('stops running after unsubscribe', () => {
    const { router } = setup()
    const hook = vi.fn()
    const off = router.onLeave('Connect', hook)
    router.push('Connect')
    off()
    router.push('Account')
    expect(hook).not.toHaveBeenCalled()
  })

  it('runs every hook of the view', () => {
    const { router } = setup()
    const a = vi.fn()
    const b = vi.fn()
    router.onLeave('Connect', a)
    router.onLeave('Connect', b)
    router.push('Connect')
    router.push('Account')
    expect(a).toHaveBeenCalledTimes(1)
    expect(b).toHaveBeenCalledTimes(1)
  })
})
