import type { DependencyContainer } from 'tsyringe'
import { atom, map, type ReadableAtom } from 'nanostores'
import { NAMESPACE_PATTERN, type CaipAddress, type CaipNetworkId, type ChainNamespace } from './caip.js'
import { readStringList } from './stored.js'
import { createChainRegistry, type ChainRegistry } from './chains.js'
import type { Connection } from './connection.js'
import { createLazyConnection } from './lazy-connection.js'
import { StorageKeys } from './storage-keys.js'
import { createModalContainer, Tokens } from './container.js'
import { createNavigation, Views, type Navigation } from './navigation.js'
import { VestibuleError, errorMessage } from './errors.js'
import { createEventBus, type EventBus } from './events.js'
import { createHttpClient, type HttpClient } from './http.js'
import { createI18n, type I18n } from './i18n.js'
import { collectDeclarations, resolveOptions, type ModalOptions, type ResolvedOptions } from './options.js'
import { createPlatform, type Platform } from './platform.js'
import { normalizePlugins, type AfterConnectStep, type Plugin, type PluginApis, type PluginConnection, type PluginContext, type Services, type Token } from './plugin.js'
import { createRouter, type Router } from './router.js'
import { createKernelState, patchChain, type ConnectionStatus, type KernelState, type ModalSnapshot } from './state.js'
import { createStorage, type Storage } from './storage.js'
import { createFeedback, type Feedback } from './feedback.js'
import { createWalletSources, type WalletSources } from './wallets.js'
import { createBlockchainApi, DEFAULT_BLOCKCHAIN_API_URL, type BlockchainApi } from './blockchain-api.js'
import { createSlots, createViewRegistry, type SlotMap, type SlotName, type Slots, type ViewDefinition, type ViewRegistry } from './views.js'
import type { CaipNetwork } from './network.js'

export { Views }

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
  services: Services
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
  navigation: Navigation
  /** Theme mode and variables; `modal.setThemeMode` / `setThemeVariables` change them while the shell is open. */
  $theme: ReadableAtom<{ mode: 'dark' | 'light'; variables: Readonly<Record<string, string>> }>
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
  /** Slot entries the shell contributes (its wallet list as the 'wallet' connect method). */
  slots?: ReadonlyArray<{ [S in SlotName]: [S, SlotMap[S]] }[SlotName]>
  /** Loads the shell on first open. Without it the modal is headless. */
  loadShell?: (modal: Modal) => Promise<Shell>
  /**
   * Fetches the shell's code without mounting anything (`modal.preload()`); `first` is the view the first open
   * shows, for a shell that prepares it ahead.
   */
  preloadShell?: (modal: Modal, first: string | undefined) => Promise<unknown>
  /**
   * Starts the download of the shell's code (the first open asks for it before any other work, when no preload
   * fetched it), and may prepare what it can while the code is on its way.
   */
  fetchShell?: (modal: Modal) => Promise<unknown>
  /** Injects a platform (tests choose mobile or desktop). */
  platform?: Platform
  /** For an option or feature no registered plugin declares, the plugin that would (`walletCatalog()`), for the error. */
  optionOwners?: Readonly<Record<string, string>>
}

/** The handle `createModal` returns. */
export interface Modal {
  /** Opens the modal (on `view` with `data` when given); resolves once it is shown. */
  open(view?: string, data?: unknown): Promise<void>
  /** Closes the modal unless a plugin's close guard refuses (its reason is shown); returns whether it closed. */
  close(): boolean
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
  /** Switches between the dark and light theme; an open modal follows at once. */
  setThemeMode(mode: 'dark' | 'light'): void
  /** Sets `--vb-*` theme variables (checked like the `themeVariables` option); an open modal follows at once. */
  setThemeVariables(variables: Record<`--vb-${string}`, string>): void
  getPlugin<K extends keyof PluginApis>(name: K): PluginApis[K]
  getPlugin(name: string): unknown
  /**
   * Fetches the code the first open needs (shell, first view, connection logic) without running plugin hooks or
   * calling any API, and starts wallet discovery; the shell then prepares the first view off the page. Resolves
   * when done (never rejects: the open fetches again what failed). With the shell,
   * the `preload` option does this on its own when the page is idle (default) or on the user's intent.
   */
  preload(): Promise<void>
  destroy(): void
  /** The modal's services, for shells and headless integrations. */
  readonly kernel: KernelContext
}

/** Services on a tsyringe container; `who` names the caller in a missing-service error. */
function servicesOn(container: DependencyContainer, who: string): Services {
  const get = <T>(token: Token<T>) => (container.isRegistered(token, true) ? container.resolve<T>(token) : undefined)
  return {
    get,
    resolve<T>(token: Token<T>): T {
      if (!container.isRegistered(token, true)) throw new VestibuleError('MISSING_SERVICE', `${who} resolves the service "${token.description ?? String(token)}", which no plugin provides`)
      return container.resolve<T>(token)
    },
    provide: (token, value) => void container.register(token, { useValue: value }),
  }
}

/** `base` with every key under `<scope>/`: a plugin's own part of the modal's storage. */
function scopeStorage(base: Storage, scope: string): Storage {
  const key = (k: string) => `${scope}/${k}`
  return {
    get: (k) => base.get(key(k)),
    set: (k, v) => base.set(key(k), v),
    remove: (k) => base.remove(key(k)),
    getCached: (k, ttl) => base.getCached(key(k), ttl),
    setCached: (k, v) => base.setCached(key(k), v),
  }
}

/** Creates a modal without touching DOM, storage or network; all of that waits for the first `open()`. */
export function createKernel(input: ModalOptions, extras: KernelExtras = {}): Modal {
  const plugins = normalizePlugins(input.plugins)
  const options = resolveOptions(input, undefined, collectDeclarations(plugins, extras.optionOwners))

  // Default services first; then plugins' register hooks (in plugin order) and the host may replace them.
  const container = createModalContainer()
  const services = servicesOn(container, 'The kernel')
  const apiQuery = { projectId: options.projectId, st: options.sdkType, sv: options.sdkVersion }
  const storagePrefix = options.storagePrefix ?? '@vestibule'
  services.provide(Tokens.Options, options)
  services.provide(Tokens.Storage, createStorage({ prefix: storagePrefix, backend: input.storage }))
  services.provide(Tokens.Http, createHttpClient({ baseUrl: options.apiUrl, defaultQuery: apiQuery }))
  services.provide(Tokens.BlockchainApi, createBlockchainApi(createHttpClient({ baseUrl: options.blockchainApiUrl ?? DEFAULT_BLOCKCHAIN_API_URL, defaultQuery: apiQuery })))
  services.provide(Tokens.Platform, extras.platform ?? createPlatform())
  for (const plugin of plugins) {
    try {
      plugin.register?.({ provide: services.provide, get: services.get })
    } catch (error) {
      throw new VestibuleError('INVALID_PLUGIN', `Plugin "${plugin.name}" failed to register its services: ${errorMessage(error)}`, error)
    }
  }
  input.services?.({ provide: services.provide, get: services.get })
  const storage = services.resolve(Tokens.Storage)
  const http = services.resolve(Tokens.Http)
  const blockchainApi = services.resolve(Tokens.BlockchainApi)
  const platform = services.resolve(Tokens.Platform)

  const views = createViewRegistry()
  for (const [id, definition] of Object.entries(extras.views ?? {})) views.register(id, definition)
  let close: () => void = () => {}
  const router = createRouter({ isRegistered: (v) => views.has(v), close: () => void close() })
  const events = createEventBus((event, error) => reportError(`listener of ${event}`, error))
  const i18n = createI18n({ locale: options.locale, messages: options.messages })
  const state = createKernelState(router.$history)
  const chains = createChainRegistry()
  const wallets = createWalletSources(chains, options.features.connectorTypeOrder, { excludeWalletIds: options.excludeWalletIds, isMobile: () => platform.isMobile() })
  const features = options.features as Record<string, unknown>
  const slots = createSlots({ isEnabled: (feature) => features[feature] !== false, connectMethodsOrder: options.features.connectMethodsOrder, walletFeaturesOrder: options.features.walletFeaturesOrder })
  for (const [slot, entry] of extras.slots ?? []) slots.add(slot, entry)
  const feedback = createFeedback(state.$modal)
  const $theme = atom<{ mode: 'dark' | 'light'; variables: Readonly<Record<string, string>> }>({ mode: options.themeMode, variables: { ...(options.themeVariables ?? {}) } })

  const apis = new Map<string, unknown>()
  const openHooks: Array<{ plugin: string; hook: Parameters<PluginContext['onOpen']>[0] }> = []
  const preloads: Array<() => Promise<unknown>> = []
  const destroyHooks: Array<() => void> = []
  const closeGuards: Array<() => string | undefined> = []
  const afterConnectSteps: AfterConnectStep[] = []
  const reconnectHooks: Array<{ plugin: string; hook: () => void | Promise<void> }> = []
  function reportError(source: string, error: unknown) {
    if (source.startsWith('listener of error')) return
    events.emit('error', { source, error })
  }

  // Created once the chain plugins registered their adapters (it sets up each namespace's state); plugins reach
  // it through `pluginConnection`, whose methods read this variable at call time.
  let connection: ReturnType<typeof createLazyConnection>
  const showsUnsupported = () => options.enableNetworkSwitch && !options.allowUnsupportedChain && chains.list().length > 0
  const navigation = createNavigation({ router, views, state, steps: afterConnectSteps, showsUnsupported, report: (error) => reportError('afterConnect', error) })
  for (const [token, value] of [
    [Tokens.Router, router], [Tokens.Events, events], [Tokens.I18n, i18n], [Tokens.State, state], [Tokens.Chains, chains],
    [Tokens.Views, views], [Tokens.Slots, slots], [Tokens.Feedback, feedback], [Tokens.Wallets, wallets],
  ] as const) services.provide(token as Token<unknown>, value)

  const writeChain = (namespace: ChainNamespace, patch: Parameters<typeof patchChain>[2]) => {
    if (!patchChain(state, namespace, patch)) throw new VestibuleError('NOT_SUPPORTED', `No chain plugin registers the namespace "${namespace}"`)
  }
  /** `connection[name]`, looked up at call time (the connection is created after the plugins set up). */
  const forward = <K extends keyof Connection>(name: K) => ((...args: unknown[]) => (connection[name] as (...a: unknown[]) => unknown)(...args)) as Connection[K]
  const pluginConnection: PluginConnection = {
    connect: forward('connect'),
    cancelConnect: forward('cancelConnect'),
    markConnecting: forward('markConnecting'),
    disconnect: forward('disconnect'),
    switchNetwork: forward('switchNetwork'),
    signMessage: forward('signMessage'),
    sendNative: forward('sendNative'),
    refreshBalance: forward('refreshBalance'),
    networkFor: forward('networkFor'),
    setPreferredAccountType: forward('setPreferredAccountType'),
    account(namespace = state.$activeNamespace.get()) {
      const chain = namespace ? state.$chains.get()[namespace] : undefined
      const adapter = namespace ? chains.get(namespace) : undefined
      const { address, status } = chain?.accountState ?? {}
      const network = chain?.networkState.caipNetwork
      if (!namespace || !adapter || !address || status !== 'connected' || !network) return undefined
      return { namespace, address, network, adapter }
    },
    setAccountFields: (namespace, fields) => writeChain(namespace, { account: fields }),
    setNetworkFields: (namespace, fields) => writeChain(namespace, { network: fields }),
  }
  const readonlyState = { $modal: state.$modal, $chains: state.$chains, $activeNamespace: state.$activeNamespace, $snapshot: state.$snapshot }

  const getPlugin = (name: string) => {
    if (!apis.has(name)) throw new VestibuleError('MISSING_PLUGIN', `Plugin "${name}" is not registered`)
    return apis.get(name)
  }

  for (const plugin of plugins) {
    const name = plugin.name
    const context: PluginContext = {
      name,
      services: servicesOn(container, `Plugin "${name}"`),
      router,
      events,
      storage: scopeStorage(storage, name),
      http,
      blockchainApi,
      i18n,
      options,
      state: readonlyState,
      connection: pluginConnection,
      platform,
      slice: (initial) => map(initial),
      views: { ...views, register: (id, definition) => views.register(id, { ...definition, plugin: name }) },
      slots: { ...slots, add: (slot, entry) => slots.add(slot, { ...entry, plugin: name }) },
      chains,
      wallets,
      feedback,
      onOpen: (hook) => void openHooks.push({ plugin: name, hook }),
      onPreload: (load) => void preloads.push(load),
      onReconnect: (hook) => void reconnectHooks.push({ plugin: name, hook }),
      onClose: (guard) => void closeGuards.push(guard),
      afterConnect: (step) => void afterConnectSteps.push(step),
      onDestroy: (hook) => void destroyHooks.push(hook),
      getPlugin: getPlugin as PluginContext['getPlugin'],
    }
    try {
      apis.set(name, plugin.setup(context))
    } catch (error) {
      if (error instanceof VestibuleError && error.message.includes(`"${name}"`)) throw error
      // A kernel error keeps its code (DUPLICATE_PLUGIN, DUPLICATE_VIEW …); anything else is the plugin's fault.
      throw new VestibuleError(error instanceof VestibuleError ? error.code : 'INVALID_PLUGIN', `Plugin "${name}" failed to set up: ${errorMessage(error)}`, error)
    }
  }

  // The network the host starts on must be one a chain plugin offers: a typo would otherwise be silently ignored.
  if (options.defaultNetwork !== undefined) {
    const offered = chains.list().flatMap((adapter) => adapter.networks.map((n) => n.caipNetworkId))
    if (!offered.includes(options.defaultNetwork)) {
      throw new VestibuleError('INVALID_OPTIONS', `\`defaultNetwork\` "${options.defaultNetwork}" is not a network of the chain plugins (${offered.join(', ') || 'none is registered'})`)
    }
  }

  connection = createLazyConnection({ chains, state, storage, events, options, alert: feedback.alert })
  services.provide(Tokens.Connection, connection)
  const kernel: KernelContext = { container, services, options, router, events, storage, http, i18n, state, chains, views, slots, platform, connection, feedback, blockchainApi, wallets, navigation, $theme }

  // Every view change is an event (analytics, host logging); a confirmation shown in one view does not follow
  // into the next (a loading snackbar, about work still under way, stays).
  let shownView: string | undefined
  router.$history.listen((history) => {
    const entry = history.at(-1)
    if (entry) events.emit('view:change', { view: entry.view, data: entry.data })
    if (entry?.view !== shownView && feedback.$snackbar.get().variant !== 'loading') feedback.hideSnackbar()
    shownView = entry?.view
  })
  // A wallet on a network the host did not request shows UnsupportedChain, unless the host allows
  // unsupported chains, disabled network switching, or runs without chain adapters (basic mode).
  // A disconnect ends every pending flow (send, swap, sign-in …).
  events.on('disconnect', () => router.clearTransactions())
  // The view is opened for the namespace whose network changed, which need not be the active one. Back on a
  // requested network, the UnsupportedChain the kernel opened goes again, whether it is shown already or its open is
  // still under way (a wallet may move away and back within a tick), unless the user opened or closed the modal since.
  let unsupportedOpen: { request: number; namespace: ChainNamespace } | undefined
  events.on('network:change', ({ supported, namespace }) => {
    if (supported) {
      if (unsupportedOpen?.namespace !== namespace) return
      const mine = unsupportedOpen.request === openRequest
      unsupportedOpen = undefined
      if (!mine) return
      if (state.$modal.get().open && router.current?.view === Views.UnsupportedChain) router.goBack()
      else openRequest++
      return
    }
    if (!showsUnsupported()) return
    if (state.$chains.get()[namespace]?.accountState.status !== 'connected' || !views.has(Views.UnsupportedChain)) return
    const current = router.current
    if (current?.view === Views.UnsupportedChain && (current.data as { namespace?: string } | undefined)?.namespace === namespace) return
    void modal.open(Views.UnsupportedChain, { namespace }).catch((error) => reportError('open', error))
    // open() took its request number synchronously.
    unsupportedOpen = { request: openRequest, namespace }
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

  /** The view an open() shows: the one asked for if registered, else Account when connected, else Connect. */
  const initialView = (view?: string, data?: unknown): { view: string; data?: unknown } | undefined => {
    const fallback = isConnected() ? Views.Account : Views.Connect
    // Without chain plugins and nobody connected, a plugin may claim the first view (a QR code, a wallet list).
    if (chains.list().length === 0 && !state.$snapshot.get().address) {
      const device = platform.isMobile() ? 'mobile' : 'desktop'
      const target = views.ids().find((id) => views.get(id)?.openWithoutChains?.includes(device))
      if (target) return { view: target }
    }
    if (view) {
      if (views.has(view)) return { view, data }
      reportError('open', new VestibuleError('UNKNOWN_VIEW', `Unknown view "${view}": no registered plugin contributes it`))
      console.error(`[vestibule] Unknown view "${view}"; showing ${fallback} instead`)
    }
    // A headless modal (no shell views) opens without a view.
    return views.has(fallback) ? { view: fallback } : undefined
  }

  /** The view the first open shows: Account for a returning user, else the one open() would choose. */
  const firstView = () => (hasStoredSession() ? Views.Account : initialView()?.view)
  /** Code of a view, and of the connect methods it draws when it is Connect. */
  const viewModules = (view: string | undefined) => {
    const loads = view && views.has(view) ? [views.get(view)!.load] : []
    if (view === Views.Connect) for (const method of slots.list('connect.methods')) if (method.load) loads.push(method.load)
    return loads
  }
  let preloading: Promise<void> | undefined

  const hasStoredSession = () => readStringList(storage, StorageKeys.connectedNamespaces, NAMESPACE_PATTERN).some((ns) => chains.get(ns))

  const modal: Modal = {
    kernel,
    async open(view, data) {
      if (destroyed) throw new VestibuleError('DESTROYED', 'This modal was destroyed')
      const first = !started
      if (first) {
        started = true
        // The code the first view needs is requested before anything else runs, so the round trip it costs
        // overlaps the rest of this work. Loads are shared: the same requests serve loadShell below.
        if (!preloading) {
          // The shell first: which view comes first takes a storage read.
          void Promise.resolve(extras.fetchShell?.(modal)).catch(() => undefined)
          for (const load of viewModules(view && views.has(view) ? view : firstView())) void load().catch(() => undefined)
        }
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
      // The balance shown must not be older than the cache allows (30 s): read again when it is.
      if (connected) void connection.refreshBalance().catch((error) => reportError('balance', error))
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
      if (!state.$modal.get().open) return true
      // A plugin may refuse (sign-in that is required and not done yet): its reason is shown instead.
      for (const guard of closeGuards) {
        let reason: string | undefined
        try {
          reason = guard()
        } catch (error) {
          reportError('close guard', error)
        }
        if (reason) {
          feedback.showSnackbar('error', i18n.t(reason))
          feedback.shake()
          events.emit('modal:closeRefused', { reason })
          return false
        }
      }
      // Closing abandons a connection the user has not seen through, as its Cancel button does: the wallet's late
      // answer is ignored and the connecting view is left for the resting one.
      const connecting = Object.values(state.$chains.get()).filter((c) => c.accountState.status === 'connecting')
      for (const chain of connecting) connection.cancelConnect(chain.namespace)
      if (connecting.length && views.has(navigation.resting())) router.reset(navigation.resting())
      // Embedded mode: the modal lives inline, so closing returns it to its resting view.
      if (options.enableEmbedded) {
        const resting = navigation.resting()
        if (views.has(resting)) router.reset(resting)
        events.emit('modal:close', {})
        return true
      }
      state.$modal.setKey('open', false)
      void shell?.then((s) => s.hide())
      events.emit('modal:close', {})
      return true
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
    connect: pluginConnection.connect,
    reconnect() {
      if (!started) chains.startDiscovery()
      return (reconnecting ??= startReconnect())
    },
    disconnect: pluginConnection.disconnect,
    switchNetwork: pluginConnection.switchNetwork,
    signMessage: pluginConnection.signMessage,
    setThemeMode(mode) {
      if (mode !== 'dark' && mode !== 'light') throw new VestibuleError('INVALID_OPTIONS', 'setThemeMode() takes "dark" or "light"')
      $theme.set({ ...$theme.get(), mode })
    },
    setThemeVariables(variables) {
      const checked = resolveOptions({ themeVariables: variables }).themeVariables ?? {}
      $theme.set({ ...$theme.get(), variables: { ...$theme.get().variables, ...checked } })
    },
    getPlugin: getPlugin as Modal['getPlugin'],
    preload() {
      if (destroyed) return Promise.resolve()
      // Wallets announce themselves ahead (no request, no storage), so the first open's list is whole at once.
      chains.startDiscovery()
      if (preloading) return preloading
      const first = firstView()
      preloading = Promise.all([
        extras.preloadShell?.(modal, first),
        connection.prefetch(),
        ...viewModules(first).map((load) => load()),
        ...preloads.map((load) => load()),
      ]).then(
        () => undefined,
        (error: unknown) => {
          // Nothing is lost: the first open imports again whatever failed here.
          preloading = undefined
          console.warn('[vestibule] preload failed; the modal loads on open instead', error)
        },
      )
      return preloading
    },
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
  close = () => void modal.close()
  return modal
}
