import type { WalletLinks } from 'vestibule/kernel'
import { safeWebLink } from 'vestibule/utils'

/**
 * Wallet links from the catalog and peer metadata are untrusted: only http(s) URLs and app schemes are
 * followed, never `javascript:`, `data:` and friends.
 */
const BLOCKED_SCHEMES = /^(javascript|data|vbscript|file|blob|about|filesystem):/i
const SCHEME = /^([a-z][a-z0-9+.-]*):/i

/** The link when it is safe to follow, trimmed; undefined otherwise. */
export function safeLink(link: unknown): string | undefined {
  if (typeof link !== 'string') return undefined
  const trimmed = link.trim()
  // Control characters and spaces let a scheme hide ("java\tscript:").
  if (!trimmed || trimmed.length > 2048 || /[\u0000-\u0020\u007f]/.test(trimmed)) return undefined
  if (BLOCKED_SCHEMES.test(trimmed)) return undefined
  if (/^https?:\/\//i.test(trimmed)) {
    try {
      return new URL(trimmed).protocol.startsWith('http') ? trimmed : undefined
    } catch {
      return undefined
    }
  }
  // A bare app name ("rainbow") or an app scheme ("rainbow:", "rainbow://").
  if (SCHEME.test(trimmed) || /^[a-z][a-z0-9+.-]*$/i.test(trimmed)) return trimmed
  return undefined
}

export interface DeepLink {
  /** What to open: the wallet's link with the pairing URI. */
  redirect: string
  /** The wallet's own link, remembered as the deep link choice. */
  href: string
}

/**
 * The link that hands `uri` to a wallet: `<universal link>/wc?uri=…` for http(s) links, `<scheme>://wc?uri=…`
 * for app schemes. Undefined when `link` is not safe.
 */
export function walletLink(link: unknown, uri: string): DeepLink | undefined {
  const safe = safeLink(link)
  if (!safe) return undefined
  let href = safe
  if (!/^https?:\/\//i.test(href) && !href.includes('://')) href = `${href.replace(/[:/]/g, '')}://`
  if (!href.endsWith('/')) href = `${href}/`
  return { href, redirect: `${href}wc?uri=${encodeURIComponent(uri)}` }
}

/**
 * The page where a user without the wallet gets it on this platform: its store, else its homepage. Only safe web
 * links count (an unsafe store link falls back to the homepage).
 */
export function installLink(links: WalletLinks | undefined, platform: { isIos(): boolean; isAndroid(): boolean; isMobile(): boolean }): string | undefined {
  if (!links) return undefined
  const store = platform.isIos() ? links.appStore : platform.isAndroid() ? links.playStore : platform.isMobile() ? undefined : links.chromeStore
  return safeWebLink(store) ?? safeWebLink(links.homepage)
}
