/**
 * Whether a text message was signed by a Bitcoin-like address, for the adapter's `verifyMessage` (loaded with
 * import() on first use) and for servers that check sign-ins (it runs in Node as in the browser). The signature is
 * base64 (strict: the padded alphabet, nothing else), in one of two formats:
 *
 * - Legacy signed message (BIP-137): 65 bytes, a header byte 27–42 and a compact recoverable ECDSA signature over
 *   sha256d(messagePrefix ‖ varint(length) ‖ message), where messagePrefix is the network's ("\x18Bitcoin Signed
 *   Message:\n" by default, "\x19Litecoin Signed Message:\n" on Litecoin). The recovered key must own the address:
 *   P2PKH of the key (compressed or not, as the header says), or, for a compressed key, its P2WPKH or P2SH-P2WPKH
 *   address, whichever of headers 31–42 the wallet chose (wallets differ there).
 * - BIP-322 "simple": the witness stack that spends the message's virtual `to_spend` output, for P2WPKH (an ECDSA
 *   signature with SIGHASH_ALL and the key) and P2TR key-path spends (a BIP-340 signature, SIGHASH_DEFAULT or ALL).
 *
 * Resolves false for a signature that does not verify and for malformed input (an address of another network,
 * bad base64, a witness with extra bytes, an unknown header, a high-S or non-DER signature); it never rejects.
 */
import { secp256k1 } from '@noble/curves/secp256k1'
import { address as addresses, crypto } from 'bitcoinjs-lib'
import type { CaipNetwork } from 'vestibule/kernel'
import { concat, verifySimple } from './verify-message-bip322.js'
import type { BitcoinParams } from './networks.js'

export interface VerifyMessageParams {
  address: string
  message: string
  signature: string
  network: CaipNetwork
}

const BITCOIN_PREFIX = '\x18Bitcoin Signed Message:\n'
/** Base64 with padding; 64 KB of text at most (a simple signature is ~110 bytes, a legacy one 65). */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i])

/** Bitcoin's CompactSize encoding of a length. */
export const varint = (n: number) =>
  n < 0xfd
    ? Uint8Array.of(n)
    : n <= 0xffff
      ? Uint8Array.of(0xfd, n & 255, n >> 8)
      : Uint8Array.of(0xfe, n & 255, (n >> 8) & 255, (n >> 16) & 255, n >>> 24)

/**
 * The output script `address` pays to on a network with `params`; undefined for another network's address or a
 * kind no message format covers (P2WSH, future versions). Throws on a bad checksum. Decoded here with the SDK, not
 * with the plugin's eager address checks: a lazily loaded module importing one splits the host's eager chunk.
 */
export function outputScript(address: string, params: BitcoinParams): Uint8Array | undefined {
  if (address.length > 90) return undefined
  if (address.toLowerCase().startsWith(`${params.bech32}1`)) {
    const { prefix, version, data } = addresses.fromBech32(address)
    if (prefix !== params.bech32) return undefined
    if (version === 0 && data.length === 20) return concat(Uint8Array.of(0x00, 0x14), data)
    if (version === 1 && data.length === 32) return concat(Uint8Array.of(0x51, 0x20), data)
    return undefined
  }
  const { version, hash } = addresses.fromBase58Check(address)
  if (version === params.pubKeyHash) return concat(Uint8Array.of(0x76, 0xa9, 0x14), hash, Uint8Array.of(0x88, 0xac))
  if (version === params.scriptHash) return concat(Uint8Array.of(0xa9, 0x14), hash, Uint8Array.of(0x87))
  return undefined
}

/** The output scripts a key owns: P2PKH, and for a compressed key P2WPKH and P2SH-P2WPKH. */
function scriptsOf(publicKey: Uint8Array): Uint8Array[] {
  const hash = crypto.hash160(publicKey)
  const p2pkh = concat(Uint8Array.of(0x76, 0xa9, 0x14), hash, Uint8Array.of(0x88, 0xac))
  if (publicKey.length !== 33) return [p2pkh]
  const p2wpkh = concat(Uint8Array.of(0x00, 0x14), hash)
  return [p2pkh, p2wpkh, concat(Uint8Array.of(0xa9, 0x14), crypto.hash160(p2wpkh), Uint8Array.of(0x87))]
}

/** A legacy signed message (BIP-137): the key recovered from the compact signature owns `script`. */
function verifyLegacy(signature: Uint8Array, message: Uint8Array, script: Uint8Array, params: BitcoinParams): boolean {
  const header = signature[0]!
  if (header < 27 || header > 42) return false
  const prefix = Uint8Array.from(params.messagePrefix ?? BITCOIN_PREFIX, (c) => c.charCodeAt(0) & 255)
  const hash = crypto.hash256(concat(prefix, varint(message.length), message))
  const compact = secp256k1.Signature.fromCompact(signature.subarray(1)).addRecoveryBit((header - 27) & 3)
  const publicKey = compact.recoverPublicKey(hash).toRawBytes(header >= 31)
  return scriptsOf(publicKey).some((owned) => equal(owned, script))
}

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

export async function verifyMessage({ address, message, signature, network }: VerifyMessageParams): Promise<boolean> {
  const params = network?.custom?.params as BitcoinParams | undefined
  if (typeof message !== 'string' || typeof address !== 'string' || !params) return false
  if (typeof signature !== 'string' || !signature || signature.length > 65_536 || !BASE64.test(signature)) return false
  try {
    const script = outputScript(address, params)
    if (!script) return false
    const bytes = fromBase64(signature)
    const text = new TextEncoder().encode(message)
    // A simple signature of 65 bytes would be a witness of 27 to 42 items: the header byte tells the formats apart.
    if (bytes.length === 65 && bytes[0]! >= 27 && bytes[0]! <= 42) return verifyLegacy(bytes, text, script, params)
    return verifySimple(bytes, text, script)
  } catch {
    // Not a point, not a signature, not an address the SDK can read: not a valid signature.
    return false
  }
}
