import { describe, expect, it } from 'vitest'
import { dataCodewords, encodeQr, formatBits, qrPath, versionBits } from '../../../ui/kit/qr.js'
import { decodeQr, matrixFromPath } from './qr-decoder.js'

const URI = `wc:${'a1'.repeat(32)}@2?expiryTimestamp=1795360193&relay-protocol=irn&symKey=${'9f'.repeat(32)}`

describe('QR encoder', () => {
  it('has the standard data capacities (ISO 18004 table 7) for levels L and M', () => {
    // Data codewords: version → [L, M].
    const table: Record<number, [number, number]> = {
      1: [19, 16],
      2: [34, 28],
      5: [108, 86],
      7: [156, 124],
      9: [232, 182],
      10: [274, 216],
      14: [461, 365],
      20: [861, 669],
      27: [1468, 1128],
      33: [2071, 1631],
      40: [2956, 2334],
    }
    for (const [version, [l, m]] of Object.entries(table)) {
      expect([dataCodewords(Number(version), 'L'), dataCodewords(Number(version), 'M')]).toEqual([l, m])
    }
  })

  it('writes the published format and version bit patterns', () => {
    expect(formatBits('M', 0).toString(2).padStart(15, '0')).toBe('101010000010010')
    expect(formatBits('L', 0).toString(2).padStart(15, '0')).toBe('111011111000100')
    expect(formatBits('M', 5).toString(2).padStart(15, '0')).toBe('100000011001110')
    expect(versionBits(7)).toBe(0x07c94)
    expect(versionBits(20)).toBe(0x149a6)
    expect(versionBits(40)).toBe(0x28c69)
  })

  it.each([
    ['one character', 'a', 'M'],
    ['a pairing URI', URI, 'M'],
    ['a pairing URI at level L', URI, 'L'],
    ['UTF-8 text', 'Zürich ✓ 東京 '.repeat(8), 'M'],
    ['a long text (many blocks, version info)', 'x'.repeat(900), 'M'],
  ] as const)('round-trips %s', (_name, text, level) => {
    const matrix = encodeQr(text, level)
    expect(matrix.size).toBe(matrix.version * 4 + 17)
    const decoded = decodeQr(matrix)
    expect(decoded).toMatchObject({ text, level })
  })

  it('picks the smallest version that fits', () => {
    expect(encodeQr('x'.repeat(14), 'M').version).toBe(1)
    expect(encodeQr('x'.repeat(15), 'M').version).toBe(2)
    // A WalletConnect pairing URI (188 bytes) needs version 10 at level M (57 modules a side).
    expect(encodeQr(URI, 'M').version).toBe(10)
  })

  it('draws an SVG path the matrix can be read back from', () => {
    const matrix = encodeQr(URI)
    const path = qrPath(matrix, 4)
    expect(path).toMatch(/^(M\d+ \d+h\d+v1h-\d+z)+$/)
    expect(decodeQr(matrixFromPath(path, matrix.size + 8, 4)).text).toBe(URI)
  })

  it('refuses text beyond version 40', () => {
    expect(() => encodeQr('x'.repeat(2400), 'M')).toThrow(RangeError)
  })
})
