/**
 * A compact QR Code encoder (ISO/IEC 18004, model 2): byte mode, error correction level L or M, versions 1–40,
 * the mask chosen by the standard's penalty rules. Loaded with the pairing views only.
 */

/** Error correction: L recovers about 7 % of the symbol, M about 15 %. */
export type QrLevel = 'L' | 'M'

/** A square of modules, row-major: `dark[y * size + x]`. */
export interface QrMatrix {
  size: number
  version: number
  dark: boolean[]
}

// Index = version (0 unused). Error-correction codewords per block and number of blocks (ISO 18004 table 9).
const ECC_PER_BLOCK: Record<QrLevel, readonly number[]> = {
  L: [
    0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30,
    30, 30, 30, 30, 30, 30, 30,
  ],
  M: [
    0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
    28, 28, 28, 28, 28, 28, 28,
  ],
}
const BLOCKS: Record<QrLevel, readonly number[]> = {
  L: [
    0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24,
    25,
  ],
  M: [
    0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43,
    45, 47, 49,
  ],
}
/** The two format bits of each level (L = 01, M = 00). */
const LEVEL_BITS: Record<QrLevel, number> = { L: 1, M: 0 }

/** Modules left for data and error correction once the function patterns are drawn. */
function rawDataModules(version: number): number {
  let modules = (16 * version + 128) * version + 64
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2
    modules -= (25 * align - 10) * align - 55
    if (version >= 7) modules -= 36
  }
  return modules
}

/** Data codewords a symbol of `version` and `level` holds. */
export function dataCodewords(version: number, level: QrLevel): number {
  return Math.floor(rawDataModules(version) / 8) - ECC_PER_BLOCK[level][version]! * BLOCKS[level][version]!
}

// GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1.
function gfMultiply(x: number, y: number): number {
  let z = 0
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d)
    z ^= ((y >>> i) & 1) * x
  }
  return z & 0xff
}

/** Reed–Solomon generator of `degree` (roots α^0 … α^(degree-1)), highest coefficient dropped. */
function rsDivisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0)
  result[degree - 1] = 1
  let root = 1
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      result[j] = gfMultiply(result[j]!, root)
      if (j + 1 < degree) result[j] = result[j]! ^ result[j + 1]!
    }
    root = gfMultiply(root, 0x02)
  }
  return result
}

function rsRemainder(data: readonly number[], divisor: readonly number[]): number[] {
  const result = new Array<number>(divisor.length).fill(0)
  for (const byte of data) {
    const factor = byte ^ result.shift()!
    result.push(0)
    divisor.forEach((coef, i) => (result[i] = result[i]! ^ gfMultiply(coef, factor)))
  }
  return result
}

/** Splits data into blocks, appends each block's error correction, interleaves (ISO 18004 §7.6). */
function withErrorCorrection(data: readonly number[], version: number, level: QrLevel): number[] {
  const blocks = BLOCKS[level][version]!
  const eccLength = ECC_PER_BLOCK[level][version]!
  const raw = Math.floor(rawDataModules(version) / 8)
  const shortBlocks = blocks - (raw % blocks)
  const shortLength = Math.floor(raw / blocks)
  const divisor = rsDivisor(eccLength)
  const all: number[][] = []
  for (let i = 0, k = 0; i < blocks; i++) {
    const length = shortLength - eccLength + (i < shortBlocks ? 0 : 1)
    const chunk = data.slice(k, k + length)
    k += length
    const block = [...chunk, ...rsRemainder(chunk, divisor)]
    // A placeholder keeps short and long blocks aligned while interleaving; it is skipped below.
    if (i < shortBlocks) block.splice(chunk.length, 0, -1)
    all.push(block)
  }
  const result: number[] = []
  for (let i = 0; i < all[0]!.length; i++) {
    for (const block of all) if (block[i]! >= 0) result.push(block[i]!)
  }
  return result
}

function encodeData(bytes: Uint8Array, level: QrLevel): { version: number; codewords: number[] } {
  let version = 1
  for (; version <= 40; version++) {
    const needed = 4 + (version < 10 ? 8 : 16) + bytes.length * 8
    if (needed <= dataCodewords(version, level) * 8) break
  }
  if (version > 40) throw new RangeError(`Text too long for a QR code (${bytes.length} bytes)`)
  const bits: number[] = []
  const append = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1)
  }
  append(0b0100, 4)
  append(bytes.length, version < 10 ? 8 : 16)
  bytes.forEach((b) => append(b, 8))
  const capacity = dataCodewords(version, level) * 8
  append(0, Math.min(4, capacity - bits.length))
  append(0, (8 - (bits.length % 8)) % 8)
  for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) append(pad, 8)
  const codewords: number[] = []
  for (let i = 0; i < bits.length; i += 8) codewords.push(bits.slice(i, i + 8).reduce((acc, bit) => (acc << 1) | bit, 0))
  return { version, codewords }
}

/** Centers of the alignment patterns of `version` along one axis. */
export function alignmentCenters(version: number): number[] {
  if (version === 1) return []
  const count = Math.floor(version / 7) + 2
  const size = version * 4 + 17
  const step = Math.floor((version * 8 + count * 3 + 5) / (count * 4 - 4)) * 2
  const result = [6]
  for (let pos = size - 7; result.length < count; pos -= step) result.splice(1, 0, pos)
  return result
}

/** The 15 format bits for `level` and `mask` (BCH(15,5), then XOR 0x5412). */
export function formatBits(level: QrLevel, mask: number): number {
  const data = (LEVEL_BITS[level] << 3) | mask
  let rem = data
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537)
  return ((data << 10) | rem) ^ 0x5412
}

/** The 18 version bits of versions 7 and up (BCH(18,6)). */
export function versionBits(version: number): number {
  let rem = version
  for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25)
  return (version << 12) | rem
}

const MASKS: ReadonlyArray<(x: number, y: number) => boolean> = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
]

/** The symbol's layout: which modules are function patterns (finders, timing, alignment, format, version). */
export function functionModules(version: number): { size: number; isFunction: boolean[]; dark: boolean[] } {
  const size = version * 4 + 17
  const dark = new Array<boolean>(size * size).fill(false)
  const isFunction = new Array<boolean>(size * size).fill(false)
  const set = (x: number, y: number, value: boolean) => {
    dark[y * size + x] = value
    isFunction[y * size + x] = true
  }
  for (let i = 0; i < size; i++) {
    set(6, i, i % 2 === 0)
    set(i, 6, i % 2 === 0)
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ] as const) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx
        const y = cy + dy
        const distance = Math.max(Math.abs(dx), Math.abs(dy))
        if (x >= 0 && x < size && y >= 0 && y < size) set(x, y, distance !== 2 && distance !== 4)
      }
    }
  }
  const centers = alignmentCenters(version)
  const last = centers.length - 1
  centers.forEach((cx, i) =>
    centers.forEach((cy, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1)
    }),
  )
  // Format areas are reserved here and drawn per mask.
  drawFormat(set, size, 0)
  if (version >= 7) {
    const bits = versionBits(version)
    for (let i = 0; i < 18; i++) {
      const bit = ((bits >>> i) & 1) === 1
      const a = size - 11 + (i % 3)
      const b = Math.floor(i / 3)
      set(a, b, bit)
      set(b, a, bit)
    }
  }
  return { size, isFunction, dark }
}

function drawFormat(set: (x: number, y: number, dark: boolean) => void, size: number, bits: number) {
  const bit = (i: number) => ((bits >>> i) & 1) === 1
  for (let i = 0; i <= 5; i++) set(8, i, bit(i))
  set(8, 7, bit(6))
  set(8, 8, bit(7))
  set(7, 8, bit(8))
  for (let i = 9; i < 15; i++) set(14 - i, 8, bit(i))
  for (let i = 0; i < 8; i++) set(size - 1 - i, 8, bit(i))
  for (let i = 8; i < 15; i++) set(8, size - 15 + i, bit(i))
  set(8, size - 8, true)
}

/** The order data bits fill the symbol: two-module columns, zigzagging from the bottom right. */
export function dataPositions(size: number, isFunction: readonly boolean[]): Array<[number, number]> {
  const positions: Array<[number, number]> = []
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5
    for (let vert = 0; vert < size; vert++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j
        const y = ((right + 1) & 2) === 0 ? size - 1 - vert : vert
        if (!isFunction[y * size + x]) positions.push([x, y])
      }
    }
  }
  return positions
}

/** Penalty of a masked symbol (ISO 18004 §7.8.3): runs, 2×2 blocks, finder look-alikes, dark balance. */
function penalty(size: number, dark: readonly boolean[]): number {
  let score = 0
  const at = (x: number, y: number) => dark[y * size + x]!
  const lines = (horizontal: boolean) => {
    for (let a = 0; a < size; a++) {
      const line: boolean[] = []
      for (let b = 0; b < size; b++) line.push(horizontal ? at(b, a) : at(a, b))
      let run = 1
      for (let i = 1; i <= size; i++) {
        if (i < size && line[i] === line[i - 1]) run++
        else {
          if (run >= 5) score += run - 2
          run = 1
        }
      }
      const text = line.map((d) => (d ? '1' : '0')).join('')
      for (const pattern of [/(?=10111010000)/g, /(?=00001011101)/g]) score += (text.match(pattern)?.length ?? 0) * 40
    }
  }
  lines(true)
  lines(false)
  for (let y = 0; y < size - 1; y++) {
    for (let x = 0; x < size - 1; x++) {
      const c = at(x, y)
      if (c === at(x + 1, y) && c === at(x, y + 1) && c === at(x + 1, y + 1)) score += 3
    }
  }
  const darkCount = dark.filter(Boolean).length
  score += Math.floor(Math.abs(darkCount * 20 - size * size * 10) / (size * size)) * 10
  return score
}

/** Encodes `text` (UTF-8, byte mode) into the smallest symbol of `level`. Throws a RangeError when it does not fit. */
export function encodeQr(text: string, level: QrLevel = 'M'): QrMatrix {
  const { version, codewords } = encodeData(new TextEncoder().encode(text), level)
  const all = withErrorCorrection(codewords, version, level)
  const { size, isFunction, dark: base } = functionModules(version)
  const positions = dataPositions(size, isFunction)
  let best: { score: number; dark: boolean[] } | undefined
  for (let mask = 0; mask < 8; mask++) {
    const dark = [...base]
    positions.forEach(([x, y], i) => {
      const bit = i < all.length * 8 && ((all[i >>> 3]! >>> (7 - (i & 7))) & 1) === 1
      dark[y * size + x] = bit !== MASKS[mask]!(x, y)
    })
    drawFormat((x, y, value) => (dark[y * size + x] = value), size, formatBits(level, mask))
    const score = penalty(size, dark)
    if (!best || score < best.score) best = { score, dark }
  }
  return { size, version, dark: best!.dark }
}

/** SVG path data drawing every dark module as a unit square, offset by `border` modules (runs merged). */
export function qrPath(matrix: QrMatrix, border = 0): string {
  const parts: string[] = []
  for (let y = 0; y < matrix.size; y++) {
    for (let x = 0; x < matrix.size; x++) {
      if (!matrix.dark[y * matrix.size + x]) continue
      let run = 1
      while (x + run < matrix.size && matrix.dark[y * matrix.size + x + run]) run++
      parts.push(`M${x + border} ${y + border}h${run}v1h-${run}z`)
      x += run - 1
    }
  }
  return parts.join('')
}
