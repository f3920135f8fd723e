/**
 * The wallet list without a view: the Connect view's sections, and the full list (installed wallets first, then
 * the catalog's featured, recommended and pages of 40) with a search, from the catalog plugin when the host
 * registered it.
 */
import { atom, computed, onMount, type ReadableAtom } from 'nanostores'
import { errorMessage, type Modal, type WalletItem, type WalletSection } from 'vestibule/kernel'
import { walletSections } from 'vestibule/utils'
import type { CatalogApi, CatalogController, CatalogState, WalletRow } from 'vestibule/plugins/catalog'
import { pluginApi } from './modal.js'

/** Typing pauses this long before a search is sent (the catalog answers no sooner than 300 ms). */
export const SEARCH_PAUSE_MS = 150

export type ListStatus = 'idle' | 'loading' | 'ready' | 'error'

export interface WalletListState {
  /** The Connect view's sections (WalletConnect, recent, installed, featured, custom, the host's, recommended). */
  sections: readonly WalletSection[]
  /** The full list: installed wallets, then the catalog's; while a search is typed, its matches. */
  wallets: readonly WalletItem[]
  /** The search as typed. */
  search: string
  /** The catalog's loading: the pages while no search is typed, the search otherwise. */
  status: ListStatus
  /** Why the last catalog request failed. */
  error?: string
  /** More pages can be loaded (`loadMore`). */
  hasMore: boolean
  /** How many wallets the catalog lists in all (once its first page came). */
  total?: number
}

export interface WalletList {
  readonly $state: ReadableAtom<WalletListState>
  /** Starts a session when none is (`modal.open()` of the headless modal) and loads the first page. */
  load(): Promise<void>
  /** The next page of 40 (nothing while a search is typed or when the list is complete). */
  loadMore(): Promise<void>
  /** Searches the catalog once typing pauses; installed wallets match by name at once. Empty text ends the search. */
  setSearch(text: string): void
  /** Requests again what failed. */
  retry(): Promise<void>
  /** Drops a search under way (the list stops following the catalog once nothing listens to `$state`). */
  destroy(): void
}

type Search = { text: string; status: ListStatus; found: readonly WalletRow[]; error?: string }

const matches = (name: string, text: string) => name.toLowerCase().includes(text.toLowerCase())

/** The wallet list of `modal`. Without the catalog plugin it lists the installed and host-configured wallets. */
export function walletList(modal: Modal): WalletList {
  const catalog = pluginApi<CatalogApi>(modal, 'catalog')
  const $controller = atom<CatalogController | undefined>(catalog?.controller)
  const $search = atom<Search>({ text: '', status: 'idle', found: [] })
  const $loadError = atom<string | undefined>(undefined)
  const $sections = walletSections(modal.getWalletSources())
  const empty = atom<readonly WalletRow[]>([])
  const emptyState = atom<CatalogState | undefined>(undefined)
  const $catalog = computed($controller, (c) => ({
    rows: c?.$rows ?? empty,
    installed: c?.$installed ?? empty,
    state: c?.$state ?? emptyState,
  }))
  // Rebuilt when the controller arrives: its stores join the list's.
  const $rows = atom<{ rows: readonly WalletRow[]; installed: readonly WalletRow[]; state: CatalogState | undefined }>({
    rows: [],
    installed: [],
    state: undefined,
  })
  // Bound while someone listens to the list (and bound again after a pause: a remounted component finds it live).
  onMount($rows, () => {
    let unbind: (() => void) | undefined
    const offController = $catalog.subscribe(({ rows, installed, state }) => {
      unbind?.()
      const $all = computed([rows, installed, state], (r, i, s) => ({ rows: r, installed: i, state: s as CatalogState | undefined }))
      unbind = $all.subscribe((value) => $rows.set(value))
    })
    return () => {
      offController()
      unbind?.()
    }
  })

  const $state = computed(
    [$sections, $rows, $search, $controller, $loadError],
    (sections, { rows, installed, state }, search, controller, loadError): WalletListState => {
      const fallback = sections.flatMap((s) => s.items)
      if (search.text) {
        const base = controller ? installed.map((r) => r.item) : fallback
        const local = base.filter((item) => matches(item.name, search.text))
        const ids = new Set(local.map((i) => i.id))
        const wallets = [...local, ...search.found.map((r) => r.item).filter((i) => !ids.has(i.id))]
        return { sections, wallets, search: search.text, status: search.status, error: search.error, hasMore: false }
      }
      if (!controller || !state)
        return { sections, wallets: fallback, search: '', status: loadError ? 'error' : 'idle', error: loadError, hasMore: false }
      return {
        sections,
        wallets: rows.map((r) => r.item),
        search: '',
        status: state.pageStatus,
        error: state.error,
        hasMore: state.pageStatus !== 'error' && controller.hasMorePages(),
        total: state.pagedCount,
      }
    },
  )

  const controller = async () => {
    if (!catalog) return undefined
    try {
      const c = await catalog.load()
      $controller.set(c)
      $loadError.set(undefined)
      return c
    } catch (error) {
      $loadError.set(errorMessage(error))
      throw error
    }
  }
  let searchTimer: ReturnType<typeof setTimeout> | undefined
  let abort: AbortController | undefined

  const runSearch = (text: string) => {
    abort?.abort()
    const mine = (abort = new AbortController())
    void controller()
      .then((c) => (c ? c.search(text, mine.signal) : []))
      .then(
        (found) => !mine.signal.aborted && $search.set({ text, status: 'ready', found }),
        (error: unknown) => !mine.signal.aborted && $search.set({ text, status: 'error', found: [], error: errorMessage(error) }),
      )
  }

  return {
    $state,
    async load() {
      if (!modal.isOpen()) await modal.open()
      const c = await controller()
      await c?.loadNextPage()
    },
    async loadMore() {
      const c = $controller.get()
      if (!c || $search.get().text) return
      await c.loadNextPage()
    },
    setSearch(value) {
      const text = value.trim()
      clearTimeout(searchTimer)
      abort?.abort()
      if (!text) return $search.set({ text: '', status: 'idle', found: [] })
      $search.set({ text, status: catalog ? 'loading' : 'ready', found: $search.get().found })
      if (catalog) searchTimer = setTimeout(() => runSearch(text), SEARCH_PAUSE_MS)
    },
    async retry() {
      const text = $search.get().text
      if (text) return runSearch(text)
      const c = await controller()
      await c?.retry()
    },
    destroy() {
      clearTimeout(searchTimer)
      abort?.abort()
    },
  }
}
