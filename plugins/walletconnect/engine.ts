/**
 * The WalletConnect session lifecycle: loads the SDK, offers pairing URIs, adopts approved sessions into the
 * chain plugins, restores and ends them. Loaded with import() on the first WalletConnect path only.
 */
import type { MapStore } from 'nanostores'
import { errorMessage, shownMessage, type CaipNetworkId, type PluginContext, type RemoteSession } from 'vestibule/kernel'
import { safeImageUrl, walletName } from 'vestibule/utils'
import { CONNECTOR_ID } from './connector.js'
import { addMessages } from './messages.js'
import { approvedNetworks, BASIC_METHODS, buildNamespaces, proposedNetworks } from './namespaces.js'
import { DEFAULT_CONNECT_TIMEOUT_MS, PAIRING_EXPIRY_MARGIN_MS, PAIRING_EXPIRY_MS, isPairingExpired } from './pairing.js'
import type { FacadeRegistry } from './registry.js'
import type { SessionStore } from './session-store.js'
import { shareTabs, snapshotOf, type SessionSnapshot, type Tabs } from './tab-owner.js'
import type { PeerWallet, UniversalProvider, WalletConnectOptions, WalletConnectState } from './types.js'

export { createRegistry, type FacadeRegistry } from './registry.js'
export { sessionStore, type SessionStore, type StoredSession } from './session-store.js'

type Sdk = { UniversalProvider: { init(options: Record<string, unknown>): Promise<UniversalProvider> } }

export interface EngineDeps {
  ctx: PluginContext
  options: WalletConnectOptions
  $state: MapStore<WalletConnectState>
  registry: FacadeRegistry
  stored: SessionStore
  /** Namespaces the kernel has connected through WalletConnect (kept by the plugin from kernel events). */
  linked: Set<string>
  /** True while a pairing view is shown: only then is an expired URI renewed at once. */
  isWatched(): boolean
  /** How the SDK is loaded; tests hand in a fake. */
  loadSdk?: () => Promise<Sdk>
  now?: () => number
}

export interface Engine {
  getProvider(): Promise<UniversalProvider>
  pair(options?: { force?: boolean }): Promise<void>
  /** Restores a stored session: the session as the chain plugins use it, or undefined (the stored marker is dropped). */
  restore(): Promise<RemoteSession | undefined>
  /** Ends the session at the wallet (in the background) and in the modal. */
  disconnect(): Promise<void>
  destroy(): void
}

class TimeoutError extends Error {}

function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimeoutError(message)), ms)
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    )
  })
}

/** A session as the modal reads it: the SDK's own (owner tab) or the owner's snapshot (follower tab). */
type SessionLike = Pick<SessionSnapshot, 'namespaces'> & { peer?: { metadata?: { name?: unknown; icons?: unknown } } }

function peerOf(session: SessionLike): PeerWallet {
  const metadata = session.peer?.metadata
  // The peer's name and icons are the wallet's word: cleaned like every other wallet's.
  const name = walletName(metadata?.name, 'WalletConnect')
  const icons: unknown = metadata?.icons
  const icon = Array.isArray(icons) ? icons.slice(0, 8).map(safeImageUrl).find(Boolean) : undefined
  return icon ? { name, icon } : { name }
}

/** What the user is told about a failed pairing: the relay is down, they declined, or what the wallet said. */
function classify(ctx: PluginContext, error: unknown): NonNullable<WalletConnectState['error']> {
  const text = errorMessage(error).slice(0, 1000)
  if (error instanceof TimeoutError) return { kind: 'relay', message: ctx.i18n.t('walletConnect.relayDown') }
  const e = error as { code?: unknown; message?: unknown } | null
  if (e?.code === 5000 || e?.code === 5001 || e?.code === 4001 || /reject/i.test(text))
    return { kind: 'rejected', message: ctx.i18n.t('walletConnect.declined') }
  if (/socket|relay|connection/i.test(text)) return { kind: 'relay', message: ctx.i18n.t('walletConnect.relayDown') }
  return { kind: 'failed', message: shownMessage(error, (words) => ctx.i18n.t('walletConnect.walletSays', { message: words })) }
}

function defaultLoadSdk(): Promise<Sdk> {
  // The SDK reads Node's `global` unguarded in browser code paths (crypto, link mode): a host bundler that
  // does not define it would break pairing, so it is provided, once, on the WalletConnect path only.
  const scope = globalThis as { global?: unknown }
  if (typeof scope.global === 'undefined') scope.global = globalThis
  return import('@walletconnect/universal-provider') as unknown as Promise<Sdk>
}

/** What the engine does with the provider's events. */
interface ProviderEvents {
  uri(uri: string): void
  ended(): void
  updated(up: UniversalProvider): void
  event(namespace: string, name: string, data: unknown): void
  /** The socket to the relay closed: answers on their way through it are lost. */
  relayLost(): void
}

/** The SDK's Core is a singleton per storage prefix, kept on `globalThis` under this name. */
const coreKey = (ctx: PluginContext) => `_walletConnectCore_vestibule:${ctx.options.storagePrefix ?? '@vestibule'}`

/**
 * Closes a client another tab took over: its socket to the relay goes, and its Core is forgotten, so that this tab
 * starts a fresh one from the SDK's storage (where the new owner writes) if it owns the session again.
 */
function stopProvider(ctx: PluginContext, up: UniversalProvider) {
  const scope = globalThis as Record<string, unknown>
  delete scope[coreKey(ctx)]
  delete scope[`${coreKey(ctx)}_count`]
  return up.client?.core?.relayer?.transportClose()
}

/** Starts the SDK's universal provider for this modal, its events wired to `on`. */
async function startProvider(deps: EngineDeps, on: ProviderEvents): Promise<UniversalProvider> {
  const { ctx, options } = deps
  const { UniversalProvider } = await (deps.loadSdk ?? defaultLoadSdk)()
  const metadata = ctx.options.metadata
  const origin = typeof location !== 'undefined' ? location.origin : 'http://localhost'
  const up = await UniversalProvider.init({
    projectId: ctx.options.projectId,
    relayUrl: options.relayUrl,
    // Core is a singleton per storage prefix: each modal's storage prefix gets its own.
    customStoragePrefix: `vestibule:${ctx.options.storagePrefix ?? '@vestibule'}`,
    telemetryEnabled: false,
    logger: options.logLevel ?? 'silent',
    metadata: {
      name: metadata?.name ?? 'Vestibule',
      description: metadata?.description ?? '',
      url: metadata?.url ?? origin,
      icons: [...(metadata?.icons ?? [])],
    },
  })
  up.on('display_uri', (uri: string) => on.uri(uri))
  up.on('session_delete', () => on.ended())
  up.client.on('session_expire', ({ topic }: { topic: string }) => {
    if (!up.session || up.session.topic === topic) on.ended()
  })
  up.on('session_event', (event: { params: { chainId: string; event: { name: string; data: unknown } } }) => {
    on.event(event.params.chainId.split(':')[0]!, event.params.event.name, event.params.event.data)
  })
  up.on('session_update', () => {
    if (up.session) on.updated(up)
  })
  up.client.core.relayer.on('relayer_disconnect', () => on.relayLost())
  return up
}

/** The wallet's answer to a request cannot come once the relay connection it was sent over is gone. */
class RelayLostError extends Error {}

/**
 * The session as the chain plugins use it. A request to the wallet still unanswered when the socket to the relay
 * closes fails at once with `lost()`: a relay that restarts has forgotten it, so the wallet's answer would never
 * come, and the user asks again once the SDK has reconnected. Reads go to the network's RPC and are left alone.
 */
function remoteSession(up: UniversalProvider, inFlight: Set<() => void>, lost: () => string): RemoteSession {
  const toWallet = (method: string, chain: string | undefined) => {
    const namespace = (chain ?? '').split(':')[0] ?? ''
    const methods = up.session?.namespaces[namespace]?.methods ?? Object.values(up.session?.namespaces ?? {}).flatMap((n) => n.methods)
    return methods.includes(method)
  }
  return {
    get session() {
      return up.session
    },
    setDefaultChain: (chain) => up.setDefaultChain(chain),
    request(args, chain) {
      const answer = up.request(args as { method: string; params?: unknown[] }, chain)
      if (!toWallet(args.method, chain)) return answer
      return new Promise((resolve, reject) => {
        const fail = () => reject(new RelayLostError(lost()))
        inFlight.add(fail)
        answer.then(resolve, reject).finally(() => inFlight.delete(fail))
      })
    },
  }
}

/** The session as the chain plugins use it, and `lost()`: every wallet request awaiting its answer fails at once. */
function relayRequests(message: () => string) {
  const inFlight = new Set<() => void>()
  return {
    session: (up: UniversalProvider) => remoteSession(up, inFlight, message),
    lost() {
      const pending = [...inFlight]
      inFlight.clear()
      for (const fail of pending) fail()
    },
  }
}

/** networkState.approvedCaipNetworkIds: the Networks view greys out what the session did not approve. */
function writeApproved(ctx: PluginContext, approved: Record<string, readonly CaipNetworkId[]> | undefined) {
  for (const adapter of ctx.chains.list()) {
    if (!ctx.state.$chains.get()[adapter.namespace]) continue
    ctx.connection.setNetworkFields(adapter.namespace, { approvedCaipNetworkIds: approved?.[adapter.namespace] })
  }
}

/** The session as the modal knows it: peer and approved networks in the state, the marker in storage. */
function recordSession(deps: EngineDeps, session: SessionLike, status: 'connecting' | 'connected') {
  const peer = peerOf(session)
  const approved = approvedNetworks(session.namespaces)
  deps.stored.set({ namespaces: Object.keys(approved), peer })
  deps.$state.set({ ...deps.$state.get(), status, uri: undefined, expiresAt: undefined, peer, approved, error: undefined })
  writeApproved(deps.ctx, approved)
  return { peer, approved }
}

/** Ends the session in the modal: connectors removed, every namespace it carried disconnected. */
async function endInModal(deps: EngineDeps) {
  const { ctx, $state, linked, registry } = deps
  deps.stored.clear()
  $state.set({
    ...$state.get(),
    status: 'idle',
    uri: undefined,
    expiresAt: undefined,
    peer: undefined,
    approved: undefined,
    error: undefined,
  })
  const namespaces = [...linked]
  linked.clear()
  for (const namespace of namespaces) {
    const account = ctx.state.$chains.get()[namespace]?.accountState
    // The kernel disconnects every namespace of a WalletConnect session together.
    if (account?.connectorId === CONNECTOR_ID && account.status !== 'disconnected')
      await ctx.connection.disconnect(namespace).catch(() => undefined)
  }
  registry.clear()
  writeApproved(ctx, undefined)
}

/** The wallet approved: the chain plugins get a connector per namespace, and the kernel connects them. */
async function adopt(
  deps: EngineDeps,
  up: UniversalProvider,
  session: (up: UniversalProvider) => RemoteSession,
  current: () => boolean,
  disconnect: () => Promise<void>,
) {
  const { ctx, $state, registry } = deps
  if (!up.session) throw new Error('The wallet approved no session')
  const { peer, approved } = recordSession(deps, up.session, 'connecting')
  const remote = session(up)
  // A host may pair before the modal was ever opened: the chain plugins must be listing connectors by now.
  ctx.chains.startDiscovery()
  const added = await Promise.all(
    Object.keys(approved).map(async (namespace) =>
      (await registry.register(namespace, peer, Promise.resolve(remote))) ? namespace : undefined,
    ),
  )
  if (!current()) return
  try {
    for (const namespace of added) if (namespace) await ctx.connection.connect(CONNECTOR_ID, namespace)
  } catch (error) {
    if (!current()) return
    await disconnect()
    $state.set({ ...$state.get(), status: 'error', error: classify(ctx, error) })
    return
  }
  if (current()) $state.set({ ...$state.get(), status: 'connected' })
}

/**
 * The session as the chain plugins use it in every tab: through this tab's own client while it owns it, else
 * handed to the owner tab. `chain` is the chain requests without one go to, kept for a tab that becomes the owner.
 */
function sharedSession(
  tabs: Tabs,
  local: () => Promise<RemoteSession>,
  current: () => RemoteSession | undefined,
): RemoteSession & { readonly chain?: string } {
  let chain: string | undefined
  return {
    get chain() {
      return chain
    },
    get session() {
      const own = tabs.owner ? current() : undefined
      return own ? own.session : (tabs.snapshot ?? undefined)
    },
    setDefaultChain(next) {
      chain = next
      if (tabs.owner) current()?.setDefaultChain(next)
    },
    request(args, on) {
      if (tabs.owner) return local().then((session) => session.request(args, on ?? chain))
      return tabs.request(args.method, args.params, on ?? chain)
    },
  }
}

/** What the tab client needs from the engine. */
interface ClientHooks {
  uri(uri: string): void
  end(): Promise<void>
  disconnect(): Promise<void>
  /** Another tab took the client while this one was pairing: the pairing stops. */
  stopPairing(): void
  destroyed(): boolean
}

/**
 * This tab's WalletConnect client and its place among the origin's tabs: the owner tab starts the SDK (one socket
 * to the relay) and announces the session; a follower starts none, shows the owner's session and hands its wallet
 * requests over. A tab that needs the client itself (to pair, or a host asking for the provider) takes ownership.
 */
function tabClient(deps: EngineDeps, hooks: ClientHooks) {
  const { ctx, registry, $state } = deps
  const report = (error: unknown) => ctx.events.emit('error', { source: 'walletConnect', error })
  const requests = relayRequests(() => ctx.i18n.t('walletConnect.relayLost'))
  let provider: Promise<UniversalProvider> | undefined
  let live: UniversalProvider | undefined
  /** Bumped when another tab takes the client: the events of this tab's old one are not heard any more. */
  let generation = 0
  /** The session a follower last showed, as the owner announced it. */
  let heard: string | undefined

  const announce = (up: UniversalProvider) => tabs.announce(snapshotOf(up.session))
  const getProvider = (): Promise<UniversalProvider> =>
    (provider ??= (async () => {
      await tabs.decided
      if (!tabs.owner) await tabs.take()
      const mine = generation
      const current = () => mine === generation && !hooks.destroyed()
      const up = await startProvider(deps, {
        uri: (uri) => current() && hooks.uri(uri),
        ended: () => current() && void hooks.end(),
        updated(up) {
          if (!current()) return
          const approved = approvedNetworks(up.session!.namespaces)
          $state.set({ ...$state.get(), approved })
          writeApproved(ctx, approved)
          registry.update()
          announce(up)
        },
        event(namespace, name, data) {
          if (!current()) return
          registry.event(namespace, name, data)
          tabs.event(namespace, name, data)
        },
        relayLost: () => current() && requests.lost(),
      })
      if (!current()) {
        void stopProvider(ctx, up)
        throw new RelayLostError(ctx.i18n.t('walletConnect.relayLost'))
      }
      return (live = up)
    })().catch((error: unknown) => {
      provider = undefined
      throw error
    }))
  const local = () => getProvider().then(requests.session)

  const tabs: Tabs = shareTabs(
    {
      storagePrefix: ctx.options.storagePrefix,
      shared: ctx.options.storage !== null,
      lost: () => new RelayLostError(ctx.i18n.t('walletConnect.relayLost')),
    },
    {
      gained() {
        // The stored session is this tab's to keep now: its client connects to the relay and restores it from the
        // SDK's storage, with no new pairing.
        if (hooks.destroyed() || !deps.stored.get()) return
        void getProvider()
          .then((up) => {
            if (!up.session) return hooks.end()
            recordSession(deps, up.session, 'connected')
            if (shared.chain) up.setDefaultChain(shared.chain)
            announce(up)
          })
          .catch(report)
      },
      lost() {
        generation++
        const old = provider
        provider = live = undefined
        requests.lost()
        void old?.then((up) => stopProvider(ctx, up)).catch(() => undefined)
        hooks.stopPairing()
      },
      hello() {
        if (!provider && !deps.stored.get()) return tabs.announce(null)
        void getProvider().then(announce, report)
      },
      request: (method, params, chain) => local().then((session) => session.request({ method, params }, chain)),
      disconnect: () => void hooks.disconnect().catch(report),
      session(snapshot) {
        if ($state.get().status !== 'connected') return
        if (!snapshot) return void hooks.end()
        // The owner answers every tab's question to all of them: only a changed session is an update.
        if (JSON.stringify(snapshot) === heard) return
        heard = JSON.stringify(snapshot)
        recordSession(deps, snapshot, 'connected')
        registry.update()
      },
      event: (namespace, name, data) => registry.event(namespace, name, data),
    },
  )
  const shared = sharedSession(tabs, local, () => (live ? requests.session(live) : undefined))
  return {
    tabs,
    shared,
    getProvider,
    started: () => provider,
    announce,
    /** Restores a stored session: this tab's client restores it, or the owner tab tells it (no second client here). */
    async restore(timeout: number): Promise<RemoteSession | undefined> {
      await tabs.decided
      const up = tabs.owner ? await getProvider() : undefined
      const session = up ? up.session : await within(tabs.session(), timeout, 'The tab holding the WalletConnect session did not answer')
      if (up) announce(up)
      // No session any more: the marker goes; the connectors answer "no accounts" until the plugin clears them.
      if (!session) return void deps.stored.clear()
      if (!up) heard = JSON.stringify(session)
      recordSession(deps, session, 'connected')
      return shared
    },
    /** True in a follower, which asks the owner tab to end the session at the wallet (unless it already ended). */
    async follows() {
      await tabs.decided
      if (tabs.owner) return false
      if (tabs.snapshot) tabs.disconnect()
      return true
    },
    /** The session stays stored for the next page; this tab's socket to the relay goes, and the next tab waiting gets the client. */
    close() {
      tabs.close()
      void provider?.then((up) => up.client?.core?.relayer?.transportClose()).catch(() => undefined)
    },
  }
}

/**
 * On iPhone Safari and in Telegram the page hands over to the wallet app once the pairing URI is shown: the
 * namespaces asked for show as connecting (the app's own status too) until the wallet answers or the attempt ends.
 */
function handOver(ctx: EngineDeps['ctx']) {
  const away = new Set<string>()
  return {
    applies: () => Boolean(ctx.platform.isIphoneSafari?.() || ctx.platform.isTelegram?.()),
    mark(namespaces: Iterable<string>) {
      for (const namespace of namespaces) {
        away.add(namespace)
        ctx.connection.markConnecting(namespace, CONNECTOR_ID)
      }
    },
    /** The attempt ended without the wallet: the namespaces no longer show as connecting. */
    release() {
      for (const namespace of away) ctx.connection.cancelConnect(namespace)
      away.clear()
    },
    /** The wallet answered: its connection takes over the namespaces' status. */
    forget: () => away.clear(),
  }
}

export function createEngine(deps: EngineDeps): Engine {
  const { ctx, options, $state, registry } = deps
  addMessages(ctx.i18n)
  const now = deps.now ?? Date.now
  const timeout = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS
  const away = handOver(ctx)
  let attempt = 0
  let inflight: Promise<void> | undefined
  let expiryTimer: ReturnType<typeof setTimeout> | undefined
  let onUri: ((uri: string) => void) | undefined
  let ending: Promise<void> | undefined
  let destroyed = false

  const set = (patch: Partial<WalletConnectState>) => $state.set({ ...$state.get(), ...patch })
  const fail = (error: unknown) => set({ status: 'error', uri: undefined, expiresAt: undefined, error: classify(ctx, error) })

  const client = tabClient(deps, {
    uri: (uri) => onUri?.(uri),
    end: () => end(),
    disconnect: () => disconnect(),
    stopPairing() {
      const { status, uri } = $state.get()
      if (status !== 'loading' && status !== 'pairing' && !(status === 'connecting' && uri)) return
      attempt++
      clearTimeout(expiryTimer)
      away.release()
      set({
        status: 'error',
        uri: undefined,
        expiresAt: undefined,
        error: { kind: 'failed', message: ctx.i18n.t('walletConnect.otherTab') },
      })
    },
    destroyed: () => destroyed,
  })
  const { tabs, shared, getProvider } = client

  // Renewed only while someone looks at it; otherwise the next pairing view asks for a fresh one.
  const expire = (mine: number) => {
    if (mine !== attempt || destroyed) return
    if (deps.isWatched()) void pair({ force: true })
    else away.release(), set({ status: 'idle', uri: undefined, expiresAt: undefined })
  }
  const scheduleExpiry = (mine: number, expiresAt: number) => {
    clearTimeout(expiryTimer)
    expiryTimer = setTimeout(() => expire(mine), Math.max(0, expiresAt - PAIRING_EXPIRY_MARGIN_MS - now()))
  }

  /** The pairing URI is shown; on iPhone Safari and in Telegram the page hands over to the wallet from here on. */
  const offer = (mine: number, uri: string, namespaces: Iterable<string>) => {
    const expiresAt = now() + PAIRING_EXPIRY_MS
    const handsOver = away.applies()
    set({ status: handsOver ? 'connecting' : 'pairing', uri, expiresAt, error: undefined })
    // The app's own status says so too, until the wallet answers.
    if (handsOver) away.mark(namespaces)
    scheduleExpiry(mine, expiresAt)
  }

  const run = async (mine: number) => {
    try {
      const up = await within(getProvider(), timeout, 'The WalletConnect SDK did not start')
      const networks = proposedNetworks(ctx.chains.list(), options.networks)
      const namespaces = new Set(networks.map((n) => n.chainNamespace))
      const known = ctx.chains.list().length ? await registry.methods(namespaces) : (options.basicMethods ?? BASIC_METHODS)
      if (mine !== attempt) return
      const uri = new Promise<string>((resolve) => (onUri = resolve))
      const connecting = up.connect({ optionalNamespaces: buildNamespaces(networks, known) })
      // A stale attempt stops listening; its late failure must not surface as an unhandled rejection.
      connecting.catch(() => undefined)
      // The URI comes once the relay took the pairing: a relay that is down must end in an error, not a spinner.
      const shown = await within(Promise.race([uri, connecting.then(() => undefined)]), timeout, 'The relay did not answer')
      if (mine !== attempt) return
      if (shown) offer(mine, shown, namespaces)
      await connecting
      if (mine !== attempt) return
      clearTimeout(expiryTimer)
      away.forget()
      await adopt(
        deps,
        up,
        () => shared,
        () => mine === attempt,
        disconnect,
      )
      if (mine === attempt && up.session) client.announce(up)
    } catch (error) {
      if (mine !== attempt || destroyed) return
      clearTimeout(expiryTimer)
      away.release()
      fail(error)
    } finally {
      if (mine === attempt) inflight = undefined
    }
  }

  function pair({ force = false }: { force?: boolean } = {}): Promise<void> {
    const current = $state.get()
    if (!force) {
      if (inflight && current.status === 'loading') return inflight
      if ((current.status === 'pairing' || current.status === 'connecting') && current.uri && !isPairingExpired(current.expiresAt, now()))
        return Promise.resolve()
      if (current.status === 'connected' || (current.status === 'connecting' && !current.uri)) return Promise.resolve()
    }
    const mine = ++attempt
    clearTimeout(expiryTimer)
    set({ status: 'loading', uri: undefined, expiresAt: undefined, error: undefined })
    inflight = run(mine)
    return inflight
  }

  function end(): Promise<void> {
    return (ending ??= (async () => {
      attempt++
      clearTimeout(expiryTimer)
      away.release()
      // The other tabs follow this one's client: they hear that the session ended.
      if (tabs.owner) tabs.announce(null)
      await endInModal(deps)
    })().finally(() => (ending = undefined)))
  }

  async function disconnect() {
    if (await client.follows()) return end()
    const up = await client.started()?.catch(() => undefined)
    const ended = end()
    if (up?.session) {
      // Telling the wallet needs the relay; the modal does not wait for it longer than a connect would.
      await within(up.disconnect(), timeout, 'The relay did not answer').catch((error: unknown) =>
        ctx.events.emit('error', { source: 'walletConnect', error }),
      )
    }
    await ended
  }

  return {
    getProvider,
    pair,
    restore: () => client.restore(timeout),
    disconnect,
    destroy() {
      destroyed = true
      attempt++
      clearTimeout(expiryTimer)
      client.close()
    },
  }
}
