import { describe, expect, it } from 'vitest'
import { formatUnits, parseUnits } from '../../kernel/format.js'

describe('format: formatUnits', () => {
  it.each([
    [0n, 18, '0'],
    [1n, 18, '0.000000000000000001'],
    [1_000_000_000_000_000_000n, 18, '1'],
    [1_500_000_000_000_000_000n, 18, '1.5'],
    [123_456_789n, 6, '123.456789'],
    [-2_500_000n, 6, '-2.5'],
    [42n, 0, '42'],
    [100n, 2, '1'],
  ])('formatUnits(%s, %i) is %s', (value, decimals, text) => {
    expect(formatUnits(value, decimals)).toBe(text)
  })
})

describe('format: parseUnits', () => {
  it.each([
    ['1', 18, 1_000_000_000_000_000_000n],
    ['1.5', 18, 1_500_000_000_000_000_000n],
    ['.5', 6, 500_000n],
    ['5.', 6, 5_000_000n],
    ['  0.000001 ', 6, 1n],
    ['0', 6, 0n],
    ['12', 0, 12n],
  ])('parseUnits(%j, %i) is %s', (text, decimals, value) => {
    expect(parseUnits(text, decimals)).toBe(value)
  })

  it.each(['', '.', 'abc', '1.2.3', '-1', '1e18', '1,5'])('rejects %j', (text) => {
    expect(() => parseUnits(text, 18)).toThrow(`Invalid amount: "${text}"`)
  })

  it('rejects more decimals than the token has', () => {
    expect(() => parseUnits('0.0000001', 6)).toThrow('Too many decimals: at most 6')
  })

  it('round-trips with formatUnits', () => {
    expect(formatUnits(parseUnits('1234.5678', 18), 18)).toBe('1234.5678')
  })
})
