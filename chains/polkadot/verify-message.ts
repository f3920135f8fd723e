/**
 * Whether a text message was signed by a Polkadot account, for the adapter's `verifyMessage` (the session code
 * loads it on first use) and for servers that check sign-ins (it runs in Node as in the browser). No SDK: the
 * curves come from @scure/sr25519 and @noble/curves, so a sign-in does not load @polkadot/api.
 *
 * The rule: the account's key signed the UTF-8 bytes of the message wrapped in `<Bytes>…</Bytes>`, as extensions
 * do for `signRaw` with type "bytes" (so no transaction can pass for a message), or the bare bytes. The key type
 * is not in the address, so each is tried: sr25519 (the default), ed25519, and ecdsa (a key whose BLAKE2b-256 is
 * the account id, over the BLAKE2b-256 of the bytes). The signature is 0x-prefixed hex: 64 bytes (sr25519 or
 * ed25519), 65 (ecdsa with its recovery byte), or a MultiSignature with its type byte in front (0 ed25519,
 * 1 sr25519, 2 ecdsa). The address is SS58 with a valid checksum and, when `network` has one, its SS58 prefix.
 *
 * Resolves false for a signature that does not verify and for malformed input (an address of another network or
 * with a bad checksum, a signature that is not hex of 64 to 66 bytes); it never rejects.
 */
import { ed25519 } from '@noble/curves/ed25519'
import { secp256k1 } from '@noble/curves/secp256k1'
import { blake2b } from '@noble/hashes/blake2b.js'
import { verify as sr25519Verify } from '@scure/sr25519'
import type { CaipNetwork } from 'vestibule/kernel'
import type { PolkadotNetwork } from './networks.js'

export interface VerifyMessageParams {
  address: string
  message: string
  signature: string
  network?: CaipNetwork
}

type Scheme = 'sr25519' | 'ed25519' | 'ecdsa'

const SIGNATURE = /^0x(?:[0-9a-fA-F]{2}){64,66}$/
const OPEN = new TextEncoder().encode('<Bytes>')
const CLOSE = new TextEncoder().encode('</Bytes>')

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const SS58PRE = new TextEncoder().encode('SS58PRE')

/**
 * The 32-byte account id of an SS58 address with a valid checksum and, when `prefix` is given, that network
 * prefix; else undefined. Decoded here rather than with the plugin's eager SS58 module: a lazily loaded module
 * importing one splits the host's eager chunk.
 */
function accountIdOf(address: unknown, prefix: number | undefined): Uint8Array | undefined {
  if (typeof address !== 'string' || address.length < 40 || address.length > 50) return undefined
  let n = 0n
  for (const char of address) {
    const digit = BASE58.indexOf(char)
    if (digit < 0) return undefined
    n = n * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  for (; n > 0n; n >>= 8n) bytes.unshift(Number(n & 255n))
  for (let i = 0; address[i] === '1'; i++) bytes.unshift(0)
  const [first = 128, second = 0] = bytes
  const size = first < 64 ? 1 : 2
  if (first > 127 || bytes.length !== size + 34) return undefined
  const found = size === 1 ? first : ((first & 63) << 2) | (second >> 6) | ((second & 63) << 8)
  const hash = blake2b(concat(SS58PRE, Uint8Array.from(bytes.slice(0, size + 32))), { dkLen: 64 })
  if (hash[0] !== bytes[size + 32] || hash[1] !== bytes[size + 33] || (prefix !== undefined && found !== prefix)) return undefined
  return Uint8Array.from(bytes.slice(size, size + 32))
}

const hexBytes = (hex: string) => Uint8Array.from(hex.slice(2).match(/../g)!, (b) => Number.parseInt(b, 16))
const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i])
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]))

/** The (scheme, signature) readings of the bytes: bare by length, or a MultiSignature by its type byte. */
function readings(bytes: Uint8Array): Array<[Scheme, Uint8Array]> {
  const found: Array<[Scheme, Uint8Array]> = []
  if (bytes.length === 64) found.push(['sr25519', bytes], ['ed25519', bytes])
  if (bytes.length === 65) found.push(['ecdsa', bytes])
  const body = bytes.subarray(1)
  if (bytes.length === 65 && bytes[0] === 0) found.push(['ed25519', body])
  if (bytes.length === 65 && bytes[0] === 1) found.push(['sr25519', body])
  if (bytes.length === 66 && bytes[0] === 2) found.push(['ecdsa', body])
  return found
}

/** An ecdsa signature (r ‖ s ‖ recovery id) whose recovered key hashes to the account id. */
function ecdsaSigns(signature: Uint8Array, data: Uint8Array, accountId: Uint8Array): boolean {
  const recovery = signature[64]! >= 27 ? signature[64]! - 27 : signature[64]!
  if (recovery > 3) return false
  const hash = blake2b(data, { dkLen: 32 })
  const key = secp256k1.Signature.fromCompact(signature.subarray(0, 64)).addRecoveryBit(recovery).recoverPublicKey(hash).toRawBytes(true)
  return equal(blake2b(key, { dkLen: 32 }), accountId)
}

function signs(scheme: Scheme, signature: Uint8Array, data: Uint8Array, accountId: Uint8Array): boolean {
  try {
    if (scheme === 'sr25519') return sr25519Verify(data, signature, accountId)
    if (scheme === 'ed25519') return ed25519.verify(signature, data, accountId, { zip215: false })
    return ecdsaSigns(signature, data, accountId)
  } catch {
    // Not a point, not a signature the curve can read: it does not verify.
    return false
  }
}

export async function verifyMessage({ address, message, signature, network }: VerifyMessageParams): Promise<boolean> {
  if (typeof message !== 'string' || typeof signature !== 'string' || !SIGNATURE.test(signature)) return false
  const accountId = accountIdOf(address, (network as PolkadotNetwork | undefined)?.custom?.ss58Prefix)
  if (!accountId) return false
  const bytes = new TextEncoder().encode(message)
  const texts = [concat(OPEN, bytes, CLOSE), bytes]
  return readings(hexBytes(signature)).some(([scheme, sig]) => texts.some((data) => signs(scheme, sig, data, accountId)))
}
