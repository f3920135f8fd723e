// The address-book example, used through the public entries: its option, strings, service, event, storage, the
// form's validation by the connected chain's address rule, the close and leave guards, and its view's account rule.
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest'
import type { ReadableAtom as NanoReadable, MapStore as NanoMap, WritableAtom as NanoWritable } from 'nanostores'
import { createModal, type MapStore, type Plugin, type ReadableAtom, type WritableAtom } from 'vestibule'
import { createKernel } from 'vestibule/kernel'
import { AddressBook, addressBook, FORM_VIEW, type AddressBookApi, type Entry } from '../../examples/address-book/index.js'
import { messages } from '../../examples/address-book/messages.js'
import { ADDRESS, OTHER_ADDRESS, fakeAdapter, recordingBackend } from '../kernel/helpers.js'
import { chainPlugin, desktop, shellViews } from '../kernel/kernel-fixtures.js'
import { kernelOf } from '../../kernel/kernel-of.js'

afterEach(() => vi.restoreAllMocks())

/** A headless modal (the shell's views as stand-ins) with one fake wallet and the address book. */
function setup(options: { addressBookLimit?: number; plugins?: Plugin[]; backend?: ReturnType<typeof recordingBackend> } = {}) {
  const backend = options.backend ?? recordingBackend()
  const modal = createKernel(
    {
      projectId: 'p',
      storage: backend,
      addressBookLimit: options.addressBookLimit,
      plugins: [chainPlugin(fakeAdapter()), addressBook(), ...(options.plugins ?? [])],
    },
    { platform: desktop, views: shellViews },
  )
  return { modal, backend, book: modal.getPlugin('addressBook') }
}

async function connectedOnForm(options: Parameters<typeof setup>[0] = {}) {
  const s = setup(options)
  kernelOf(s.modal).chains.startDiscovery()
  await s.modal.connect('io.fake')
  await s.modal.open('Account')
  kernelOf(s.modal).router.push(FORM_VIEW)
  return s
}

describe('example plugin: address book', () => {
  it('is typed through module augmentation, with the store types from the package entry', () => {
    const { book } = setup()
    expectTypeOf(book).toEqualTypeOf<AddressBookApi>()
    expectTypeOf<ReadableAtom<number>>().toEqualTypeOf<NanoReadable<number>>()
    expectTypeOf<WritableAtom<number>>().toEqualTypeOf<NanoWritable<number>>()
    expectTypeOf<MapStore<{ a: number }>>().toEqualTypeOf<NanoMap<{ a: number }>>()
    // @ts-expect-error 'addressBook.titel' is not a key of the plugin's catalog
    expect(book.t('addressBook.titel')).toBe('addressBook.titel')
    // @ts-expect-error addressBookLimit is declared as a number
    expect(() => createModal({ addressBookLimit: '5', plugins: [addressBook()] })).toThrow(
      '`addressBookLimit` (addressBook) must be a whole number from 1 to 100',
    )
  })

  it('adds an Account tab, a feature opening its form view, and its strings (a host may override them)', () => {
    const { modal, book } = setup()
    expect(
      kernelOf(modal)
        .slots.list('account.tabs')
        .map((e) => [e.id, e.label]),
    ).toEqual([['addressBook', 'Addresses']])
    expect(
      kernelOf(modal)
        .slots.list('account.features')
        .map((e) => [e.id, e.view]),
    ).toEqual([['addressBook', FORM_VIEW]])
    expect(kernelOf(modal).views.get(FORM_VIEW)).toMatchObject({ title: 'Save an address', requiresAccount: true, plugin: 'addressBook' })
    expect(book.t('addressBook.saved', { name: 'Ada' })).toBe('Saved Ada')
    const french = createKernel(
      { projectId: 'p', storage: null, messages: { 'addressBook.tab': 'Adresses' }, plugins: [addressBook()] },
      { views: shellViews },
    )
    expect(kernelOf(french).slots.list('account.tabs')[0]?.label).toBe('Adresses')
  })

  it('checks the address with the connected chain’s rule; saves, confirms, goes back and emits its event', async () => {
    const { modal, book, backend } = await connectedOnForm()
    const saved: Entry[] = []
    modal.on('addressBook:saved', (entry) => saved.push(entry))
    book.edit('name', 'Ada')
    book.edit('address', '0x12')
    expect(book.save()).toBeUndefined()
    expect(book.$state.get().form.errors).toEqual({ name: undefined, address: messages['addressBook.error.addressInvalid'] })
    book.edit('address', ` ${ADDRESS} `)
    const entry = { name: 'Ada', address: ADDRESS, namespace: 'eip155' }
    expect(book.save()).toEqual(entry)
    expect(saved).toEqual([entry])
    expect(kernelOf(modal).router.current?.view).toBe('Account')
    expect(kernelOf(modal).feedback.$snackbar.get()).toMatchObject({ open: true, variant: 'success', message: 'Saved Ada' })
    expect(JSON.parse(backend.data.get('@vestibule/v1/addressBook/entries')!)).toEqual([entry])
  })

  it('names are required and short', async () => {
    const { book } = await connectedOnForm()
    book.edit('address', ADDRESS)
    book.save()
    expect(book.$state.get().form.errors.name).toBe('Enter a name')
    book.edit('name', 'x'.repeat(41))
    book.save()
    expect(book.$state.get().form.errors.name).toBe('At most 40 characters')
  })

  it('keeps the newest `addressBookLimit` entries, one per address', async () => {
    const { book } = await connectedOnForm({ addressBookLimit: 1 })
    const save = (name: string, address: string) => {
      book.edit('name', name)
      book.edit('address', address)
      book.save()
    }
    save('Ada', ADDRESS)
    save('Bob', OTHER_ADDRESS)
    expect(book.$state.get().entries.map((e) => e.name)).toEqual(['Bob'])
  })

  it('while the form holds unsaved text, the back arrow and closing keep it, with the reason shown', async () => {
    const { modal, book } = await connectedOnForm()
    const refused: string[] = []
    modal.on('modal:closeRefused', ({ message }) => refused.push(message))
    modal.on('view:leaveRefused', ({ message }) => refused.push(message))
    book.edit('name', 'Ad')
    expect(kernelOf(modal).router.goBack()).toBe(false)
    expect(modal.close()).toBe(false)
    expect(kernelOf(modal).router.current?.view).toBe(FORM_VIEW)
    expect(refused).toEqual([messages['addressBook.unsaved'], messages['addressBook.unsaved']])
    book.discard()
    expect(kernelOf(modal).router.current?.view).toBe('Account')
    expect(modal.close()).toBe(true)
  })

  it('the form view is left after a disconnect', async () => {
    const { modal } = await connectedOnForm()
    await modal.disconnect()
    expect(kernelOf(modal).router.current?.view).toBe('Connect')
  })

  it('reads saved entries back only when they have the right shape', async () => {
    const good = [{ name: 'Ada', address: ADDRESS, namespace: 'eip155' }]
    const first = setup({ backend: recordingBackend({ '@vestibule/v1/addressBook/entries': JSON.stringify(good) }) })
    await first.modal.open()
    expect(first.book.$state.get().entries).toEqual(good)
    const planted = setup({
      backend: recordingBackend({ '@vestibule/v1/addressBook/entries': JSON.stringify([{ name: { toString: 1 }, address: ADDRESS }]) }),
    })
    await planted.modal.open()
    expect(planted.book.$state.get().entries).toEqual([])
  })

  it('offers the entries to other plugins by token, even to one set up before it', async () => {
    let list: (() => readonly Entry[]) | undefined
    const reader: Plugin = { name: 'reader', setup: (ctx) => void (list = () => ctx.services.lazy(AddressBook).resolve().list()) }
    const modal = createKernel(
      { projectId: 'p', storage: null, plugins: [reader, chainPlugin(fakeAdapter()), addressBook()] },
      { platform: desktop, views: shellViews },
    )
    kernelOf(modal).chains.startDiscovery()
    await modal.connect('io.fake')
    await modal.open(FORM_VIEW)
    const book = modal.getPlugin('addressBook')
    book.edit('name', 'Ada')
    book.edit('address', ADDRESS)
    book.save()
    expect(list!().map((e) => e.name)).toEqual(['Ada'])
  })
})
