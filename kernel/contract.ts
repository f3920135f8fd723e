/**
 * The plugin contract: what a plugin declares (`Plugin`), what it receives (`PluginContext`), the host's options it
 * may extend (`ModalOptions`, `Features`) and the modal's theme. Types (and the names the modal owns) only; this
 * module imports no kernel module that imports it back, so the kernel's modules build on it from its leaves up.
 */
import type { MapStore, ReadableAtom } from 'nanostores'
import type { BlockchainApi } from './blockchain-api.js'
import type { CaipNetworkId, ChainNamespace } from './caip.js'
import type { ChainAdapter, ChainRegistry } from './chains.js'
import type { Connection } from './connection-api.js'
import type { EventBus } from './events.js'
import type { Feedback } from './feedback.js'
import type { HttpClient } from './http.js'
import type { I18n, Messages } from './i18n.js'
import type { CaipNetwork } from './network.js'
import type { Platform } from './platform.js'
import type { PreloadMode } from './preload.js'
import type { Router } from './router.js'
import type { AccountState, ChainState, KernelAccountField, KernelNetworkField, ModalSnapshot, ModalState, NetworkState } from './state.js'
import type { Storage } from './storage.js'
import type { Token } from './token.js'
import type { Slots, ViewRegistry } from './views.js'
import type { WalletSources } from './wallets.js'

/** The theme a modal shows: its mode and `--vb-*` variables. */
export type Theme = { mode: 'dark' | 'light' | 'system'; variables: Readonly<Record<string, string>> }

export interface Metadata {
  name: string
  description?: string
  url?: string
  icons?: string[]
}

/**
 * Feature flags. The modal's own are here; a plugin that declares a flag (`Plugin.features`) types it for hosts
 * by augmenting this interface: `declare module 'vestibule' { interface Features { greeting?: boolean } }`.
 */
export interface Features {
  /** Sections of the Connect view's wallet list, in this order first. */
  connectorTypeOrder?: readonly string[]
  /** Wallet features of the Account view (`account.features` slot ids), in this order first. */
  walletFeaturesOrder?: readonly string[]
  /** Connect methods (`connect.methods` slot ids), in this order first. */
  connectMethodsOrder?: readonly string[]
  /** Nothing in the Connect view can be chosen until the terms are accepted (needs a terms or privacy URL). */
  legalCheckbox?: boolean
  /** The Connect view's wallet list starts collapsed. */
  collapseWallets?: boolean
}

/** Options a host passes to `createModal`. Unknown keys are rejected so typos surface at once. */
export interface ModalOptions {
  /** The provider project id; without it catalog and provider APIs are unavailable (an alert says so). */
  projectId?: string
  plugins?: readonly PluginInput[]
  metadata?: Metadata
  /** Dark (the default), light, or `'system'`: the operating system's choice, followed live as it changes. */
  themeMode?: 'dark' | 'light' | 'system'
  /**
   * CSS variables (`--vb-*`) applied to the modal. Values are plain CSS values: nothing that fetches (`url()`,
   * `image-set()` …) and nothing that ends the declaration (`;`, `{`, `}`) or escapes (`\`).
   */
  themeVariables?: Record<`--vb-${string}`, string>
  /** Network selected before the user picks one. */
  defaultNetwork?: CaipNetworkId
  features?: Features
  sdkType?: string
  sdkVersion?: string
  /** Wallets hidden everywhere: announced and injected ones by rdns or name, catalog ones by id. */
  excludeWalletIds?: readonly string[]
  /** Links shown under the wallet list (and beside the legal checkbox when `features.legalCheckbox`). */
  termsConditionsUrl?: string
  privacyPolicyUrl?: string
  /** The dialog is shown in place inside `container` (part of the page, no backdrop). */
  enableEmbedded?: boolean
  /** A wallet on a network the host did not request stays connected (default off: the modal asks to switch). */
  allowUnsupportedChain?: boolean
  /** The Account view offers switching networks (default on). */
  enableNetworkSwitch?: boolean
  /** Texts replacing the built-in ones, by message key. */
  messages?: Messages
  /**
   * The language of the modal's texts (`es`, `pt-BR` …); without it the browser's preferred languages decide, and
   * English shows when none of them has a catalog. Numbers and plurals follow this locale.
   */
  locale?: string
  /** Prefix of storage keys; set it when two modals on one page must not share stored state. */
  storagePrefix?: string
  /** Storage backend (Web Storage API); defaults to `localStorage`, falling back to memory. */
  storage?: Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'> | null
  /** Base URL of the provider API (wallet catalog, analytics). */
  apiUrl?: string
  /** Base URL of the provider's blockchain API (balances, history, names, swaps). */
  blockchainApiUrl?: string
  /**
   * Element the modal is appended to, or a CSS selector looked up on the first `open()` (which rejects when
   * nothing matches); defaults to `document.body`.
   */
  container?: string | Element
  /**
   * When the code of the first open is fetched: `idle` (default) once the page is loaded and idle, `intent` when
   * the user points at, focuses or touches an element marked `data-vestibule-preload`, `none` only on
   * `modal.preload()` or the first open. Preloading runs no plugin hook and calls no API.
   */
  preload?: PreloadMode
  /**
   * The nonce of the page's Content Security Policy (`style-src 'nonce-…'`), put on the `<style>` elements the
   * modal adds where the browser has no constructed style sheets. Browsers with them (all current ones) need none.
   */
  cspNonce?: string
  /**
   * Replaces kernel services before any plugin sets up, e.g. `(s) => s.provide(Tokens.Http, myHttpClient)`:
   * the kernel and every plugin then use the replacement.
   */
  services?: (services: Pick<Services, 'provide' | 'get'>) => void
}
// A plugin that declares an option (`Plugin.options`) types it for hosts by augmenting this interface:
// `declare module 'vestibule' { interface ModalOptions { greeting?: string } }`.

/** Options the modal itself owns: no plugin may declare one of them. */
export const KERNEL_OPTIONS = [
  'projectId',
  'plugins',
  'metadata',
  'themeMode',
  'themeVariables',
  'defaultNetwork',
  'features',
  'sdkType',
  'sdkVersion',
  'excludeWalletIds',
  'termsConditionsUrl',
  'privacyPolicyUrl',
  'enableEmbedded',
  'allowUnsupportedChain',
  'enableNetworkSwitch',
  'messages',
  'locale',
  'storagePrefix',
  'storage',
  'apiUrl',
  'blockchainApiUrl',
  'container',
  'services',
  'preload',
  'cspNonce',
] as const satisfies readonly (keyof ModalOptions)[]
export type KernelOptionName = (typeof KERNEL_OPTIONS)[number]
/** The options a plugin may declare: those plugins added to `ModalOptions` by augmentation. */
export type PluginOptionName = Exclude<keyof ModalOptions, KernelOptionName>

/** Feature flags the modal itself owns: no plugin may declare one of them. */
export const KERNEL_FEATURES = [
  'legalCheckbox',
  'collapseWallets',
  'connectorTypeOrder',
  'walletFeaturesOrder',
  'connectMethodsOrder',
] as const satisfies readonly (keyof Features)[]
export type KernelFeatureName = (typeof KERNEL_FEATURES)[number]
/** The feature flags a plugin may declare: those plugins added to `Features` by augmentation. */
export type PluginFeatureName = Exclude<keyof Features, KernelFeatureName>

export type ResolvedOptions = Readonly<
  Omit<ModalOptions, 'plugins' | 'features' | 'services'> & {
    projectId: string
    sdkType: string
    sdkVersion: string
    themeMode: 'dark' | 'light' | 'system'
    apiUrl: string
    enableNetworkSwitch: boolean
    allowUnsupportedChain: boolean
    features: Readonly<Required<Pick<Features, 'legalCheckbox' | 'collapseWallets'>> & Features>
  }
>

/** A service looked up when used, not when asked for: see `Services.lazy`. */
export interface LazyService<T> {
  /** The service under the token now, or undefined when nobody provides it. */
  get(): T | undefined
  /** The service under the token now; throws MISSING_SERVICE naming the plugin and the token when nobody provides it. */
  resolve(): T
}

/**
 * This modal's services by token, on its tsyringe child container.
 *
 * When a token resolves: `get` and `resolve` look up the service at the moment they are called. In `setup` that
 * finds the kernel's services, those provided in any plugin's `register` hook, and those provided by plugins that
 * set up earlier (order: `'pre'` plugins, then array order, then `'post'`; a plugin's `requires` first), never one
 * from a plugin set up later. For a provider that may be listed after you, take `lazy(token)` in `setup` and call
 * its `get()` / `resolve()` later (in a hook, a view, an API call): by then every plugin has set up.
 */
export interface Services {
  /** The service registered under `token` now; throws MISSING_SERVICE naming the plugin and the token when nobody provides it. */
  resolve<T>(token: Token<T>): T
  /** The service under `token` now, or undefined (for optional collaborations). */
  get<T>(token: Token<T>): T | undefined
  /** A handle that looks the service up on each use, so the plugin providing it may set up after the caller. */
  lazy<T>(token: Token<T>): LazyService<T>
  /** Registers this plugin's service under `token`; other plugins resolve it, the last registration wins. */
  provide<T>(token: Token<T>, value: T): void
}

/** Account and network fields a plugin may write for a namespace; the rest of the chain state is the kernel's. */
export type AccountFields = Partial<Omit<AccountState, KernelAccountField>>
export type NetworkFields = Partial<Omit<NetworkState, KernelNetworkField>>

/** What plugins reach of the connection: act through the chain adapters, read state from `ctx.state`. */
export interface PluginConnection
  extends Pick<
    Connection,
    | 'connect'
    | 'cancelConnect'
    | 'markConnecting'
    | 'disconnect'
    | 'switchNetwork'
    | 'signMessage'
    | 'sendNative'
    | 'refreshBalance'
    | 'networkFor'
  > {
  /** The connected account of `namespace` (the active one by default) with its network and adapter, or undefined. */
  account(
    namespace?: ChainNamespace,
  ): { namespace: ChainNamespace; address: string; network: CaipNetwork; adapter: ChainAdapter } | undefined
  /** Writes plugin-owned account fields of a namespace (profile, token balances, wallet info …). */
  setAccountFields(namespace: ChainNamespace, fields: AccountFields): void
  /** Writes plugin-owned network fields of a namespace (networks a session approved …). */
  setNetworkFields(namespace: ChainNamespace, fields: NetworkFields): void
  /**
   * The modal's record of recent wallets (the Connect view's, not one plugin's): a storage of that one key, read
   * and written with `getRecentWallets` / `addRecentWallet` from `vestibule/utils`, which clean what was stored.
   * Any other key throws.
   */
  recentWallets: Pick<Storage, 'get' | 'set'>
}

/** The kernel's stores, read-only: plugins change state through `connection`, `feedback` or their own `slice`. */
export interface ReadonlyKernelState {
  $modal: ReadableAtom<ModalState>
  $chains: ReadableAtom<Record<string, ChainState>>
  $activeNamespace: ReadableAtom<ChainNamespace | undefined>
  $snapshot: ReadableAtom<ModalSnapshot>
}

/** A step between a successful connection and the Account view: the view to show, or undefined for none. */
export type AfterConnectStep = (info: {
  namespace: ChainNamespace
  address: string
  caipNetworkId?: string
}) => { view: string; data?: unknown } | undefined

/**
 * What a plugin receives in `setup`: the services of its modal, nothing global. Each member has one purpose.
 * A plugin must not touch the DOM, storage or network in `setup`; use `onOpen` for that.
 */
export interface PluginContext<O = PluginOptionDeclarations> {
  /** The plugin's own name. */
  readonly name: string
  /**
   * Services by token: those plugins provide each other, and the kernel's meant for replacement (see `Tokens`).
   * The kernel's own (its state, connection, raw registries, the modal-wide storage) throw PRIVATE_SERVICE.
   */
  services: Services
  /** View stack and transaction stack. */
  router: Router
  /** Typed event bus of this modal. */
  events: EventBus
  /** Storage namespaced to this plugin (`<prefix>/v1/<plugin>/…`). */
  storage: Storage
  /** The provider API (wallet catalog, analytics); queries carry projectId, st and sv. */
  http: HttpClient
  /** The provider's blockchain API; calls for unsupported networks return the empty result without a request. */
  blockchainApi: BlockchainApi
  /** Messages: add this plugin's catalog with `i18n.add`, translate with `i18n.t`. */
  i18n: I18n
  /**
   * The host's options, checked, with defaults (including the options this plugin declared: one declared with a
   * default is never undefined here when the plugin is written with `definePlugin`).
   */
  options: ResolvedOptions & Defaulted<O>
  /** The modal's state, read-only. */
  state: ReadonlyKernelState
  /** Connect, disconnect, switch, sign and send through the adapters; write this plugin's account fields. */
  connection: PluginConnection
  /** A state slice owned by this plugin (nanostores map). */
  slice<T extends object>(initial: T): MapStore<T>
  /** Views this plugin contributes (loaded on first display). */
  views: ViewRegistry
  /** Entries in the shell's slots (connect methods, account tabs and features, header actions …). */
  slots: Slots
  /** Chain adapters (chain plugins register theirs; features query capabilities). */
  chains: ChainRegistry
  /** Wallet lists of the Connect view, by connector-type section. */
  wallets: WalletSources
  /** Mobile, Telegram, iOS … of the page the modal runs in. */
  platform: Platform
  /** Shake, snackbar and alerts of this modal. */
  feedback: Feedback
  /** The modal's theme mode and variables, as the host set them last (`setThemeMode`, `setThemeVariables`). */
  theme: ReadableAtom<Theme>
  /**
   * Opens the modal at `view`, one of this plugin's own views, with `data`, as the host's `modal.open(view, data)`
   * would (an open modal shows it at once, its history replaced). Resolves with whether the modal now shows the
   * view: false in a modal without a shell (nothing can show a view, nothing opens), or when the opening rules chose
   * another view (one that needs an account while nobody is connected). A view this plugin did not register is
   * refused: the promise rejects with UNKNOWN_VIEW.
   */
  openModal(view: string, data?: unknown): Promise<boolean>
  /**
   * Runs on every open (first open included), after discovery started; `connected` tells whether someone is
   * connected (prefetch connectors and wallets only when not). Errors are reported, not thrown.
   */
  onOpen(hook: (info: { first: boolean; connected: boolean }) => void | Promise<void>): void
  /**
   * Code the plugin's part of the first open needs, fetched ahead by `modal.preload()` (the `preload` option):
   * `() => import('./client.js')`. Only import modules here: nothing may run that asks a wallet or an API.
   */
  onPreload(load: () => Promise<unknown>): void
  /**
   * Runs once when the kernel starts restoring the last session (first `open()` or `modal.reconnect()`), right
   * before the chain adapters look for the stored connectors and not awaited by them: a plugin that provides
   * connectors adds them here, synchronously, so a chain adapter's reconnect finds them.
   */
  onReconnect(hook: () => void | Promise<void>): void
  /**
   * A close guard: called before the modal closes (Escape, backdrop, close button, `modal.close()`); return a
   * reason (message key or text) to refuse, which the modal shows, or undefined to allow.
   */
  onClose(guard: () => string | undefined): void
  /** A step after a successful connection (sign-in …); the first plugin that returns a view wins. */
  afterConnect(step: AfterConnectStep): void
  /** Runs on `destroy()`. */
  onDestroy(hook: () => void): void
  /** The API object another plugin returned from its setup. */
  getPlugin<K extends keyof PluginApis>(name: K): PluginApis[K]
  getPlugin(name: string): unknown
}

/** How a plugin declares a top-level option or a feature flag it owns: checked at `createModal`, defaulted when absent. */
export interface OptionDeclaration<T = unknown> {
  /**
   * Returns the problem ("must be an array of wallet ids") or undefined when `value` is fine; `options` are all the
   * host's options, for a rule that spans two.
   */
  check?(value: unknown, options: Readonly<ModalOptions>): string | undefined
  default?: T
}

/**
 * The options a plugin may declare: each a key it added to `ModalOptions` by augmentation (never one the modal
 * owns, such as `themeMode`), its default of the type the augmentation gives.
 */
export type PluginOptionDeclarations = { readonly [K in PluginOptionName]?: OptionDeclaration<NonNullable<ModalOptions[K]>> }
/** The feature flags a plugin may declare: a key it added to `Features`, with its default (or a declaration). */
export type PluginFeatureDeclarations = { readonly [K in PluginFeatureName]?: boolean | OptionDeclaration<NonNullable<Features[K]>> }

/** The options `O` declares with a default: never undefined in the plugin's context. */
export type Defaulted<O> = 0 extends 1 & O
  ? unknown
  : {
      readonly [K in keyof O as O[K] extends { default: {} } ? K : never]-?: K extends keyof ModalOptions
        ? NonNullable<ModalOptions[K]>
        : never
    }

/**
 * A plugin: a plain object, usually returned by a factory taking the plugin's options.
 *
 * - `name` is unique within a modal; a duplicate is an error naming it.
 * - `requires` lists plugin names that must also be registered, else `createModal` throws naming them.
 * - `order`: `'pre'` plugins set up first, `'post'` last, the rest in array order; a plugin's `requires` always
 *   set up before it.
 * - `options` declares the top-level host options this plugin owns (keys it added to `ModalOptions`) and `features` the
 *   feature flags it owns with their defaults; the kernel checks and defaults them.
 * - `register(services)` runs before any plugin's setup, in plugin order: replace a kernel service (storage,
 *   HTTP, the blockchain API client; `get` gives the default to wrap) or provide one early.
 * - `setup` runs synchronously inside `createModal`; what it returns is the plugin's public API,
 *   reachable with `modal.getPlugin(name)`.
 */
export interface Plugin<Api = unknown, O extends PluginOptionDeclarations = PluginOptionDeclarations> {
  name: string
  requires?: readonly string[]
  order?: 'pre' | 'post'
  options?: O
  features?: PluginFeatureDeclarations
  register?(services: Pick<Services, 'provide' | 'get'>): void
  setup(ctx: PluginContext<O>): Api | void
}

/**
 * Public APIs of plugins by name. A plugin package types `modal.getPlugin('x')` by augmenting it:
 * `declare module 'vestibule' { interface PluginApis { swap: SwapApi } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface PluginApis {}

/** What the `plugins` option accepts: nested arrays are flattened; falsy entries are ignored. */
export type PluginInput = Plugin<any, any> | false | null | undefined | 0 | '' | readonly PluginInput[]
