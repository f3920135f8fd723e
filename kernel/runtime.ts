/**
 * What the modal does once someone uses it: showing and closing it, the navigation rules, and the rule that opens
 * UnsupportedChain. It loads with import() on the first open, on `preload()` and with the connection code: until
 * then the modal is closed and nothing is connected, so a page that never opens the modal never runs it.
 */
import type { ChainNamespace } from './caip.js'
import type { Connection } from './connection.js'
import type { EventBus, VestibuleEvents } from './events.js'
import type { Feedback } from './feedback.js'
import type { I18n } from './i18n.js'
import type { Shell } from './kernel.js'
import { createNavigation, type Navigation } from './navigation.js'
import type { ResolvedOptions } from './options.js'
import type { AfterConnectStep, PluginContext } from './plugin.js'
import type { Router } from './router.js'
import type { KernelState } from './state.js'
import { Views, type ViewRegistry } from './views.js'

/** What the kernel and its runtime share while the modal lives. */
export interface LiveState {
  /** Bumped by every open() and close(): an open() still waiting gives up when it changed. */
  request: number
  destroyed: boolean
  shell?: Promise<Shell>
}

export interface RuntimeDeps {
  live: LiveState
  options: ResolvedOptions
  state: KernelState
  router: Router
  views: ViewRegistry
  events: EventBus
  feedback: Feedback
  i18n: I18n
  connection: Connection
  openHooks: ReadonlyArray<{ plugin: string; hook: Parameters<PluginContext['onOpen']>[0] }>
  closeGuards: ReadonlyArray<() => string | undefined>
  afterConnectSteps: readonly AfterConnectStep[]
  showsUnsupported: () => boolean
  report: (source: string, error: unknown) => void
  /** Loads and mounts the shell (absent: a headless modal). */
  loadShell?: () => Promise<Shell>
  /** The modal's own open(), for the views the runtime opens by rule. */
  open: (view: string, data: unknown) => Promise<void>
}

export interface Runtime {
  navigation: Navigation
  /** Shows the modal on `target` (the rest of `open()` once the view is chosen). */
  show(target: { view: string; data?: unknown } | undefined, first: boolean): Promise<void>
  /** `modal.close()` while the modal is open. */
  close(): boolean
  networkChanged(event: VestibuleEvents['network:change']): void
}

export function createRuntime(deps: RuntimeDeps): Runtime {
  const { live, options, state, router, views, events, feedback, i18n, connection, report } = deps
  const navigation = createNavigation({ router, views, state, steps: deps.afterConnectSteps, showsUnsupported: deps.showsUnsupported, report: (error) => report('afterConnect', error) })
  const isConnected = () => state.$snapshot.get().status === 'connected'
  // The UnsupportedChain this runtime opened, with the open's request number and the namespace it is about.
  let unsupportedOpen: { request: number; namespace: ChainNamespace } | undefined

  return {
    navigation,
    async show(target, first) {
      const connected = isConnected()
      const run = (plugin: string, hook: () => unknown) =>
        Promise.resolve()
          .then(hook)
          .catch((error) => report(`hook of ${plugin}`, error))
      for (const { plugin, hook } of deps.openHooks) void run(plugin, () => hook({ first, connected }))
      // The balance shown must not be older than the cache allows (30 s): read again when it is.
      if (connected) void connection.refreshBalance().catch((error) => report('balance', error))
      if (target) router.reset(target.view, target.data)
      state.$modal.setKey('open', true)
      events.emit('modal:open', { view: target?.view ?? '' })
      if (!deps.loadShell) return
      live.shell ??= deps.loadShell()
      try {
        const loaded = await live.shell
        if (state.$modal.get().open && !live.destroyed) loaded.show()
      } catch (error) {
        live.shell = undefined
        state.$modal.setKey('open', false)
        throw error
      }
    },
    close() {
      // A plugin may refuse (sign-in that is required and not done yet): its reason is shown instead.
      for (const guard of deps.closeGuards) {
        let reason: string | undefined
        try {
          reason = guard()
        } catch (error) {
          report('close guard', error)
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
      void live.shell?.then((s) => s.hide())
      events.emit('modal:close', {})
      return true
    },
    // A wallet on a network the host did not request shows UnsupportedChain, unless the host allows unsupported
    // chains, disabled network switching, or runs without chain adapters (basic mode). The view is opened for the
    // namespace whose network changed, which need not be the active one. Back on a requested network, the
    // UnsupportedChain opened here goes again, whether it is shown already or its open is still under way (a
    // wallet may move away and back within a tick), unless the user opened or closed the modal since.
    networkChanged({ supported, namespace }) {
      if (supported) {
        if (unsupportedOpen?.namespace !== namespace) return
        const mine = unsupportedOpen.request === live.request
        unsupportedOpen = undefined
        if (!mine) return
        if (state.$modal.get().open && router.current?.view === Views.UnsupportedChain) router.goBack()
        else live.request++
        return
      }
      if (!deps.showsUnsupported()) return
      if (state.$chains.get()[namespace]?.accountState.status !== 'connected' || !views.has(Views.UnsupportedChain)) return
      const current = router.current
      if (current?.view === Views.UnsupportedChain && (current.data as { namespace?: string } | undefined)?.namespace === namespace) return
      void deps.open(Views.UnsupportedChain, { namespace }).catch((error) => report('open', error))
      // open() took its request number synchronously.
      unsupportedOpen = { request: live.request, namespace }
    },
  }
}
