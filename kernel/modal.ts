import type { DependencyContainer } from 'tsyringe'
import type { ReadableAtom, WritableAtom } from 'nanostores'
import { NAMESPACE_PATTERN, type CaipNetworkId, type ChainNamespace } from './caip.js'
import type { BlockchainApi } from './blockchain-api.js'
import type { ChainFeature, ChainFeatures } from './chain-features.js'
import type { ChainRegistry } from './chains.js'
import type { Connection } from './connection.js'
import { VestibuleError } from './errors.js'
import type { EventBus, EventListener, EventName } from './events.js'
import type { Feedback } from './feedback.js'
import type { HttpClient } from './http.js'
import type { I18n, MessageKey, MessageParams } from './i18n.js'
import type { LazyConnection } from './lazy-connection.js'
import { Views, type Navigation } from './navigation.js'
import type { CaipNetwork } from './network.js'
import { resolveOptions, type ResolvedOptions } from './options.js'
import type { Platform } from './platform.js'
import type { PluginApis, PluginConnection, Services, Theme } from './contract.js'
export type { Theme } from './contract.js'
import type { HookRunner } from './plugin-host.js'
import { endFlows, type RouteEntry, type Router } from './router.js'
import type { AccountState, ConnectionStatus, KernelState, ModalSnapshot } from './state.js'
import type { Storage } from './storage.js'
import { StorageKeys } from './storage-keys.js'
import { readStringList } from './stored.js'
import type { Token } from './token.js'
import type { SlotMap, SlotName, Slots, ViewDefinition, ViewRegistry } from './views.js'
import type { ReadonlyWalletSources, WalletSources, WalletViews } from './wallets.js'

/** Longest time the first `open()` waits for a stored session to be restored before showing a view. */
export const RECONNECT_WAIT_MS = 1500

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
  /** The connection as plugins reach it (the views' one adds the navigation asks). */
  pluginConnection: PluginConnection
  /** Theme mode and variables; `modal.setThemeMode` / `setThemeVariables` change them while the shell is open. */
  $theme: ReadableAtom<Theme>
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
  /** The shell's views opening a wallet of the Connect view's list (one connector; a wallet in several families). */
  walletViews?: WalletViews
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

/**
 * An account as `modal.getAccount()` reads it, a copy of its state: status and address, the wallet connected
 * (`connectorId`), the network token's balance the kernel reads (`balanceValue` in base units, `balance` as shown)
 * and the fields plugins add (the auth plugin's `user` …).
 */
export interface ModalAccount extends Readonly<AccountState> {
  readonly namespace?: ChainNamespace
}

/** A network as `modal.getNetwork()` reads it; `caipNetworkId` is the wallet's even when no chain plugin offers it. */
export interface ModalNetwork {
  caipNetwork?: CaipNetwork
  caipNetworkId?: CaipNetworkId
  namespace?: ChainNamespace
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
  /** The account of the chain family `namespace`, by default the active one. */
  getAccount(namespace?: ChainNamespace): ModalAccount
  /** The network of the chain family `namespace`, by default the active one. */
  getNetwork(namespace?: ChainNamespace): ModalNetwork
  /** Connects the wallet with this connector id (as listed in the Connect view). */
  connect(connectorId: string, namespace?: ChainNamespace): Promise<void>
  /** Restores the last session without prompting; `open()` does it on first open. */
  reconnect(): Promise<void>
  disconnect(namespace?: ChainNamespace): Promise<void>
  switchNetwork(caipNetworkId: CaipNetworkId): Promise<void>
  signMessage(message: string): Promise<string>
  /** Reads the network token's balance of the account of `namespace` (the active one by default) again; `force` skips the 30 s cache. */
  refreshBalance(namespace?: ChainNamespace, options?: { force?: boolean }): Promise<void>
  /**
   * The `feature` of the chain plugin of `namespace` (`request`, `sendTransaction`, `signTypedData` …), which
   * talks to that family's connected wallet; undefined when no chain plugin of that family has it.
   */
  getChainFeature<K extends ChainFeature>(namespace: ChainNamespace, feature: K): ChainFeatures[K] | undefined
  /**
   * A service a plugin provides by token (`Capabilities.Balances`, `RemoteConnect` …), undefined when none does.
   * The kernel's own services (`Tokens`) are refused with PRIVATE_SERVICE.
   */
  getService<T>(token: Token<T>): T | undefined
  /** The wallet lists the Connect view is built from, to read (`walletSections` of `vestibule/utils`). */
  getWalletSources(): ReadonlyWalletSources
  /** The text of the message `key` in the modal's language (a controller's reason `{ key, values }`). */
  t(key: MessageKey | (string & {}), params?: MessageParams): string
  /** Switches between the dark and light theme, or follows the operating system's (`'system'`); an open modal follows at once. */
  setThemeMode(mode: 'dark' | 'light' | 'system'): void
  /** Sets `--vb-*` theme variables (checked like the `themeVariables` option); an open modal follows at once. */
  setThemeVariables(variables: Record<`--vb-${string}`, string>): void
  /**
   * Shows the modal in `locale` (a BCP 47 tag, as the `locale` option): the open view's texts, numbers and writing
   * direction follow at once, plugins' translations for it load as they do on a first open. Resolves once they are
   * in. Throws INVALID_OPTIONS, changing nothing, for a value that is not a language tag.
   */
  setLocale(locale: string): Promise<void>
  getPlugin<K extends keyof PluginApis>(name: K): PluginApis[K]
  getPlugin(name: string): unknown
  /** Listens to one of the modal's events (plugins' augmentations of `VestibuleEvents` included); returns the unsubscribe function. */
  on<K extends EventName>(event: K, listener: EventListener<K>): () => void
  /**
   * Fetches the code the first open needs (shell, first view, connection logic) without running plugin hooks or
   * calling any API, and starts wallet discovery; the shell then prepares the first view off the page. Resolves
   * when done (never rejects: the open fetches again what failed). With the shell,
   * the `preload` option does this on its own when the page is idle (default) or on the user's intent.
   */
  preload(): Promise<void>
  destroy(): void
}

/** What the modal handle is made of: the kernel's services, the plugins' hooks, the shell's loaders. */
export interface ModalDeps {
  kernel: KernelContext & { connection: LazyConnection; $theme: WritableAtom<Theme> }
  extras: KernelExtras
  hooks: HookRunner
  connection: PluginConnection
  getPlugin: (name: string) => unknown
  /** The services a host may read: those plugins provide, never the kernel's own. */
  getService: Modal['getService']
  reportError: (source: string, error: unknown) => void
  /** Shows a guard's refusal (message key or text); returns the text shown. */
  refuse: (reason: string) => string
}

const settleWithin = (promise: Promise<unknown>, ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    promise.then(
      () => (clearTimeout(timer), resolve()),
      () => (clearTimeout(timer), resolve()),
    )
  })

/** Which view an open shows, and the code that view needs. */
function createViewChoice({ state, chains, views, slots, storage, platform }: KernelContext, reportError: ModalDeps['reportError']) {
  const isConnected = () => state.$snapshot.get().status === 'connected'
  const hasStoredSession = () => readStringList(storage, StorageKeys.connectedNamespaces, NAMESPACE_PATTERN).some((ns) => chains.get(ns))
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
      if (views.has(view) && (isConnected() || !views.get(view)!.requiresAccount)) return { view, data }
      if (views.has(view)) return views.has(fallback) ? { view: fallback } : undefined
      reportError('open', new VestibuleError('UNKNOWN_VIEW', `Unknown view "${view}": no registered plugin contributes it`))
      console.error(`[vestibule] Unknown view "${view}"; showing ${fallback} instead`)
    }
    // A headless modal (no shell views) opens without a view.
    return views.has(fallback) ? { view: fallback } : undefined
  }
  return {
    isConnected,
    hasStoredSession,
    initialView,
    /** The view the first open shows: Account for a returning user, else the one open() would choose. */
    firstView: () => (hasStoredSession() ? Views.Account : initialView()?.view),
    /** Code of a view, and of the connect methods it draws when it is Connect. */
    viewModules: (view: string | undefined) => {
      const loads = view && views.has(view) ? [views.get(view)!.load] : []
      if (view === Views.Connect) for (const method of slots.list('connect.methods')) if (method.load) loads.push(method.load)
      return loads
    },
  }
}

/**
 * Every view change is an event. A confirmation shown in one view does not follow into the next one opened (a
 * loading one stays), but going back keeps it: a view that saves and goes back leaves its "Saved" visible.
 */
function watchViews({ router, events, feedback }: KernelContext) {
  let shown: readonly RouteEntry[] = []
  router.$history.listen((history) => {
    const entry = history.at(-1)
    if (entry) events.emit('view:change', { view: entry.view, data: entry.data })
    const back = history.length < shown.length && history.every((e, i) => e === shown[i])
    if (!back && entry?.view !== shown.at(-1)?.view && feedback.$snackbar.get().variant !== 'loading') feedback.hideSnackbar()
    shown = history
  })
  // A disconnect ends every pending flow (send, swap, sign-in …).
  events.on('disconnect', () => router.clearTransactions())
}

/** The host's reads of state, its calls into the connection, the theme and the plugins' APIs. */
function hostCalls({ kernel: { state, $theme, events, chains, i18n, wallets }, connection, getPlugin, getService }: ModalDeps) {
  /** The chain state of `namespace`, by default the active one's. */
  const chainOf = (namespace = state.$activeNamespace.get()) => ({ namespace, ...(namespace ? state.$chains.get()[namespace] : undefined) })
  // The wallet lists without `add` and with the connectors found as the only part of the chain registry; their
  // stores typed read-only, as the plugins' state is.
  const readonlyWallets: ReadonlyWalletSources = {
    $sources: wallets.$sources,
    $excluded: wallets.$excluded,
    context: { ...wallets.context, chains: { $connectors: chains.$connectors } },
  }
  return {
    isOpen: () => state.$modal.get().open,
    subscribe: (listener) => state.$snapshot.listen(listener),
    getState: () => state.$snapshot.get(),
    getAccount(ns) {
      const { namespace, accountState } = chainOf(ns)
      return { status: 'disconnected', balanceStatus: 'idle', ...accountState, namespace }
    },
    getNetwork(ns) {
      const { namespace, networkState: n } = chainOf(ns)
      return { caipNetwork: n?.caipNetwork, caipNetworkId: n?.caipNetwork?.caipNetworkId ?? n?.unsupportedCaipNetworkId, namespace }
    },
    connect: connection.connect,
    disconnect: connection.disconnect,
    switchNetwork: connection.switchNetwork,
    signMessage: connection.signMessage,
    refreshBalance: connection.refreshBalance,
    getChainFeature: (namespace, feature) => chains.get(namespace)?.features?.[feature],
    getService,
    getWalletSources: () => readonlyWallets,
    t: i18n.t,
    setThemeMode(mode) {
      if (mode !== 'dark' && mode !== 'light' && mode !== 'system')
        throw new VestibuleError('INVALID_OPTIONS', 'setThemeMode() takes "dark", "light" or "system"')
      $theme.set({ ...$theme.get(), mode })
    },
    setThemeVariables(variables) {
      const checked = resolveOptions({ themeVariables: variables }).themeVariables ?? {}
      $theme.set({ ...$theme.get(), variables: { ...$theme.get().variables, ...checked } })
    },
    setLocale: i18n.setLocale,
    getPlugin: getPlugin as Modal['getPlugin'],
    on: (event, listener) => events.on(event, listener),
  } satisfies Partial<Modal>
}

/** The `Modal` handle: open, close, preload and destroy, and the host's calls into the connection. */
export function createModal(deps: ModalDeps): Modal {
  const { kernel, extras, hooks, reportError } = deps
  const { state, chains, views, router, events, feedback, options, i18n, navigation, connection } = kernel
  const choice = createViewChoice(kernel, reportError)
  const life = { destroyed: false, started: false, openRequest: 0 }
  let reconnecting: Promise<void> | undefined
  let shell: Promise<Shell> | undefined
  let preloading: Promise<void> | undefined
  let stopTabs = () => {}

  /** Plugins that provide connectors add them first (synchronously), then the adapters restore the session. */
  const startReconnect = () => {
    hooks.run('onReconnect', [], { onError: ({ plugin, error }) => reportError(`hook of ${plugin}`, error) })
    return connection.reconnect()
  }
  /** The first open asks for the code its view needs before anything else runs, so the round trip overlaps the rest. */
  const start = (view: string | undefined) => {
    life.started = true
    // Loads are shared: the same requests serve loadShell. The shell first: which view comes first takes a storage read.
    if (!preloading) {
      void Promise.resolve(extras.fetchShell?.(modal)).catch(() => undefined)
      for (const load of choice.viewModules(view && views.has(view) ? view : choice.firstView())) void load().catch(() => undefined)
    }
    if (!options.projectId) feedback.alert('missing-project-id', i18n.t('alert.missingProjectId'))
    chains.startDiscovery()
    reconnecting ??= startReconnect()
  }
  const show = async () => {
    if (!extras.loadShell) return
    shell ??= extras.loadShell(modal)
    try {
      // The texts of the modal's language load beside the shell's code: the first view shows in that language.
      const [loaded] = await Promise.all([shell, i18n.load()])
      if (state.$modal.get().open && !life.destroyed) loaded.show()
    } catch (error) {
      shell = undefined
      state.$modal.setKey('open', false)
      throw error
    }
  }

  const modal: Modal = {
    async open(view, data) {
      if (life.destroyed) throw new VestibuleError('DESTROYED', 'This modal was destroyed')
      const first = !life.started
      if (first) start(view)
      // A returning user should land on Account, so the first open waits for the session restore, but never longer
      // than a wallet that does not answer deserves. Without a stored session there is nothing to wait for: a new
      // user's first view must not wait for the connection code to download.
      const request = ++life.openRequest
      if (reconnecting && choice.hasStoredSession()) await settleWithin(reconnecting, RECONNECT_WAIT_MS)
      // close(), destroy() or a newer open() while waiting wins.
      if (request !== life.openRequest || life.destroyed) return
      const connected = choice.isConnected()
      hooks.run('onOpen', [{ first, connected }], { defer: true, onError: ({ plugin, error }) => reportError(`hook of ${plugin}`, error) })
      // The balance shown must not be older than the cache allows (30 s): read again when it is.
      if (connected) void connection.refreshBalance().catch((error) => reportError('balance', error))
      const target = choice.initialView(view, data)
      if (target) router.reset(target.view, target.data)
      state.$modal.setKey('open', true)
      events.emit('modal:open', { view: target?.view ?? '' })
      await show()
    },
    close() {
      life.openRequest++
      if (!state.$modal.get().open) return true
      // A plugin may refuse (sign-in that is required and not done yet): its reason is shown instead.
      const reasons = hooks.run('onClose', [], { until: Boolean, onError: ({ error }) => reportError('close guard', error) })
      const reason = reasons.find(Boolean)
      if (reason) {
        events.emit('modal:closeRefused', { reason, message: deps.refuse(reason) })
        return false
      }
      navigation.leaveConnecting()
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
    ...hostCalls(deps),
    reconnect() {
      if (!life.started) chains.startDiscovery()
      return (reconnecting ??= startReconnect())
    },
    preload() {
      if (life.destroyed) return Promise.resolve()
      // Wallets announce themselves ahead (no request, no storage), so the first open's list is whole at once.
      chains.startDiscovery()
      return (preloading ??= preloadAll(choice.firstView()))
    },
    destroy() {
      if (life.destroyed) return
      life.destroyed = true
      state.$modal.setKey('open', false)
      chains.stopDiscovery()
      feedback.dispose()
      stopTabs()
      kernel.connection.stop()
      // The views' flows (a send, a swap) end with the modal, whatever view it showed.
      endFlows(router)
      hooks.run('onDestroy', [], { onError: ({ error }) => console.error('[vestibule] destroy hook failed', error) })
      // A host may keep the handle after destroy(): it must not keep the shell's elements and their listeners.
      const mounted = shell
      shell = undefined
      void mounted?.then((s) => s.destroy()).catch(() => {})
      events.clear()
      void kernel.container.dispose()
    },
  }
  const preloadAll = (first: string | undefined) =>
    Promise.all([
      extras.preloadShell?.(modal, first),
      i18n.load(),
      connection.prefetch(),
      ...choice.viewModules(first).map((load) => load()),
      ...hooks.run('onPreload', []),
    ]).then(
      () => undefined,
      (error: unknown) => {
        // Nothing is lost: the first open imports again whatever failed here.
        preloading = undefined
        console.warn('[vestibule] preload failed; the modal loads on open instead', error)
      },
    )
  watchViews(kernel)
  // These rules follow the wallet's events, which only the connection's code emits: they load with it.
  kernel.connection.whenLoaded((code) => code.watchConnected({ ...kernel, open: modal.open, life, reportError }))
  // The other tabs of the origin hear this one's session changes once it can act on theirs.
  kernel.connection.whenLoaded((code) => void (stopTabs = code.syncTabs({ ...kernel, life, reportError, restore: startReconnect })))
  return modal
}
