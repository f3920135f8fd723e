/** Base58 (Bitcoin alphabet), the text form of Solana addresses, signatures and hashes. No SDK needed. */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** Decodes base58 text; undefined when a character is outside the alphabet. */
export function decodeBase58(text: string): Uint8Array | undefined {
  if (typeof text !== 'string') return undefined
  let zeros = 0
  while (zeros < text.length && text[zeros] === '1') zeros++
  const bytes: number[] = []
  for (let i = zeros; i < text.length; i++) {
    let carry = ALPHABET.indexOf(text[i]!)
    if (carry < 0) return undefined
    for (let j = 0; j < bytes.length; j++) {
      carry += bytes[j]! * 58
      bytes[j] = carry & 0xff
      carry >>= 8
    }
    for (; carry; carry >>= 8) bytes.push(carry & 0xff)
  }
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes.reverse()])
}

/**
 * Solana address rule: base58 text that decodes to exactly 32 bytes (an ed25519 public key or a program
 * derived address). Addresses are the same on every Solana network, so `network` changes nothing; it is
 * accepted so every chain's `isAddress` has one signature.
 */
export function isAddress(value: string, _network?: unknown): boolean {
  // 32 bytes are 32 to 44 base58 characters (spec §5); the length check keeps huge input cheap.
  return typeof value === 'string' && value.length >= 32 && value.length <= 44 && decodeBase58(value)?.length === 32
}

/** The chain-specific message for an address `isAddress` rejects. */
export const invalidAddress = (value: unknown) =>
  `Invalid Solana address: "${String(value).slice(0, 64)}" (expected base58 text of a 32-byte public key)`
