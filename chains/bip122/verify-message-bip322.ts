/**
 * BIP-322 "simple" signatures: the witness stack of the virtual transaction `to_sign`, which spends the output of
 * `to_spend`, a transaction that commits to the message. Verified for P2WPKH and P2TR key-path spends.
 */
import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2.js'
import { Transaction, crypto } from 'bitcoinjs-lib'

export const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  parts.reduce((offset, p) => (out.set(p, offset), offset + p.length), 0)
  return out
}

const SIGHASH_DEFAULT = 0x00
const SIGHASH_ALL = 0x01
const TAG = sha256(new TextEncoder().encode('BIP0322-signed-message'))

/** The BIP-340 tagged hash of the message: sha256(sha256(tag) ‖ sha256(tag) ‖ message). */
export const messageHash = (message: Uint8Array) => sha256(concat(TAG, TAG, message))

/** `to_spend` and `to_sign` of BIP-322 for `message` signed by the owner of `script`. */
export function virtualTransactions(message: Uint8Array, script: Uint8Array) {
  const toSpend = new Transaction()
  toSpend.version = 0
  toSpend.locktime = 0
  // scriptSig: OP_0 PUSH32 message_hash; the previous output is the null outpoint.
  toSpend.addInput(new Uint8Array(32), 0xffffffff, 0, concat(Uint8Array.of(0x00, 0x20), messageHash(message)))
  toSpend.addOutput(script, 0n)
  const toSign = new Transaction()
  toSign.version = 0
  toSign.locktime = 0
  toSign.addInput(toSpend.getHash(), 0, 0)
  toSign.addOutput(Uint8Array.of(0x6a), 0n)
  return { toSpend, toSign }
}

/** The items of a consensus-encoded witness stack; undefined when the bytes are not exactly one. */
export function readWitness(bytes: Uint8Array): Uint8Array[] | undefined {
  let at = 0
  const size = () => {
    const first = bytes[at++]
    if (first === undefined || first > 0xfd) return undefined
    if (first < 0xfd) return first
    const value = (bytes[at] ?? NaN) | ((bytes[at + 1] ?? NaN) << 8)
    at += 2
    return Number.isNaN(value) ? undefined : value
  }
  const count = size()
  if (count === undefined || count > 100) return undefined
  const items: Uint8Array[] = []
  for (let i = 0; i < count; i++) {
    const length = size()
    if (length === undefined || at + length > bytes.length) return undefined
    items.push(bytes.slice(at, at + length))
    at += length
  }
  return at === bytes.length ? items : undefined
}

const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i])

/** P2WPKH: [DER signature ‖ SIGHASH_ALL, compressed key], the key hashing to the program, low-S ECDSA. */
function verifyP2wpkh(witness: Uint8Array[], toSign: Transaction, script: Uint8Array): boolean {
  const [signature, publicKey] = witness
  if (witness.length !== 2 || !signature || publicKey?.length !== 33 || signature.at(-1) !== SIGHASH_ALL) return false
  if (!equal(crypto.hash160(publicKey), script.subarray(2))) return false
  const scriptCode = concat(Uint8Array.of(0x76, 0xa9, 0x14), script.subarray(2), Uint8Array.of(0x88, 0xac))
  const hash = toSign.hashForWitnessV0(0, scriptCode, 0n, SIGHASH_ALL)
  return secp256k1.verify(secp256k1.Signature.fromDER(signature.subarray(0, -1)), hash, publicKey, { lowS: true })
}

/** P2TR key path: one BIP-340 signature (64 bytes, or 65 with SIGHASH_ALL) by the output key. */
function verifyP2tr(witness: Uint8Array[], toSign: Transaction, script: Uint8Array): boolean {
  const [signature] = witness
  if (witness.length !== 1 || !signature || (signature.length !== 64 && (signature.length !== 65 || signature[64] !== SIGHASH_ALL)))
    return false
  const hashType = signature.length === 64 ? SIGHASH_DEFAULT : SIGHASH_ALL
  const hash = toSign.hashForWitnessV1(0, [script], [0n], hashType)
  return schnorr.verify(signature.subarray(0, 64), hash, script.subarray(2))
}

/** Whether `signature` is a BIP-322 simple signature of `message` by the owner of the output `script`. */
export function verifySimple(signature: Uint8Array, message: Uint8Array, script: Uint8Array): boolean {
  const witness = readWitness(signature)
  if (!witness) return false
  const { toSign } = virtualTransactions(message, script)
  if (script.length === 22 && script[0] === 0x00 && script[1] === 0x14) return verifyP2wpkh(witness, toSign, script)
  if (script.length === 34 && script[0] === 0x51 && script[1] === 0x20) return verifyP2tr(witness, toSign, script)
  return false
}
