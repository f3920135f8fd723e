// The Solana address of an embedded wallet: the ed25519 public key of a seed derived from the user's key, in base58.
import { createHash, createPrivateKey, createPublicKey, sign } from 'node:crypto'

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

/** The ed25519 private key of `key` (PKCS#8 wrapping of the raw seed, so node:crypto takes it). */
const privateKeyOf = (key) =>
  createPrivateKey({
    key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), solanaSeed(key)]),
    format: 'der',
    type: 'pkcs8',
  })
const publicKeyOf = (key) => createPublicKey(privateKeyOf(key)).export({ format: 'der', type: 'spki' }).subarray(-32)

export const solanaAddress = (key) => base58(publicKeyOf(key))
export const encodeBase58 = base58

/** An ed25519 signature of `bytes` by the user's Solana key. */
export const signSolanaMessage = (key, bytes) => sign(null, bytes, privateKeyOf(key))

/** Reads a compact-u16 (Solana's short vector length) at `at`: [value, bytes read]. */
function shortVec(bytes, at) {
  let value = 0
  for (let i = 0; i < 3; i++) {
    const b = bytes[at + i]
    value |= (b & 0x7f) << (7 * i)
    if ((b & 0x80) === 0) return [value, i + 1]
  }
  throw new Error('Malformed transaction')
}

/**
 * Signs a serialized transaction (legacy or versioned) in the signature slot of the user's key: the signers are the
 * message's first accounts, in the order of the signature slots. Throws when the key is not a signer.
 */
export function signSolanaTransaction(key, wire) {
  const bytes = Buffer.from(wire)
  const [count, countLength] = shortVec(bytes, 0)
  const messageAt = countLength + 64 * count
  const message = bytes.subarray(messageAt)
  let at = message[0] & 0x80 ? 1 : 0
  const required = message[at]
  at += 3
  const [keys, keysLength] = shortVec(message, at)
  at += keysLength
  const own = publicKeyOf(key)
  for (let i = 0; i < Math.min(required, keys, count); i++) {
    if (Buffer.compare(message.subarray(at + 32 * i, at + 32 * (i + 1)), own) !== 0) continue
    signSolanaMessage(key, message).copy(bytes, countLength + 64 * i)
    return bytes
  }
  throw new Error('Action not allowed')
}
