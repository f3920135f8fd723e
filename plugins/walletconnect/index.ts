/**
 * `vestibule/plugins/walletconnect`: connect wallets on another device or app through WalletConnect v2.
 *
 * What a host loads eagerly is this manifest: two views and a "WalletConnect" entry in the Connect view. The
 * session engine loads on the first WalletConnect path (a pairing view is shown) or to restore a stored session,
 * each chain family's mapping (its chain plugin's `remoteSession` capability) with a session that carries it, and
 * the `@walletconnect/universal-provider` SDK when the engine first talks to the relay.
 */
import { atom } from 'nanostores'
import { lazyOnce, RemoteConnect, shownMessage, type Plugin, type PluginContext, type WalletItem, type WalletLinks } from 'vestibule/kernel'
import { walletName } from 'vestibule/utils'
import { CONNECTOR_ID, WALLETCONNECT_ICON } from './connector.js'
import type { Engine, FacadeRegistry, SessionStore } from './engine.js'
import type { WalletConnectApi, WalletConnectOptions, WalletConnectState } from './types.js'

export type {
  WalletConnectApi,
  WalletConnectOptions,
  WalletConnectState,
  WalletConnectStatus,
  PeerWallet,
  NamespaceFacade,
  FacadeFactory,
} from './types.js'
export { CONNECTOR_ID } from './connector.js'
export { PAIRING_EXPIRY_MS, PAIRING_EXPIRY_MARGIN_MS, isPairingExpired } from './pairing.js'

/** The plugin's storage key of the session marker (namespaces and peer of the live session). */
const SESSION_KEY = 'session'

declare module 'vestibule/kernel' {
  interface PluginApis {
    walletConnect: WalletConnectApi
  }
  interface ModalOptions {
    /** The WalletConnect entry of the Connect view (default on). */
    enableWalletConnect?: boolean
    /**
     * The host drives WalletConnect: no entry in the Connect view, and the session is not ended when the last
     * namespace disconnects; the host pairs and ends it through `getPlugin('walletConnect')` (default off).
     */
    manualWCControl?: boolean
  }
}

/** Key of the deep link the user chose ({ href, name }) in this plugin's storage. */
export const DEEP_LINK_KEY = 'deepLink'

/** The views this plugin contributes. ConnectingWalletConnect takes `{ wallet: CatalogWallet }` as data. */
export const WalletConnectViews = {
  basic: 'ConnectingWalletConnectBasic',
  wallet: 'ConnectingWalletConnect',
} as const

/** The data ConnectingWalletConnect is opened with (a wallet of the catalog). */
export interface ConnectingWalletConnectData {
  wallet: { id: string; name: string; imageUrl?: string; links: WalletLinks }
}

/**
 * The WalletConnect plugin: pairing by QR code or deep link, sessions shared by every chain plugin that provides
 * the `remoteSession` capability (how its family speaks over the session), restored on reload.
 *
 * @example
 * createModal({ projectId, plugins: [eip155({ networks: [mainnet] }), walletConnect()] })
 */
export function walletConnect(options: WalletConnectOptions = {}): Plugin<WalletConnectApi> {
  return {
    name: 'walletConnect',
    options: {
      /** The WalletConnect entry of the Connect view (default on). */
      enableWalletConnect: { check: (v) => (typeof v === 'boolean' ? undefined : 'must be a boolean'), default: true },
      /**
       * The host drives WalletConnect: no entry in the Connect view, and the session is not ended when the last
       * namespace disconnects; the host pairs and ends it through `getPlugin('walletConnect')`.
       */
      manualWCControl: { check: (v) => (typeof v === 'boolean' ? undefined : 'must be a boolean'), default: false },
    },
    setup(ctx: PluginContext) {
      if (options.relayUrl !== undefined && (typeof options.relayUrl !== 'string' || !/^wss?:\/\/\S+$/i.test(options.relayUrl))) {
        throw new Error('walletConnect(): `relayUrl` must be a ws:// or wss:// URL')
      }
      // Without any chain plugin the QR code is the first view on desktop.
      ctx.views.register(WalletConnectViews.basic, {
        title: 'WalletConnect',
        load: () => import('./views/ConnectingWalletConnectBasic.js'),
        openWithoutChains: ['desktop'],
      })
      // Headed with the chosen wallet's name from the first frame (the name rule of the view itself).
      ctx.views.register(WalletConnectViews.wallet, {
        title: (data) => walletName((data as Partial<ConnectingWalletConnectData> | undefined)?.wallet?.name, 'WalletConnect'),
        load: () => import('./views/ConnectingWalletConnect.js'),
      })
      ctx.services.provide(RemoteConnect, { view: WalletConnectViews.wallet })
      const manual = ctx.options.manualWCControl === true
      const $state = ctx.slice<WalletConnectState>({ status: 'idle' })
      /** Namespaces the kernel connected through WalletConnect; when the last one goes, the session ends. */
      const linked = new Set<string>()
      let watching = 0
      const loadEngine = lazyOnce(
        (): Promise<{ engine: Engine; registry: FacadeRegistry; stored: SessionStore }> =>
          import('./engine.js').then(({ createEngine, createRegistry, sessionStore }) => {
            const registry = createRegistry(ctx)
            const stored = sessionStore(ctx, SESSION_KEY)
            return {
              registry,
              stored,
              engine: createEngine({ ctx, options, $state, registry, stored, linked, isWatched: () => watching > 0 }),
            }
          }),
      )
      const engine = loadEngine.started

      const report = (error: unknown) => ctx.events.emit('error', { source: 'walletConnect', error })
      const endSession = () =>
        void (manual
          ? undefined
          : engine()
              ?.then(({ engine }) => engine.disconnect())
              .catch(report))

      // A stored session comes back before the chain plugins look for their stored connector: each namespace's
      // connector is added once the engine and that chain's mapping have loaded (within the second the chain
      // plugins wait for a wallet on reconnect) and answers as soon as the SDK has restored the session.
      ctx.onReconnect(() => {
        if (ctx.storage.get<unknown>(SESSION_KEY) == null) return
        void loadEngine()
          .then(({ engine, registry, stored }) => {
            const saved = stored.get()
            if (!saved) return
            const session = engine.restore().catch((error: unknown) => {
              report(error)
              return undefined
            })
            const added = Promise.all(saved.namespaces.map((namespace) => registry.register(namespace, saved.peer, session)))
            // Without a session the connectors told their chain plugins "no accounts"; then they go.
            return Promise.all([session, added]).then(([up]) => (up?.session ? undefined : registry.clear()))
          })
          .catch(report)
      })

      ctx.events.on('connect:success', ({ namespace, connectorId }) => {
        if (connectorId === CONNECTOR_ID) linked.add(namespace)
        // The user moved this namespace to another wallet: the session is not needed any more.
        else if (linked.delete(namespace) && linked.size === 0) endSession()
      })
      ctx.events.on('disconnect', () => ctx.storage.remove(DEEP_LINK_KEY))
      // Disconnecting one namespace of the session disconnects them all (kernel); the last one ends the session.
      ctx.events.on('disconnect', ({ namespace }) => {
        if (linked.delete(namespace) && linked.size === 0) endSession()
      })

      if (ctx.options.enableWalletConnect !== false && !manual) {
        const entry: WalletItem = {
          id: 'walletConnect',
          name: 'WalletConnect',
          imageUrl: WALLETCONNECT_ICON,
          view: WalletConnectViews.basic,
        }
        // First in the Connect view's default order (rank 10).
        ctx.wallets.add('walletConnect', atom([entry]), 10)
      }
      ctx.onDestroy(
        () =>
          void engine()
            ?.then(({ engine }) => engine.destroy())
            .catch(() => undefined),
      )

      return {
        $state,
        pair: (pairOptions) =>
          loadEngine().then(
            ({ engine }) => engine.pair(pairOptions),
            (error: unknown) => $state.set({ ...$state.get(), status: 'error', error: { kind: 'failed', message: shownMessage(error) } }),
          ),
        watch() {
          watching++
          let done = false
          return () => {
            if (!done) watching--
            done = true
          }
        },
        disconnect: async () => {
          const started = engine()
          if (started) await (await started).engine.disconnect()
        },
        getProvider: () => loadEngine().then(({ engine }) => engine.getProvider()),
        // The deep link the user chose, in this plugin's storage; any disconnect forgets it.
        rememberDeepLink({ href, name }) {
          ctx.storage.set(DEEP_LINK_KEY, { href, name })
        },
      }
    },
  }
}
