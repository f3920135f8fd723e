/**
 * Views and slots contributed by plugins. The kernel stores what a view is and how to load it; the shell
 * decides how to render it. `load` is a dynamic `import()` so a view's code is fetched on first display.
 */
import type { ChainNamespace } from './caip.js'
import { VestibuleError } from './errors.js'
import { lazyOnce } from './lazy-once.js'
import type { CaipNetwork } from './network.js'
import { orderByRank } from './ordering.js'

/** A lazily loaded UI module: its default export is what the shell renders (a React component for the React shell). */
export type LoadComponent = () => Promise<{ default: unknown; styles?: string }>

export interface ViewDefinition {
  /**
   * Resolves to a module whose default export the shell renders. A module may also export `styles` (CSS text):
   * the shell adds it to the modal's shadow root once, when the view first loads.
   */
  load: LoadComponent
  /**
   * The header: a message key or text, or a function of the route's data returning the text (so a view opened for
   * one wallet is headed with its name from the first frame, before its code has loaded). The view may still set
   * its own with `setTitle`.
   */
  title?: string | ((data: unknown) => string | undefined)
  /** Plugin that contributed it, for error messages (set by the kernel). */
  plugin?: string
  /**
   * Opening rule for a modal without any chain plugin and nobody connected: this view opens on the platforms
   * named ('mobile', 'desktop'). The first registered view claiming the current platform wins.
   */
  openWithoutChains?: ReadonlyArray<'mobile' | 'desktop'>
  /**
   * The view shows a connected account: an open without one shows the resting view instead, and a disconnect
   * that leaves nobody connected takes the modal from it to the resting view.
   */
  requiresAccount?: boolean
}

const settled = new WeakMap<LoadComponent, Awaited<ReturnType<LoadComponent>>>()

/**
 * `load`, imported once: later calls share the first import (a failed one is tried again on the next call), so a
 * module fetched ahead (preload) is handed over without another trip through the module loader.
 */
export function loadOnce(load: LoadComponent): LoadComponent {
  // The import starts in the caller's task (an open asks for its view first).
  const once: LoadComponent = lazyOnce(async () => {
    const module = await load()
    settled.set(once, module)
    return module
  })
  return once
}

/** What a registered view's or slot entry's `load` resolved to, once it has: the shell renders it in the same frame. */
export const loadedModule = (load: LoadComponent | undefined) => (load ? settled.get(load) : undefined)

export interface ViewRegistry {
  register(id: string, definition: ViewDefinition): void
  get(id: string): ViewDefinition | undefined
  has(id: string): boolean
  ids(): string[]
  /** True in a modal without a shell: nothing draws views, so no plugin fetches view code ahead. */
  readonly headless?: boolean
}

export function createViewRegistry(options: { headless?: boolean } = {}): ViewRegistry {
  const views = new Map<string, ViewDefinition>()
  return {
    headless: options.headless === true,
    register(id, definition) {
      const by = definition?.plugin ? `Plugin "${definition.plugin}": view "${id}"` : `View "${id}"`
      if (!id || typeof id !== 'string' || typeof definition?.load !== 'function')
        throw new VestibuleError('INVALID_PLUGIN', `${by} needs a string id and a load() function`)
      const existing = views.get(id)
      if (existing) throw new VestibuleError('DUPLICATE_VIEW', `${by} is registered twice (first by "${existing.plugin ?? 'the shell'}")`)
      views.set(id, { ...definition, load: loadOnce(definition.load) })
    },
    get: (id) => views.get(id),
    has: (id) => views.has(id),
    ids: () => [...views.keys()],
  }
}

/** An entry a plugin puts into a named slot of the shell. */
export interface SlotEntry {
  /**
   * Unique within its slot. In ordered slots it is also the name the ordering options use: `connect.methods`
   * ids the names `connectMethodsOrder` lists, `account.features` ids the names `walletFeaturesOrder` lists.
   */
  id: string
  /** Message key or text. */
  label: string
  /** Image URL (https, data: or loopback) or a single character shown as the entry's icon. */
  icon?: string
  /** View to open when chosen (buttons: account features, header actions, connect footers). */
  view?: string
  /** Data the view opens with. */
  data?: unknown
  /**
   * Whether the entry applies now (asked each time the slot is listed, so the view drawing it follows the state it
   * reads, e.g. the connected account's connector); false or a throw hides it. Absent: always.
   */
  when?: () => boolean
  /**
   * Where the entry works, asked with the active account's namespace and network each time the slot is listed:
   * an entry that cannot work there (a feature its plugin serves on some chain families or networks only) is not
   * offered; false or a throw hides it. Absent: everywhere.
   */
  available?: (where: SlotWhere) => boolean
  /** Drawn in place instead of a button (connect methods, account tabs): a lazily loaded component. */
  load?: LoadComponent
  /**
   * Rank among entries the ordering options do not place; lower first, equal ranks in registration order. A
   * plugin adding a wallet feature declares the rank that places it in the default order of wallet features; a
   * wallet feature without one comes after the ranked ones.
   */
  order?: number
  /** Feature flag that gates the entry: when the host turns it off the entry stays hidden. */
  feature?: string
  /** `connect.methods`: while this method is shown, the wallet list starts collapsed behind one button. */
  collapsesWallets?: boolean
  /** `connect.methods`: this method comes first while a browser wallet (injected or announced) is shown. */
  leadsWhenWalletShown?: boolean
  /** Plugin that contributed it (set by the kernel). */
  plugin?: string
}

/**
 * The slots the shell draws:
 * - `connect.methods`: sections of the Connect view, drawn by their `load` component: `connectMethodsOrder`
 *   first, then by the rank (`order`) each declares, an entry that `leadsWhenWalletShown` first while a browser
 *   wallet is shown; unranked ones last. The wallet list itself is the shell's method.
 * - `connect.footer`: buttons under the wallet list ("All wallets").
 * - `account.header`: lines under the Account view's address (who is signed in to it), drawn by `load`.
 * - `account.tabs`: tabs of the Account view (Tokens, NFTs, Activity by `order`), drawn by `load`.
 * - `account.features`: wallet feature buttons of the Account view: `walletFeaturesOrder` first, then by the
 *   rank (`order`) each plugin declares.
 * - `header.actions`: icon buttons in the modal header, opening `view`.
 * - `account.settings`: rows of the Account view under its feature buttons, drawn by `load` (a row that does not
 *   apply to the connected account draws nothing).
 */
export interface SlotMap {
  'connect.methods': SlotEntry
  'connect.footer': SlotEntry
  'account.header': SlotEntry
  'account.tabs': SlotEntry
  'account.features': SlotEntry
  'header.actions': SlotEntry
  'account.settings': SlotEntry
}

export type SlotName = keyof SlotMap
export const SLOT_NAMES: readonly SlotName[] = [
  'connect.methods',
  'connect.footer',
  'account.header',
  'account.tabs',
  'account.features',
  'header.actions',
  'account.settings',
]

/** Where the modal is: the active namespace and its network (both absent before anything is chosen). */
export interface SlotWhere {
  namespace?: ChainNamespace
  network?: CaipNetwork
}

export interface SlotContext {
  /** The active namespace and network, for the entries' `available`. */
  where?: () => SlotWhere
  /** Whether a feature flag is on; entries gated by a disabled flag are not listed. */
  isEnabled(feature: string): boolean
  /** The host's `features.connectMethodsOrder` and `features.walletFeaturesOrder`. */
  connectMethodsOrder?: readonly string[]
  walletFeaturesOrder?: readonly string[]
}

export interface Slots {
  add<S extends SlotName>(slot: S, entry: SlotMap[S]): void
  /** Entries of `slot` the feature flags allow, in the slot's order. `walletShown` orders the connect methods. */
  list<S extends SlotName>(slot: S, context?: { walletShown?: boolean }): readonly SlotMap[S][]
}

/** Ids in `order` first, then the others by their `order` field. */
function arrange(entries: readonly SlotEntry[], order: readonly string[]): SlotEntry[] {
  const rank = (e: SlotEntry) => (order.includes(e.id) ? order.indexOf(e.id) : order.length)
  return [...entries].sort((a, b) => rank(a) - rank(b) || (a.order ?? 0) - (b.order ?? 0))
}

/** An entry's `when` and `available` (asked with where the modal is), a throw counting as false. */
function applies(entry: SlotEntry, where: () => SlotWhere): boolean {
  try {
    return (!entry.when || entry.when() === true) && (!entry.available || entry.available(where()) === true)
  } catch {
    return false
  }
}

export function createSlots(context: SlotContext = { isEnabled: () => true }): Slots {
  const slots = new Map<SlotName, SlotEntry[]>()
  return {
    add(slot, entry) {
      const by = entry?.plugin ? `Plugin "${entry.plugin}"` : 'The shell'
      if (!SLOT_NAMES.includes(slot))
        throw new VestibuleError('UNKNOWN_SLOT', `${by} fills the unknown slot "${String(slot)}"; slots are ${SLOT_NAMES.join(', ')}`)
      if (!entry || typeof entry.id !== 'string' || !entry.id || typeof entry.label !== 'string')
        throw new VestibuleError('INVALID_PLUGIN', `${by} adds an entry to "${slot}" without a string id and label`)
      if (entry.load !== undefined && typeof entry.load !== 'function')
        throw new VestibuleError('INVALID_PLUGIN', `${by}: entry "${entry.id}" of "${slot}" has a load that is not a function`)
      if (entry.when !== undefined && typeof entry.when !== 'function')
        throw new VestibuleError('INVALID_PLUGIN', `${by}: entry "${entry.id}" of "${slot}" has a when that is not a function`)
      if (entry.available !== undefined && typeof entry.available !== 'function')
        throw new VestibuleError('INVALID_PLUGIN', `${by}: entry "${entry.id}" of "${slot}" has an available that is not a function`)
      const list = slots.get(slot) ?? []
      const existing = list.find((e) => e.id === entry.id)
      if (existing)
        throw new VestibuleError(
          'DUPLICATE_SLOT_ENTRY',
          `${by} adds "${entry.id}" to "${slot}" twice (first by "${existing.plugin ?? 'the shell'}")`,
        )
      slots.set(slot, [...list, entry.load ? { ...entry, load: loadOnce(entry.load) } : entry])
    },
    list(slot, { walletShown = false } = {}) {
      const where = () => context.where?.() ?? {}
      const entries = (slots.get(slot) ?? []).filter(
        (entry) => (!entry.feature || context.isEnabled(entry.feature)) && applies(entry, where),
      )
      if (slot === 'connect.methods') {
        const ranks = entries.map((e) => ({ id: e.id, order: walletShown && e.leadsWhenWalletShown ? Number.MIN_SAFE_INTEGER : e.order }))
        return arrange(entries, orderByRank(ranks, context.connectMethodsOrder, Number.MAX_SAFE_INTEGER)) as never
      }
      if (slot === 'account.features')
        return arrange(entries, orderByRank(entries, context.walletFeaturesOrder, Number.MAX_SAFE_INTEGER)) as never
      return arrange(entries, []) as never
    },
  }
}
