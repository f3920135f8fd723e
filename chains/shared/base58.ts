/**
 * Base58 with the Bitcoin alphabet: the text form of Solana keys and signatures, SS58 (Polkadot) and base58check
 * (Bitcoin) addresses. One implementation for every chain plugin; no SDK needed.
 */
export const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/**
 * Decodes base58 text (leading '1's are zero bytes); undefined when a character is outside the alphabet. BigInt
 * arithmetic keeps it small; the texts decoded here (keys, signatures, addresses) are short.
 */
export function decodeBase58(text: string): Uint8Array | undefined {
  if (typeof text !== 'string') return undefined
  let n = 0n
  for (const char of text) {
    const digit = BASE58_ALPHABET.indexOf(char)
    if (digit < 0) return undefined
    n = n * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  for (; n > 0n; n >>= 8n) bytes.unshift(Number(n & 255n))
  for (let i = 0; text[i] === '1'; i++) bytes.unshift(0)
  return Uint8Array.from(bytes)
}
