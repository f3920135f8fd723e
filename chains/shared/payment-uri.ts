/**
 * Pieces the chain plugins' payment request URIs share (the `paymentUri` chain feature): amounts are decimal text
 * in the chain's display unit, never a JavaScript number; query values are percent-encoded.
 */

/** A network's own URI scheme when it is a well-formed one (lowercase letters first), else undefined. */
export const uriScheme = (value: unknown) => (typeof value === 'string' && /^[a-z][a-z0-9+.-]{0,31}$/.test(value) ? value : undefined)

/** `amount` when it is decimal text (`1`, `0.5`); throws for anything else. */
export const checkedAmount = (amount: string | undefined) => {
  if (amount !== undefined && !/^\d+(\.\d+)?$/.test(amount)) throw new Error(`Not an amount: ${amount}`)
  return amount
}

/** `?key=value&…` of the params that have a value, or the empty string. */
export const uriQuery = (params: Record<string, string | undefined>) => {
  const parts = Object.entries(params)
    .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '')
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
  return parts.length ? `?${parts.join('&')}` : ''
}
