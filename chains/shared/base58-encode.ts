// Encoding, needed once a wallet is connected: apart from decoding, so eager address checks do not carry it.
import { BASE58_ALPHABET } from './base58.js'

/** Encodes bytes as base58 text (zero bytes in front become '1's). */
export function encodeBase58(bytes: Uint8Array): string {
  let n = bytes.reduce((acc, byte) => (acc << 8n) | BigInt(byte), 0n)
  let text = ''
  for (; n > 0n; n /= 58n) text = BASE58_ALPHABET[Number(n % 58n)] + text
  for (let i = 0; bytes[i] === 0; i++) text = `1${text}`
  return text
}
