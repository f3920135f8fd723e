import { describe, expect, it } from 'vitest'
import { shortenAddress, truncateDecimals } from '../../kernel/display.js'

describe('display: displayed balance truncated to 3 decimals (spec §9)', () => {
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

describe('display: shortenAddress', () => {
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
