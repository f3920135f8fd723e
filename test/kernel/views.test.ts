import { describe, expect, it } from 'vitest'
import { createSlots, createViewRegistry, loadedModule } from '../../kernel/views.js'
import { dummyView } from './helpers.js'

describe('views: registry', () => {
  it('registers, looks up and lists views', () => {
    const views = createViewRegistry()
    views.register('Connect', dummyView)
    views.register('Account', { ...dummyView, title: 'account.title' })
    expect(views.has('Connect')).toBe(true)
    expect(views.has('Swap')).toBe(false)
    expect(views.get('Account')?.title).toBe('account.title')
    expect(views.get('Swap')).toBeUndefined()
    expect(views.ids()).toEqual(['Connect', 'Account'])
  })

  it('a view needs an id and a load() function', () => {
    const views = createViewRegistry()
    expect(() => views.register('', dummyView)).toThrow('needs a string id and a load() function')
    expect(() => views.register('Swap', {} as never)).toThrow('View "Swap" needs a string id and a load() function')
    expect(() => views.register('Swap', { plugin: 'swap' } as never)).toThrow(
      'Plugin "swap": view "Swap" needs a string id and a load() function',
    )
    expect(views.ids()).toEqual([])
  })

  it('a view registered twice is an error naming both contributors', () => {
    const views = createViewRegistry()
    views.register('Swap', { ...dummyView, plugin: 'swap' })
    expect(() => views.register('Swap', { ...dummyView, plugin: 'dex' })).toThrow(
      'Plugin "dex": view "Swap" is registered twice (first by "swap")',
    )
    expect(() => views.register('Swap', dummyView)).toThrow(expect.objectContaining({ code: 'DUPLICATE_VIEW' }))
  })

  it('the kernel never calls load when registering', () => {
    let loads = 0
    createViewRegistry().register('Lazy', { load: async () => (loads++, { default: null }) })
    expect(loads).toBe(0)
  })
})

describe('views: slots', () => {
  it('an empty slot lists nothing', () => {
    expect(createSlots().list('account.tabs')).toEqual([])
  })

  it('other slots sort by order, equal orders keep insertion order, no order counts as 0', () => {
    const slots = createSlots()
    slots.add('header.actions', { id: 'c', label: 'C', order: 3 })
    slots.add('header.actions', { id: 'a', label: 'A', order: 1 })
    slots.add('header.actions', { id: 'b', label: 'B', order: 2 })
    slots.add('header.actions', { id: 'b2', label: 'B2', order: 2 })
    slots.add('header.actions', { id: 'zero', label: 'Zero' })
    expect(slots.list('header.actions').map((e) => e.id)).toEqual(['zero', 'a', 'b', 'b2', 'c'])
  })

  it('connect methods by their ranks, the one leading while a wallet is shown first then; unranked methods last', () => {
    const slots = createSlots()
    const ranks: Record<string, number | undefined> = { wallet: 300, passkey: undefined, social: 200, email: 100 }
    for (const [id, order] of Object.entries(ranks))
      slots.add('connect.methods', { id, label: id, order, leadsWhenWalletShown: id === 'wallet' })
    expect(slots.list('connect.methods').map((e) => e.id)).toEqual(['email', 'social', 'wallet', 'passkey'])
    expect(slots.list('connect.methods', { walletShown: true }).map((e) => e.id)).toEqual(['wallet', 'email', 'social', 'passkey'])
  })

  it('connect methods follow connectMethodsOrder when configured', () => {
    const slots = createSlots({ isEnabled: () => true, connectMethodsOrder: ['social', 'wallet'] })
    for (const id of ['wallet', 'social', 'email']) slots.add('connect.methods', { id, label: id })
    expect(slots.list('connect.methods', { walletShown: true }).map((e) => e.id)).toEqual(['social', 'wallet', 'email'])
  })

  it('wallet features: onramp, swaps, receive, send (by the ranks their plugins declare), or walletFeaturesOrder first', () => {
    const ranked = { send: 40, receive: 30, swaps: 20, onramp: 10 }
    const plain = createSlots()
    for (const [id, order] of Object.entries(ranked)) plain.add('account.features', { id, label: id, order })
    expect(plain.list('account.features').map((e) => e.id)).toEqual(['onramp', 'swaps', 'receive', 'send'])
    const configured = createSlots({ isEnabled: () => true, walletFeaturesOrder: ['send', 'receive'] })
    for (const [id, order] of Object.entries(ranked)) configured.add('account.features', { id, label: id, order })
    expect(configured.list('account.features').map((e) => e.id)).toEqual(['send', 'receive', 'onramp', 'swaps'])
  })

  it('account tabs keep the order their plugins give (Tokens, NFTs, Activity)', () => {
    const slots = createSlots()
    slots.add('account.tabs', { id: 'activity', label: 'Activity', order: 3 })
    slots.add('account.tabs', { id: 'tokens', label: 'Tokens', order: 1 })
    slots.add('account.tabs', { id: 'nfts', label: 'NFTs', order: 2 })
    expect(slots.list('account.tabs').map((e) => e.id)).toEqual(['tokens', 'nfts', 'activity'])
  })

  it('a duplicate id in a slot is an error naming the plugin, slot and entry', () => {
    const slots = createSlots()
    slots.add('account.tabs', { id: 'nfts', label: 'NFTs', plugin: 'nfts' })
    expect(() => slots.add('account.tabs', { id: 'nfts', label: 'NFTs', plugin: 'gallery' })).toThrow(
      'Plugin "gallery" adds "nfts" to "account.tabs" twice (first by "nfts")',
    )
  })

  it('an unknown slot, an entry without id or label, or a load that is not a function is an error naming the plugin', () => {
    const slots = createSlots()
    expect(() => slots.add('footer.links' as never, { id: 'x', label: 'X', plugin: 'links' } as never)).toThrow(
      expect.objectContaining({
        code: 'UNKNOWN_SLOT',
        message: expect.stringContaining('Plugin "links" fills the unknown slot "footer.links"'),
      }),
    )
    expect(() => slots.add('account.tabs', { id: '', label: 'X', plugin: 'p' })).toThrow(
      'Plugin "p" adds an entry to "account.tabs" without a string id and label',
    )
    expect(() => slots.add('account.tabs', { id: 'x', label: 'X', load: 'nope' as never, plugin: 'p' })).toThrow(
      'has a load that is not a function',
    )
  })

  it('slots are independent of each other', () => {
    const slots = createSlots()
    slots.add('account.tabs', { id: 'x', label: 'X' })
    slots.add('header.actions', { id: 'x', label: 'X' })
    expect(slots.list('account.tabs')).toHaveLength(1)
    expect(slots.list('header.actions')).toHaveLength(1)
  })
})

describe('views: slots gated by feature flags', () => {
  it('an entry whose feature flag is off is not listed; entries without a feature always are', () => {
    const slots = createSlots({ isEnabled: (feature) => feature !== 'swaps' })
    slots.add('account.features', { id: 'onramp', label: 'Buy', feature: 'onramp' })
    slots.add('account.features', { id: 'swaps', label: 'Swap', feature: 'swaps' })
    slots.add('account.features', { id: 'receive', label: 'Receive' })
    expect(slots.list('account.features').map((e) => e.id)).toEqual(['onramp', 'receive'])
  })

  it('the flag is read on every list, so a later change applies', () => {
    let swaps = false
    const slots = createSlots({ isEnabled: (feature) => feature !== 'swaps' || swaps })
    slots.add('account.features', { id: 'swaps', label: 'Swap', feature: 'swaps' })
    expect(slots.list('account.features')).toEqual([])
    swaps = true
    expect(slots.list('account.features').map((e) => e.id)).toEqual(['swaps'])
  })

  it('a hidden entry still occupies its id', () => {
    const slots = createSlots({ isEnabled: () => false })
    slots.add('account.features', { id: 'swaps', label: 'Swap', feature: 'swaps' })
    expect(() => slots.add('account.features', { id: 'swaps', label: 'Swap' })).toThrow('adds "swaps" to "account.features" twice')
  })
})

describe('views: loads are shared', () => {
  it('a view and a slot entry import their module once; what it resolved to is known without waiting', async () => {
    const module = { default: () => null }
    let calls = 0
    const load = async () => (calls++, module)
    const views = createViewRegistry()
    views.register('Hello', { load })
    const registered = views.get('Hello')!.load
    expect(loadedModule(registered)).toBeUndefined()
    const [a, b] = await Promise.all([registered(), registered()])
    expect(a).toBe(module)
    expect(b).toBe(module)
    expect(await registered()).toBe(module)
    expect(calls).toBe(1)
    expect(loadedModule(registered)).toBe(module)

    const slots = createSlots()
    slots.add('connect.methods', { id: 'email', label: 'Email', load })
    const entryLoad = slots.list('connect.methods')[0]!.load!
    await entryLoad()
    await entryLoad()
    expect(calls).toBe(2)
    expect(loadedModule(entryLoad)).toBe(module)
  })

  it('a failed import is tried again on the next call and is never reported as loaded', async () => {
    const module = { default: () => null }
    let calls = 0
    const views = createViewRegistry()
    views.register('Flaky', { load: async () => (++calls === 1 ? Promise.reject(new Error('chunk failed')) : module) })
    const load = views.get('Flaky')!.load
    await expect(load()).rejects.toThrow('chunk failed')
    expect(loadedModule(load)).toBeUndefined()
    expect(await load()).toBe(module)
    expect(calls).toBe(2)
  })

  it("the import starts in the caller's task, and a load that throws at once is a rejection, tried again later", async () => {
    const module = { default: () => null }
    let calls = 0
    const views = createViewRegistry()
    views.register('Throws', {
      load: () => {
        if (++calls === 1) throw new Error('no chunk')
        return Promise.resolve(module)
      },
    })
    const load = views.get('Throws')!.load
    const first = load()
    expect(calls).toBe(1)
    await expect(first).rejects.toThrow('no chunk')
    expect(loadedModule(load)).toBeUndefined()
    expect(await load()).toBe(module)
    expect(calls).toBe(2)
  })
})
