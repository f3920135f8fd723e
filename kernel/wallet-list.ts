import { computed, type ReadableAtom } from 'nanostores'
import type { ChainNamespace } from './caip.js'
import type { Connector } from './chains.js'
import { orderByRank } from './ordering.js'
import type {
  ExcludedWallet,
  InjectedRules,
  ReadonlyWalletSources,
  WalletItem,
  WalletSection,
  WalletSource,
  WalletViews,
} from './wallets.js'

/** Excluded by the host: by catalog id, by rdns, or by case-insensitive name. */
export function isExcluded(wallet: { id?: string; rdns?: string; name: string }, excluded: readonly ExcludedWallet[]): boolean {
  const name = wallet.name.trim().toLowerCase()
  return excluded.some(
    (e) =>
      (e.id && e.id === wallet.id) || (e.rdns && wallet.rdns && e.rdns === wallet.rdns) || (e.name && e.name.trim().toLowerCase() === name),
  )
}

/**
 * An injected or announced wallet is shown only if it is not excluded (by rdns, by catalog id, or by
 * case-insensitive name), a wallet named "Browser Wallet" only on mobile, and only with an rdns or when it is
 * detected installed.
 */
export function isInjectedShown(connector: Pick<Connector, 'name' | 'rdns' | 'installed' | 'explorerId'>, rules: InjectedRules): boolean {
  if (isExcluded({ id: connector.explorerId, rdns: connector.rdns, name: connector.name }, rules.excluded)) return false
  if (connector.name === 'Browser Wallet' && !rules.isMobile) return false
  return Boolean(connector.rdns) || connector.installed
}

/**
 * Two connectors of different namespaces are the same wallet when their rdns match or, one of them having
 * none (Wallet Standard wallets carry no rdns), when their names match case-insensitively. Two rdns that
 * differ are two wallets, whatever their names say.
 */
function sameWallet(a: Connector, b: Connector): boolean {
  if (a.namespace === b.namespace) return false
  return a.rdns && b.rdns ? a.rdns === b.rdns : a.name.trim().toLowerCase() === b.name.trim().toLowerCase()
}

/**
 * A wallet that announced itself to several namespaces (EIP-6963 and Wallet Standard, say) becomes one
 * MULTI_CHAIN connector holding each namespace's connector, in the place of its first; the rest stay as they are.
 * Its id is the rdns (or the lower-cased name) and its name, rdns and image come from a member with an rdns.
 */
export function mergeMultiChain(connectors: readonly Connector[]): Connector[] {
  const groups: Connector[][] = []
  for (const connector of connectors) {
    const group = groups.find((g) => g.every((m) => m.namespace !== connector.namespace) && g.some((m) => sameWallet(m, connector)))
    if (group) group.push(connector)
    else groups.push([connector])
  }
  return groups.map((group) => {
    if (group.length === 1) return group[0]!
    const lead = group.find((c) => c.rdns) ?? group[0]!
    return {
      ...lead,
      id: lead.rdns ?? lead.name.trim().toLowerCase(),
      type: 'MULTI_CHAIN',
      imageUrl: lead.imageUrl ?? group.find((c) => c.imageUrl)?.imageUrl,
      installed: group.some((c) => c.installed),
      connectors: group,
    }
  })
}

/** What the multi-chain view receives: the wallet and its connector in each namespace. */
export interface MultiChainData {
  name: string
  imageUrl?: string
  connectors: ReadonlyArray<{ connectorId: string; namespace: ChainNamespace }>
}

/** The Connect view entry of a discovered, host-configured or merged connector, opening the shell's `views`. */
export function connectorItem(connector: Connector, views: WalletViews): WalletItem {
  const item = {
    name: connector.name,
    imageUrl: connector.imageUrl,
    rdns: connector.rdns,
    installed: connector.installed,
    tag: connector.installed ? 'connect.installed' : undefined,
  }
  if (connector.type === 'MULTI_CHAIN' && connector.connectors?.length) {
    const data: MultiChainData = {
      name: connector.name,
      imageUrl: connector.imageUrl,
      connectors: connector.connectors.map((c) => ({ connectorId: c.id, namespace: c.namespace })),
    }
    return { ...item, id: `multi:${connector.id}`, view: views.multiChain, data }
  }
  return {
    ...item,
    id: `${connector.namespace}:${connector.id}`,
    view: views.connector,
    data: { connectorId: connector.id, namespace: connector.namespace },
  }
}

/** The kernel's own sections (the chain plugins' connectors) and their ranks. */
const OWN_SECTIONS = [
  { id: 'injected', order: 30 },
  { id: 'external', order: 60 },
]

/**
 * The section order of the Connect view: `connectorTypeOrder` first (names of no section are dropped), then by
 * each section's rank (the kernel's `injected` 30 and `external` 60, the plugins' as they declare them; a
 * section without one after the ranked ones), equal ranks in the order they were added.
 */
export function sectionOrder(
  sources: readonly Pick<WalletSource, 'section' | 'order'>[],
  connectorTypeOrder?: readonly string[],
): string[] {
  return orderByRank(
    [...OWN_SECTIONS, ...sources.map((s) => ({ id: s.section, order: s.order }))],
    connectorTypeOrder,
    Number.POSITIVE_INFINITY,
  )
}

/** Built lists per wallet sources, per namespace filter, rebuilt when a plugin adds a source. */
const built = /* @__PURE__ */ new WeakMap<
  ReadonlyWalletSources,
  Map<string, { sources: readonly WalletSource[]; $sections: ReadableAtom<readonly WalletSection[]> }>
>()

/**
 * The Connect view's wallet list: the chain plugins' connectors (announced and injected wallets in `injected`, a
 * wallet present in several namespaces once; host-configured ones in `external`), then every list plugins added,
 * as non-empty sections in `sectionOrder` (`features.connectorTypeOrder` first, then by rank).
 * With `only`, the list of one namespace: its connectors alone, unmerged.
 */
export function walletSections(wallets: ReadonlyWalletSources, only?: ChainNamespace): ReadableAtom<readonly WalletSection[]> {
  const sources = wallets.$sources.get()
  let lists = built.get(wallets)
  if (!lists) built.set(wallets, (lists = new Map()))
  const kept = lists.get(only ?? '')
  if (kept?.sources === sources) return kept.$sections
  const { chains, connectorTypeOrder, isMobile, views } = wallets.context
  const item = (c: Connector) => connectorItem(c, views)
  const $found = computed([chains.$connectors, wallets.$excluded], (connectors, excluded) => {
    const mine = connectors.filter((c) => !only || c.namespace === only)
    const injected = mine.filter(
      (c) => (c.type === 'ANNOUNCED' || c.type === 'INJECTED') && isInjectedShown(c, { excluded, isMobile: isMobile() }),
    )
    // Wallets the host configured are its choice: only its exclusions hide them.
    const external = mine.filter((c) => c.type === 'EXTERNAL' && !isExcluded({ id: c.explorerId, rdns: c.rdns, name: c.name }, excluded))
    return { injected: (only ? injected : mergeMultiChain(injected)).map(item), external: external.map(item) }
  })
  const all: WalletSource[] = [
    { section: 'injected', $items: computed($found, (found) => found.injected) },
    { section: 'external', $items: computed($found, (found) => found.external) },
    ...sources,
  ]
  const order = sectionOrder(sources, connectorTypeOrder)
  const $sections = computed(
    all.map((s) => s.$items),
    (...items) =>
      order
        .map((section) => ({ section, items: all.flatMap((s, i) => (s.section === section ? items[i]! : [])) }))
        .filter((s) => s.items.length > 0),
  )
  lists.set(only ?? '', { sources, $sections })
  return $sections
}
