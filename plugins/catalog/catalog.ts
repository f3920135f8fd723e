/**
 * The catalog's working part, loaded on first open: fetches (deduplicated per open), the Connect view
 * sections, the AllWallets rows and recent wallets.
 */
import { computed, map, type MapStore, type ReadableAtom, type WritableAtom } from 'nanostores'
import {
  RemoteConnect,
  errorMessage,
  lazyOnce,
  type Connector,
  type PluginContext,
  type RecentWallet,
  type VestibuleEvents,
  type WalletItem,
} from 'vestibule/kernel'
import {
  addRecentWallet,
  type Backoff,
  createBackoff,
  createRequestCache,
  isPassingFault,
  getRecentWallets,
  connectorItem,
  isInjectedShown,
  mergeMultiChain,
} from 'vestibule/utils'
import { MAX_PAGES, PAGE_SIZES, createCatalogClient, isUnreachable, wait, type CatalogClient, type WalletPage } from './client.js'
import {
  catalogItem,
  filterForPlatform,
  inFeaturedOrder,
  isExcluded,
  parseCustomWallets,
  removeDuplicates,
  safeImageUrl,
  type CatalogWallet,
  type ChosenWallet,
} from './filter.js'

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error'

export interface CatalogState {
  featured: CatalogWallet[]
  featuredStatus: LoadStatus
  recommended: CatalogWallet[]
  recommendedStatus: LoadStatus
  /** Wallets of the paged list (pages of 40, in order), the total the API reported, and how many pages came. */
  paged: CatalogWallet[]
  pagedCount: number | undefined
  pagesLoaded: number
  pageStatus: LoadStatus
  /** A readable reason of the last failed catalog request. */
  error: string | undefined
  /** The last failure was a connection that could not be made (the API down or restarting). */
  unreachable?: boolean
  /** The failed page is asked for again by itself after a pause (see CATALOG_RETRY_MS). */
  retrying?: boolean
}

/**
 * A page of the list, or a search, that failed for a passing reason (a 5xx or 429 answer, no answer in time, no
 * connection) is asked again by itself after each of these pauses; after the last one the list waits for "Try again".
 */
export const CATALOG_RETRY_MS = [5_000, 10_000, 20_000, 40_000] as const

/** The section stores the plugin registered in setup; the controller fills them. */
export interface SectionStores {
  featured: WritableAtom<readonly WalletItem[]>
  recommended: WritableAtom<readonly WalletItem[]>
  custom: WritableAtom<readonly WalletItem[]>
  recent: WritableAtom<readonly WalletItem[]>
}

/** One AllWallets row. */
export interface WalletRow {
  key: string
  item: WalletItem
}

export interface CatalogController {
  readonly client: CatalogClient
  readonly $state: MapStore<CatalogState>
  /** Installed wallets first, then featured, recommended and the loaded pages, without duplicates. */
  readonly $rows: ReadableAtom<readonly WalletRow[]>
  /** Installed rows alone (search filters them locally). */
  readonly $installed: ReadableAtom<readonly WalletRow[]>
  /** What the user typed in AllWallets' search this open: kept while they look at a wallet and come back. */
  searchText: string
  /** Starts a new open: every catalog page may be requested once more, and the search starts empty. */
  newSession(): void
  /** Starts a new session when `open` (the modal's open counter) is not the current one. */
  sync(open: number): void
  /** Featured, recommended and the excluded-wallet init, each requested at most once per open. */
  prefetch(): Promise<void>
  /** Loads the next page of 40 (after recommended, whose ids it excludes); shared while in flight. */
  loadNextPage(): Promise<void>
  hasMorePages(): boolean
  /** Requests again whatever failed (recommended, featured, the next page); the automatic retries start over. */
  retry(): Promise<void>
  /**
   * The automatic retries of a failed search (CATALOG_RETRY_MS): `plan(run)` after a passing failure, false once
   * they are used up; `reset()` for a new text, an answer, or the person's own "Try again".
   */
  readonly searchRetry: Backoff
  /** Search results as rows (trimmed text, 100 entries, ≥ 300 ms); aborted by `signal`. */
  search(text: string, signal: AbortSignal): Promise<WalletRow[]>
  /** Records a successful connection as a recent wallet (max 2). */
  connected(payload: VestibuleEvents['connect:success']): void
  /** The catalog wallet the user picked last (for recent wallets of WalletConnect sessions). */
  chose(wallet: ChosenWallet): void
}

export interface CatalogOptions {
  /** Catalog request timeout in ms (default 10 s). */
  timeoutMs?: number
}

const initialState = (): CatalogState => ({
  featured: [],
  featuredStatus: 'idle',
  recommended: [],
  recommendedStatus: 'idle',
  paged: [],
  pagedCount: undefined,
  pagesLoaded: 0,
  pageStatus: 'idle',
  error: undefined,
})

/** The origin of an absolute URL, else undefined. */
const originOf = (url: string): string | undefined => {
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}

/** Connector icons are often large data URIs; a recent wallet keeps only small ones. */
const MAX_STORED_ICON = 8_000

/** What the parts of the controller share: the plugin's context, the client, the state and the host's wallet ids. */
interface CatalogScope {
  ctx: PluginContext
  client: CatalogClient
  $state: MapStore<CatalogState>
  featuredIds: readonly string[]
  includeIds: readonly string[]
  excludeIds: readonly string[]
}

/** The catalog requests of one open: featured, recommended, the excluded-wallet lookup and the pages. */
function createLoader({ ctx, client, $state, featuredIds, includeIds, excludeIds }: CatalogScope) {
  let session = 0
  const requests = createRequestCache<unknown>()

  /** One request per key per open; callers share it while it runs; a failure can be tried again. */
  const once = <T>(key: string, run: () => Promise<T>) => requests.get(key, run) as Promise<T>

  const requestedChains = () => {
    const fromState = Object.values(ctx.state.$chains.get()).flatMap((c) =>
      c.networkState.requestedCaipNetworks.map((n) => n.caipNetworkId),
    )
    const ids = fromState.length ? fromState : ctx.chains.list().flatMap((a) => a.networks.map((n) => n.caipNetworkId))
    return [...new Set(ids)]
  }

  const fetchFeatured = () =>
    once('featured', async () => {
      if (!featuredIds.length) return
      const current = session
      if (!$state.get().featured.length) $state.setKey('featuredStatus', 'loading')
      try {
        const page = await client.getWallets({ page: 1, entries: featuredIds.length || PAGE_SIZES.featuredDefault, include: featuredIds })
        if (current !== session) return
        $state.set({ ...$state.get(), featured: inFeaturedOrder(page.data, featuredIds), featuredStatus: 'ready' })
      } catch (error) {
        if (current === session) $state.set({ ...$state.get(), featuredStatus: 'error', error: errorMessage(error) })
        throw error
      }
    })

  const fetchRecommended = () =>
    once('recommended', async () => {
      const current = session
      if (!$state.get().recommended.length) $state.setKey('recommendedStatus', 'loading')
      try {
        const page = await client.getWallets({
          page: 1,
          entries: PAGE_SIZES.recommended,
          include: includeIds,
          exclude: [...excludeIds, ...featuredIds],
          chains: requestedChains(),
        })
        if (current !== session) return
        $state.set({ ...$state.get(), recommended: page.data, recommendedStatus: 'ready' })
      } catch (error) {
        if (current === session) $state.set({ ...$state.get(), recommendedStatus: 'error', error: errorMessage(error) })
        throw error
      }
    })

  /** Wallets found in the page that the catalog lists carry its id, image id and (without an icon of their own) image from then on. */
  const identify = (wallets: readonly CatalogWallet[]) =>
    ctx.chains.identify(
      wallets.flatMap((w) => (w.rdns ? [{ rdns: w.rdns, explorerId: w.id, imageId: w.imageId, imageUrl: w.imageUrl }] : [])),
    )
  ctx.onDestroy($state.listen((s) => identify([...s.featured, ...s.recommended, ...s.paged])))

  /** The excluded wallets are looked up once (entries = the number of ids) to learn their rdns and names. */
  const excludedOnce = lazyOnce(() =>
    client.getWallets({ page: 1, entries: excludeIds.length, include: excludeIds }).then((page: WalletPage) => {
      identify(page.data)
      ctx.wallets.$excluded.set([...excludeIds.map((id) => ({ id })), ...page.data.map((w) => ({ id: w.id, rdns: w.rdns, name: w.name }))])
    }),
  )
  const initExcluded = () => (excludeIds.length ? excludedOnce() : Promise.resolve())

  const hasMorePages = () => {
    const s = $state.get()
    return s.pagesLoaded === 0 || (s.pagedCount !== undefined && s.pagesLoaded * PAGE_SIZES.page < s.pagedCount)
  }

  const loadNextPage = (): Promise<void> => {
    // A closed modal asks for nothing: a page still wanted is requested again after the next open.
    if (!hasMorePages() || !ctx.state.$modal.get().open) return Promise.resolve()
    const page = $state.get().pagesLoaded + 1
    return once(`page:${page}`, async () => {
      const current = session
      // One deadline for the page, including the wait for the recommended wallets it leaves out.
      const deadline = Date.now() + client.timeoutMs
      $state.set({ ...$state.get(), pageStatus: 'loading' })
      try {
        // The paged list leaves out what the recommended and featured lists already show.
        const pause = new AbortController()
        await Promise.race([fetchRecommended().catch(() => undefined), wait(client.timeoutMs, pause.signal).catch(() => undefined)])
        pause.abort()
        const result = await client.getWallets(
          {
            page,
            entries: PAGE_SIZES.page,
            include: includeIds,
            exclude: [...$state.get().recommended.map((w) => w.id), ...excludeIds, ...featuredIds],
            chains: requestedChains(),
          },
          { deadline },
        )
        if (current !== session) return
        const now = $state.get()
        const paged = [...now.paged, ...result.data]
        // Whatever count the API claims, the list ends at a page without one usable wallet, and after MAX_PAGES.
        const pagedCount = result.data.length ? Math.min(result.count, MAX_PAGES * PAGE_SIZES.page) : paged.length
        $state.set({ ...now, paged, pagedCount, pagesLoaded: page, pageStatus: 'ready', error: undefined, unreachable: false })
      } catch (error) {
        if (current === session)
          $state.set({ ...$state.get(), pageStatus: 'error', error: errorMessage(error), unreachable: isUnreachable(error) })
        throw error
      }
    })
  }

  /** A new open: answers of the previous one are dropped, and every request may be made once more. */
  const newSession = () => {
    session++
    requests.clear()
  }

  return { requestedChains, fetchFeatured, fetchRecommended, initExcluded, hasMorePages, loadNextPage, newSession }
}

/**
 * Fills the Connect view's sections (featured, recommended, custom, recent) and builds the AllWallets rows:
 * installed wallets first, catalog wallets without the excluded, the installed and those the platform cannot open.
 */
function createRows(
  { ctx, $state, excludeIds }: CatalogScope,
  sections: SectionStores,
  $recent: ReadableAtom<{ list: RecentWallet[] }>,
  custom: readonly CatalogWallet[],
) {
  // The view of a plugin that connects catalog wallets remotely (QR code, deep link), if one is registered.
  const remoteView = () => ctx.services.get(RemoteConnect)?.view
  // Every catalog wallet connects through WalletConnect's universal provider when no chain plugin is registered.
  const platform = () => ({ isMobile: ctx.platform.isMobile(), universalProvider: ctx.chains.list().length === 0 })

  // --- Sections of the Connect view -------------------------------------------------------------------------
  const discovered = computed(ctx.chains.$connectors, (connectors) =>
    connectors.filter((c) => c.type === 'ANNOUNCED' || c.type === 'INJECTED'),
  )
  const $shownInjected = computed([discovered, ctx.wallets.$excluded], (connectors, excluded) =>
    connectors.filter((c) => isInjectedShown(c, { excluded, isMobile: ctx.platform.isMobile() })),
  )

  /**
   * A recent wallet is this installed one: the same rdns, or, both having none (Wallet Standard wallets carry
   * none), the same name. A name alone never stands for a wallet that has an rdns: anyone can announce a name.
   */
  const isSameInstalled = (w: RecentWallet, c: Connector) =>
    w.rdns ? c.rdns === w.rdns : !c.rdns && c.name.trim().toLowerCase() === w.name.trim().toLowerCase()

  const forConnect = (
    wallets: readonly CatalogWallet[],
    connectors: readonly Connector[],
    recent: readonly RecentWallet[],
    tag?: string,
  ) => {
    const excluded = ctx.wallets.$excluded.get()
    const kept = removeDuplicates(
      wallets.filter((w) => !isExcluded(w, excluded) && !excludeIds.includes(w.id)),
      { announced: connectors, recent },
    )
    return filterForPlatform(kept, platform()).map((w) => catalogItem(w, { view: remoteView(), tag }))
  }

  const bind = (target: WritableAtom<readonly WalletItem[]>, source: ReadableAtom<readonly WalletItem[]>) => {
    const off = source.subscribe((items) => target.set(items))
    ctx.onDestroy(off)
  }
  const $excluded = ctx.wallets.$excluded
  bind(
    sections.featured,
    computed([$state, discovered, $recent, $excluded], (s, c, r) => forConnect(s.featured, c, r.list)),
  )
  bind(
    sections.recommended,
    computed([$state, discovered, $recent, $excluded], (s, c, r) => forConnect(s.recommended, c, r.list)),
  )
  bind(
    sections.custom,
    computed([discovered, $recent, $excluded], (c, r, excluded) =>
      removeDuplicates(
        custom.filter((w) => !isExcluded(w, excluded)),
        { announced: c, recent: r.list },
      ).map((w) => catalogItem(w, { view: remoteView() })),
    ),
  )
  // A recent wallet that is installed right now is already listed (as installed) in the injected section.
  bind(
    sections.recent,
    computed([discovered, $recent, $excluded], (connectors, recent, excluded) =>
      recent.list
        .filter((w) => !connectors.some((c) => isSameInstalled(w, c)) && !isExcluded(w, excluded))
        .map((w) =>
          catalogItem(
            { id: w.id, name: w.name, imageUrl: safeImageUrl(w.imageUrl), rdns: w.rdns, chains: [], links: w.links ?? {} },
            { view: remoteView(), tag: 'catalog.recent' },
          ),
        ),
    ),
  )

  // --- AllWallets rows ------------------------------------------------------------------------------------------
  const $installed = computed($shownInjected, (connectors) =>
    // A wallet present in several chain families is one row, as in the Connect view.
    mergeMultiChain(connectors).map((c): WalletRow => {
      const item = connectorItem(c, ctx.wallets.context.views)
      return { key: `installed:${item.id}`, item }
    }),
  )
  const catalogRows = (wallets: readonly CatalogWallet[], connectors: readonly Connector[]) => {
    const excluded = ctx.wallets.$excluded.get()
    // An installed catalog wallet is the installed row already (it connects through ConnectingExternal).
    const kept = removeDuplicates(
      wallets.filter((w) => !isExcluded(w, excluded) && !excludeIds.includes(w.id)),
      { announced: connectors, recent: [] },
    )
    return filterForPlatform(kept, platform()).map(
      (w): WalletRow => ({ key: `catalog:${w.id}`, item: catalogItem(w, { view: remoteView() }) }),
    )
  }
  const $rows = computed([$state, $installed, discovered, $excluded], (s, installed, connectors) => [
    ...installed,
    ...catalogRows([...s.featured, ...s.recommended, ...s.paged], connectors),
  ])
  return { discovered, $installed, $rows, catalogRows }
}

/** Analytics events, through the analytics plugin when the host registered it. */
function tracker(ctx: PluginContext) {
  return (event: string, properties: Record<string, unknown>) => {
    let analytics: unknown
    try {
      analytics = ctx.getPlugin('analytics')
    } catch {
      return
    }
    const api = analytics as { track?: (event: string, properties: Record<string, unknown>) => void } | undefined
    if (typeof api?.track === 'function') api.track(event, properties)
  }
}

export function createCatalog(ctx: PluginContext, sections: SectionStores, options: CatalogOptions = {}): CatalogController {
  const client = createCatalogClient(ctx.http, { timeoutMs: options.timeoutMs })
  const $state = map<CatalogState>(initialState())
  // Recent wallets are the modal's record (the Connect view's), read and written through the connection.
  // A recent wallet's stored image is shown only when it is a data: URI or comes from the provider API.
  const recentOptions = { imageOrigin: originOf(ctx.http.url('/')) }
  const $recent = map<{ list: RecentWallet[] }>({ list: getRecentWallets(ctx.connection.recentWallets, recentOptions) })
  const scope: CatalogScope = {
    ctx,
    client,
    $state,
    featuredIds: ctx.options.featuredWalletIds ?? [],
    includeIds: ctx.options.includeWalletIds ?? [],
    excludeIds: ctx.options.excludeWalletIds ?? [],
  }
  const custom = parseCustomWallets(ctx.options.customWallets)
  const loader = createLoader(scope)
  const { discovered, $installed, $rows, catalogRows } = createRows(scope, sections, $recent, custom)
  const track = tracker(ctx)

  let openId = -1
  let chosen: ChosenWallet | undefined

  const fail = (error: unknown) => $state.set({ ...$state.get(), error: errorMessage(error), unreachable: isUnreachable(error) })

  // --- Automatic retries of a failed page -------------------------------------------------------------------------
  const pageRetry = createBackoff(CATALOG_RETRY_MS)
  const searchRetry = createBackoff(CATALOG_RETRY_MS)
  ctx.onDestroy(() => {
    pageRetry.cancel()
    searchRetry.cancel()
  })
  /** Requests again whatever failed; a page failing again for a passing reason is planned once more. */
  const requestAgain = async () => {
    $state.set({ ...$state.get(), error: undefined, retrying: false })
    const s = $state.get()
    const jobs: Promise<unknown>[] = []
    if (s.recommendedStatus === 'error' || s.recommendedStatus === 'idle') jobs.push(loader.fetchRecommended())
    if (s.featuredStatus === 'error') jobs.push(loader.fetchFeatured())
    jobs.push(loader.initExcluded())
    await Promise.allSettled(jobs)
    await loadNextPage().catch(() => undefined)
  }
  /** After a page failed: asked again after the next pause while the modal stays open, if the reason may pass. */
  const planRetry = (error: unknown) => {
    // Callers sharing one failed request plan one retry.
    if (pageRetry.planned) return
    const planned = isPassingFault(error) && pageRetry.plan(() => void (ctx.state.$modal.get().open && requestAgain()))
    $state.setKey('retrying', planned)
  }
  const loadNextPage = () =>
    loader.loadNextPage().then(
      () => {
        if ($state.get().pageStatus === 'ready') pageRetry.reset()
      },
      (error: unknown) => {
        planRetry(error)
        throw error
      },
    )

  // --- Recent wallets ---------------------------------------------------------------------------------------------
  const known = () => {
    const s = $state.get()
    return [...s.featured, ...s.recommended, ...s.paged, ...custom]
  }

  const newSession = () => {
    loader.newSession()
    pageRetry.reset()
    searchRetry.reset()
    controller.searchText = ''
    const s = $state.get()
    // Featured and recommended stay on screen until the new answers replace them; pages start over.
    $state.set({
      ...s,
      paged: [],
      pagedCount: undefined,
      pagesLoaded: 0,
      pageStatus: 'idle',
      error: undefined,
      unreachable: false,
      retrying: false,
    })
  }
  const remember = (wallet: RecentWallet) => $recent.setKey('list', addRecentWallet(ctx.connection.recentWallets, wallet, recentOptions))

  const controller: CatalogController = {
    client,
    $state,
    $rows,
    $installed,
    searchText: '',
    searchRetry,
    newSession,
    async prefetch() {
      // The AllWallets code downloads alongside, so the list shows at once when chosen; a modal without a shell
      // draws no view and fetches none.
      if (!ctx.views.headless) void import('./views/AllWallets.js').catch(() => undefined)
      const results = await Promise.allSettled([loader.fetchFeatured(), loader.fetchRecommended(), loader.initExcluded()])
      // Recommended-wallet failures are swallowed; AllWallets shows the error with a retry.
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
      if (failed) fail(failed.reason)
    },
    loadNextPage,
    hasMorePages: loader.hasMorePages,
    sync(open) {
      if (open === openId) return
      openId = open
      newSession()
    },
    retry() {
      pageRetry.reset()
      return requestAgain()
    },
    async search(text, signal) {
      track('SEARCH_WALLET', { search: text.trim() })
      const page = await client.search(
        { search: text, include: scope.includeIds, exclude: scope.excludeIds, chains: loader.requestedChains() },
        signal,
      )
      return catalogRows(page.data, discovered.get())
    },
    chose(wallet) {
      chosen = wallet
    },
    connected({ namespace, connectorId }) {
      const connector = ctx.chains.findConnector(connectorId, namespace)
      if (connector && (connector.type === 'ANNOUNCED' || connector.type === 'INJECTED')) {
        const match = connector.rdns ? known().find((w) => w.rdns === connector.rdns) : undefined
        const icon =
          match?.imageUrl ??
          (connector.imageUrl && connector.imageUrl.length <= MAX_STORED_ICON ? safeImageUrl(connector.imageUrl) : undefined)
        remember({
          id: match?.id ?? connector.rdns ?? connector.id,
          name: connector.name,
          imageUrl: icon,
          rdns: connector.rdns,
          links: match?.links,
        })
        return
      }
      if (!chosen) return
      const match = known().find((w) => w.id === chosen!.id)
      remember({ id: chosen.id, name: chosen.name, imageUrl: chosen.imageUrl, rdns: match?.rdns, links: chosen.links })
      chosen = undefined
    },
  }
  return controller
}
