import { createChainWriter } from './chain-writer.js'
import type { Connection, ConnectionDeps } from './connection.js'
import { lazyOnce } from './lazy-once.js'

/** The connection before its code is loaded: every method loads it first; `prefetch` only fetches the code. */
export type LazyConnection = Connection & {
  load(): Promise<Connection>
  prefetch(): Promise<unknown>
  /** Runs `install` with the connection's code once it is loaded, before the connection is created. */
  whenLoaded(install: (code: typeof import('./connection.js')) => void): void
  /** The modal is destroyed: what the connection planned for later is cancelled. */
  stop(): void
}

/**
 * The connection logic is the largest part of the kernel and nothing needs it before the first open (or a
 * host's `reconnect()`/`connect()`), so it loads with import() then: hosts pay for it after the click.
 * Until it is loaded nothing can be connecting, so the synchronous methods have nothing to do.
 */
export function createLazyConnection(deps: ConnectionDeps): LazyConnection {
  // Each namespace starts disconnected on its requested networks, so state reads work before the load.
  const writer = (deps.writer ??= createChainWriter(deps.state, deps.chains))
  for (const adapter of deps.chains.list())
    writer.write(adapter.namespace, { network: { requestedCaipNetworks: adapter.networks, supportsAllNetworks: false } }, true)
  let loaded: (Connection & { stop(): void }) | undefined
  const installs: Array<(code: typeof import('./connection.js')) => void> = []
  const code = () => import('./connection.js')
  const load = lazyOnce(() =>
    code().then((m) => (installs.splice(0).forEach((install) => install(m)), (loaded = m.createConnection(deps)))),
  )
  /** `name` of the loaded connection, once its code is here. */
  const later = <K extends keyof Connection>(name: K) =>
    (async (...args: unknown[]) => ((await load())[name] as (...a: unknown[]) => unknown)(...args)) as Connection[K]
  return {
    load,
    whenLoaded: (install) => void installs.push(install),
    stop: () => loaded?.stop(),
    // Fetches the code only: nothing is created and no wallet is asked until the first real use.
    prefetch: code,
    connect: later('connect'),
    reconnect: later('reconnect'),
    disconnect: later('disconnect'),
    switchNetwork: later('switchNetwork'),
    signMessage: later('signMessage'),
    sendNative: later('sendNative'),
    refreshBalance: later('refreshBalance'),
    removeNetwork: later('removeNetwork'),
    cancelConnect: (namespace) => loaded?.cancelConnect(namespace),
    markConnecting(namespace, connectorId) {
      if (loaded) loaded.markConnecting(namespace, connectorId)
      else void load().then((c) => c.markConnecting(namespace, connectorId))
    },
    networkFor: (namespace) => loaded?.networkFor(namespace) ?? deps.state.$chains.get()[namespace]?.networkState.requestedCaipNetworks[0],
  }
}
