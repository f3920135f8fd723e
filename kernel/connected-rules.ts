import type { ChainNamespace } from './caip.js'
import type { EventBus } from './events.js'
import { Views, type Navigation } from './navigation.js'
import type { Router } from './router.js'
import type { KernelState } from './state.js'
import type { ViewRegistry } from './views.js'

/**
 * The modal's rules that follow the wallet's events (a disconnect, a network change). Only the connection's code
 * emits those, so these rules load with it, after the first open or a host's first connection call.
 */
export interface ConnectedRulesDeps {
  events: EventBus
  state: KernelState
  router: Router
  views: ViewRegistry
  navigation: Navigation
  open(view: string, data?: unknown): Promise<void>
  /** The modal's open requests: an open or close since the rule acted means the user took over. */
  life: { openRequest: number }
  reportError(source: string, error: unknown): void
}

export function watchConnected(deps: ConnectedRulesDeps) {
  watchUnsupported(deps)
  leaveAccountViews(deps)
}

/** A disconnect that leaves nobody connected takes the modal from a view that needs an account to the resting view. */
function leaveAccountViews({ events, state, router, views, navigation }: ConnectedRulesDeps) {
  events.on('disconnect', () => {
    const current = router.current?.view
    if (!current || !views.get(current)?.requiresAccount || state.$snapshot.get().status === 'connected') return
    const resting = navigation.resting()
    if (views.has(resting)) router.reset(resting)
  })
}

/**
 * A wallet on a network the host did not request shows UnsupportedChain, for the namespace whose network changed
 * (not necessarily the active one), unless the host allows unsupported chains, disabled network switching, or runs
 * without chain adapters (basic mode). Back on a requested network, the UnsupportedChain the kernel opened goes
 * again, whether it is shown already or its open is still under way (a wallet may move away and back within a
 * tick), unless the user opened or closed the modal since.
 */
function watchUnsupported({ events, state, router, views, navigation, open, life, reportError }: ConnectedRulesDeps) {
  let unsupportedOpen: { request: number; namespace: ChainNamespace } | undefined
  events.on('network:change', ({ supported, namespace }) => {
    if (supported) {
      if (unsupportedOpen?.namespace !== namespace) return
      const mine = unsupportedOpen.request === life.openRequest
      unsupportedOpen = undefined
      if (!mine) return
      if (state.$modal.get().open && router.current?.view === Views.UnsupportedChain) router.goBack()
      else life.openRequest++
      return
    }
    if (!navigation.showsUnsupported()) return
    if (state.$chains.get()[namespace]?.accountState.status !== 'connected' || !views.has(Views.UnsupportedChain)) return
    const current = router.current
    if (current?.view === Views.UnsupportedChain && (current.data as { namespace?: string } | undefined)?.namespace === namespace) return
    void open(Views.UnsupportedChain, { namespace }).catch((error) => reportError('open', error))
    // open() took its request number synchronously.
    unsupportedOpen = { request: life.openRequest, namespace }
  })
}
