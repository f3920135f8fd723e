/**
 * Pure rules of the wallet catalog: parsing untrusted catalog entries, dropping unsafe links,
 * exclusion, duplicates against announced and recent wallets, the mobile universal-provider filter and the
 * installed-first order. No I/O here; every rule is unit tested.
 */
import type { Connector, RecentWallet, WalletItem, WalletLinks } from 'vestibule/kernel'
import {
  cleanName,
  cleanText,
  safeDeepLink,
  safeId,
  safeImageUrl,
  safeRdns,
  safeWebLink,
  URL_MAX,
  NAME_MAX,
  isExcluded,
} from 'vestibule/utils'

export { isInjectedShown } from 'vestibule/utils'

/** A catalog wallet after validation: every field is safe to render and to follow. */
export interface CatalogWallet {
  id: string
  name: string
  /** Resolved image URL (the entry's safe `image_url`, else the image endpoint for `image_id`). */
  imageUrl?: string
  rdns?: string
  /** The catalog's image id (ids of letters, digits and `.:@+/-_` only). */
  imageId?: string
  chains: string[]
  links: WalletLinks
  badge?: string
}

export type { WalletLinks }

/** What ConnectingWalletConnect receives (`data.wallet`). */
export interface ChosenWallet {
  id: string
  name: string
  imageUrl?: string
  links: WalletLinks
}

/** Caps on untrusted strings: longer ids, rdns and links are dropped, longer names cut. */
export const LIMITS = { id: 200, name: NAME_MAX, rdns: 128, link: URL_MAX, imageId: 200, chains: 64 } as const

/** The kernel's rules for links, images and text from untrusted sources, which every catalog field goes through. */
export { cleanText, safeDeepLink, safeImageUrl, safeWebLink }

/**
 * A catalog entry (id, name, image_id, image_url, rdns, chains, mobile_link, desktop_link, webapp_link, and
 * where to get the wallet: homepage, app_store, play_store, chrome_store), validated. Entries without a usable id or name are dropped (undefined); unsafe links and
 * images are dropped from the entry.
 */
export function parseCatalogWallet(raw: unknown, imageUrlFor: (imageId: string) => string): CatalogWallet | undefined {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined
  const entry = raw as Record<string, unknown>
  const id = safeId(entry.id)
  const name = cleanName(entry.name)
  if (!id || !name) return undefined
  const imageId =
    typeof entry.image_id === 'string' && entry.image_id && entry.image_id.length <= LIMITS.imageId ? entry.image_id : undefined
  const links: WalletLinks = {}
  const mobile = safeDeepLink(entry.mobile_link)
  const desktop = safeDeepLink(entry.desktop_link)
  const webapp = safeWebLink(entry.webapp_link)
  if (mobile) links.mobile = mobile
  if (desktop) links.desktop = desktop
  if (webapp) links.webapp = webapp
  // Where a user without the wallet gets it.
  const install = { homepage: entry.homepage, appStore: entry.app_store, playStore: entry.play_store, chromeStore: entry.chrome_store }
  for (const [key, value] of Object.entries(install)) {
    const link = safeWebLink(value)
    if (link) links[key as keyof typeof install] = link
  }
  const wallet: CatalogWallet = {
    id,
    name,
    chains: Array.isArray(entry.chains)
      ? entry.chains.filter((c): c is string => typeof c === 'string' && c.length <= LIMITS.chains).slice(0, 100)
      : [],
    links,
  }
  const imageUrl = safeImageUrl(entry.image_url) ?? (imageId ? imageUrlFor(imageId) : undefined)
  if (imageUrl) wallet.imageUrl = imageUrl
  if (imageId && safeId(imageId)) wallet.imageId = imageId
  const rdns = safeRdns(entry.rdns)
  if (rdns) wallet.rdns = rdns
  if (typeof entry.badge_type === 'string' && /^[a-z_]{1,32}$/.test(entry.badge_type)) wallet.badge = entry.badge_type
  return wallet
}

/** A `GET /getWallets` answer `{ data, count }`, validated; malformed entries are left out. */
export function parseWalletList(body: unknown, imageUrlFor: (imageId: string) => string): { data: CatalogWallet[]; count: number } {
  const record = body && typeof body === 'object' ? (body as { data?: unknown; count?: unknown }) : {}
  const raw = Array.isArray(record.data) ? record.data : []
  const data = raw.map((entry) => parseCatalogWallet(entry, imageUrlFor)).filter((w): w is CatalogWallet => Boolean(w))
  const count =
    typeof record.count === 'number' && Number.isFinite(record.count) && record.count >= 0 ? Math.floor(record.count) : raw.length
  return { data, count }
}

/** The kernel's exclusion rule, which the injected section applies too. */
export { isExcluded }

/** What a catalog list is compared against to remove duplicates. */
export interface DedupeAgainst {
  /** Wallets discovered in the page (announced or injected connectors). */
  announced: ReadonlyArray<Pick<Connector, 'rdns' | 'explorerId'>>
  recent: ReadonlyArray<Pick<RecentWallet, 'id' | 'rdns'>>
}

/**
 * Duplicates are removed by rdns and by id against announced and recent wallets; a wallet listed twice
 * in `wallets` (same id) is kept once, first occurrence wins.
 */
export function removeDuplicates<W extends { id: string; rdns?: string }>(wallets: readonly W[], against: DedupeAgainst): W[] {
  const rdns = new Set([...against.announced, ...against.recent].map((w) => w.rdns).filter(Boolean))
  const ids = new Set([...against.announced.map((w) => w.explorerId), ...against.recent.map((w) => w.id)].filter(Boolean))
  const seen = new Set<string>()
  return wallets.filter((w) => {
    if (seen.has(w.id) || ids.has(w.id) || (w.rdns && rdns.has(w.rdns))) return false
    seen.add(w.id)
    return true
  })
}

/**
 * On mobile in universal-provider mode (every catalog wallet connects through WalletConnect) only
 * wallets with a mobile, desktop or web link can be reached; elsewhere the list is unchanged.
 */
export function filterForPlatform<W extends { links: WalletLinks }>(
  wallets: readonly W[],
  platform: { isMobile: boolean; universalProvider: boolean },
): W[] {
  if (!platform.isMobile || !platform.universalProvider) return [...wallets]
  return wallets.filter((w) => Boolean(w.links.mobile || w.links.desktop || w.links.webapp))
}

/** Installed entries first, each group in its original order (AllWallets). */
export function installedFirst<T extends { installed?: boolean }>(items: readonly T[]): T[] {
  return [...items.filter((i) => i.installed), ...items.filter((i) => !i.installed)]
}

/** Case-insensitive name match of a trimmed search text. */
export function matchesSearch(name: string, search: string): boolean {
  const text = search.trim().toLowerCase()
  return !text || name.toLowerCase().includes(text)
}

/** Featured wallets in the order of the host's `featuredWalletIds`. */
export function inFeaturedOrder<W extends { id: string }>(wallets: readonly W[], ids: readonly string[]): W[] {
  const rank = new Map(ids.map((id, i) => [id, i]))
  return [...wallets].sort((a, b) => (rank.get(a.id) ?? ids.length) - (rank.get(b.id) ?? ids.length))
}

/** A host's custom wallet (`customWallets`): same fields and rules as a catalog entry. */
export function parseCustomWallets(list: readonly unknown[] | undefined): CatalogWallet[] {
  return (list ?? []).map((raw) => parseCatalogWallet(raw, () => '')).filter((w): w is CatalogWallet => Boolean(w))
}

/**
 * The Connect view entry of a catalog wallet that is not installed: it opens `view` (a remote-connect plugin's,
 * e.g. a QR code) with the wallet, or is shown disabled with a hint when no plugin provides one.
 */
export function catalogItem(wallet: CatalogWallet, options: { view: string | undefined; tag?: string }): WalletItem {
  const chosen: ChosenWallet = { id: wallet.id, name: wallet.name, imageUrl: wallet.imageUrl, links: wallet.links }
  return {
    id: wallet.id,
    name: wallet.name,
    imageUrl: wallet.imageUrl,
    rdns: wallet.rdns,
    installed: false,
    links: wallet.links,
    view: options.view ?? '',
    data: { wallet: chosen },
    tag: options.tag,
    // The families of the chains the catalog lists for it (`eip155:1` → eip155); none listed: any family.
    ...(wallet.chains.length ? { namespaces: [...new Set(wallet.chains.map((id) => id.split(':')[0]!))] } : {}),
    ...(options.view ? {} : { disabled: true, hint: 'catalog.needsWalletConnect' }),
  }
}
