import { describe, expect, it } from 'vitest'
import { formatUnits, parseUnits, shortenAddress, truncateDecimals } from '../../kernel/format.js'

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

describe('format: displayed balance truncated to 3 decimals', () => {
  it.each([
    ['1.23456789', '1.234'],
    ['1.9999', '1.999'],
    ['0.0009', '0'],
    ['2.5', '2.5'],
    ['2.100', '2.1'],
    ['2.1004', '2.1'],
    ['7', '7'],
    ['1234567.000001', '1234567'],
  ])('truncateDecimals(%j) is %j (never rounded)', (text, shown) => {
    expect(truncateDecimals(text)).toBe(shown)
  })

  it('takes another number of places', () => {
    expect(truncateDecimals('1.23456', 1)).toBe('1.2')
    expect(truncateDecimals('1.23456', 0)).toBe('1')
  })
})

describe('format: shortenAddress', () => {
  it('keeps 0x plus 4 characters on each side', () => {
    expect(shortenAddress('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x1234…5678')
  })

  it('handles addresses without 0x and other widths', () => {
    expect(shortenAddress('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU', 6)).toBe('7xKXtg…osgAsU')
  })

  it('leaves short values alone', () => {
    expect(shortenAddress('0x12345678')).toBe('0x12345678')
  })

  it('a bech32 address keeps its characters after the shared prefix ("rltc1", "bc1")', () => {
    expect(shortenAddress('rltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kxqlxm')).toBe('rltc1qw50…qlxm')
    expect(shortenAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe('bc1qar0…5mdq')
    // Base58 and other alphabets are not bech32: the plain rule.
    expect(shortenAddress('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')).toBe('7xKX…gAsU')
  })
})
