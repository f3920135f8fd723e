/**
 * Names that pass for something else are refused wherever a name is looked up, shown or registered:
 * - a label that reads as an address of any chain family: `0x` and 40 hex digits (or the 40 digits alone), or
 *   25 to 90 letters and digits with a digit among them (base58 as Solana's 32–44 characters, legacy Bitcoin's and
 *   SS58's, bech32 as `bc1…`, `ltc1…`, `rltc1…`, `tb1…`, long hex), after folding full-width and other compatibility
 *   forms; or anything a chain plugin's address check accepts (`accepts`). "0x1111…1111.eth" shown beside another
 *   address would read as that address.
 * - more than two combining marks in a row on one letter: they pile up and push what follows off the card.
 */
import type { NameRefusal } from './account-data.js'

const EVM_HEX = /^(?:0x)?[0-9a-f]{40}$/i
const ENCODED = /^(?=[\s\S]*\d)[0-9a-z]{25,90}$/i
const STACKED_MARKS = /\p{M}{3}/u

/** Whether `label` (one label of a name, or the whole text) reads as an address. */
export function looksLikeAddress(label: string, accepts?: (text: string) => boolean): boolean {
  const folded = label.normalize('NFKC')
  if (EVM_HEX.test(folded) || ENCODED.test(folded)) return true
  try {
    return accepts?.(label) === true || accepts?.(folded) === true
  } catch {
    return false
  }
}

/** Why `name` is refused as a name, or undefined when it may be one. */
export function nameRefusal(name: string, accepts?: (text: string) => boolean): NameRefusal | undefined {
  if (STACKED_MARKS.test(name)) return 'stackedMarks'
  if (looksLikeAddress(name, accepts) || name.split('.').some((label) => looksLikeAddress(label, accepts))) return 'looksLikeAddress'
  return undefined
}

/** The error a names service rejects a refused name's look-up with: named "NameRefused", with its `reason`. */
export function nameRefusedError(reason: NameRefusal): Error & { reason: NameRefusal } {
  return Object.assign(new Error(`Refused name: ${reason}`), { name: 'NameRefused', reason })
}

/** The reason of a "NameRefused" error, or undefined for any other failure. */
export function refusalOf(error: unknown): NameRefusal | undefined {
  const { name, reason } = (error ?? {}) as { name?: unknown; reason?: unknown }
  return name === 'NameRefused' && (reason === 'looksLikeAddress' || reason === 'stackedMarks') ? reason : undefined
}
