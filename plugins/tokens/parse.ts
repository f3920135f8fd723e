import type { AccountToken, CaipAddress, CaipNetworkId } from 'vestibule/kernel'
import { cleanText, safeImageUrl, parseUnits } from 'vestibule/utils'

/** The largest amount a token can hold (uint256): anything above is not a real balance. */
const UINT256_MAX = (1n << 256n) - 1n
/** Decimals a token may declare (uint8 in ERC-20; real tokens use at most 36). */
const MAX_DECIMALS = 77
/** A decimal number as the API writes it: digits, an optional fraction, nothing else (no sign, no exponent). */
const DECIMAL = /^\d{1,80}(\.\d{1,80})?$/

/** Base units of a decimal string with `decimals` places; extra places are cut (never rounded up). */
export function toBaseUnits(numeric: string, decimals: number): bigint | undefined {
  if (!DECIMAL.test(numeric)) return undefined
  const [whole = '0', fraction = ''] = numeric.split('.')
  const amount = parseUnits(fraction ? `${whole}.${fraction.slice(0, decimals)}` : whole, decimals)
  return amount <= UINT256_MAX ? amount : undefined
}

const finite = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined

/**
 * One balance row of the blockchain API as an `AccountToken`, or undefined when it is malformed: a missing or
 * non-numeric quantity, negative or fractional decimals, an amount beyond uint256, a name that is blank once
 * cleaned. Decimals 0 are dropped too (such "tokens" are collectibles or spam). Text is cleaned, images checked.
 */
export function parseBalanceRow(raw: unknown, chainId: CaipNetworkId): AccountToken | undefined {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined
  const row = raw as Record<string, unknown>
  const quantity = row.quantity as Record<string, unknown> | null | undefined
  if (!quantity || typeof quantity !== 'object') return undefined
  const decimalsText = typeof quantity.decimals === 'number' ? String(quantity.decimals) : quantity.decimals
  if (typeof decimalsText !== 'string' || !/^\d{1,2}$/.test(decimalsText)) return undefined
  const decimals = Number(decimalsText)
  if (decimals === 0 || decimals > MAX_DECIMALS) return undefined
  if (typeof quantity.numeric !== 'string') return undefined
  const amount = toBaseUnits(quantity.numeric.trim(), decimals)
  if (amount === undefined) return undefined
  const symbol = cleanText(row.symbol, 12)
  const name = cleanText(row.name, 40) || symbol
  if (!symbol) return undefined
  // The row's network must be the one asked for; an address must be a CAIP-10 address on it.
  if (row.chainId !== undefined && row.chainId !== chainId) return undefined
  let address: CaipAddress | undefined
  if (row.address !== undefined && row.address !== null && row.address !== '') {
    if (typeof row.address !== 'string' || row.address.length > 200) return undefined
    const caip = row.address.startsWith(`${chainId}:`) ? row.address : `${chainId}:${row.address}`
    if (!/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/.test(caip)) return undefined
    address = caip as CaipAddress
  }
  const token: AccountToken = { name, symbol, chainId, decimals, amount }
  if (address) token.address = address
  const price = finite(row.price)
  const value = finite(row.value)
  const iconUrl = safeImageUrl(row.iconUrl)
  if (price !== undefined) token.price = price
  if (value !== undefined) token.value = value
  if (iconUrl) token.iconUrl = iconUrl
  return token
}

/** The rows of a balance answer that parse, at most 500; the rest are dropped. */
export function parseBalances(body: unknown, chainId: CaipNetworkId): AccountToken[] {
  const rows = (body as { balances?: unknown } | null)?.balances
  if (!Array.isArray(rows)) return []
  return rows
    .slice(0, 500)
    .map((row) => parseBalanceRow(row, chainId))
    .filter((t): t is AccountToken => t !== undefined)
}

/** Native first, then by USD value, then by name: the order the Tokens tab shows. */
export function sortTokens(tokens: readonly AccountToken[]): AccountToken[] {
  return [...tokens].sort(
    (a, b) => Number(Boolean(a.address)) - Number(Boolean(b.address)) || (b.value ?? 0) - (a.value ?? 0) || a.name.localeCompare(b.name),
  )
}
