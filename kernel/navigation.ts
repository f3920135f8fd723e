import type { ChainNamespace } from './caip.js'
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

/** Every post-connect and post-disconnect navigation rule of the modal, in one place. */
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
}

export function createNavigation(deps: {
  router: Router
  views: ViewRegistry
  state: KernelState
  steps: readonly AfterConnectStep[]
  /** Whether a wallet on an unrequested network is shown UnsupportedChain (network switching on, not allowed). */
  showsUnsupported?: () => boolean
  report: (error: unknown) => void
}): Navigation {
  const { router, views, state, steps, report, showsUnsupported = () => true } = deps
  const isConnected = () => state.$snapshot.get().status === 'connected'
  const go = (view: string, data?: unknown) => {
    if (views.has(view)) router.reset(view, data)
  }
  return {
    connected(namespace) {
      const chain = state.$chains.get()[namespace]
      if (chain?.networkState.unsupportedCaipNetworkId && !chain.networkState.caipNetwork && showsUnsupported() && views.has(Views.UnsupportedChain)) {
        return router.reset(Views.UnsupportedChain, { namespace })
      }
      const account = chain?.accountState
      if (account?.address) {
        const caipNetworkId = state.$chains.get()[namespace]?.networkState.caipNetwork?.caipNetworkId
        for (const step of steps) {
          try {
            const next = step({ namespace, address: account.address, caipNetworkId })
            if (next && views.has(next.view)) return router.reset(next.view, next.data)
          } catch (error) {
            report(error)
          }
        }
      }
      go(Views.Account)
    },
    disconnected() {
      go(isConnected() ? Views.Account : Views.Connect)
    },
    resting: () => (isConnected() ? Views.Account : Views.Connect),
  }
}
