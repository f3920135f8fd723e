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
export function installLink(
  links: WalletLinks | undefined,
  platform: { isIos(): boolean; isAndroid(): boolean; isMobile(): boolean },
): string | undefined {
  if (!links) return undefined
  const store = platform.isIos()
    ? links.appStore
    : platform.isAndroid()
      ? links.playStore
      : platform.isMobile()
        ? undefined
        : links.chromeStore
  return safeWebLink(store) ?? safeWebLink(links.homepage)
}

/**
 * Whether a wallet deep link that fails is followed by the wallet's page: inside Telegram (where a link to an app
 * that is not installed fails without a word), and on a phone when the active network's family sends users
 * without its wallets to the wallet app (`redirectsMissing`: its chain plugin offers `missingWalletLink`).
 */
export function fallsBackWhenMissing(platform: { isTelegram(): boolean; isMobile(): boolean }, redirectsMissing: boolean): boolean {
  return platform.isTelegram() || (platform.isMobile() && redirectsMissing)
}

/** How long a deep link has to bring the wallet app to the front before the wallet's own page is opened instead. */
export const MISSING_WALLET_FALLBACK_MS = 2_000

export interface PageEnv {
  /** Whether the page is out of sight (another app came to the front). */
  hidden(): boolean
  /** Calls `fn` when the page goes out of sight or is left; returns the unsubscribe. */
  onLeave(fn: () => void): () => void
  /** Opens `url` in this page. */
  go(url: string): void
}

/** The page the modal runs in, as `followOrFallBack` sees it. */
export function browserPage(win: Window = window, doc: Document = document): PageEnv {
  return {
    hidden: () => doc.visibilityState === 'hidden',
    onLeave(fn) {
      const events = ['pagehide', 'blur'] as const
      const onVisibility = () => doc.visibilityState === 'hidden' && fn()
      events.forEach((e) => win.addEventListener(e, fn))
      doc.addEventListener('visibilitychange', onVisibility)
      return () => {
        events.forEach((e) => win.removeEventListener(e, fn))
        doc.removeEventListener('visibilitychange', onVisibility)
      }
    },
    go: (url) => win.location.assign(url),
  }
}

/**
 * After a deep link into a wallet app was followed: when no app took the page's place within
 * `MISSING_WALLET_FALLBACK_MS` (the wallet is not installed, and the link failed without a word), the page goes to
 * `fallback`, the wallet's store or homepage. Returns a cancel function; without a safe fallback nothing happens.
 */
export function fallBackWhenMissing(fallback: string | undefined, page: PageEnv): () => void {
  const target = safeWebLink(fallback)
  if (!target) return () => undefined
  let left = false
  const stop = page.onLeave(() => void (left = true))
  const timer = setTimeout(() => {
    stop()
    if (!left && !page.hidden()) page.go(target)
  }, MISSING_WALLET_FALLBACK_MS)
  return () => {
    clearTimeout(timer)
    stop()
  }
}
