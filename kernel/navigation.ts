import type { CaipNetworkId, ChainNamespace } from './caip.js'
import type { ChainWriter } from './chain-writer.js'
import type { Connection } from './connection.js'
import type { AfterConnectStep } from './plugin.js'
import type { Router } from './router.js'
import type { KernelState } from './state.js'
import type { ViewRegistry } from './views.js'

/** The views every navigation rule lands on. */
export const Views = {
  Connect: 'Connect',
  Account: 'Account',
  ConnectingExternal: 'ConnectingExternal',
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
  afterConnect: (info: Parameters<AfterConnectStep>[0], accept: (next: ReturnType<AfterConnectStep>) => boolean) => ReturnType<AfterConnectStep>
  showsUnsupported?: () => boolean
  /** The connection, read at call time (it is created after the plugins set up). */
  connection?: () => Pick<Connection, 'connect' | 'disconnect' | 'switchNetwork' | 'cancelConnect'>
  writer?: Pick<ChainWriter, 'patch'>
}

export function createNavigation(deps: NavigationDeps): Navigation {
  const { router, views, state, afterConnect, showsUnsupported = () => true } = deps
  const isConnected = () => state.$snapshot.get().status === 'connected'
  const go = (view: string, data?: unknown) => {
    if (views.has(view)) router.reset(view, data)
  }
  const connection = () => deps.connection!()
  const navigation: Navigation = {
    showsUnsupported,
    connected(namespace) {
      const chain = state.$chains.get()[namespace]
      if (chain?.networkState.unsupportedCaipNetworkId && !chain.networkState.caipNetwork && showsUnsupported() && views.has(Views.UnsupportedChain)) {
        return router.reset(Views.UnsupportedChain, { namespace })
      }
      const account = chain?.accountState
      if (account?.address) {
        const caipNetworkId = chain?.networkState.caipNetwork?.caipNetworkId
        const next = afterConnect({ namespace, address: account.address, caipNetworkId }, (step) => Boolean(step && views.has(step.view)))
        if (next && views.has(next.view)) return router.reset(next.view, next.data)
      }
      go(Views.Account)
    },
    disconnected() {
      go(isConnected() ? Views.Account : Views.Connect)
    },
    resting: () => (isConnected() ? Views.Account : Views.Connect),
    async connect(connectorId, namespace) {
      const asking = router.current
      await connection().connect(connectorId, namespace)
      // A connect that was cancelled meanwhile resolves without a connected account: nothing to show then.
      const connected = namespace ?? state.$activeNamespace.get()
      if (router.current === asking && connected && state.$chains.get()[connected]?.accountState.status === 'connected') navigation.connected(connected)
    },
    async disconnect(namespace) {
      try {
        await connection().disconnect(namespace)
      } catch {
        // The local session is gone even when the wallet could not be told.
      }
      if (!isConnected()) go(Views.Connect)
      else if (router.current?.view !== Views.Account) go(Views.Account)
    },
    async switchNetwork(caipNetworkId) {
      await connection().switchNetwork(caipNetworkId)
      // A requested network's namespace is its id's first part.
      const target = caipNetworkId.split(':')[0]!
      if (state.$chains.get()[target]?.accountState.status !== 'connected' && views.has(Views.Connect)) router.push(Views.Connect, { namespace: target })
    },
    leaveConnecting() {
      const connecting = Object.values(state.$chains.get()).filter((c) => c.accountState.status === 'connecting')
      for (const chain of connecting) connection().cancelConnect(chain.namespace)
      if (connecting.length && views.has(navigation.resting())) router.reset(navigation.resting())
    },
    selectAccountTab(id) {
      const namespace = state.$activeNamespace.get()
      if (namespace && typeof id === 'string' && id) deps.writer?.patch(namespace, { account: { currentTab: id } })
    },
  }
  return navigation
}
