// A third-party feature plugin, written only against the package's public entries: an Account tab listing saved
// addresses, a view with a form, a service by token, an event, a host option, its own strings and two guards.
import { createToken, type Plugin, type ReadableAtom, type Translate } from 'vestibule'
import { createBook, type BookState, type Entry } from './book.js'
import { messages, type MessageKeys } from './messages.js'

export type { Entry, FormState, BookState } from './book.js'

/** The saved addresses, for any plugin that offers them (a send form's receiver picker …), by token. */
export interface AddressBookService {
  list(): readonly Entry[]
}
export const AddressBook = createToken<AddressBookService>('addressBook.entries')

/** What `modal.getPlugin('addressBook')` returns; the plugin's views use it too. */
export interface AddressBookApi {
  readonly $state: ReadableAtom<BookState>
  /** The plugin's strings, typed by its catalog. */
  t: Translate<MessageKeys>
  edit(field: 'name' | 'address', value: string): void
  /** Saves the form when it is valid, confirms it and goes back; returns the entry saved. */
  save(): Entry | undefined
  /** Forgets what was typed and goes back. */
  discard(): void
  remove(address: string): void
}

/** The view with the form: it needs an account, whose chain decides what an address is. */
export const FORM_VIEW = 'AddressBookForm'

declare module 'vestibule' {
  interface PluginApis {
    addressBook: AddressBookApi
  }
  interface VestibuleEvents {
    'addressBook:saved': Entry
  }
  interface ModalOptions {
    /** How many addresses are kept (1 to 100, default 20); the oldest go first. */
    addressBookLimit?: number
  }
}

const checkLimit = (v: unknown) =>
  Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 100 ? undefined : 'must be a whole number from 1 to 100'

/**
 * Saved addresses: a tab in Account, a "Save address" feature opening a form, and the `AddressBook` service.
 *
 * @example createModal({ projectId, addressBookLimit: 10, plugins: [eip155({ networks }), addressBook()] })
 */
export function addressBook(): Plugin<AddressBookApi> {
  return {
    name: 'addressBook',
    options: { addressBookLimit: { check: checkLimit, default: 20 } },
    setup(ctx) {
      const t = ctx.i18n.catalog(messages)
      const book = createBook(ctx, t, ctx.options.addressBookLimit ?? 20)
      ctx.onOpen(() => book.load())
      ctx.services.provide(AddressBook, { list: () => (book.load(), book.$state.get().entries) })
      ctx.views.register(FORM_VIEW, { title: t('addressBook.title'), requiresAccount: true, load: () => import('./AddressForm.js') })
      ctx.slots.add('account.tabs', { id: 'addressBook', label: t('addressBook.tab'), order: 20, load: () => import('./AddressList.js') })
      ctx.slots.add('account.features', { id: 'addressBook', label: t('addressBook.feature'), icon: '+', view: FORM_VIEW })
      // Typed text is not lost by accident: closing and going back both ask to save or discard it first.
      const unsaved = () => (book.$state.get().form.dirty ? 'addressBook.unsaved' : undefined)
      ctx.onClose(unsaved)
      ctx.router.guardLeave(FORM_VIEW, unsaved)
      return {
        $state: book.$state,
        t,
        edit: book.edit,
        save() {
          const entry = book.save()
          if (!entry) return undefined
          // The confirmation outlives the view: going back keeps it shown.
          ctx.feedback.showSnackbar('success', t('addressBook.saved', { name: entry.name }))
          ctx.router.goBack()
          return entry
        },
        discard() {
          book.discard()
          ctx.router.goBack()
        },
        remove: book.remove,
      }
    },
  }
}
