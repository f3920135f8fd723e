// Public EVM helpers. They live apart from the adapter on purpose: only a host that imports
// `isChecksumAddress` ships keccak-256 eagerly; `isAddress` (the adapter's rule) is structural, and the adapter
// loads the checksum check (checksum.ts) with import() when a wallet hands over a mixed-case address.
import { hasValidChecksum } from './checksum.js'

const HEX40 = /^(0x)?[0-9a-fA-F]{40}$/

/**
 * The strict rule, for what a person types or pastes (a send's receiver): `isAddress`'s structure, and a mixed-case
 * address must match its EIP-55 checksum, so one mistyped letter is caught. All-lowercase and all-uppercase hex
 * carry no checksum and are accepted.
 *
 * @example
 * isChecksumAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266') // true (checksum matches)
 * isChecksumAddress('0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266') // false (one letter's case is wrong)
 * isChecksumAddress('f39fd6e51aad88f6f4ce6ab8827279cfffb92266')   // true (no prefix, no checksum)
 */
export function isChecksumAddress(value: string): boolean {
  return typeof value === 'string' && HEX40.test(value) && hasValidChecksum(value.slice(-40))
}

/**
 * The SLIP-44 / ENSIP-11 coin type of an EVM chain: the chain id with the high bit set,
 * `(0x80000000 | chainId) >>> 0`. Used when registering names for a chain.
 *
 * @throws Error "Invalid chainId" for a negative, non-integer or ≥ 2147483648 chain id.
 * @example
 * chainIdToCoinType(10) // 2147483658
 */
export function chainIdToCoinType(chainId: number): number {
  if (typeof chainId !== 'number' || !Number.isInteger(chainId) || chainId < 0 || chainId >= 0x80000000) {
    throw new Error('Invalid chainId')
  }
  return (0x80000000 | chainId) >>> 0
}
