/**
 * Bitcoin address checks without an SDK, small enough for the eager part of the plugin: base58check P2PKH and
 * P2SH (with a compact SHA-256 for the checksum), bech32 segwit v0 (BIP-173) and bech32m v1+ (BIP-350).
 */
import { decodeBase58 } from '../shared/base58.js'
import type { CaipNetwork } from 'vestibule/kernel'
import { bitcoin, bitcoinTestnet, type BitcoinParams } from './networks.js'

let K: number[] | undefined
let H: number[]

/**
 * SHA-256 (FIPS 180-4) of inputs under 512 MB (the bit length fits the low 32 bits of its 64-bit field, which a
 * zeroed buffer leaves high word 0). The round constants are the fractional parts of the cube (and square) roots
 * of primes.
 */
export function sha256(data: Uint8Array): Uint8Array {
  if (!K) {
    K = []
    H = []
    const frac = (x: number) => ((x - Math.floor(x)) * 2 ** 32) | 0
    for (let n = 2; K.length < 64; n++) {
      let prime = true
      for (let d = 2; d * d <= n; d++) if (n % d === 0) prime = false
      if (prime) {
        if (H.length < 8) H.push(frac(Math.sqrt(n)))
        K.push(frac(Math.cbrt(n)))
      }
    }
  }
  const length = data.length
  const bytes = new Uint8Array(((length + 72) >> 6) << 6)
  bytes.set(data)
  bytes[length] = 0x80
  const view = new DataView(bytes.buffer)
  view.setUint32(bytes.length - 4, length << 3)
  const ror = (x: number, n: number) => (x >>> n) | (x << (32 - n))
  const h = H.slice()
  const w: number[] = []
  for (let i = 0; i < bytes.length; i += 64) {
    for (let j = 0; j < 64; j++) {
      const a = w[j - 15]!
      const b = w[j - 2]!
      w[j] =
        j < 16
          ? view.getInt32(i + 4 * j)
          : (w[j - 16]! + (ror(a, 7) ^ ror(a, 18) ^ (a >>> 3)) + w[j - 7]! + (ror(b, 17) ^ ror(b, 19) ^ (b >>> 10))) | 0
    }
    let [a, b, c, d, e, f, g, k] = h as [number, number, number, number, number, number, number, number]
    for (let j = 0; j < 64; j++) {
      const t1 = (k + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) + ((e & f) ^ (~e & g)) + K[j]! + w[j]!) | 0
      const t2 = ((ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0
      k = g
      g = f
      f = e
      e = (d + t1) | 0
      d = c
      c = b
      b = a
      a = (t1 + t2) | 0
    }
    ;[a, b, c, d, e, f, g, k].forEach((x, j) => (h[j] = (h[j]! + x) | 0))
  }
  const out = new DataView(new ArrayBuffer(32))
  h.forEach((x, j) => out.setInt32(4 * j, x))
  return new Uint8Array(out.buffer)
}

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
/** Returned instead of a prefix when only the checksum is wrong. */
const BAD = 256

/** The version byte of a base58check address of 21 payload bytes; BAD on a checksum mismatch. */
function base58Version(value: string): number | undefined {
  // Base58 of 25 bytes is 25 to 35 characters; decodeBase58 refuses any other character.
  if (value.length < 25 || value.length > 35) return undefined
  const bytes = [...(decodeBase58(value) ?? [])]
  if (bytes.length !== 25) return undefined
  const hash = sha256(sha256(new Uint8Array(bytes.slice(0, 21))))
  return bytes.slice(21).every((b, i) => b === hash[i]) ? bytes[0] : BAD
}

/** The hrp of a valid segwit address (BIP-173/350); BAD when only the checksum is wrong. */
function segwitHrp(value: string): string | number | undefined {
  const lower = value.toLowerCase()
  const sep = lower.lastIndexOf('1')
  if ((value !== lower && value !== value.toUpperCase()) || sep < 1 || value.length > 90 || sep + 7 > value.length) return undefined
  const hrp = lower.slice(0, sep)
  const data = [...lower.slice(sep + 1)].map((c) => BECH32.indexOf(c))
  if (data.includes(-1) || !/^[!-~]+$/.test(hrp)) return undefined
  let chk = 1
  for (const v of [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31), ...data]) {
    const top = chk >>> 25
    chk = ((chk & 0x1ffffff) << 5) ^ v
    ;[0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3].forEach((g, i) => (chk ^= (top >> i) & 1 ? g : 0))
  }
  const version = data[0]!
  // 5-bit groups to bytes: the padding must be under 5 bits and zero.
  const bits = (data.length - 7) * 5
  const size = bits >> 3
  if (
    version > 16 ||
    bits % 8 > 4 ||
    data[data.length - 7]! & ((1 << (bits % 8)) - 1) ||
    size < 2 ||
    size > 40 ||
    (!version && size !== 20 && size !== 32)
  ) {
    return undefined
  }
  return chk === (version ? 0x2bc830a3 : 1) ? hrp : BAD
}

const paramsOf = (network: CaipNetwork) => network.custom?.params as BitcoinParams | undefined

/**
 * Why `value` is not an address of `network` (one, or any of a list; Bitcoin mainnet or testnet when none is
 * given), or undefined when it is one. The message names the network.
 */
export function addressError(value: unknown, network?: CaipNetwork | readonly CaipNetwork[]): string | undefined {
  const networks = network ? [network].flat() : [bitcoin, bitcoinTestnet]
  const list = networks.map(paramsOf)
  const text = typeof value === 'string' ? value : ''
  const hrp = segwitHrp(text)
  const version = base58Version(text)
  const name = networks.length === 1 ? networks[0]!.name : 'Bitcoin'
  if (hrp === undefined && version === undefined) return `"${text.slice(0, 100)}" is not a valid ${name} address`
  if ((hrp ?? BAD) === BAD && (version ?? BAD) === BAD) return `"${text}" is not a valid ${name} address: bad checksum`
  if (!list.some((p) => p && (p.bech32 === hrp || p.pubKeyHash === version || p.scriptHash === version))) {
    return `"${text}" is an address of another network, not ${name}`
  }
}

/**
 * Base58check P2PKH and P2SH, bech32 segwit v0 and bech32m v1+ addresses, with the prefixes of `network`
 * (Bitcoin mainnet or testnet when none is given).
 */
export const isAddress = (value: string, network?: CaipNetwork | readonly CaipNetwork[]) => !addressError(value, network)
