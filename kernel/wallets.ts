import type { Token } from './token.js'
import { atom, type ReadableAtom, type WritableAtom } from 'nanostores'
import type { ChainRegistry, Connector } from './chains.js'

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
  /** Catalog links, for WalletConnect deep links and QR. */
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
  /** The chain families (namespaces) the wallet serves, when known; a list for one family leaves the others out. */
  namespaces?: readonly string[]
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

export interface WalletSection {
  section: string
  items: readonly WalletItem[]
}

/** A wallet list a plugin contributes to one section of the Connect view. */
export interface WalletSource {
  section: string
  $items: ReadableAtom<readonly WalletItem[]>
  /**
   * Rank of the section when `connectorTypeOrder` does not place it; lower first, equal ranks in the order the
   * sections were added. The kernel's own sections rank `injected` 30 and `external` 60; a plugin declares the
   * rank that places its section among them. A section several sources fill takes the rank of the first.
   */
  order?: number
}

/**
 * Wallet lists plugins contribute to the Connect view, one store per section. The
 * list the view shows — these plus the chain plugins' own connectors, in connector-type order — is built by
 * `walletSections` (`vestibule/utils`) when the view first needs it.
 */
export interface WalletSources {
  add(section: string, $items: ReadableAtom<readonly WalletItem[]>, order?: number): void
  /** The lists added so far, in the order they were added. */
  readonly $sources: ReadableAtom<readonly WalletSource[]>
  /**
   * Excluded wallets hiding injected ones. Starts with the host's `excludeWalletIds`; the catalog
   * plugin adds their rdns and names once the catalog resolved them.
   */
  readonly $excluded: WritableAtom<readonly ExcludedWallet[]>
  /** What the list is built from besides the sources: the chain plugins' connectors and the host's order. */
  readonly context: {
    readonly chains: ChainRegistry
    readonly connectorTypeOrder?: readonly string[]
    readonly views: WalletViews
    isMobile(): boolean
  }
}

/** The wallet lists as a host reads them (`modal.getWalletSources()`): nothing to add, exclude or register. */
export interface ReadonlyWalletSources {
  readonly $sources: ReadableAtom<readonly WalletSource[]>
  readonly $excluded: ReadableAtom<readonly ExcludedWallet[]>
  readonly context: {
    readonly chains: Pick<ChainRegistry, '$connectors'>
    readonly connectorTypeOrder?: readonly string[]
    readonly views: WalletViews
    isMobile(): boolean
  }
}

export function createWalletSources(
  chains: ChainRegistry,
  connectorTypeOrder?: readonly string[],
  rules: { excludeWalletIds?: readonly string[]; isMobile?: () => boolean; views?: WalletViews } = {},
): WalletSources {
  const $sources = atom<readonly WalletSource[]>([])
  return {
    $sources,
    $excluded: atom<readonly ExcludedWallet[]>((rules.excludeWalletIds ?? []).map((id) => ({ id }))),
    add: (section, $items, order) => $sources.set([...$sources.get(), { section, $items, order }]),
    // Without a shell no view opens a wallet: the entries name none.
    context: {
      chains,
      connectorTypeOrder,
      views: rules.views ?? { connector: '', multiChain: '' },
      isMobile: () => rules.isMobile?.() ?? false,
    },
  }
}

/** The views the shell registered for a wallet of the list: one connector, and one wallet in several chain families. */
export interface WalletViews {
  /** Opened with `{ connectorId, namespace }`. */
  readonly connector: string
  /** Opened with the wallet's `MultiChainData`. */
  readonly multiChain: string
}

/**
 * A plugin that connects wallets of the catalog on another device or app (QR code, deep link) provides this
 * under the `RemoteConnect` token: the view to open with `{ wallet: { id, name, imageUrl?, links } }`.
 */
export interface RemoteConnector {
  readonly view: string
}
export const RemoteConnect = Symbol.for('vestibule.remoteConnect') as Token<RemoteConnector>
