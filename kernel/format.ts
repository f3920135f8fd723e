/**
 * Amount helpers shared by every chain: amounts are bigint in the smallest unit end to end and become
 * strings only for display. No function here goes through a JavaScript number.
 */

/** Throws unless `decimals` is a non-negative safe integer. */
export const checkDecimals = (decimals: number) => {
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
