/**
 * Amount helpers shared by every chain: amounts are bigint in the smallest unit end to end and become
 * strings only for display. No function here goes through a JavaScript number.
 */

const checkDecimals = (decimals: number) => {
  if (!Number.isSafeInteger(decimals) || decimals < 0) throw new Error(`Invalid decimals: ${String(decimals)}`)
}

/** Formats `value` (smallest unit) as a decimal string with `decimals` places, trailing zeros removed. */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/**
 * Parses a decimal amount typed by a person into the smallest unit, strictly.
 *
 * Accepted: ASCII digits with at most one `.` and at least one digit (`1`, `1.5`, `.5`, `1.`), with at most
 * `decimals` fraction digits. Refused: signs, exponents (`1e18`), spaces, group separators (`1,000`), a lone
 * `.`, and anything else. Exact for any size: the digits go straight into a bigint.
 *
 * @throws Error `Invalid amount: "…"`, `Too many decimals: at most N` or `Invalid decimals: …`.
 * @example
 * parseAmount('1.5', 18) // 1500000000000000000n
 * parseAmount('0.000001', 6) // 1n
 */
export function parseAmount(text: string, decimals: number): bigint {
  checkDecimals(decimals)
  if (typeof text !== 'string' || !/^(\d+\.?\d*|\.\d+)$/.test(text)) throw new Error(`Invalid amount: "${String(text)}"`)
  const [whole = '', fraction = ''] = text.split('.')
  if (fraction.length > decimals) throw new Error(`Too many decimals: at most ${decimals}`)
  return BigInt((whole || '0') + fraction.padEnd(decimals, '0'))
}

/** {@link parseAmount} after trimming surrounding whitespace (what adapters use on form input). */
export function parseUnits(text: string, decimals: number): bigint {
  const trimmed = String(text).trim()
  try {
    return parseAmount(trimmed, decimals)
  } catch (error) {
    // Name what the caller passed, not the trimmed copy.
    if (trimmed !== text && /^Invalid amount/.test((error as Error).message)) throw new Error(`Invalid amount: "${text}"`)
    throw error
  }
}

/** A balance is shown truncated (never rounded) to 3 decimals. */
export function truncateDecimals(text: string, places = 3): string {
  const [whole = '0', fraction = ''] = text.split('.')
  const kept = fraction.slice(0, places).replace(/0+$/, '')
  if (kept) return `${whole}.${kept}`
  // -0.0004 truncates toward zero to 0, not "-0".
  return whole === '-0' ? '0' : whole
}

/**
 * Formats a balance for display: `value` in the smallest unit, truncated toward zero to at most
 * 3 decimals, trailing zeros dropped. Never rounds, never goes through a float.
 *
 * @example
 * formatBalance(1_500_000n, 6) // '1.5'
 * formatBalance(1_999_999n, 6) // '1.999'
 * formatBalance(0n, 18)        // '0'
 */
export function formatBalance(value: bigint, decimals: number): string {
  if (typeof value !== 'bigint') throw new TypeError(`formatBalance needs a bigint, got ${typeof value}`)
  checkDecimals(decimals)
  return truncateDecimals(formatUnits(value, decimals), 3)
}

/** `0x1234…abcd`: keeps `chars` on each side of the address. */
export function shortenAddress(address: string, chars = 4): string {
  // A prefix every address of its kind shares (0x, a bech32 part such as "bc1" or "rltc1") tells addresses apart
  // no more than nothing: the characters kept come after it.
  const bech32 = /^([a-z]{1,10}1)[02-9ac-hj-np-z]{8,}$/.exec(address)
  const head = address.startsWith('0x') ? chars + 2 : bech32 ? bech32[1]!.length + chars : chars
  if (address.length <= head + chars + 1) return address
  return `${address.slice(0, head)}…${address.slice(-chars)}`
}
