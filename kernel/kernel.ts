import type { DependencyContainer } from 'tsyringe'
import { map } from 'nanostores'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from './caip.js'
import { createChainRegistry, type ChainRegistry } from './chains.js'
import type { Connection } from './connection.js'
import { createLazyConnection } from './lazy-connection.js'
import { StorageKeys } from './storage-keys.js'
import { createModalContainer } from './container.js'
import { VestibuleError, errorMessage } from './errors.js'
import { createEventBus, type EventBus } from './events.js'
import { createHttpClient, type HttpClient } from './http.js'
import { createI18n, type I18n } from './i18n.js'
import { resolveOptions, type ModalOptions, type ResolvedOptions } from './options.js'
import { createPlatform, type Platform } from './platform.js'
import { normalizePlugins, type PluginApis, type PluginContext } from './plugin.js'
import { createRouter, type Router } from './router.js'
import { createKernelState, type ConnectionStatus, type KernelState, type ModalSnapshot } from './state.js'
import { createStorage, type Storage } from './storage.js'
import { createFeedback, type Feedback } from './feedback.js'
import { createWalletSources, type WalletSources } from './wallets.js'
import { createBlockchainApi, DEFAULT_BLOCKCHAIN_API_URL, type BlockchainApi } from './blockchain-api.js'
import { createSlots, createViewRegistry, type Slots, type ViewDefinition, type ViewRegistry } from './views.js'
import type { CaipNetwork } from './network.js'

/** Well-known view ids of the kernel's opening rules (spec §2). */
export const Views = {
  Connect: 'Connect',
  Account: 'Account',
  AllWallets: 'AllWallets',
  ConnectingWalletConnectBasic: 'ConnectingWalletConnectBasic',
  ConnectingExternal: 'ConnectingExternal',
  UnsupportedChain: 'UnsupportedChain',
} as const

/** Longest time the first `open()` waits for a stored session to be restored before showing a view. */
export const RECONNECT_WAIT_MS = 1500

const settleWithin = (promise: Promise<unknown>, ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    promise.then(
      () => (clearTimeout(timer), resolve()),
      () => (clearTimeout(timer), resolve()),
    )
  })

/** Everything a shell needs from its modal. */
export interface KernelContext {
  container: DependencyContainer
  options: ResolvedOptions
  router: Router
  events: EventBus
  storage: Storage
  http: HttpClient
  i18n: I18n
  state: KernelState
  chains: ChainRegistry
  views: ViewRegistry
  slots: Slots
  platform: Platform
  connection: Connection
  feedback: Feedback
  blockchainApi: BlockchainApi
  wallets: WalletSources
}

/** A rendering of the modal (the React shell by default); loaded on first open. */
export interface Shell {
  show(): void
  hide(): void
  destroy(): void
}

export interface KernelExtras {
  /** Views the shell contributes before plugins set up (Connect, Account …). */
  views?: Record<string, ViewDefinition>
  /** Loads the shell on first open. Without it the modal is headless. */
  loadShell?: (modal: Modal) => Promise<Shell>
  /** Injects a platform (tests choose mobile or desktop). */
  platform?: Platform
}

/** The handle `createModal` returns. */
export interface Modal {
  /** Opens the modal (on `view` with `data` when given); resolves once it is shown. */
  open(view?: string, data?: unknown): Promise<void>
  close(): void
  isOpen(): boolean
  /** Calls `listener` with a new snapshot on every change; returns the unsubscribe function. */
  subscribe(listener: (state: ModalSnapshot) => void): () => void
  getState(): ModalSnapshot
  getAccount(): { status: ConnectionStatus; address?: string; caipAddress?: CaipAddress; namespace?: ChainNamespace }
  getNetwork(): { caipNetwork?: CaipNetwork; caipNetworkId?: CaipNetworkId; namespace?: ChainNamespace }
  /** Connects the wallet with this connector id (as listed in the Connect view). */
  connect(connectorId: string, namespace?: ChainNamespace): Promise<void>
  /** Restores the last session without prompting; `open()` does it on first open. */
  reconnect(): Promise<void>
  disconnect(namespace?: ChainNamespace): Promise<void>
  switchNetwork(caipNetworkId: CaipNetworkId): Promise<void>
  signMessage(message: string): Promise<string>
  getPlugin<K extends keyof PluginApis>(name: K): PluginApis[K]
  getPlugin(name: string): unknown
  destroy(): void
  /** The modal's services, for shells and headless integrations. */
  readonly kernel: KernelContext
}

/** Creates a modal without touching DOM, storage or network; all of that waits for the first `open()`. */
export function createKernel(input: ModalOptions, extras: KernelExtras = {}): Modal {
  const options = resolveOptions(input)
  const plugins = normalizePlugins(input.plugins)

  const views = createViewRegistry()
  for (const [id, definition] of Object.entries(extras.views ?? {})) views.register(id, definition)
  let close = () => {}
  const router = createRouter({ isRegistered: (v) => views.has(v), close: () => close() })
  const events = createEventBus((event, error) => reportError(`listener of ${event}`, error))
  const storagePrefix = options.storagePrefix ?? '@vestibule'
  const storage = createStorage({ prefix: storagePrefix, backend: input.storage })
  const http = createHttpClient({ baseUrl: options.apiUrl, defaultQuery: { projectId: options.projectId, st: options.sdkType, sv: options.sdkVersion } })
  const blockchainApi = createBlockchainApi(
    createHttpClient({ baseUrl: options.blockchainApiUrl ?? DEFAULT_BLOCKCHAIN_API_URL, defaultQuery: { projectId: options.projectId, st: options.sdkType, sv: options.sdkVersion } }),
  )
  const i18n = createI18n({ locale: options.locale, messages: options.messages })
  const state = createKernelState(router.$history)
  const chains = createChainRegistry()
  const wallets = createWalletSources(chains, options.features.connectorTypeOrder, { excludeWalletIds: options.excludeWalletIds, isMobile: () => platform.isMobile() })
  const slots = createSlots((feature) => (options.features as Record<string, unknown>)[feature] !== false)
  const platform = extras.platform ?? createPlatform()

  const apis = new Map<string, unknown>()
  const openHooks: Array<{ plugin: string; hook: Parameters<PluginContext['onOpen']>[0] }> = []
  const destroyHooks: Array<() => void> = []
  const container = createModalContainer({ Options: options, Router: router, Events: events, Storage: storage, Http: http, I18n: i18n, State: state, Chains: chains, Views: views, Slots: slots, Platform: platform })

  const feedback = createFeedback(state.$modal)
  function reportError(source: string, error: unknown) {
    if (source.startsWith('listener of error')) return
    events.emit('error', { source, error })
  }
  const prefetchHooks: Array<{ plugin: string; hook: () => void | Promise<void> }> = []
  const reconnectHooks: Array<{ plugin: string; hook: () => void | Promise<void> }> = []

  const getPlugin = (name: string) => {
    if (!apis.has(name)) throw new VestibuleError('MISSING_PLUGIN', `Plugin "${name}" is not registered`)
    return apis.get(name)
  }

  for (const plugin of plugins) {
    const context: PluginContext = {
      container,
      router,
      events,
      storage: createStorage({ prefix: storagePrefix, scope: plugin.name, backend: input.storage }),
      http,
      blockchainApi,
      i18n,
      options,
      state,
      platform,
      slice: (initial) => map(initial),
      views: { ...views, register: (id, definition) => views.register(id, { ...definition, plugin: plugin.name }) },
      slots,
      chains,
      wallets,
      onOpen: (hook) => void openHooks.push({ plugin: plugin.name, hook }),
      onPrefetch: (hook) => void prefetchHooks.push({ plugin: plugin.name, hook }),
      onReconnect: (hook) => void reconnectHooks.push({ plugin: plugin.name, hook }),
      feedback,
      alert: feedback.alert,
      onDestroy: (hook) => void destroyHooks.push(hook),
      getPlugin: getPlugin as PluginContext['getPlugin'],
    }
    try {
      apis.set(plugin.name, plugin.setup(context))
    } catch (error) {
      throw new VestibuleError('INVALID_PLUGIN', `Plugin "${plugin.name}" failed to set up: ${errorMessage(error)}`, error)
    }
  }

  const connection = createLazyConnection({ chains, state, storage, events, options, alert: feedback.alert })
  container.register(Symbol.for('vestibule.connection'), { useValue: connection })
  const kernel: KernelContext = { container, options, router, events, storage, http, i18n, state, chains, views, slots, platform, connection, feedback, blockchainApi, wallets }
  container.register(Symbol.for('vestibule.feedback'), { useValue: feedback })

  // Every view change is an event (analytics, host logging).
  router.$history.listen((history) => {
    const entry = history.at(-1)
    if (entry) events.emit('view:change', { view: entry.view, data: entry.data })
  })
  // Spec §4: a wallet on a network the host did not request shows UnsupportedChain, unless the host allows
  // unsupported chains, disabled network switching, or runs without chain adapters (basic mode).
  events.on('network:change', ({ supported, namespace }) => {
    if (supported || !options.enableNetworkSwitch || options.allowUnsupportedChain || chains.list().length === 0) return
    if (state.$chains.get()[namespace]?.accountState.status !== 'connected' || !views.has(Views.UnsupportedChain)) return
    void modal.open(Views.UnsupportedChain).catch((error) => reportError('open', error))
  })

  let destroyed = false
  let started = false
  let reconnecting: Promise<void> | undefined
  let shell: Promise<Shell> | undefined
  /** Bumped by every open() and close(): an open() still waiting for reconnect gives up when it changed. */
  let openRequest = 0

  const isConnected = () => state.$snapshot.get().status === 'connected'

  /** Plugins that provide connectors add them first (synchronously), then the adapters restore the session. */
  const startReconnect = () => {
    for (const { plugin, hook } of reconnectHooks) {
      try {
        void Promise.resolve(hook()).catch((error) => reportError(`hook of ${plugin}`, error))
      } catch (error) {
        reportError(`hook of ${plugin}`, error)
      }
    }
    return connection.reconnect()
  }

  /** Opening rules of spec §2. */
  const initialView = (view?: string, data?: unknown): { view: string; data?: unknown } | undefined => {
    const fallback = isConnected() ? Views.Account : Views.Connect
    if (chains.list().length === 0 && !state.$snapshot.get().address) {
      const target = platform.isMobile() ? Views.AllWallets : Views.ConnectingWalletConnectBasic
      if (views.has(target)) return { view: target }
    }
    if (view) {
      if (views.has(view)) return { view, data }
      reportError('open', new VestibuleError('UNKNOWN_VIEW', `Unknown view "${view}": no registered plugin contributes it`))
      console.error(`[vestibule] Unknown view "${view}"; showing ${fallback} instead`)
    }
    // A headless modal (no shell views) opens without a view.
    return views.has(fallback) ? { view: fallback } : undefined
  }

  const hasStoredSession = () => {
    const stored = storage.get<unknown>(StorageKeys.connectedNamespaces)
    return Array.isArray(stored) && stored.length > 0
  }

  const modal: Modal = {
    kernel,
    async open(view, data) {
      if (destroyed) throw new VestibuleError('DESTROYED', 'This modal was destroyed')
      const first = !started
      if (first) {
        started = true
        if (!options.projectId) feedback.alert('missing-project-id', i18n.t('alert.missingProjectId'))
        chains.startDiscovery()
        reconnecting ??= startReconnect()
      }
      // A returning user should land on Account, so the first open waits for the session restore, but
      // never longer than a wallet that does not answer deserves.
      // Without a stored session there is nothing to wait for: a new user's first view must not wait for the
      // connection code to download.
      const request = ++openRequest
      if (reconnecting && hasStoredSession()) await settleWithin(reconnecting, RECONNECT_WAIT_MS)
      // close(), destroy() or a newer open() while waiting wins.
      if (request !== openRequest || destroyed) return
      const connected = isConnected()
      const run = (plugin: string, hook: () => unknown) =>
        Promise.resolve()
          .then(hook)
          .catch((error) => reportError(`hook of ${plugin}`, error))
      for (const { plugin, hook } of openHooks) void run(plugin, () => hook({ first, connected }))
      // Spec §4: opening prefetches connectors and wallets, unless the user is already connected.
      if (!connected) for (const { plugin, hook } of prefetchHooks) void run(plugin, hook)
      const target = initialView(view, data)
      if (target) router.reset(target.view, target.data)
      state.$modal.setKey('open', true)
      events.emit('modal:open', { view: target?.view ?? '' })
      if (extras.loadShell) {
        shell ??= extras.loadShell(modal)
        try {
          const loaded = await shell
          if (state.$modal.get().open && !destroyed) loaded.show()
        } catch (error) {
          shell = undefined
          state.$modal.setKey('open', false)
          throw error
        }
      }
    },
    close() {
      openRequest++
      if (!state.$modal.get().open) return
      // Embedded mode (spec §2): the modal lives inline, so closing returns it to its resting view.
      if (options.enableEmbedded) {
        const resting = isConnected() ? Views.Account : Views.Connect
        if (views.has(resting)) router.reset(resting)
        events.emit('modal:close', {})
        return
      }
      state.$modal.setKey('open', false)
      void shell?.then((s) => s.hide())
      events.emit('modal:close', {})
    },
    isOpen: () => state.$modal.get().open,
    subscribe: (listener) => state.$snapshot.listen(listener),
    getState: () => state.$snapshot.get(),
    getAccount() {
      const s = state.$snapshot.get()
      return { status: s.status, address: s.address, caipAddress: s.caipAddress, namespace: s.namespace }
    },
    getNetwork() {
      const s = state.$snapshot.get()
      return { caipNetwork: s.caipNetwork, caipNetworkId: s.caipNetworkId, namespace: s.namespace }
    },
    connect: (connectorId, namespace) => connection.connect(connectorId, namespace),
    reconnect() {
      if (!started) chains.startDiscovery()
      return (reconnecting ??= startReconnect())
    },
    disconnect: (namespace) => connection.disconnect(namespace),
    switchNetwork: (id) => connection.switchNetwork(id),
    signMessage: (message) => connection.signMessage(message),
    getPlugin: getPlugin as Modal['getPlugin'],
    destroy() {
      if (destroyed) return
      destroyed = true
      state.$modal.setKey('open', false)
      chains.stopDiscovery()
      feedback.dispose()
      for (const hook of destroyHooks) {
        try {
          hook()
        } catch (error) {
          console.error('[vestibule] destroy hook failed', error)
        }
      }
      void shell?.then((s) => s.destroy()).catch(() => {})
      events.clear()
      void container.dispose()
    },
  }
  close = () => modal.close()
  return modal
}
