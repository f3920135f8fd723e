/**
 * Display helpers: how balances and addresses read on screen. Only views use them, so they load with the views,
 * not with the kernel.
 */
import { checkDecimals, formatUnits } from './format.js'

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
