/**
 * The character rules of a sign-in message (EIP-4361 and CAIP-122, which borrow RFC 3986 and RFC 3339): each field
 * of the text is checked against its production, nothing looser.
 */
import { keccak_256 } from '@noble/hashes/sha3.js'

const UNRESERVED = 'A-Za-z0-9\\-._~'
const SUB_DELIMS = "!$&'()*+,;="
const PCT = '%[0-9A-Fa-f]{2}'
const PCHAR = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT})`

/** RFC 3986 scheme. */
export const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/
/** RFC 3986 authority: [userinfo "@"] host [":" port], host an IP literal, IPv4 or reg-name. */
const AUTHORITY = /* @__PURE__ */ new RegExp(
  `^(?:(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT})*@)?(?:\\[[0-9A-Fa-f:.vV${UNRESERVED}${SUB_DELIMS}]+\\]|(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT})*)(?::[0-9]*)?$`,
)
/** RFC 3986 URI (absolute, with scheme): the characters a URI may hold, percent signs followed by two hex digits. */
const URI = /* @__PURE__ */ new RegExp(`^[A-Za-z][A-Za-z0-9+.-]*:(?:[${UNRESERVED}${SUB_DELIMS}:/?#\\[\\]@]|${PCT})*$`)
/** statement = *( reserved / unreserved / " " ): no line break, no percent sign, nothing outside ASCII. */
const STATEMENT = /* @__PURE__ */ new RegExp(`^[${UNRESERVED}${SUB_DELIMS}:/?#\\[\\]@ ]*$`)
/** request-id = *pchar */
const REQUEST_ID = /* @__PURE__ */ new RegExp(`^${PCHAR}*$`)
/** Longest nonce taken: the format sets no bound, and a nonce of a megabyte would be put to the wallet whole. */
export const NONCE_MAX = 128
/** nonce = 8*( ALPHA / DIGIT ), at most NONCE_MAX. */
const NONCE = /* @__PURE__ */ new RegExp(`^[A-Za-z0-9]{8,${NONCE_MAX}}$`)
/**
 * A statement a reader would take for a line of the message itself: one that starts with a field's tag
 * ("Chain ID: 137", "URI: …") or carries a second "… wants you to sign in with your … account" header.
 */
const LINE_LIKE =
  /^(?:URI|Version|Chain ID|Nonce|Issued At|Expiration Time|Not Before|Request ID|Resources):|wants you to sign in with your /i
/** RFC 3339 date-time; T and Z may be lowercase. */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2}):(\d{2}))$/
/** CAIP-2 reference; EIP-4361's chain id is digits only. */
const CHAIN_REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/
/** CAIP-10 account address. */
const ACCOUNT_ADDRESS = /^[-.%a-zA-Z0-9]{1,128}$/

export const isAuthority = (text: string) => text.length > 0 && AUTHORITY.test(text)
export const isUri = (text: string) => URI.test(text)
export const isStatement = (text: string) => STATEMENT.test(text)
/** Whether a statement reads as a line of the message (a field's tag, another header). */
export const readsAsLine = (text: string) => LINE_LIKE.test(text)
export const isRequestId = (text: string) => REQUEST_ID.test(text)
export const isNonce = (text: string) => NONCE.test(text)

/** Whether `text` is an RFC 3339 date-time naming a real instant (month, day of that month, hour, minute, offset in range). */
export function isDateTime(text: string): boolean {
  const m = DATE_TIME.exec(text)
  if (!m) return false
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number]
  const days = [31, year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
  if (month < 1 || month > 12 || day < 1 || day > days[month - 1]!) return false
  if (hour > 23 || minute > 59 || second > 60) return false
  if (m[9] !== undefined && (Number(m[9]) > 23 || Number(m[10]) > 59)) return false
  return true
}

/** Milliseconds since the epoch of an RFC 3339 date-time, or NaN when it is not one. */
export const timeOf = (text: string | undefined): number => (text !== undefined && isDateTime(text) ? Date.parse(text.toUpperCase()) : NaN)

/** An EIP-55 address: 0x and 40 hex digits, each letter's case given by keccak256 of the lowercase digits. */
export function isChecksummedAddress(text: string): boolean {
  return /^0x[0-9a-fA-F]{40}$/.test(text) && text === checksumAddress(text)
}

/** `address` (0x and 40 hex digits, any case) in its EIP-55 form. */
export function checksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase()
  const hash = keccak_256(new TextEncoder().encode(lower))
  let out = '0x'
  for (let i = 0; i < lower.length; i++) {
    const nibble = ((hash[i >> 1] ?? 0) >> (i % 2 ? 0 : 4)) & 0xf
    out += nibble >= 8 ? lower[i]!.toUpperCase() : lower[i]!
  }
  return out
}

/** Whether `reference` is a chain id the namespace's message may carry (EIP-4361: digits only). */
export const isChainReference = (namespace: string, reference: string) =>
  namespace === 'eip155' ? /^[0-9]+$/.test(reference) : CHAIN_REFERENCE.test(reference)

/** Whether `address` is an account address the namespace's message may carry (EIP-4361: EIP-55 checksummed). */
export const isAccountAddress = (namespace: string, address: string) =>
  namespace === 'eip155' ? isChecksummedAddress(address) : ACCOUNT_ADDRESS.test(address)
