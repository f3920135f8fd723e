// The address book's logic, framework-free: saved entries (checked when read back from storage) and the form.
import type { PluginContext, ReadableAtom, Translate } from 'vestibule'
import type { MessageKeys } from './messages.js'

/** One saved address, for one chain family. */
export interface Entry {
  name: string
  address: string
  namespace: string
}

/** What the form shows: its fields, their problems (texts) and whether something is typed and not saved. */
export interface FormState {
  name: string
  address: string
  errors: { name?: string; address?: string }
  dirty: boolean
}

export const NAME_MAX = 40
const ADDRESS_MAX = 128
const STORAGE_KEY = 'entries'

/** Anything read back from storage is checked: a list of entries with short string fields. */
export function isEntryList(value: unknown): value is Entry[] {
  const short = (v: unknown, max: number) => typeof v === 'string' && v.length > 0 && v.length <= max
  return (
    Array.isArray(value) &&
    value.every(
      (e) => typeof e === 'object' && e !== null && short(e.name, NAME_MAX) && short(e.address, ADDRESS_MAX) && short(e.namespace, 64),
    )
  )
}

export interface BookState {
  entries: readonly Entry[]
  form: FormState
}

export interface Book {
  /** The saved entries and the form; read the entries from storage first with `load`. */
  readonly $state: ReadableAtom<BookState>
  /** Reads the saved entries from storage (once; the modal's first open does it). */
  load(): void
  edit(field: 'name' | 'address', value: string): void
  /** Checks the form; saves and clears it when fine. Returns the entry saved, or undefined (problems are shown). */
  save(): Entry | undefined
  /** Forgets what was typed. */
  discard(): void
  remove(address: string): void
}

const emptyForm: FormState = { name: '', address: '', errors: {}, dirty: false }

type BookContext = Pick<PluginContext, 'storage' | 'connection' | 'events' | 'slice'>

/** The entries live in the plugin's own storage; at most `limit` are kept, the newest first. */
export function createBook(ctx: BookContext, t: Translate<MessageKeys>, limit: number): Book {
  const $state = ctx.slice<BookState>({ entries: [], form: emptyForm })
  let loaded = false
  const load = () => {
    if (!loaded) $state.setKey('entries', ctx.storage.read(STORAGE_KEY, isEntryList) ?? [])
    loaded = true
  }
  const entries = () => (load(), $state.get().entries)
  const store = (next: readonly Entry[]) => {
    $state.setKey('entries', next)
    ctx.storage.set(STORAGE_KEY, next)
  }
  const form = () => $state.get().form
  const setForm = (next: FormState) => $state.setKey('form', next)
  /** The connected chain's own address rule when someone is connected, else only a length limit. */
  const addressProblem = (address: string) => {
    if (!address) return t('addressBook.error.addressRequired')
    const account = ctx.connection.account()
    const valid = account ? account.adapter.isAddress(address, account.network) : address.length <= ADDRESS_MAX
    return valid ? undefined : t('addressBook.error.addressInvalid')
  }
  return {
    $state,
    load,
    edit(field, value) {
      const next = { ...form(), [field]: value, errors: { ...form().errors, [field]: undefined } }
      setForm({ ...next, dirty: Boolean(next.name || next.address) })
    },
    save() {
      const name = form().name.trim()
      const address = form().address.trim()
      const errors = {
        name: !name
          ? t('addressBook.error.nameRequired')
          : name.length > NAME_MAX
            ? t('addressBook.error.nameLong', { max: NAME_MAX })
            : undefined,
        address: addressProblem(address),
      }
      if (errors.name || errors.address) return void setForm({ ...form(), errors })
      const entry: Entry = { name, address, namespace: ctx.connection.account()?.namespace ?? 'unknown' }
      store([entry, ...entries().filter((e) => e.address !== address)].slice(0, limit))
      setForm(emptyForm)
      ctx.events.emit('addressBook:saved', entry)
      return entry
    },
    discard: () => setForm(emptyForm),
    remove: (address) => store(entries().filter((e) => e.address !== address)),
  }
}
