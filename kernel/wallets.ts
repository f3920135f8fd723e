import type { Token } from './plugin.js'
import { atom, computed, type ReadableAtom, type WritableAtom } from 'nanostores'
import type { ChainRegistry, Connector } from './chains.js'
import { orderConnectorTypes, type ConnectorTypeSection } from './ordering.js'

/**
 * Where a wallet can be reached: its app (`mobile` and `desktop` deep links, the `webapp`) and where a user who
 * does not have it gets it (`homepage`, `appStore`, `playStore`, `chromeStore`). Every link has passed the
 * link rules (safeDeepLink, safeWebLink) before it is stored here.
 */
export interface WalletLinks {
  mobile?: string
  desktop?: string
  webapp?: string
  homepage?: string
  appStore?: string
  playStore?: string
  chromeStore?: string
}

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
  links?: WalletLinks
  /** Choosing the entry opens this view with `data`. */
  view: string
  data?: unknown
  /** Message key of a tag shown beside the name ("Installed", "Recent" …). */
  tag?: string
  /** Shown but not choosable (no plugin can connect it here); `hint` says why. */
  disabled?: boolean
  /** Message key of a short explanation under the name (why the entry is disabled …). */
  hint?: string
}

/** A wallet the host excluded (`excludeWalletIds`), with the rdns and name the catalog gave it. */
export interface ExcludedWallet {
  id?: string
  rdns?: string
  name?: string
}

export interface InjectedRules {
  excluded: readonly ExcludedWallet[]
  isMobile: boolean
}

/** Excluded by the host (spec §5): by catalog id, by rdns, or by case-insensitive name. */
export function isExcluded(wallet: { id?: string; rdns?: string; name: string }, excluded: readonly ExcludedWallet[]): boolean {
  const name = wallet.name.trim().toLowerCase()
  return excluded.some(
    (e) => (e.id && e.id === wallet.id) || (e.rdns && wallet.rdns && e.rdns === wallet.rdns) || (e.name && e.name.trim().toLowerCase() === name),
  )
}

/**
 * Spec §5: an injected or announced wallet is shown only if it is not excluded (by rdns, by catalog id, or by
 * case-insensitive name), a wallet named "Browser Wallet" only on mobile, and only with an rdns or when it is
 * detected installed.
 */
export function isInjectedShown(connector: Pick<Connector, 'name' | 'rdns' | 'installed' | 'explorerId'>, rules: InjectedRules): boolean {
  if (isExcluded({ id: connector.explorerId, rdns: connector.rdns, name: connector.name }, rules.excluded)) return false
  if (connector.name === 'Browser Wallet' && !rules.isMobile) return false
  return Boolean(connector.rdns) || connector.installed
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
  /**
   * Excluded wallets hiding injected ones (spec §5). Starts with the host's `excludeWalletIds`; the catalog
   * plugin adds their rdns and names once the catalog resolved them.
   */
  readonly $excluded: WritableAtom<readonly ExcludedWallet[]>
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

export function createWalletSources(
  chains: ChainRegistry,
  connectorTypeOrder?: readonly string[],
  rules: { excludeWalletIds?: readonly string[]; isMobile?: () => boolean } = {},
): WalletSources {
  const $sources = atom<ReadonlyArray<{ section: ConnectorTypeSection; $items: ReadableAtom<readonly WalletItem[]> }>>([])
  const $excluded = atom<readonly ExcludedWallet[]>((rules.excludeWalletIds ?? []).map((id) => ({ id })))
  // Connectors other plugins add for their own flows (WalletConnect) are listed by those plugins, not here.
  const $injected = computed([chains.$connectors, $excluded], (connectors, excluded) => {
    const isMobile = rules.isMobile?.() ?? false
    return connectors
      .filter((c) => (c.type === 'ANNOUNCED' || c.type === 'INJECTED') && isInjectedShown(c, { excluded, isMobile }))
      .map(connectorItem)
  })
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
    $excluded,
    add(section, $items) {
      $sources.set([...$sources.get(), { section, $items }])
      $sections = undefined
    },
    get $sections() {
      return ($sections ??= build())
    },
  }
}

/**
 * A plugin that connects wallets of the catalog on another device or app (QR code, deep link) provides this
 * under the `RemoteConnect` token: the view to open with `{ wallet: { id, name, imageUrl?, links } }`.
 */
export interface RemoteConnector {
  readonly view: string
}
export const RemoteConnect = Symbol.for('vestibule.remoteConnect') as Token<RemoteConnector>
