/**
 * SS58 addresses without the SDK, small enough for the eager part of the plugin: a base58 codec and a
 * BLAKE2b-512 on BigInt words (a few hundred bytes; `@noble/hashes/blake2b` alone is ~3 KB gzip, the whole
 * eager budget). Speed is irrelevant here: a checksum hashes one 128-byte block.
 */
import { decodeBase58 } from '../shared/base58.js'

const MASK = (1n << 64n) - 1n
/** BLAKE2b's IV: the first 64 fraction bits of the square roots of the first eight primes (as SHA-512's). */
const IV = [2, 3, 5, 7, 11, 13, 17, 19].map((p) => {
  const n = BigInt(p) << 128n
  let x = n >> 64n
  for (let i = 0; i < 80; i++) x = (x + n / x) >> 1n
  return x & MASK
})
/** The ten message schedules of BLAKE2b, one hex digit per word index (rounds 10 and 11 reuse 0 and 1). */
const SIGMA =
  '0123456789abcdefea489fd61c02b753b8c052fdae3671947931dcbe265a40f8905724afe1bc683d2c6a0b834d75fe19' +
  'c51fed4a0763928bdb7ec13950f4862a6fe9b308c2d714a5a2847615fb9e3cd0'
const rotr = (x: bigint, n: bigint) => ((x >> n) | (x << (64n - n))) & MASK

/** BLAKE2b with a 64-byte digest and no key (RFC 7693). */
export function blake2b512(input: Uint8Array): Uint8Array {
  const h = IV.slice()
  h[0]! ^= 0x01010040n
  const blocks = Math.max(1, Math.ceil(input.length / 128))
  for (let b = 0; b < blocks; b++) {
    const block = new Uint8Array(128)
    block.set(input.subarray(b * 128, b * 128 + 128))
    const view = new DataView(block.buffer)
    const m = Array.from({ length: 16 }, (_, i) => view.getBigUint64(i * 8, true))
    const v = [...h, ...IV]
    v[12]! ^= BigInt(Math.min(input.length, (b + 1) * 128))
    if (b === blocks - 1) v[14]! ^= MASK
    const g = (a: number, b: number, c: number, d: number, x: bigint, y: bigint) => {
      v[a] = (v[a]! + v[b]! + x) & MASK
      v[d] = rotr(v[d]! ^ v[a]!, 32n)
      v[c] = (v[c]! + v[d]!) & MASK
      v[b] = rotr(v[b]! ^ v[c]!, 24n)
      v[a] = (v[a]! + v[b]! + y) & MASK
      v[d] = rotr(v[d]! ^ v[a]!, 16n)
      v[c] = (v[c]! + v[d]!) & MASK
      v[b] = rotr(v[b]! ^ v[c]!, 63n)
    }
    for (let r = 0; r < 12; r++) {
      const s = (i: number) => m[Number.parseInt(SIGMA[(r % 10) * 16 + i]!, 16)]!
      // Four column steps (k = 0), then four diagonal steps (k = 1); step j mixes message words 2j and 2j + 1.
      for (let j = 0; j < 8; j++) {
        const i = j % 4
        const k = j >> 2
        g(i, ((i + k) % 4) + 4, ((i + 2 * k) % 4) + 8, ((i + 3 * k) % 4) + 12, s(2 * j), s(2 * j + 1))
      }
    }
    for (let i = 0; i < 8; i++) h[i] = h[i]! ^ v[i]! ^ v[i + 8]!
  }
  const out = new DataView(new ArrayBuffer(64))
  h.forEach((word, i) => out.setBigUint64(i * 8, word, true))
  return new Uint8Array(out.buffer)
}

export const base58Decode = decodeBase58

export const checksum = (data: Uint8Array) => blake2b512(Uint8Array.from([83, 83, 53, 56, 80, 82, 69, ...data])) // 'SS58PRE'

/** The prefix and 32-byte account id of an SS58 address, or undefined when it is malformed or its checksum fails. */
export function decodeAddress(value: unknown): { prefix: number; publicKey: Uint8Array } | undefined {
  // 36 bytes (two-byte prefix) are at most 50 characters; the bound keeps hostile input cheap.
  if (typeof value !== 'string' || value.length < 40 || value.length > 50) return undefined
  const bytes = decodeBase58(value)
  const first = bytes?.[0]
  if (!bytes || first === undefined || first > 127) return undefined
  const size = first < 64 ? 1 : 2
  if (bytes.length !== size + 34) return undefined
  const second = bytes[1]!
  const prefix = size === 1 ? first : ((first & 63) << 2) | (second >> 6) | ((second & 63) << 8)
  const hash = checksum(bytes.subarray(0, size + 32))
  if (hash[0] !== bytes[size + 32] || hash[1] !== bytes[size + 33]) return undefined
  return { prefix, publicKey: bytes.slice(size, size + 32) }
}
