import { useStore } from '@nanostores/react'
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react'
import { errorMessage, type ViewContext, type WalletItem } from 'vestibule/kernel'
import { WalletImage, type ViewProps } from 'vestibule/ui'
import { isPassingFault } from 'vestibule/utils'
import type { CatalogController, WalletRow } from '../catalog.js'
import { isAbort, isUnreachable, PAGE_SIZES } from '../client.js'
import { matchesSearch } from '../filter.js'
import { useVirtualRows } from './virtual.js'

/** A row is 56 px tall with 8 px between rows. */
export const ROW_HEIGHT = 64
/** The list's height before it is measured (the CSS height of `.vb-vlist` on a normal screen). */
const INITIAL_VIEWPORT = 440
/** Typing pauses this long before a search starts (the search itself answers no sooner than 300 ms). */
export const SEARCH_DEBOUNCE_MS = 150
/** The next page loads when the last rendered row is this close to the end of the loaded rows. */
const PREFETCH_ROWS = 10
const SKELETON_ROWS = 2

type SearchState = {
  text: string
  status: 'loading' | 'ready' | 'error'
  rows: WalletRow[]
  error?: string
  unreachable?: boolean
  retrying?: boolean
}

/** The whole catalog: installed wallets first, then featured, recommended and pages of 40 as the user scrolls. */
/** The AllWallets view's texts, added with its code (a host's own `messages` for these keys still win). */
export const messages = {
  'catalog.search': 'Search wallet',
  'catalog.error': 'The wallet list could not be loaded',
  'catalog.retry': 'Try again',
  'catalog.unreachable': 'The wallet list service cannot be reached',
  'catalog.retrying': 'Trying again by itself in a moment…',
  'catalog.loading': 'Loading wallets…',
  'catalog.searching': 'Searching…',
  'catalog.noResults': 'No wallet matches "{query}"',
  'catalog.count': '{count, plural, one {# wallet} other {# wallets}}',
  'catalog.results': '{count} found',
  'catalog.list': 'Wallets',
}
const withMessages = new WeakSet<object>()

export default function AllWallets({ ctx }: ViewProps<unknown, 'catalog'>) {
  const { i18n } = ctx
  if (!withMessages.has(i18n)) {
    withMessages.add(i18n)
    i18n.add(messages, () => import('../locales/index.js'))
  }
  const api = ctx.api
  const [controller, setController] = useState(api.controller)
  const [failed, setFailed] = useState<string>()
  useEffect(() => {
    let live = true
    api.load().then(
      (c) => live && setController(c),
      (error: unknown) => live && setFailed(errorMessage(error)),
    )
    return () => {
      live = false
    }
  }, [])
  if (controller) return <WalletList ctx={ctx} controller={controller} />
  return (
    <div className="vb-center" data-testid="all-wallets-view">
      {failed ? (
        <p className="vb-error" role="alert">
          {ctx.i18n.t('catalog.error')}
        </p>
      ) : (
        <div className="vb-spinner" aria-hidden="true" />
      )}
    </div>
  )
}

/**
 * The API's search for `text` once typing pauses (a new `attempt` asks again, and `again` plans one); the older
 * search is aborted.
 */
function useWalletSearch(controller: CatalogController, text: string, attempt: number, again: () => void): SearchState | undefined {
  const [search, setSearch] = useState<SearchState>()
  useEffect(() => {
    if (!text) {
      setSearch(undefined)
      return
    }
    // A newer text aborts the older search, whether it is still waiting for the pause or for the API.
    const abort = new AbortController()
    setSearch((previous) => ({ text, status: 'loading', rows: previous?.rows ?? [] }))
    const timer = setTimeout(() => {
      controller.search(text, abort.signal).then(
        (found) => {
          controller.searchRetry.reset()
          setSearch({ text, status: 'ready', rows: found })
        },
        (error: unknown) => {
          if (isAbort(error)) return
          // A passing failure is searched again by itself after the next pause (a few times, then "Try again").
          const retrying = isPassingFault(error) && controller.searchRetry.plan(again)
          setSearch({ text, status: 'error', rows: [], error: errorMessage(error), unreachable: isUnreachable(error), retrying })
        },
      )
    }, SEARCH_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      abort.abort()
    }
  }, [text, attempt, controller])
  return search
}

function WalletList({ ctx, controller }: { ctx: ViewContext; controller: CatalogController }) {
  const { i18n, router } = ctx
  const state = useStore(controller.$state)
  const rows = useStore(controller.$rows)
  const installed = useStore(controller.$installed)
  // The controller keeps the text for this open, so coming back from a wallet finds the search as it was.
  const [query, setQueryState] = useState(controller.searchText)
  const setQuery = (value: string) => setQueryState((controller.searchText = value))
  // The input updates at once; the list follows at lower priority, so typing never waits for rendering.
  const deferred = useDeferredValue(query)
  const text = deferred.trim()
  const [attempt, setAttempt] = useState(0)
  const search = useWalletSearch(controller, text, attempt, () => setAttempt((a) => a + 1))

  const shown = useMemo(() => {
    if (!text) return rows
    const local = installed.filter((r) => matchesSearch(r.item.name, text))
    const found = search?.text === text && search.status === 'ready' ? search.rows : []
    const keys = new Set(local.map((r) => r.key))
    return [...local, ...found.filter((r) => !keys.has(r.key))]
  }, [text, rows, installed, search])

  const more = !text && state.pageStatus !== 'error' && controller.hasMorePages()
  const count = shown.length + (more ? SKELETON_ROWS : 0)
  const { ref, range, totalHeight, scrollToTop } = useVirtualRows(count, ROW_HEIGHT, INITIAL_VIEWPORT)

  useEffect(scrollToTop, [text])

  // Pages of 40 as the user scrolls: the next one when the rendered rows come near the end of the loaded ones.
  useEffect(() => {
    if (!more || state.pageStatus === 'loading') return
    if (range.end >= shown.length - PREFETCH_ROWS) void controller.loadNextPage().catch(() => undefined)
  }, [more, range.end, shown.length, state.pageStatus, controller])

  // The count is what the list holds: the rows listed (duplicates, malformed and excluded wallets already left out)
  // plus the API's entries not received yet, so it never counts a wallet the list has dropped. Once every page is
  // in, the rows alone. While searching, the results found.
  const total =
    !more && state.pageStatus !== 'loading'
      ? rows.length
      : state.pagedCount !== undefined
        ? rows.length + Math.max(0, state.pagedCount - state.pagesLoaded * PAGE_SIZES.page)
        : undefined
  const searching = Boolean(text) && search?.status === 'loading'
  const failure = text
    ? search?.text === text && search.status === 'error'
      ? search
      : undefined
    : state.pageStatus === 'error'
      ? state
      : undefined
  const error = failure?.error
  // A new text starts the search's automatic retries over.
  useEffect(() => controller.searchRetry.reset(), [text, controller])
  const choose = useCallback((item: WalletItem) => router.push(item.view, item.data), [router])
  const installedTag = i18n.t('connect.installed')
  const retry = () => {
    if (!text) return void controller.retry()
    controller.searchRetry.reset()
    setAttempt((a) => a + 1)
  }

  const items = []
  for (let index = range.start; index < range.end; index++) {
    const row = shown[index]
    items.push(
      <div
        key={row?.key ?? `skeleton:${index}`}
        role="listitem"
        className="vb-vrow"
        style={{ transform: `translateY(${index * ROW_HEIGHT}px)` }}
        data-row-index={index}
      >
        {row ? (
          <Row item={row.item} onChoose={choose} installedTag={installedTag} hint={row.item.hint ? i18n.t(row.item.hint) : undefined} />
        ) : (
          <div className="vb-skeleton" aria-hidden="true" />
        )}
      </div>,
    )
  }

  return (
    <div data-testid="all-wallets-view" data-searching={searching ? '' : undefined}>
      <input
        type="search"
        className="vb-input"
        data-testid="wallet-search"
        aria-label={i18n.t('catalog.search')}
        placeholder={i18n.t('catalog.search')}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <div className="vb-row" style={{ justifyContent: 'space-between', marginTop: 8 }}>
        <span className="vb-count" data-testid="all-wallets-count">
          {text
            ? search?.text === text && search.status === 'ready'
              ? i18n.t('catalog.results', { count: shown.length })
              : ''
            : total !== undefined
              ? i18n.t('catalog.count', { count: total })
              : ''}
        </span>
        <span className="vb-count" role="status" data-testid="all-wallets-status">
          {searching ? i18n.t('catalog.searching') : state.pageStatus === 'loading' && !text ? i18n.t('catalog.loading') : ''}
        </span>
      </div>
      {error !== undefined ? (
        <div className="vb-center" data-testid="all-wallets-error">
          <p className="vb-error" role="alert">
            {i18n.t('catalog.error')}
          </p>
          <p className="vb-muted">{failure?.unreachable ? i18n.t('catalog.unreachable') : error}</p>
          {failure?.retrying ? (
            <p className="vb-muted" role="status">
              {i18n.t('catalog.retrying')}
            </p>
          ) : null}
          <button type="button" className="vb-btn" data-testid="all-wallets-retry" onClick={retry}>
            {i18n.t('catalog.retry')}
          </button>
        </div>
      ) : null}
      {text && search?.text === text && search.status === 'ready' && shown.length === 0 ? (
        <p className="vb-muted" data-testid="all-wallets-empty" style={{ marginTop: 12 }}>
          {i18n.t('catalog.noResults', { query: text })}
        </p>
      ) : null}
      <div
        ref={ref}
        className="vb-vlist"
        data-testid="all-wallets-list"
        role="list"
        aria-label={i18n.t('catalog.list')}
        aria-busy={searching || state.pageStatus === 'loading'}
      >
        <div className="vb-vlist-inner" style={{ height: totalHeight }}>
          {items}
        </div>
      </div>
    </div>
  )
}

const Row = memo(function Row({
  item,
  onChoose,
  installedTag,
  hint,
}: {
  item: WalletItem
  onChoose: (item: WalletItem) => void
  installedTag: string
  hint?: string
}) {
  return (
    <button
      type="button"
      className="vb-item"
      data-wallet-id={item.id}
      data-installed={item.installed ? '' : undefined}
      disabled={item.disabled}
      title={item.name}
      onClick={() => onChoose(item)}
    >
      <WalletImage src={item.imageUrl} name={item.name} />
      {hint ? (
        <span className="vb-item-text">
          <span className="vb-item-name">{item.name}</span>
          <span className="vb-item-hint">{hint}</span>
        </span>
      ) : (
        <span className="vb-item-name">{item.name}</span>
      )}
      {item.installed ? <span className="vb-tag">{installedTag}</span> : null}
    </button>
  )
})
