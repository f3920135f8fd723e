import type { CaipNetworkId, ChainNamespace } from './caip.js'
import type { ChainWriter } from './chain-writer.js'
import type { Connection } from './connection-api.js'
import type { AfterConnectStep } from './plugin.js'
import type { RouteEntry, Router } from './router.js'
import type { KernelState } from './state.js'
import type { ViewRegistry } from './views.js'

/** The views every navigation rule lands on. */
export const Views = {
  Connect: 'Connect',
  Account: 'Account',
  UnsupportedChain: 'UnsupportedChain',
} as const

/** Every post-connect and post-disconnect navigation rule of the modal, in one place: views ask, the kernel decides. */
export interface Navigation {
  /**
   * After a successful connection: UnsupportedChain when the wallet is on a network the host did not request
   * (unless the host allows that), else a plugin's after-connect step (sign-in …) if one applies, else Account.
   */
  connected(namespace: ChainNamespace): void
  /** After a disconnect: back to Connect when nobody stays connected, else Account of the namespace now active. */
  disconnected(): void
  /** The resting view: Account when connected, else Connect (embedded mode's close, a goBack to nothing). */
  resting(): string
  /** Whether a wallet on an unrequested network is shown UnsupportedChain (network switching on, not allowed). */
  showsUnsupported(): boolean
  /**
   * Connects and, while the view that asked is still the one shown and the account is connected, goes where
   * `connected` says. Rejects as the connection does (a declined request, a wallet error).
   */
  connect(connectorId: string, namespace?: ChainNamespace): Promise<void>
  /**
   * Disconnects `namespace` (or every one) and goes to Connect when nobody stays connected, else to Account of the
   * namespace now active. The local session ends even when the wallet could not be told: it never rejects.
   */
  disconnect(namespace?: ChainNamespace): Promise<void>
  /** Switches to a network; one of a namespace not connected yet leads to Connect for that namespace. */
  switchNetwork(caipNetworkId: CaipNetworkId): Promise<void>
  /** Closing abandons a pending connection, as its Cancel button does, and leaves the connecting view for the resting one. */
  leaveConnecting(): void
  /** Remembers the Account tab chosen (by its slot entry's id) for the active account: coming back finds the same tab. */
  selectAccountTab(id: string): void
}

export interface NavigationDeps {
  router: Router
  views: ViewRegistry
  state: KernelState
  /** The first after-connect step (in plugin order) that leads somewhere. */
  afterConnect: (
    info: Parameters<AfterConnectStep>[0],
    accept: (next: ReturnType<AfterConnectStep>) => boolean,
  ) => ReturnType<AfterConnectStep>
  showsUnsupported?: () => boolean
  /** The connection, read at call time (it is created after the plugins set up). */
  connection?: () => Pick<Connection, 'connect' | 'disconnect' | 'switchNetwork' | 'cancelConnect'>
  writer?: Pick<ChainWriter, 'patch'>
}

/** The rules that only apply once someone can be connected: they load with the connection's code. */
export type ConnectedNavigation = Pick<Navigation, 'connected' | 'disconnect' | 'switchNetwork'> & {
  /** `asking` is the view shown when the connect was asked for: only while it still is does the modal move on. */
  connect(connectorId: string, namespace: ChainNamespace | undefined, asking: RouteEntry | undefined): Promise<void>
}

/** What the loaded rules need: the navigation's deps and the navigation they complete. */
export type ConnectedNavigationDeps = NavigationDeps & {
  navigation: Navigation
  isConnected(): boolean
  go(view: string, data?: unknown): void
}

export function createNavigation(
  deps: NavigationDeps & { load?: () => Promise<unknown> },
): Navigation & { install(create: (deps: ConnectedNavigationDeps) => ConnectedNavigation): void } {
  const { router, views, state } = deps
  const isConnected = () => state.$snapshot.get().status === 'connected'
  const go = (view: string, data?: unknown) => {
    if (views.has(view)) router.reset(view, data)
  }
  const connection = () => deps.connection!()
  let rules: ConnectedNavigation | undefined
  /** The loaded rules: the connection's code loads first (it installs them). */
  const loaded = async () => (await deps.load?.(), rules!)
  const navigation = {
    showsUnsupported: deps.showsUnsupported ?? (() => true),
    // Nobody is connected before the connection's code loaded: until then there is nothing to show.
    connected: (namespace: ChainNamespace) => rules?.connected(namespace),
    disconnected() {
      go(isConnected() ? Views.Account : Views.Connect)
    },
    resting: () => (isConnected() ? Views.Account : Views.Connect),
    async connect(connectorId: string, namespace?: ChainNamespace) {
      const asking = router.current
      return (await loaded()).connect(connectorId, namespace, asking)
    },
    disconnect: async (namespace?: ChainNamespace) => (await loaded()).disconnect(namespace),
    switchNetwork: async (caipNetworkId: CaipNetworkId) => (await loaded()).switchNetwork(caipNetworkId),
    leaveConnecting() {
      const connecting = Object.values(state.$chains.get()).filter((c) => c.accountState.status === 'connecting')
      for (const chain of connecting) connection().cancelConnect(chain.namespace)
      if (connecting.length && views.has(navigation.resting())) router.reset(navigation.resting())
    },
    selectAccountTab(id: string) {
      const namespace = state.$activeNamespace.get()
      if (namespace && typeof id === 'string' && id) deps.writer?.patch(namespace, { account: { currentTab: id } })
    },
    install(create: (deps: ConnectedNavigationDeps) => ConnectedNavigation) {
      rules = create({ ...deps, navigation, isConnected, go })
    },
  }
  return navigation
}
