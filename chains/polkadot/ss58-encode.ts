// Address encoding, needed only once a wallet is connected (loaded with the session, not eagerly).
import { encodeBase58 } from '../shared/base58-encode.js'
import { checksum } from './ss58.js'

export const base58Encode = encodeBase58

/** Encodes a 32-byte account id with an SS58 prefix (0–16383). */
export function encodeAddress(publicKey: Uint8Array, prefix: number): string {
  const head = prefix < 64 ? [prefix] : [((prefix & 252) >> 2) | 64, (prefix >> 8) | ((prefix & 3) << 6)]
  const data = Uint8Array.from([...head, ...publicKey])
  return base58Encode(Uint8Array.from([...data, ...checksum(data).subarray(0, 2)]))
}
