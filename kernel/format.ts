/**
 * Amount helpers shared by every chain: amounts are bigint in the smallest unit end to end and become
 * strings only for display.
 */

/** Formats `value` (smallest unit) as a decimal string with `decimals` places, trailing zeros removed. */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/** Parses a decimal string into the smallest unit; throws on anything but digits with one optional dot. */
export function parseUnits(text: string, decimals: number): bigint {
  const trimmed = String(text).trim()
  if (!/^\d*\.?\d*$/.test(trimmed) || trimmed === '' || trimmed === '.') {
    throw new Error(`Invalid amount: "${text}"`)
  }
  const [whole = '', fraction = ''] = trimmed.split('.')
  if (fraction.length > decimals) throw new Error(`Too many decimals: at most ${decimals}`)
  return BigInt((whole || '0') + fraction.padEnd(decimals, '0'))
}

/** Display rule of the spec: a balance is truncated (never rounded) to 3 decimals. */
export function truncateDecimals(text: string, places = 3): string {
  const [whole, fraction = ''] = text.split('.')
  const kept = fraction.slice(0, places).replace(/0+$/, '')
  return kept ? `${whole}.${kept}` : (whole ?? '0')
}

/** `0x1234…abcd`: keeps `chars` on each side of the address. */
export function shortenAddress(address: string, chars = 4): string {
  const head = address.startsWith('0x') ? chars + 2 : chars
  if (address.length <= head + chars + 1) return address
  return `${address.slice(0, head)}…${address.slice(-chars)}`
}
