/**
 * The connectors the plugin adds to chain plugins, one per namespace of a session. What a namespace needs (its
 * methods, events, and the facade in the wallet shape its chain plugin speaks) is that chain plugin's own
 * `remoteSession` capability: this plugin knows no chain family, and a family whose plugin lacks it is not served.
 */
import type { CaipNetworkId, PluginContext, RemoteSession, RemoteSessionMapping } from 'vestibule/kernel'
import { CONNECTOR_ID, WALLETCONNECT_ICON } from './connector.js'
import type { NamespaceMethods } from './namespaces.js'
import type { NamespaceFacade, PeerWallet } from './types.js'

export interface FacadeRegistry {
  /**
   * Adds (or replaces) the connector of `namespace` over `session` once its chain plugin's mapping has loaded;
   * false when no chain plugin serves the namespace with a remote-session mapping.
   */
  register(namespace: string, peer: PeerWallet, session: Promise<RemoteSession | undefined>): Promise<boolean>
  /** The methods and events each namespace of `namespaces` proposes (its chain plugin's mapping, loaded). */
  methods(namespaces: Iterable<string>): Promise<Record<string, NamespaceMethods>>
  /** Routes a session event of `namespace` to its facade. */
  event(namespace: string, name: string, data: unknown): void
  update(): void
  clear(): void
}

export function createRegistry(ctx: PluginContext): FacadeRegistry {
  const connectors = new Map<string, { facade: NamespaceFacade; session: Promise<RemoteSession | undefined>; remove: () => void }>()
  const mappings = new Map<string, Promise<RemoteSessionMapping | undefined>>()
  /** Bumped when the connectors are cleared: a mapping still loading then adds nothing. */
  let epoch = 0

  /** The namespace's mapping from its chain plugin, loaded once; undefined when it has none (or it failed). */
  const mappingOf = (namespace: string) => {
    let mapping = mappings.get(namespace)
    if (!mapping) {
      // Read directly (not through chainFeature): a missing capability is an ordinary answer here, not an error.
      const load = ctx.chains.get(namespace)?.features?.remoteSession
      const failed = (error: unknown) => {
        mappings.delete(namespace)
        ctx.events.emit('error', { source: 'walletConnect', error })
        return undefined
      }
      mapping = typeof load === 'function' ? Promise.resolve().then(load).then(checked).catch(failed) : Promise.resolve(undefined)
      mappings.set(namespace, mapping)
    }
    return mapping
  }

  const preferredChains = (namespace: string): CaipNetworkId[] => {
    const first = ctx.connection.networkFor(namespace)?.caipNetworkId
    const all = ctx.chains.get(namespace)?.networks.map((n) => n.caipNetworkId) ?? []
    return first ? [first, ...all] : all
  }

  return {
    async register(namespace, peer, session) {
      if (!ctx.chains.get(namespace)?.addConnector) return false
      const mine = epoch
      const mapping = await mappingOf(namespace)
      if (!mapping || mine !== epoch) return false
      const existing = connectors.get(namespace)
      existing?.remove()
      const facade =
        existing?.session === session
          ? existing.facade
          : mapping.createFacade({
              session,
              preferredChains: () => preferredChains(namespace),
              wallet: { name: 'WalletConnect', icon: WALLETCONNECT_ICON },
            })
      const remove = ctx.chains.addConnector(
        namespace,
        { id: CONNECTOR_ID, name: peer.name, type: 'WALLET_CONNECT', installed: false, imageUrl: peer.icon, endsWithSiblings: true },
        facade.provider,
      )
      connectors.set(namespace, { facade, session, remove })
      return true
    },
    async methods(namespaces) {
      const list = [...new Set(namespaces)]
      const loaded = await Promise.all(list.map(mappingOf))
      const result: Record<string, NamespaceMethods> = {}
      list.forEach((namespace, i) => {
        const mapping = loaded[i]
        if (mapping) result[namespace] = { methods: mapping.methods, events: mapping.events }
      })
      return result
    },
    event: (namespace, name, data) => connectors.get(namespace)?.facade.onSessionEvent(name, data),
    update: () => connectors.forEach(({ facade }) => facade.onSessionUpdate()),
    clear() {
      epoch++
      connectors.forEach(({ remove }) => remove())
      connectors.clear()
    },
  }
}

const strings = (value: unknown) => Array.isArray(value) && value.every((v) => typeof v === 'string')

/** A chain plugin's mapping, checked before the plugin proposes or builds anything from it. */
function checked(mapping: RemoteSessionMapping): RemoteSessionMapping {
  if (!strings(mapping?.methods) || !strings(mapping.events) || typeof mapping.createFacade !== 'function') {
    throw new Error('A chain plugin returned a malformed remote-session mapping (methods, events and createFacade expected)')
  }
  return mapping
}
