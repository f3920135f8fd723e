/**
 * A minimal QR reader for the tests: format information (BCH-checked), unmasking, codeword order,
 * de-interleaving, a Reed–Solomon syndrome check and byte-mode parsing. It shares the symbol layout with the
 * encoder (function patterns, module order), which was checked once against zbar's decoder; the format bits,
 * version bits and capacities are checked against published tables in qr.test.ts.
 */
import { dataCodewords, dataPositions, functionModules, type QrLevel, type QrMatrix } from '../../../ui/kit/qr.js'

const MASKS: Array<(x: number, y: number) => boolean> = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
]

function gfMul(x: number, y: number) {
  let z = 0
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d)
    z ^= ((y >>> i) & 1) * x
  }
  return z & 0xff
}

/** All syndromes of a Reed–Solomon codeword are zero when it is intact. */
function syndromesZero(block: number[], eccLength: number) {
  let alpha = 1
  for (let i = 0; i < eccLength; i++) {
    let value = 0
    for (const byte of block) value = gfMul(value, alpha) ^ byte
    if (value !== 0) return false
    alpha = gfMul(alpha, 2)
  }
  return true
}

export function decodeQr(matrix: QrMatrix): { text: string; level: QrLevel; mask: number } {
  const { size, dark } = matrix
  const version = (size - 17) / 4
  const at = (x: number, y: number) => (dark[y * size + x] ? 1 : 0)
  // First copy of the format bits, around the top-left finder.
  const coords: Array<[number, number]> = [
    [8, 0],
    [8, 1],
    [8, 2],
    [8, 3],
    [8, 4],
    [8, 5],
    [8, 7],
    [8, 8],
    [7, 8],
    [5, 8],
    [4, 8],
    [3, 8],
    [2, 8],
    [1, 8],
    [0, 8],
  ]
  let raw = 0
  coords.forEach(([x, y], i) => (raw |= at(x, y) << i))
  const format = raw ^ 0x5412
  let rem = format >>> 10
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537)
  if ((((format >>> 10) << 10) | rem) !== format) throw new Error('Format bits fail their BCH check')
  const levelBits = format >>> 13
  const mask = (format >>> 10) & 7
  const level: QrLevel =
    levelBits === 1
      ? 'L'
      : levelBits === 0
        ? 'M'
        : (() => {
            throw new Error(`Unsupported level ${levelBits}`)
          })()
  const { isFunction } = functionModules(version)
  const bits = dataPositions(size, isFunction).map(([x, y]) => at(x, y) ^ (MASKS[mask]!(x, y) ? 1 : 0))
  const codewords: number[] = []
  for (let i = 0; i + 8 <= bits.length; i += 8) codewords.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0))
  // De-interleave: short blocks first, long blocks one data codeword longer.
  const total = codewords.length
  const dataTotal = dataCodewords(version, level)
  const eccTotal = total - dataTotal
  const blocksCount = [
    1, 2, 4, 5, 8, 9, 10, 11, 13, 14, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49, 6,
    7, 12, 15,
  ].filter((n) => eccTotal % n === 0 && Math.floor(total / n) > eccTotal / n)
  for (const blocks of blocksCount.sort((a, b) => a - b)) {
    const eccLength = eccTotal / blocks
    const shortBlocks = blocks - (total % blocks)
    const shortLength = Math.floor(total / blocks)
    const data: number[][] = Array.from({ length: blocks }, () => [])
    const ecc: number[][] = Array.from({ length: blocks }, () => [])
    let k = 0
    for (let i = 0; i < shortLength - eccLength + 1; i++) {
      for (let b = 0; b < blocks; b++) if (i < shortLength - eccLength || b >= shortBlocks) data[b]!.push(codewords[k++]!)
    }
    for (let i = 0; i < eccLength; i++) for (let b = 0; b < blocks; b++) ecc[b]!.push(codewords[k++]!)
    if (!data.every((d, b) => syndromesZero([...d, ...ecc[b]!], eccLength))) continue
    const stream = data.flat().flatMap((byte) => Array.from({ length: 8 }, (_, i) => (byte >>> (7 - i)) & 1))
    const read = (from: number, length: number) => stream.slice(from, from + length).reduce((a, b) => (a << 1) | b, 0)
    if (read(0, 4) !== 0b0100) throw new Error('Not byte mode')
    const countBits = version < 10 ? 8 : 16
    const count = read(4, countBits)
    const bytes = Uint8Array.from({ length: count }, (_, i) => read(4 + countBits + i * 8, 8))
    return { text: new TextDecoder().decode(bytes), level, mask }
  }
  throw new Error('No block layout passes the Reed–Solomon check')
}

/** Reads a matrix back from the SVG path `qrPath` draws (`M x y h n v1 h-n z` runs). */
export function matrixFromPath(path: string, extent: number, border: number): QrMatrix {
  const size = extent - border * 2
  const dark = new Array<boolean>(size * size).fill(false)
  for (const [, x, y, run] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(run); i++) dark[(Number(y) - border) * size + Number(x) - border + i] = true
  }
  return { size, version: (size - 17) / 4, dark }
}
