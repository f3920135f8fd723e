import type { DependencyContainer } from 'tsyringe'
import type { MapStore } from 'nanostores'
import type { ChainRegistry } from './chains.js'
import type { EventBus } from './events.js'
import type { HttpClient } from './http.js'
import type { I18n } from './i18n.js'
import type { ResolvedOptions } from './options.js'
import type { Router } from './router.js'
import type { Storage } from './storage.js'
import type { Slots, ViewRegistry } from './views.js'
import type { KernelState } from './state.js'
import type { Platform } from './platform.js'
import type { Feedback } from './feedback.js'
import type { WalletSources } from './wallets.js'
import type { BlockchainApi } from './blockchain-api.js'

/**
 * What a plugin receives in `setup`: every service of its modal, nothing global.
 * A plugin must not touch the DOM, storage or network in `setup`; use `onOpen` for that.
 */
export interface PluginContext {
  /** This modal's tsyringe child container; register the plugin's own services here. */
  container: DependencyContainer
  router: Router
  events: EventBus
  /** Storage namespaced to this plugin (`<prefix>/v1/<plugin>/…`). */
  storage: Storage
  /** The provider API (wallet catalog, analytics); queries carry projectId, st and sv. */
  http: HttpClient
  /** The provider's blockchain API; calls for unsupported networks return the empty result without a request. */
  blockchainApi: BlockchainApi
  i18n: I18n
  options: ResolvedOptions
  state: KernelState
  platform: Platform
  /** A state slice owned by this plugin (nanostores map). */
  slice<T extends object>(initial: T): MapStore<T>
  views: ViewRegistry
  slots: Slots
  chains: ChainRegistry
  /** Wallet lists of the Connect view, by connector-type section. */
  wallets: WalletSources
  /** Runs on every open (first open included), after discovery started; errors are reported, not thrown. */
  onOpen(hook: (info: { first: boolean; connected: boolean }) => void | Promise<void>): void
  /** Runs on open when nobody is connected: fetch connectors, featured and recommended wallets here (spec §4). */
  onPrefetch(hook: () => void | Promise<void>): void
  /**
   * Runs once when the kernel starts restoring the last session (first `open()` or `modal.reconnect()`), right
   * before the chain adapters look for the stored connectors and not awaited by them: a plugin that provides
   * connectors (WalletConnect) adds them here, synchronously, so a chain adapter's reconnect finds them.
   */
  onReconnect(hook: () => void | Promise<void>): void
  /** Shake, snackbar and alerts of this modal. */
  feedback: Feedback
  /** Shows an alert in the modal and logs it once per id. */
  alert(id: string, message: string): void
  /** Runs on `destroy()`. */
  onDestroy(hook: () => void): void
  /** The API object another plugin returned from its setup. */
  getPlugin<K extends keyof PluginApis>(name: K): PluginApis[K]
  getPlugin(name: string): unknown
}

/**
 * A plugin: a plain object, usually returned by a factory taking the plugin's options.
 *
 * - `name` is unique within a modal; a duplicate is an error naming it.
 * - `requires` lists plugin names that must also be registered, else `createModal` throws naming them.
 * - `order`: `'pre'` plugins set up first, `'post'` last, the rest in array order; a plugin's `requires` always
 *   set up before it.
 * - `setup` runs synchronously inside `createModal`; what it returns is the plugin's public API,
 *   reachable with `modal.getPlugin(name)`.
 */
export interface Plugin<Api = unknown> {
  name: string
  requires?: readonly string[]
  order?: 'pre' | 'post'
  setup(ctx: PluginContext): Api | void
}

/**
 * Public APIs of plugins by name. A plugin package types `modal.getPlugin('x')` by augmenting it:
 * `declare module 'vestibule' { interface PluginApis { swap: SwapApi } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface PluginApis {}

/** What the `plugins` option accepts: nested arrays are flattened; falsy entries are ignored. */
export type PluginInput = Plugin<any> | false | null | undefined | 0 | '' | readonly PluginInput[]

/** Flattens, drops falsy entries, validates names and `requires`, and orders pre → normal → post. */
export function normalizePlugins(input: readonly PluginInput[] | undefined): Plugin[] {
  const flat: Plugin[] = []
  const walk = (items: readonly PluginInput[]) => {
    for (const item of items) {
      if (Array.isArray(item)) walk(item)
      else if (item) flat.push(item as Plugin)
    }
  }
  if (input !== undefined && !Array.isArray(input)) throw new Error('`plugins` must be an array of plugins')
  walk(input ?? [])

  const seen = new Set<string>()
  for (const [index, plugin] of flat.entries()) {
    if (typeof plugin !== 'object' || typeof plugin.name !== 'string' || !plugin.name) {
      throw new Error(`Plugin at position ${index} has no name; a plugin is an object with a "name" and a "setup" function`)
    }
    if (typeof plugin.setup !== 'function') throw new Error(`Plugin "${plugin.name}" has no setup() function`)
    if (plugin.order !== undefined && plugin.order !== 'pre' && plugin.order !== 'post') {
      throw new Error(`Plugin "${plugin.name}" has order "${String(plugin.order)}"; use "pre" or "post"`)
    }
    if (seen.has(plugin.name)) throw new Error(`Duplicate plugin "${plugin.name}": each plugin can be registered once`)
    seen.add(plugin.name)
  }
  for (const plugin of flat) {
    const missing = (plugin.requires ?? []).filter((name) => !seen.has(name))
    if (missing.length) {
      throw new Error(`Plugin "${plugin.name}" requires ${missing.map((m) => `"${m}"`).join(', ')}, which ${missing.length > 1 ? 'are' : 'is'} not registered`)
    }
  }
  const rank = (p: Plugin) => (p.order === 'pre' ? 0 : p.order === 'post' ? 2 : 1)
  const ranked = flat.map((p, i) => ({ p, i })).sort((a, b) => rank(a.p) - rank(b.p) || a.i - b.i).map(({ p }) => p)
  // A plugin's `requires` set up before it, so its setup can call getPlugin() on them.
  const byName = new Map(ranked.map((p) => [p.name, p]))
  const placed = new Set<string>()
  const visiting: string[] = []
  const ordered: Plugin[] = []
  const place = (plugin: Plugin) => {
    if (placed.has(plugin.name)) return
    if (visiting.includes(plugin.name)) {
      throw new Error(`Plugins ${[...visiting.slice(visiting.indexOf(plugin.name)), plugin.name].map((n) => `"${n}"`).join(' → ')} require each other`)
    }
    visiting.push(plugin.name)
    for (const name of plugin.requires ?? []) place(byName.get(name)!)
    visiting.pop()
    placed.add(plugin.name)
    ordered.push(plugin)
  }
  ranked.forEach(place)
  return ordered
}
