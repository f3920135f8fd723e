/**
 * What a plugin author relies on: typed catalogs and reported missing keys, slot entries that open registered
 * views, snackbars that survive going back, views that need an account, leave guards, close refusals with their
 * text, the host's `modal.on`, checked storage reads and services resolved when used.
 */
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest'
import { createI18n } from '../../kernel/i18n.js'
import { createRouter } from '../../kernel/router.js'
import { createStorage } from '../../kernel/storage.js'
import { createToken, type Plugin } from '../../kernel/plugin.js'
import { VestibuleError } from '../../kernel/errors.js'
import { dummyView } from './helpers.js'
import { modalWithWallet } from './kernel-fixtures.js'
import { kernelOf } from '../../kernel/kernel-of.js'

afterEach(() => vi.restoreAllMocks())

describe('message catalogs', () => {
  it("a plugin's catalog gives a typed t: a key outside it fails the type check", () => {
    const i18n = createI18n()
    const t = i18n.catalog({ 'book.title': 'Addresses', 'book.count': '{count} saved' })
    expect(t('book.count', { count: 2 })).toBe('2 saved')
    // @ts-expect-error 'book.titel' is not a key of the catalog
    expect(t('book.titel')).toBe('book.titel')
    expectTypeOf(t).parameter(0).toEqualTypeOf<'book.title' | 'book.count'>()
  })

  it('a host override still wins over the catalog', () => {
    const t = createI18n({ messages: { 'book.title': 'Carnet' } }).catalog({ 'book.title': 'Addresses' })
    expect(t('book.title')).toBe('Carnet')
  })

  it('a missing key is reported once (the key is shown); a text given in place of a key is not', () => {
    const onMissing = vi.fn()
    const i18n = createI18n({ onMissing })
    expect(i18n.t('book.titel')).toBe('book.titel')
    i18n.t('book.titel')
    i18n.t('Saved addresses')
    i18n.t('toString')
    expect(onMissing.mock.calls).toEqual([['book.titel']])
  })

  it('the modal warns of a key no catalog holds', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { modal } = modalWithWallet()
    expect(kernelOf(modal).i18n.t('nobody.has.this')).toBe('nobody.has.this')
    expect(warn).toHaveBeenCalledWith('[vestibule] No text for the message key "nobody.has.this"')
  })
})

describe('slot entries open registered views', () => {
  const opener = (view: string): Plugin => ({
    name: 'opener',
    setup: (ctx) => ctx.slots.add('account.features', { id: 'book', label: 'Book', view }),
  })
  const provider: Plugin = { name: 'provider', setup: (ctx) => ctx.views.register('Book', dummyView) }

  it('an entry naming a view no plugin registers is refused at creation, naming the plugin and the view', () => {
    expect(() => modalWithWallet({ plugins: [opener('Bok'), provider] })).toThrow(
      new VestibuleError('UNKNOWN_VIEW', 'Plugin "opener": "book" in "account.features" opens the view "Bok", which no plugin registers'),
    )
  })

  it('the view may come from a plugin listed later', () => {
    const { modal } = modalWithWallet({ plugins: [opener('Book'), provider] })
    expect(
      kernelOf(modal)
        .slots.list('account.features')
        .map((e) => e.view),
    ).toEqual(['Book'])
  })
})

describe('views and the snackbar', () => {
  it('a confirmation shown right before goBack stays visible; opening another view still hides it', async () => {
    const { modal } = modalWithWallet({ plugins: [{ name: 'v', setup: (ctx) => ctx.views.register('Form', dummyView) }] })
    await modal.open('Connect')
    kernelOf(modal).router.push('Form')
    kernelOf(modal).feedback.showSnackbar('success', 'Saved')
    kernelOf(modal).router.goBack()
    expect(kernelOf(modal).router.current?.view).toBe('Connect')
    expect(kernelOf(modal).feedback.$snackbar.get()).toMatchObject({ open: true, message: 'Saved' })
    kernelOf(modal).router.push('Form')
    expect(kernelOf(modal).feedback.$snackbar.get().open).toBe(false)
  })
})

describe('views that need an account', () => {
  const book: Plugin = {
    name: 'book',
    setup(ctx) {
      ctx.views.register('Book', { ...dummyView, requiresAccount: true })
      ctx.views.register('Notes', dummyView)
    },
  }

  it('a disconnect takes the modal from such a view to the resting view', async () => {
    const { modal } = modalWithWallet({ plugins: [book] })
    kernelOf(modal).chains.startDiscovery()
    await modal.connect('io.fake')
    await modal.open('Book')
    expect(kernelOf(modal).router.current?.view).toBe('Book')
    await modal.disconnect()
    expect(kernelOf(modal).router.current?.view).toBe('Connect')
  })

  it('a view without the flag stays after a disconnect', async () => {
    const { modal } = modalWithWallet({ plugins: [book] })
    kernelOf(modal).chains.startDiscovery()
    await modal.connect('io.fake')
    await modal.open('Notes')
    await modal.disconnect()
    expect(kernelOf(modal).router.current?.view).toBe('Notes')
  })

  it('opening it with nobody connected shows the resting view', async () => {
    const { modal } = modalWithWallet({ plugins: [book] })
    await modal.open('Book')
    expect(kernelOf(modal).router.current?.view).toBe('Connect')
  })
})

describe('leave guards', () => {
  const router = () => {
    const refused: Array<[string, string]> = []
    const close = vi.fn()
    const r = createRouter({ isRegistered: () => true, close, leaveRefused: (view, reason) => refused.push([view, reason]) })
    return { r, refused, close }
  }

  it('goBack asks the guard of the view shown: a reason keeps the view and is handed on', () => {
    const { r, refused } = router()
    r.reset('List')
    r.push('Form')
    let draft = 'Ada'
    r.guardLeave('Form', () => (draft ? 'book.unsaved' : undefined))
    expect(r.goBack()).toBe(false)
    expect(r.current?.view).toBe('Form')
    expect(refused).toEqual([['Form', 'book.unsaved']])
    draft = ''
    expect(r.goBack()).toBe(true)
    expect(r.current?.view).toBe('List')
  })

  it('discard goes back without asking; a removed or throwing guard keeps nothing; other views are not guarded', () => {
    const { r, close } = router()
    r.reset('List')
    r.push('Form')
    const remove = r.guardLeave('Form', () => 'book.unsaved')
    r.guardLeave('List', () => {
      throw new Error('broken guard')
    })
    expect(r.goBack({ discard: true })).toBe(true)
    expect(r.current?.view).toBe('List')
    r.push('Form')
    remove()
    expect(r.goBack()).toBe(true)
    expect(r.goBack()).toBe(true)
    expect(close).toHaveBeenCalledOnce()
  })

  it('the last view guarded keeps the modal open on goBack', () => {
    const { r, close } = router()
    r.reset('Form')
    r.guardLeave('Form', () => 'book.unsaved')
    expect(r.goBack()).toBe(false)
    expect(close).not.toHaveBeenCalled()
  })

  it("in the modal the guard's reason is shown as text and told as an event", async () => {
    const plugin: Plugin = {
      name: 'book',
      setup(ctx) {
        const t = ctx.i18n.catalog({ 'book.unsaved': 'Discard the address you typed?' })
        ctx.views.register('Form', dummyView)
        ctx.router.guardLeave('Form', () => 'book.unsaved')
        return { t }
      },
    }
    const { modal } = modalWithWallet({ plugins: [plugin] })
    await modal.open('Connect')
    kernelOf(modal).router.push('Form')
    const seen: unknown[] = []
    modal.on('view:leaveRefused', (payload) => seen.push(payload))
    kernelOf(modal).router.goBack()
    expect(kernelOf(modal).router.current?.view).toBe('Form')
    expect(seen).toEqual([{ view: 'Form', reason: 'book.unsaved', message: 'Discard the address you typed?' }])
    expect(kernelOf(modal).feedback.$snackbar.get()).toMatchObject({
      open: true,
      variant: 'error',
      message: 'Discard the address you typed?',
    })
  })
})

describe('close refusals and modal.on', () => {
  it('modal:closeRefused carries the key and the text shown; modal.on returns the unsubscribe', async () => {
    const plugin: Plugin = {
      name: 'guard',
      setup: (ctx) => (ctx.i18n.add({ 'guard.busy': 'Finish first' }), ctx.onClose(() => 'guard.busy')),
    }
    const { modal } = modalWithWallet({ plugins: [plugin] })
    await modal.open('Connect')
    const seen = vi.fn()
    const off = modal.on('modal:closeRefused', seen)
    expectTypeOf(seen).toBeFunction()
    modal.on('modal:closeRefused', (payload) => expectTypeOf(payload).toEqualTypeOf<{ reason: string; message: string }>())
    expect(modal.close()).toBe(false)
    expect(seen).toHaveBeenCalledWith({ reason: 'guard.busy', message: 'Finish first' })
    off()
    modal.close()
    expect(seen).toHaveBeenCalledOnce()
  })
})

describe('checked storage reads', () => {
  const isBook = (v: unknown): v is { name: string }[] => Array.isArray(v) && v.every((e) => typeof e?.name === 'string')

  it('read returns a value the check accepts, typed by it; a refused entry reads as missing and is removed', () => {
    const storage = createStorage({ backend: null })
    storage.set('book', [{ name: 'Ada' }])
    const book = storage.read('book', isBook)
    expectTypeOf(book).toEqualTypeOf<{ name: string }[] | undefined>()
    expect(book).toEqual([{ name: 'Ada' }])
    storage.set('book', [{ name: 42 }])
    expect(storage.read('book', isBook)).toBeUndefined()
    expect(storage.get('book')).toBeUndefined()
  })

  it("a plugin's scoped storage reads checked too, and a throwing check refuses", () => {
    let read: unknown = 'not read'
    const plugin: Plugin = {
      name: 'book',
      setup(ctx) {
        ctx.storage.set('list', [{ name: 'Ada' }])
        read = ctx.storage.read('list', isBook)
        ctx.storage.set('odd', 1)
        const boom = (v: unknown): v is number => {
          throw new Error(`bad ${String(v)}`)
        }
        if (ctx.storage.read('odd', boom) !== undefined) read = 'a throwing check accepted'
      },
    }
    modalWithWallet({ plugins: [plugin] })
    expect(read).toEqual([{ name: 'Ada' }])
  })
})

describe('services resolved when used', () => {
  const Clock = createToken<{ now(): number }>('test.clock')
  const provider: Plugin = { name: 'clock', setup: (ctx) => ctx.services.provide(Clock, { now: () => 7 }) }

  it('a lazy handle taken in setup finds a provider listed later', () => {
    let early: unknown = 'unset'
    let handle: ReturnType<import('../../kernel/plugin.js').Services['lazy']> | undefined
    const user: Plugin = {
      name: 'user',
      setup(ctx) {
        early = ctx.services.get(Clock)
        handle = ctx.services.lazy(Clock)
      },
    }
    modalWithWallet({ plugins: [user, provider] })
    expect(early).toBeUndefined()
    expect((handle!.resolve() as { now(): number }).now()).toBe(7)
  })

  it('resolve on a handle nobody provides throws, naming the plugin and the token', () => {
    let handle: { resolve(): unknown; get(): unknown } | undefined
    modalWithWallet({ plugins: [{ name: 'user', setup: (ctx) => void (handle = ctx.services.lazy(Clock)) }] })
    expect(handle!.get()).toBeUndefined()
    expect(() => handle!.resolve()).toThrow('Plugin "user" resolves the service "test.clock", which no plugin provides')
  })
})
