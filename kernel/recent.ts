import { cleanName, safeIcon } from './sanitize.js'
import type { Storage } from './storage.js'

/** Spec §9: the Connect view remembers at most two recent wallets. */
export const RECENT_WALLETS_MAX = 2
const KEY = 'recentWallets'

export interface RecentWallet {
  id: string
  name: string
  imageUrl?: string
  rdns?: string
  /** Catalog links, so a recent wallet reached through WalletConnect can be opened again the same way. */
  links?: { mobile?: string; desktop?: string; webapp?: string }
}

/** Recent wallets, newest first; storage is untrusted: malformed entries are dropped, names and icons cleaned. */
export function getRecentWallets(storage: Storage): RecentWallet[] {
  const stored = storage.get<unknown>(KEY)
  if (!Array.isArray(stored)) return []
  return stored
    .filter((w): w is RecentWallet => typeof (w as RecentWallet | null)?.id === 'string' && Boolean(cleanName((w as RecentWallet).name)))
    .slice(0, RECENT_WALLETS_MAX)
    .map((w) => ({ ...w, name: cleanName(w.name), imageUrl: safeIcon(w.imageUrl) }))
}

/** Puts `wallet` first, drops an older entry with the same id, keeps at most two. */
export function addRecentWallet(storage: Storage, wallet: RecentWallet): RecentWallet[] {
  const next = [wallet, ...getRecentWallets(storage).filter((w) => w.id !== wallet.id)].slice(0, RECENT_WALLETS_MAX)
  storage.set(KEY, next)
  return next
}
