// Address encoding, needed only once a wallet is connected (loaded with the session, not eagerly).
import { ALPHABET, checksum } from './ss58.js'

export function base58Encode(bytes: Uint8Array): string {
  let n = bytes.reduce((acc, byte) => (acc << 8n) | BigInt(byte), 0n)
  let text = ''
  for (; n > 0n; n /= 58n) text = ALPHABET[Number(n % 58n)] + text
  for (let i = 0; bytes[i] === 0; i++) text = `1${text}`
  return text
}

/** Encodes a 32-byte account id with an SS58 prefix (0–16383). */
export function encodeAddress(publicKey: Uint8Array, prefix: number): string {
  const head = prefix < 64 ? [prefix] : [((prefix & 252) >> 2) | 64, (prefix >> 8) | ((prefix & 3) << 6)]
  const data = Uint8Array.from([...head, ...publicKey])
  return base58Encode(Uint8Array.from([...data, ...checksum(data).subarray(0, 2)]))
}
