import { safeDeepLink, safeId, safeImageUrl, safeRdns, safeStoredImageUrl, safeWebLink, walletName } from './sanitize.js'
import type { Storage } from './storage.js'
import type { WalletLinks } from './wallets.js'

/** The Connect view remembers at most two recent wallets. */
export const RECENT_WALLETS_MAX = 2
const KEY = 'recentWallets'

export interface RecentWallet {
  id: string
  name: string
  imageUrl?: string
  rdns?: string
  /** Catalog links, so a recent wallet reached through WalletConnect can be opened again the same way. */
  links?: WalletLinks
}

/** How stored images are read: with `imageOrigin`, only a `data:` image or one from that origin is kept. */
export interface RecentReadOptions {
  /** The provider API's origin (catalog images); undefined when there is none (only `data:` images are kept). */
  imageOrigin: string | undefined
}

/**
 * A stored recent wallet as the UI may use it: storage is as untrusted as the wallet that was stored, so the name
 * goes through the wallet-name rule, the image through the image rule (and, given `options`, the stored-image
 * origin rule) and the links through the link rules. Undefined for an entry without a usable id or a name.
 */
function readRecent(raw: unknown, options?: RecentReadOptions): RecentWallet | undefined {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined
  const entry = raw as Record<string, unknown>
  const id = safeId(entry.id)
  if (!id || typeof entry.name !== 'string') return undefined
  const wallet: RecentWallet = { id, name: walletName(entry.name) }
  const imageUrl = options ? safeStoredImageUrl(entry.imageUrl, options.imageOrigin) : safeImageUrl(entry.imageUrl)
  const rdns = safeRdns(entry.rdns)
  if (imageUrl) wallet.imageUrl = imageUrl
  if (rdns) wallet.rdns = rdns
  const stored = entry.links
  if (stored && typeof stored === 'object' && !Array.isArray(stored)) {
    const { mobile, desktop, webapp, homepage, appStore, playStore, chromeStore } = stored as Record<string, unknown>
    const links = {
      mobile: safeDeepLink(mobile),
      desktop: safeDeepLink(desktop),
      webapp: safeWebLink(webapp),
      homepage: safeWebLink(homepage),
      appStore: safeWebLink(appStore),
      playStore: safeWebLink(playStore),
      chromeStore: safeWebLink(chromeStore),
    }
    wallet.links = Object.fromEntries(Object.entries(links).filter(([, link]) => link)) as RecentWallet['links']
  }
  return wallet
}

/** Recent wallets, newest first; malformed stored entries are dropped, the rest cleaned. */
export function getRecentWallets(storage: Pick<Storage, 'get'>, options?: RecentReadOptions): RecentWallet[] {
  const stored = storage.get<unknown>(KEY)
  if (!Array.isArray(stored)) return []
  return stored
    .slice(0, 20)
    .map((raw) => readRecent(raw, options))
    .filter((w): w is RecentWallet => w !== undefined)
    .slice(0, RECENT_WALLETS_MAX)
}

/** Puts `wallet` first, drops an older entry with the same id, keeps at most two; returns them as `options` reads them. */
export function addRecentWallet(storage: Pick<Storage, 'get' | 'set'>, wallet: RecentWallet, options?: RecentReadOptions): RecentWallet[] {
  const next = [wallet, ...getRecentWallets(storage, options).filter((w) => w.id !== wallet.id)].slice(0, RECENT_WALLETS_MAX)
  storage.set(KEY, next)
  return next
}
