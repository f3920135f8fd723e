/**
 * `vestibule/plugins/catalog`: the wallet catalog. Featured, recommended, custom and recent
 * wallets in the Connect view, and the AllWallets view (virtualised, paged by 40, searchable).
 *
 * Nothing is requested before the first `open()`; the catalog is fetched on open unless the user is connected
 * (one request per catalog page per open) from the modal's `apiUrl`. Host options used: `featuredWalletIds`,
 * `includeWalletIds`, `excludeWalletIds`, `customWallets`, `features.allWallets`.
 */
import { atom, onMount } from 'nanostores'
import { lazyOnce, RemoteConnect, type Plugin, type PluginContext, type WalletItem } from 'vestibule/kernel'
import type { CatalogController, CatalogOptions, SectionStores } from './catalog.js'
import type { ChosenWallet } from './filter.js'

export type { CatalogController, CatalogState, WalletRow } from './catalog.js'
export type { CatalogWallet, ChosenWallet, WalletLinks } from './filter.js'

export interface WalletCatalogOptions extends CatalogOptions {}

/** What `modal.getPlugin('catalog')` returns. */
export interface CatalogApi {
  /** The catalog's controller once the modal was opened (undefined before). */
  readonly controller: CatalogController | undefined
  /** Loads the controller (on first use) and moves it to the current open. */
  load(): Promise<CatalogController>
}

declare module 'vestibule/kernel' {
  interface PluginApis {
    catalog: CatalogApi
  }
  interface ModalOptions {
    /** Catalog wallet ids shown first in the Connect view, in this order. */
    featuredWalletIds?: readonly string[]
    /** When given, only these catalog wallets are listed. */
    includeWalletIds?: readonly string[]
    /** Wallets the host adds to the list, each with a string `id` and `name` (links and image optional). */
    customWallets?: readonly unknown[]
  }
  interface Features {
    /** The "All wallets" button of the Connect view (default on). */
    allWallets?: boolean
  }
}

/** The English texts the Connect view shows (a host's `messages` may replace any); the AllWallets view brings its own. */
export const messages = {
  'catalog.title': 'All Wallets',
  'catalog.allWallets': 'All wallets',
  'catalog.recent': 'Recent',
  'catalog.needsWalletConnect': 'Needs WalletConnect, not offered here',
}

const isList = (value: unknown, entry: (v: any) => boolean) => Array.isArray(value) && value.every(entry)
const walletIds = (value: unknown) => (isList(value, (v) => typeof v === 'string') ? undefined : 'must be an array of wallet ids (strings)')
/** A wallet with a string id and name: a custom wallet's shape, and what a wallet view's data must carry to count as chosen. */
const isChosen = (value: unknown): value is ChosenWallet =>
  typeof (value as ChosenWallet | null)?.id === 'string' && typeof (value as ChosenWallet).name === 'string'
const customWallets = (value: unknown) =>
  isList(value, isChosen) ? undefined : 'must be an array of wallets with a string `id` and `name`'

/**
 * The wallet catalog plugin.
 *
 * @example
 * createModal({ projectId, featuredWalletIds: ['…'], plugins: [eip155({ networks: [mainnet] }), walletCatalog()] })
 */
export function walletCatalog(options: WalletCatalogOptions = {}): Plugin<CatalogApi> {
  return {
    name: 'catalog',
    options: {
      featuredWalletIds: { check: walletIds },
      includeWalletIds: { check: walletIds },
      customWallets: { check: customWallets },
    },
    features: { allWallets: true },
    setup(ctx: PluginContext): CatalogApi {
      // Ranks of the Connect view's default order: recent after WalletConnect (10) and before the installed
      // wallets (30); featured and custom before the host's own (60); recommended last.
      const ranks: Record<string, number> = { featured: 40, recommended: 70, custom: 50, recent: 20 }
      const sections = {} as SectionStores
      for (const section in ranks)
        ctx.wallets.add(section, (sections[section as keyof SectionStores] = atom<readonly WalletItem[]>([])), ranks[section])
      ctx.i18n.add(messages, () => import('./locales/index.js'))
      const loadView = () => import('./views/AllWallets.js')
      // Without any chain plugin the full list is the first view on mobile.
      ctx.views.register('AllWallets', { title: 'catalog.title', load: loadView, openWithoutChains: ['mobile'] })
      ctx.slots.add('connect.footer', { id: 'allWallets', label: 'catalog.allWallets', view: 'AllWallets', feature: 'allWallets' })

      let opens = 0
      const controller = lazyOnce(() =>
        import('./catalog.js').then(
          (m) => ((api as { controller?: CatalogController }).controller = m.createCatalog(ctx, sections, options)),
        ),
      )
      const api: CatalogApi = {
        controller: undefined,
        load: () => controller().then((c) => (c.sync(opens), c)),
      }

      ctx.onPreload(() => Promise.all([import('./catalog.js'), loadView()]))
      /** The open whose wallets were fetched: once per open. */
      let fetchedFor = -1
      const fetchWallets = async () => {
        if (fetchedFor === opens) return
        fetchedFor = opens
        // The controller's prefetch also fetches the AllWallets code, so the list shows at once when chosen.
        await (await api.load()).prefetch()
      }
      // A wallet list shown while connected (connecting another chain family, after a restored session) fetches
      // the wallets of this open once the list needs them.
      ctx.onDestroy(onMount(sections.featured, () => void (ctx.state.$modal.get().open && fetchWallets().catch(() => undefined))))
      ctx.onOpen(async ({ connected }) => {
        opens++
        // Opening prefetches the wallets, unless the user is already connected.
        if (connected) return
        await fetchWallets()
      })

      // Recent wallets: a connection the user started (a restored session is not a new choice).
      const starting = new Set<string>()
      let chosen: ChosenWallet | undefined
      const off = [
        ctx.events.on('view:change', ({ view, data }) => {
          const wallet = (data as { wallet?: unknown } | undefined)?.wallet
          if (view === ctx.services.get(RemoteConnect)?.view && isChosen(wallet)) chosen = wallet
        }),
        // An open that began on Account (a restored session) and ends in a disconnect lands on Connect: its wallets
        // are fetched then, not at the next open.
        ctx.events.on('disconnect', () => {
          // prefetch() reports its own failures in the catalog's state.
          if (ctx.state.$modal.get().open && ctx.state.$snapshot.get().status !== 'connected') void fetchWallets().catch(() => undefined)
        }),
        ctx.events.on('connect:start', ({ namespace }) => void starting.add(namespace)),
        ctx.events.on('connect:error', ({ namespace }) => void starting.delete(namespace)),
        ctx.events.on('connect:success', (payload) => {
          // A WalletConnect session the user just chose a catalog wallet for counts too.
          if (!starting.delete(payload.namespace) && !chosen) return
          const wallet = chosen
          chosen = undefined
          void api
            .load()
            .then((controller) => {
              if (wallet) controller.chose(wallet)
              controller.connected(payload)
            })
            .catch((error: unknown) => ctx.events.emit('error', { source: 'catalog', error }))
        }),
      ]
      ctx.onDestroy(() => off.forEach((stop) => stop()))
      return api
    },
  }
}
