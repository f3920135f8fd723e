/**
 * `vestibule/plugins/walletconnect`: connect wallets on another device or app through WalletConnect v2.
 *
 * What a host loads eagerly is this manifest: two views, a "WalletConnect" entry in the Connect view, and the
 * eip155 facade; the other families' facades load with a session. The `@walletconnect/universal-provider` SDK
 * loads only when the user takes a WalletConnect path (a pairing view is shown) or a stored session is restored.
 */
import { atom } from 'nanostores'
import { RemoteConnect, shownMessage, type CaipNetworkId, type Plugin, type PluginContext, type WalletItem, type WalletLinks } from 'vestibule/kernel'
import { safeImageUrl, walletName } from 'vestibule/utils'
import { CONNECTOR_ID, WALLETCONNECT_ICON } from './connector.js'
import type { Engine, FacadeRegistry, StoredSession } from './engine.js'
import { FACADES } from './facades/index.js'
import type { FacadeFactory, NamespaceFacade, UniversalProvider, WalletConnectApi, WalletConnectOptions, WalletConnectState } from './types.js'

export type { WalletConnectApi, WalletConnectOptions, WalletConnectState, WalletConnectStatus, PeerWallet, NamespaceFacade, FacadeFactory } from './types.js'
export { CONNECTOR_ID } from './connector.js'
export { PAIRING_EXPIRY_MS, PAIRING_EXPIRY_MARGIN_MS, isPairingExpired } from './pairing.js'

declare module 'vestibule/kernel' {
  interface PluginApis {
    walletConnect: WalletConnectApi
  }
}

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
 * The stored session marker as the plugin may use it, or undefined: storage is untrusted, so the namespaces must
 * look like namespaces and the peer's name and icon go through the modal's name and image rules.
 */
function readStoredSession(value: unknown): StoredSession | undefined {
  const v = value as { namespaces?: unknown; peer?: { name?: unknown; icon?: unknown } } | null
  if (typeof v !== 'object' || v === null || !Array.isArray(v.namespaces) || typeof v.peer?.name !== 'string') return undefined
  const namespaces = v.namespaces.filter((n): n is string => typeof n === 'string' && /^[-a-z0-9]{3,8}$/.test(n)).slice(0, 8)
  const icon = safeImageUrl(v.peer.icon)
  return { namespaces, peer: { name: walletName(v.peer.name, 'WalletConnect'), ...(icon ? { icon } : {}) } }
}

/**
 * The WalletConnect plugin: pairing by QR code or deep link, sessions shared by every chain plugin whose family
 * has a facade (eip155, solana, polkadot, bip122), restored on reload.
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
      ctx.views.register(WalletConnectViews.basic, { title: 'WalletConnect', load: () => import('./views/ConnectingWalletConnectBasic.js'), openWithoutChains: ['desktop'] })
      // Headed with the chosen wallet's name from the first frame (the name rule of the view itself).
      ctx.views.register(WalletConnectViews.wallet, {
        title: (data) => walletName((data as Partial<ConnectingWalletConnectData> | undefined)?.wallet?.name, 'WalletConnect'),
        load: () => import('./views/ConnectingWalletConnect.js'),
      })
      ctx.services.provide(RemoteConnect, { view: WalletConnectViews.wallet })
      const manual = ctx.options.manualWCControl === true
      const $state = ctx.slice<WalletConnectState>({ status: 'idle' })
      const connection = () => ctx.connection
      /** Namespaces the kernel connected through WalletConnect; when the last one goes, the session ends. */
      const linked = new Set<string>()
      const connectors = new Map<string, { facade: NamespaceFacade; session: Promise<UniversalProvider | undefined>; remove: () => void }>()
      let watching = 0
      let engine: Promise<Engine> | undefined

      const stored = {
        get: () => {
          return readStoredSession(ctx.storage.get<unknown>('session'))
        },
        set: (session: StoredSession) => ctx.storage.set('session', session),
        clear: () => ctx.storage.remove('session'),
      }

      const preferredChains = (namespace: string): CaipNetworkId[] => {
        const first = connection().networkFor(namespace)?.caipNetworkId
        const all = ctx.chains.get(namespace)?.networks.map((n) => n.caipNetworkId) ?? []
        return first ? [first, ...all] : all
      }

      /** Bumped when the connectors are cleared: a facade still loading then adds nothing. */
      let epoch = 0
      const registry: FacadeRegistry = {
        register(namespace, peer, session) {
          const load = FACADES[namespace]
          if (!load || !ctx.chains.get(namespace)?.addConnector) return false
          const mine = epoch
          const add = (factory: FacadeFactory) => {
            if (mine !== epoch) return false
            const existing = connectors.get(namespace)
            existing?.remove()
            const facade = existing?.session === session ? existing.facade : factory({ session, preferredChains: () => preferredChains(namespace) })
            const remove = ctx.chains.addConnector(namespace, { id: CONNECTOR_ID, name: peer.name, type: 'WALLET_CONNECT', installed: false, imageUrl: peer.icon }, facade.provider)
            connectors.set(namespace, { facade, session, remove })
            return true
          }
          const factory = load()
          // A facade at hand is added now, before any chain plugin looks for its connector.
          return typeof factory === 'function' ? add(factory) : factory.then(add, () => false)
        },
        event: (namespace, name, data) => connectors.get(namespace)?.facade.onSessionEvent(name, data),
        update: () => connectors.forEach(({ facade }) => facade.onSessionUpdate()),
        clear() {
          epoch++
          connectors.forEach(({ remove }) => remove())
          connectors.clear()
        },
      }

      const loadEngine = () =>
        (engine ??= import('./engine.js')
          .then(({ createEngine }) => createEngine({ ctx, options, $state, registry, stored, linked, isWatched: () => watching > 0 }))
          .catch((error: unknown) => {
            engine = undefined
            throw error
          }))

      const report = (error: unknown) => ctx.events.emit('error', { source: 'walletConnect', error })
      const endSession = () => void (manual ? undefined : engine?.then((e) => e.disconnect()).catch(report))

      // A stored session comes back before the chain plugins look for their stored connector: the facades are
      // added at once (those of solana, polkadot and bip122 once loaded, within the second these plugins wait for
      // a wallet on reconnect) and answer as soon as the SDK has restored the session.
      ctx.onReconnect(() => {
        const saved = stored.get()
        if (!saved) return
        const session = loadEngine()
          .then((e) => e.restore())
          .catch((error: unknown) => {
            report(error)
            return undefined
          })
        for (const namespace of saved.namespaces) void registry.register(namespace, saved.peer, session)
      })

      ctx.events.on('connect:success', ({ namespace, connectorId }) => {
        if (connectorId === CONNECTOR_ID) linked.add(namespace)
        // The user moved this namespace to another wallet: the session is not needed any more.
        else if (linked.delete(namespace) && linked.size === 0) endSession()
      })
      // Disconnecting one namespace of the session disconnects them all (kernel); the last one ends the session.
      ctx.events.on('disconnect', ({ namespace }) => {
        if (linked.delete(namespace) && linked.size === 0) endSession()
      })

      if (ctx.options.enableWalletConnect !== false && !manual) {
        const entry: WalletItem = { id: 'walletConnect', name: 'WalletConnect', imageUrl: WALLETCONNECT_ICON, view: WalletConnectViews.basic }
        ctx.wallets.add('walletConnect', atom([entry]))
      }
      ctx.onDestroy(() => void engine?.then((e) => e.destroy()).catch(() => undefined))

      return {
        $state,
        pair: (pairOptions) =>
          loadEngine().then(
            (e) => e.pair(pairOptions),
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
          if (engine) await (await engine).disconnect()
        },
        getProvider: () => loadEngine().then((e) => e.getProvider()),
        rememberDeepLink({ href, name }) {
          ctx.connection.rememberDeepLink({ href, name })
        },
      }
    },
  }
}
