import type { BlockchainApi } from './blockchain-api.js'
import type { ChainRegistry } from './chains.js'
import type { EventBus } from './events.js'
import type { Feedback } from './feedback.js'
import type { HttpClient } from './http.js'
import type { LocaleFormat } from './format.js'
import type { I18n } from './i18n.js'
import type { Navigation } from './navigation.js'
import type { ResolvedOptions } from './options.js'
import type { Platform } from './platform.js'
import type { PluginApis, PluginConnection, ReadonlyKernelState, Services } from './plugin.js'
import type { RouterOf } from './router.js'
import type { Slots, ViewRegistry } from './views.js'
import type { WalletSources } from './wallets.js'

/**
 * The connection as a view uses it: what plugins reach, with `connect`, `disconnect` and `switchNetwork` asking
 * the kernel's navigation (the kernel decides the view that follows), and the Account tab chosen.
 */
export interface ViewConnection
  extends Omit<PluginConnection, 'connect' | 'disconnect' | 'switchNetwork'>,
    Pick<Navigation, 'connect' | 'disconnect' | 'switchNetwork' | 'selectAccountTab' | 'connected'> {}

/** The API plugin `P` returned from its setup, as `PluginApis` types it; `unknown` for a name it does not know. */
export type PluginApiOf<P extends string> = P extends keyof PluginApis ? PluginApis[P] : unknown

/**
 * What a view or slot component receives from the shell as `ctx`: everything it draws from and asks through,
 * read-only where it is the kernel's. `P` is the name of the plugin that registered it, which types `api`:
 * `ViewProps<Data, 'hello'>` gives `ctx.api` as `PluginApis['hello']`.
 */
export interface ViewContext<P extends string = string> {
  /** The plugin that registered the view or slot entry; undefined for the shell's own views. */
  readonly plugin: P | undefined
  /** The registering plugin's API (what its setup returned). */
  readonly api: PluginApiOf<P>
  /** View stack and transaction stack; view ids checked for a plugin listed in `CheckedViews`. */
  router: RouterOf<P>
  /** Translates a message key (the plugin's catalog added with `i18n.add`). */
  t: I18n['t']
  i18n: I18n
  /** Numbers, money and dates in the modal's locale (`format.currency(12.5, 'USD')`): what a view shows them with. */
  format: LocaleFormat
  /** Connect, disconnect, switch, sign, send; the connected account. */
  connection: ViewConnection
  /** The modal's state, read-only. */
  state: ReadonlyKernelState
  /** Snackbar, alerts and shake. */
  feedback: Feedback
  events: EventBus
  /** Services plugins provide each other (`Capabilities.Balances` …); the kernel's own are refused as in setup. */
  services: Pick<Services, 'get' | 'resolve'>
  /** The provider API client; its `url` builds image addresses (`networkImageUrl`). */
  http: Pick<HttpClient, 'url'>
  blockchainApi: BlockchainApi
  options: Readonly<ResolvedOptions>
  platform: Platform
  chains: Pick<ChainRegistry, 'list' | 'get' | 'findConnector' | '$connectors'>
  wallets: WalletSources
  views: Pick<ViewRegistry, 'has'>
  slots: Pick<Slots, 'list'>
}
