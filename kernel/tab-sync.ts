import { CAIP_NETWORK_ID_PATTERN, NAMESPACE_PATTERN, type CaipNetworkId, type ChainNamespace } from './caip.js'
import type { ChainRegistry } from './chains.js'
import type { Connection } from './connection-api.js'
import type { EventBus } from './events.js'
import type { ResolvedOptions } from './options.js'
import type { KernelState } from './state.js'
import { STORAGE_VERSION, type Storage } from './storage.js'
import { StorageKeys } from './storage-keys.js'
import { readStringList } from './stored.js'

/**
 * What one tab tells the others of the origin: a session that started or ended, a network the user chose. Never an address or anything to show: a tab that hears a message asks its own
 * wallet (silently) or reads the stored session, as it would on a reload.
 */
export type TabMessage =
  | { v: 1; prefix: string; kind: 'connect' | 'disconnect'; namespace: ChainNamespace }
  | { v: 1; prefix: string; kind: 'network'; namespace: ChainNamespace; caipNetworkId: CaipNetworkId }

export interface TabSyncDeps {
  chains: ChainRegistry
  state: KernelState
  events: EventBus
  storage: Storage
  options: Pick<ResolvedOptions, 'storagePrefix' | 'storage'>
  connection: Pick<Connection, 'disconnect' | 'switchNetwork'>
  /** Restores the stored session as a reload does: the plugins' `onReconnect` hooks, then the connection's. */
  restore: () => Promise<void>
  life: { destroyed: boolean }
  reportError: (source: string, error: unknown) => void
  /** The channel to the other tabs; BroadcastChannel by default. */
  channel?: (name: string) => Pick<BroadcastChannel, 'postMessage' | 'close'> & { onmessage: ((event: MessageEvent) => void) | null }
}

const KINDS = new Set(['connect', 'disconnect', 'network'])

/** The message when `data` is one of this modal's, well formed and about a namespace and network it serves; else undefined. */
export function checkTabMessage(data: unknown, prefix: string, chains: Pick<ChainRegistry, 'get'>): TabMessage | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined
  const m = data as Record<string, unknown>
  if (m.v !== 1 || m.prefix !== prefix || typeof m.kind !== 'string' || !KINDS.has(m.kind)) return undefined
  if (typeof m.namespace !== 'string' || !NAMESPACE_PATTERN.test(m.namespace)) return undefined
  const adapter = chains.get(m.namespace)
  if (!adapter) return undefined
  const { namespace } = m
  if (m.kind === 'network') {
    const id = m.caipNetworkId
    if (typeof id !== 'string' || !CAIP_NETWORK_ID_PATTERN.test(id) || !adapter.networks.some((n) => n.caipNetworkId === id))
      return undefined
    return { v: 1, prefix, kind: 'network', namespace, caipNetworkId: id as CaipNetworkId }
  }
  return { v: 1, prefix, kind: m.kind as 'connect' | 'disconnect', namespace }
}

/** How long a tab told of a connect waits for the other tab's stored session to reach its own storage. */
export const STORED_SESSION_WAIT_MS = 1000

/**
 * Resolves once `storage` shows `namespace` connected: another tab's writes reach this one's storage on their own
 * path (a `storage` event), which may come after the message. After a second it resolves anyway.
 */
function storedSession(storage: Storage, namespace: ChainNamespace): Promise<void> {
  const shows = () => readStringList(storage, StorageKeys.connectedNamespaces, NAMESPACE_PATTERN).includes(namespace)
  const target = globalThis as Partial<Pick<Window, 'addEventListener' | 'removeEventListener'>>
  if (shows() || !target.addEventListener || !target.removeEventListener) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      target.removeEventListener!('storage', check)
      clearTimeout(timer)
      resolve()
    }
    const check = () => shows() && done()
    const timer = setTimeout(done, STORED_SESSION_WAIT_MS)
    target.addEventListener!('storage', check)
  })
}

const defaultChannel: NonNullable<TabSyncDeps['channel']> | undefined =
  typeof BroadcastChannel === 'function' ? (name) => new BroadcastChannel(name) : undefined

/**
 * Keeps the modals of one origin's tabs on one session: a connect, a disconnect, a network or an account type the
 * user chose in one tab reaches the others over a BroadcastChannel named by the storage prefix. A tab hearing a
 * connect restores the stored session silently (as on a reload: no wallet prompt), a disconnect ends its session
 * of that namespace, a network is switched to when it is not the current one. What a tab does because another
 * told it is not told on, so nothing echoes. Off without BroadcastChannel and with `storage: null` (a modal kept
 * in memory shares nothing).
 */
export function syncTabs(deps: TabSyncDeps): () => void {
  const open = deps.channel ?? defaultChannel
  if (!open || deps.options.storage === null || deps.life.destroyed) return () => {}
  const { chains, state, events, connection, life } = deps
  const prefix = `${deps.options.storagePrefix ?? '@vestibule'}/v${STORAGE_VERSION}`
  const channel = open(`${prefix}/tabs`)
  /** Kinds of change being applied from another tab, per namespace: their events are not told on. */
  const applying = new Map<string, number>()
  const key = (kind: string, namespace: string) => `${kind} ${namespace}`
  const tell = (message: TabMessage extends infer M ? (M extends TabMessage ? Omit<M, 'v' | 'prefix'> : never) : never) => {
    if (applying.get(key(message.kind, message.namespace))) return
    try {
      channel.postMessage({ v: 1, prefix, ...message })
    } catch {
      /* a closed channel: the other tabs read the stored session on their next use */
    }
  }
  events.on('connect:success', ({ namespace }) => tell({ kind: 'connect', namespace }))
  events.on('disconnect', ({ namespace }) => tell({ kind: 'disconnect', namespace }))
  events.on(
    'network:change',
    ({ namespace, caipNetworkId, origin }) => origin === 'user' && tell({ kind: 'network', namespace, caipNetworkId }),
  )

  const chain = (namespace: ChainNamespace) => state.$chains.get()[namespace]
  const apply = (message: TabMessage): Promise<unknown> | void => {
    const current = chain(message.namespace)
    const status = current?.accountState.status
    switch (message.kind) {
      case 'connect':
        return status === 'disconnected'
          ? storedSession(deps.storage, message.namespace).then(() => (life.destroyed ? undefined : deps.restore()))
          : undefined
      case 'disconnect':
        return status === 'connected' ? connection.disconnect(message.namespace) : undefined
      case 'network': {
        const on = current?.networkState.caipNetwork?.caipNetworkId ?? current?.networkState.unsupportedCaipNetworkId
        return on === message.caipNetworkId ? undefined : connection.switchNetwork(message.caipNetworkId)
      }
    }
  }
  channel.onmessage = (event) => {
    if (life.destroyed) return
    const message = checkTabMessage(event.data, prefix, chains)
    if (!message) return
    const k = key(message.kind, message.namespace)
    applying.set(k, (applying.get(k) ?? 0) + 1)
    const done = () => applying.set(k, (applying.get(k) ?? 1) - 1)
    try {
      void Promise.resolve(apply(message))
        .catch((error: unknown) => deps.reportError(`another tab's ${message.kind}`, error))
        .finally(done)
    } catch (error) {
      done()
      deps.reportError(`another tab's ${message.kind}`, error)
    }
  }
  return () => channel.close()
}
