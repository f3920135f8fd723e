import type { ViewContext } from '../kernel/index.js'
import type { SlotEntry } from '../kernel/views.js'

// The shell's own views, for the routers of plugins that check their view ids (`CheckedViews`).
declare module '../kernel/router.js' {
  interface ViewIds {
    Connect: undefined
    ConnectingExternal: unknown
    ConnectingMultiChain: unknown
    Account: undefined
    Networks: undefined
    UnsupportedChain: undefined
  }
}

/**
 * Props the shell passes to every view component, the plugin's own and the built-in ones. `P`, the registering
 * plugin's name, types `ctx.api` through `PluginApis`.
 */
export interface ViewProps<Data = unknown, P extends string = string> {
  ctx: ViewContext<P>
  data: Data
  /** Replaces the header title while this view is shown. */
  setTitle(title: string): void
}

/** Props of a slot component (an `account.tabs` panel, a `connect.methods` section): its context and its entry. */
export interface TabProps<P extends string = string> {
  ctx: ViewContext<P>
  entry: SlotEntry
}
