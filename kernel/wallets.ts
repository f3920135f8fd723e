import { atom, computed, type ReadableAtom } from 'nanostores'
import type { ChainRegistry, Connector } from './chains.js'
import { orderConnectorTypes, type ConnectorTypeSection } from './ordering.js'

/** One entry of the Connect view's wallet list. */
export interface WalletItem {
  /** Unique within its section: a catalog wallet id, a connector id … */
  id: string
  name: string
  imageUrl?: string
  rdns?: string
  /** Present in this browser. */
  installed?: boolean
  /** Catalog links, for WalletConnect deep links and QR (spec §3 Wallet). */
  links?: { mobile?: string; desktop?: string; webapp?: string }
  /** Choosing the entry opens this view with `data`. */
  view: string
  data?: unknown
  /** Message key of a tag shown beside the name ("Installed", "Recent" …). */
  tag?: string
}

export interface WalletSection {
  section: ConnectorTypeSection
  items: readonly WalletItem[]
}

/**
 * Wallet lists plugins contribute to the Connect view, one store per section (spec §2 connector types).
 * The kernel contributes the `injected` section from the chain plugins' connectors.
 */
export interface WalletSources {
  add(section: ConnectorTypeSection, $items: ReadableAtom<readonly WalletItem[]>): void
  /** Non-empty sections in connector-type order (`features.connectorTypeOrder` first, the rest appended). */
  readonly $sections: ReadableAtom<readonly WalletSection[]>
}

/** The Connect view entry of a discovered or plugin-added connector. */
export function connectorItem(connector: Connector): WalletItem {
  return {
    id: `${connector.namespace}:${connector.id}`,
    name: connector.name,
    imageUrl: connector.imageUrl,
    rdns: connector.rdns,
    installed: connector.installed,
    view: 'ConnectingExternal',
    data: { connectorId: connector.id, namespace: connector.namespace },
    tag: connector.installed ? 'connect.installed' : undefined,
  }
}

export function createWalletSources(chains: ChainRegistry, connectorTypeOrder?: readonly string[]): WalletSources {
  const $sources = atom<ReadonlyArray<{ section: ConnectorTypeSection; $items: ReadableAtom<readonly WalletItem[]> }>>([])
  // Connectors other plugins add for their own flows (WalletConnect) are listed by those plugins, not here.
  const $injected = computed(chains.$connectors, (connectors) =>
    connectors.filter((c) => c.type === 'ANNOUNCED' || c.type === 'INJECTED').map(connectorItem),
  )
  const order = orderConnectorTypes(connectorTypeOrder)
  let $sections: ReadableAtom<readonly WalletSection[]> | undefined
  const build = () => {
    const sources = [{ section: 'injected' as const, $items: $injected }, ...$sources.get()]
    return computed(
      sources.map((s) => s.$items),
      (...lists) =>
        order
          .map((section) => ({ section, items: sources.flatMap((s, i) => (s.section === section ? lists[i]! : [])) }))
          .filter((s) => s.items.length > 0),
    )
  }
  return {
    add(section, $items) {
      $sources.set([...$sources.get(), { section, $items }])
      $sections = undefined
    },
    get $sections() {
      return ($sections ??= build())
    },
  }
}
