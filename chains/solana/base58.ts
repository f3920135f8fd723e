/** Solana address checks over the shared base58 codec. */
import { decodeBase58 } from '../shared/base58.js'

export { decodeBase58 }

/**
 * Solana address rule: base58 text that decodes to exactly 32 bytes (an ed25519 public key or a program
 * derived address). Addresses are the same on every Solana network, so `network` changes nothing; it is
 * accepted so every chain's `isAddress` has one signature.
 */
export function isAddress(value: string, _network?: unknown): boolean {
  // 32 bytes are 32 to 44 base58 characters; the length check keeps huge input cheap.
  return typeof value === 'string' && value.length >= 32 && value.length <= 44 && decodeBase58(value)?.length === 32
}

/** The chain-specific message for an address `isAddress` rejects. */
export const invalidAddress = (value: unknown) =>
  `Invalid Solana address: "${String(value).slice(0, 64)}" (expected base58 text of a 32-byte public key)`
