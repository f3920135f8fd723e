import { keccak_256 } from '@noble/hashes/sha3.js'

/**
 * EIP-55: whether the 40 hex digits `hex` (no 0x) carry a valid checksum. All-lowercase and all-uppercase carry
 * none and pass; in mixed case the i-th letter is uppercase exactly when the i-th nibble of
 * keccak256(lowercase hex) is 8 or more.
 */
export function hasValidChecksum(hex: string): boolean {
  const lower = hex.toLowerCase()
  if (hex === lower || hex === hex.toUpperCase()) return true
  const hash = keccak_256(new TextEncoder().encode(lower))
  for (let i = 0; i < hex.length; i++) {
    const nibble = ((hash[i >> 1] ?? 0) >> (i % 2 ? 0 : 4)) & 0xf
    const char = hex[i] as string
    if (char !== (nibble >= 8 ? char.toUpperCase() : char.toLowerCase())) return false
  }
  return true
}

/** `hex` (40 hex digits, no 0x, any case) with the EIP-55 checksum: each letter's case from keccak256 of the lowercase text. */
export function toChecksum(hex: string): string {
  const lower = hex.toLowerCase()
  const hash = keccak_256(new TextEncoder().encode(lower))
  let out = ''
  for (let i = 0; i < lower.length; i++) {
    const nibble = ((hash[i >> 1] ?? 0) >> (i % 2 ? 0 : 4)) & 0xf
    out += nibble >= 8 ? lower[i]!.toUpperCase() : lower[i]!
  }
  return out
}
