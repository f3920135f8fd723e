import { describe, expect, it } from 'vitest'
import { createSlots, createViewRegistry } from '../../kernel/views.js'
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
    expect(() => views.register('', dummyView)).toThrow('needs an id and a load() function')
    expect(() => views.register('Swap', {} as never)).toThrow('View "Swap" needs an id and a load() function')
    expect(views.ids()).toEqual([])
  })

  it('a view registered twice is an error naming both contributors', () => {
    const views = createViewRegistry()
    views.register('Swap', { ...dummyView, plugin: 'swap' })
    expect(() => views.register('Swap', { ...dummyView, plugin: 'dex' })).toThrow('View "Swap" is registered twice (by "swap" and "dex")')
    expect(() => views.register('Swap', dummyView)).toThrow('(by "swap" and "kernel")')
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

  it('entries are sorted by order, equal orders keep insertion order', () => {
    const slots = createSlots()
    slots.add('connect.methods', { id: 'wallet', label: 'Wallet', order: 3 })
    slots.add('connect.methods', { id: 'email', label: 'Email', order: 1 })
    slots.add('connect.methods', { id: 'social', label: 'Social', order: 2 })
    slots.add('connect.methods', { id: 'qr', label: 'QR', order: 2 })
    expect(slots.list('connect.methods').map((e) => e.id)).toEqual(['email', 'social', 'qr', 'wallet'])
  })

  it('entries without order count as 0', () => {
    const slots = createSlots()
    slots.add('account.features', { id: 'send', label: 'Send', order: 1 })
    slots.add('account.features', { id: 'onramp', label: 'Buy' })
    slots.add('account.features', { id: 'swap', label: 'Swap', order: -1 })
    expect(slots.list('account.features').map((e) => e.id)).toEqual(['swap', 'onramp', 'send'])
  })

  it('a duplicate id in a slot is an error naming slot and entry', () => {
    const slots = createSlots()
    slots.add('account.tabs', { id: 'nfts', label: 'NFTs' })
    expect(() => slots.add('account.tabs', { id: 'nfts', label: 'NFTs' })).toThrow('Slot "account.tabs" already has an entry "nfts"')
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
    const slots = createSlots((feature) => feature !== 'swaps')
    slots.add('account.features', { id: 'onramp', label: 'Buy', feature: 'onramp' })
    slots.add('account.features', { id: 'swaps', label: 'Swap', feature: 'swaps' })
    slots.add('account.features', { id: 'receive', label: 'Receive' })
    expect(slots.list('account.features').map((e) => e.id)).toEqual(['onramp', 'receive'])
  })

  it('the flag is read on every list, so a later change applies', () => {
    let swaps = false
    const slots = createSlots((feature) => feature !== 'swaps' || swaps)
    slots.add('account.features', { id: 'swaps', label: 'Swap', feature: 'swaps' })
    expect(slots.list('account.features')).toEqual([])
    swaps = true
    expect(slots.list('account.features').map((e) => e.id)).toEqual(['swaps'])
  })

  it('a hidden entry still occupies its id', () => {
    const slots = createSlots(() => false)
    slots.add('account.features', { id: 'swaps', label: 'Swap', feature: 'swaps' })
    expect(() => slots.add('account.features', { id: 'swaps', label: 'Swap' })).toThrow('already has an entry "swaps"')
  })
})
