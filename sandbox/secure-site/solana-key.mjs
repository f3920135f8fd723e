// The Solana address of an embedded wallet: the ed25519 public key of a seed derived from the user's key, in base58.
import { createHash, createPrivateKey, createPublicKey } from 'node:crypto'

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

function base58(bytes) {
  let n = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`)
  let out = ''
  while (n > 0n) {
    out = ALPHABET[Number(n % 58n)] + out
    n /= 58n
  }
  for (const b of bytes) {
    if (b !== 0) break
    out = `1${out}`
  }
  return out
}

/** The 32-byte ed25519 seed for `key` (a 0x-hex secret). */
export const solanaSeed = (key) => createHash('sha256').update(`solana:${key}`).digest()

export function solanaAddress(key) {
  // PKCS#8 wrapping of a raw ed25519 seed, so node:crypto derives its public key.
  const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), solanaSeed(key)])
  const publicKey = createPublicKey(createPrivateKey({ key: der, format: 'der', type: 'pkcs8' })).export({ format: 'der', type: 'spki' })
  return base58(publicKey.subarray(-32))
}
