/**
 * What a wallet, a catalog, WalletConnect peer metadata or the browser's storage says about a wallet is
 * untrusted: every name, image and link passes through these rules before it reaches the UI or a click.
 */

/** Longest wallet name shown, in characters (code points); a longer one is cut and ends with "…". */
export const NAME_MAX = 64
/** The name shown for a wallet whose own name is blank once cleaned. */
export const GENERIC_WALLET_NAME = 'Wallet'

// Control and format characters (bidirectional embeddings, overrides and isolates, zero-width spaces and joiners,
// the byte-order mark, soft hyphens, tag characters), line and paragraph separators, lone surrogates, and the
// filler letters that render as nothing: none of them may change how the text around them reads.
const HIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\u115f\u1160\u2800\u3164\uffa0]/gu
// Combining marks beyond three on one letter only pile up over the rows around it.
const STACKED_MARKS = /(\p{M}{3})\p{M}+/gu

/**
 * Untrusted text for display: hidden and direction-changing characters become spaces, runs of whitespace one
 * space, at most `max` characters (an ellipsis marks the cut, never inside a surrogate pair). HTML stays
 * literal: the UI renders it as text.
 *
 * @example
 * cleanText('\u202eksaMateM', 64) // 'ksaMateM' (it no longer reads "MetaMask")
 */
export function cleanText(value: unknown, max: number): string {
  if (typeof value !== 'string') return ''
  // A bound on the work: what lies beyond could not be shown anyway.
  const text = value
    .slice(0, max * 8)
    .replace(HIDDEN, ' ')
    .replace(STACKED_MARKS, '$1')
    .replace(/\s+/g, ' ')
    .trim()
  const chars = Array.from(text)
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : text
}

/** A wallet name cleaned by `cleanText` to at most 64 characters; '' when nothing visible is left. */
export const cleanName = (value: unknown): string => cleanText(value, NAME_MAX)

/** A wallet name fit for display: `cleanName`, or `fallback` ("Wallet") when that leaves nothing. */
export const walletName = (value: unknown, fallback = GENERIC_WALLET_NAME): string => cleanName(value) || fallback

/** An id (catalog id, connector id) of at most 200 characters from a safe set, else undefined. */
export const safeId = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length <= 200 && /^[\w.:@+/-]+$/.test(value) ? value : undefined

/** A reverse-DNS wallet id (`io.metamask`), lowercased, at most 128 characters, else undefined. */
export function safeRdns(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 128) return undefined
  const rdns = value.trim().toLowerCase()
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(rdns) ? rdns : undefined
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])
/** Longest link or image URL kept (data URIs have their own, larger cap). */
export const URL_MAX = 2048
/** Longest inline image kept. */
export const DATA_IMAGE_MAX = 100_000
/** Schemes that can run code or read local files when followed; never kept, whatever the field. */
const BLOCKED_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:', 'filesystem:', 'view-source:', 'jar:'])

const parseUrl = (value: unknown): URL | undefined => {
  if (typeof value !== 'string' || value.length > URL_MAX) return undefined
  const text = value.trim()
  if (!text) return undefined
  try {
    // The URL parser strips tabs and newlines and lowercases the scheme, as a browser following the link would:
    // "java\nscript:" and "JaVaScRiPt:" both come out as "javascript:".
    return new URL(text)
  } catch {
    return undefined
  }
}

/** http: is only for a development server on this machine; anything reachable over a network must be https:. */
const isSecureWeb = (url: URL) => url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname))

/**
 * The one rule for every image the modal shows (wallet icons from any source, catalog images, network images):
 * an https URL, an http URL on loopback (local development), or a raster or SVG `data:image/…` URI of at most
 * 100 kB. Never a script-capable scheme, a relative or protocol-relative URL, or plain http to another host.
 */
export function safeImageUrl(value: unknown): string | undefined {
  if (typeof value === 'string' && /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(value.trim())) {
    return value.length <= DATA_IMAGE_MAX ? value.trim() : undefined
  }
  const url = parseUrl(value)
  return url && isSecureWeb(url) && url.hostname ? url.href : undefined
}

/**
 * An icon a wallet announces about itself (EIP-6963, the Wallet Standard): both standards require a `data:` URI,
 * so an announced URL is refused (the initials show), and the list can never make the page request a URL that an
 * extension chose (a tracking pixel).
 */
export function safeAnnouncedIcon(value: unknown): string | undefined {
  const image = safeImageUrl(value)
  return image?.startsWith('data:') ? image : undefined
}

/**
 * An image read back from storage (a recent wallet's): a `data:` image, or an image URL from `origin` (the provider
 * API's, where catalog images come from); anything else is refused, as storage is as untrusted as what wrote it.
 */
export function safeStoredImageUrl(value: unknown, origin: string | undefined): string | undefined {
  const image = safeImageUrl(value)
  if (!image || image.startsWith('data:')) return image
  return origin !== undefined && new URL(image).origin === origin ? image : undefined
}

/** A web link (a wallet's web app): https only (plain http on loopback for local development), else undefined. */
export function safeWebLink(value: unknown): string | undefined {
  const url = parseUrl(value)
  return url && isSecureWeb(url) && url.hostname ? url.href : undefined
}

/**
 * A deep link (a wallet's `metamask://` scheme or an https universal link); never javascript:, data:, vbscript:,
 * file: or another script-capable or local scheme.
 */
export function safeDeepLink(value: unknown): string | undefined {
  const url = parseUrl(value)
  if (!url || BLOCKED_SCHEMES.has(url.protocol)) return undefined
  if (url.protocol === 'http:' || url.protocol === 'https:') return isSecureWeb(url) && url.hostname ? url.href : undefined
  return /^[a-z][a-z0-9+.-]*:$/.test(url.protocol) ? url.href : undefined
}
