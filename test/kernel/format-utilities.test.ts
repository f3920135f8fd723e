/** Public amount utilities of issue 3 item 11: strict parsing and the 3-decimal display rule. */
import { describe, expect, it } from 'vitest'
import * as vestibule from '../../kernel/utils.js'
import { formatBalance, parseAmount, parseUnits, truncateDecimals } from '../../kernel/utils.js'

describe('amount utilities are exported from vestibule/utils', () => {
  it('parseAmount and formatBalance are public', () => {
    expect(vestibule.parseAmount).toBe(parseAmount)
    expect(vestibule.formatBalance).toBe(formatBalance)
  })
})

describe('parseAmount: digits with one optional ".", at most `decimals` fraction digits', () => {
  it.each([
    ['1', 18, 10n ** 18n],
    ['0', 18, 0n],
    ['1.5', 18, 15n * 10n ** 17n],
    ['0.000001', 6, 1n],
    ['.5', 6, 500_000n],
    ['1.', 6, 1_000_000n],
    ['007', 2, 700n],
    ['1.100000', 6, 1_100_000n],
    ['12', 0, 12n],
    ['12.', 0, 12n],
    // Huge values stay exact: the digits go straight into a bigint, never through a float.
    ['123456789012345678901234567890.123456789012345678', 18, 123456789012345678901234567890123456789012345678n],
    ['9007199254740993', 0, 9007199254740993n],
  ])('parseAmount(%j, %i) is %s', (text, decimals, value) => {
    expect(parseAmount(text, decimals)).toBe(value)
  })

  it.each([
    ['an exponent', '1e18'],
    ['an uppercase exponent', '1E3'],
    ['a minus sign', '-1'],
    ['a plus sign', '+1'],
    ['a leading space', ' 1'],
    ['a trailing space', '1 '],
    ['a thousands separator', '1,000'],
    ['a decimal comma', '1,5'],
    ['an underscore separator', '1_000'],
    ['a lone dot', '.'],
    ['the empty string', ''],
    ['two dots', '1.2.3'],
    ['hex', '0x10'],
    ['Infinity', 'Infinity'],
    ['NaN', 'NaN'],
    ['letters', 'abc'],
    ['non-ASCII digits', '١٢'],
    ['a newline', '1\n'],
  ])('throws on %s (%j)', (_what, text) => {
    expect(() => parseAmount(text, 18)).toThrow(`Invalid amount: "${text}"`)
  })

  it('throws on more fraction digits than the token has', () => {
    expect(() => parseAmount('0.0000001', 6)).toThrow('Too many decimals: at most 6')
    expect(() => parseAmount('1.5', 0)).toThrow('Too many decimals: at most 0')
    expect(parseAmount('0.000001', 6)).toBe(1n)
  })

  it.each([-1, 1.5, Number.NaN, Infinity])('throws on the decimals %s', (decimals) => {
    expect(() => parseAmount('1', decimals)).toThrow('Invalid decimals')
  })

  it.each([1, undefined, null, 1n])('throws on the non-string %s', (value) => {
    expect(() => parseAmount(value as never, 18)).toThrow('Invalid amount')
  })

  it("parseUnits (the adapters' form-input parser) still trims, then parses strictly", () => {
    expect(parseUnits(' 1.5 ', 6)).toBe(1_500_000n)
    expect(() => parseUnits(' 1e3 ', 6)).toThrow('Invalid amount: " 1e3 "')
  })
})

describe('formatBalance: truncated toward zero to at most 3 decimals, trailing zeros dropped', () => {
  it.each([
    [1_999_999n, 6, '1.999'],
    [1_500_000n, 6, '1.5'],
    [0n, 18, '0'],
    [1n, 18, '0'],
    [999n, 6, '0'],
    [1_000n, 6, '0.001'],
    [10n ** 18n, 18, '1'],
    [1_230_000_000_000_000_000n, 18, '1.23'],
    [1_234_567_890_000_000_000n, 18, '1.234'],
    [2_000_999n, 6, '2'],
    [42n, 0, '42'],
    [5n, 1, '0.5'],
    [123_456_789_012_345_678_901_234_567_890_123_456_789_012_345_678n, 18, '123456789012345678901234567890.123'],
    // Toward zero for negatives as well, and never "-0".
    [-1_999_999n, 6, '-1.999'],
    [-999n, 6, '0'],
  ])('formatBalance(%s, %i) is %j', (value, decimals, text) => {
    expect(formatBalance(value, decimals)).toBe(text)
  })

  it('refuses numbers: amounts are bigint end to end', () => {
    expect(() => formatBalance(1.5 as never, 6)).toThrow(TypeError)
  })

  it.each([-1, 0.5])('throws on the decimals %s', (decimals) => {
    expect(() => formatBalance(1n, decimals)).toThrow('Invalid decimals')
  })

  it('truncateDecimals never returns "-0"', () => {
    expect(truncateDecimals('-0.0004')).toBe('0')
  })
})
