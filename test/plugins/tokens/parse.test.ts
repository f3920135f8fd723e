// What the tokens plugin accepts of the blockchain API's balance rows: everything is checked, amounts stay bigint.
import { describe, expect, it } from 'vitest'
import { parseBalanceRow, parseBalances, sortTokens, toBaseUnits } from '../../../plugins/tokens/parse.js'
import { normalizeTokens, tokensProblem } from '../../../plugins/tokens/option.js'

const CHAIN = 'eip155:1' as const
const row = (over: Record<string, unknown> = {}) => ({
  name: 'Demo Token',
  symbol: 'DEMO',
  chainId: CHAIN,
  address: `${CHAIN}:0x5fbdb2315678afecb367f032d93f642f64180aa3`,
  value: 1543.13,
  price: 1.25,
  quantity: { decimals: '18', numeric: '1234.5' },
  iconUrl: 'https://img.example/demo.png',
  ...over,
})

describe('toBaseUnits', () => {
  it('keeps every digit of a decimal string, cutting (never rounding) places beyond the decimals', () => {
    expect(toBaseUnits('1234.567891234567891234', 18)).toBe(1234567891234567891234n)
    expect(toBaseUnits('1.9999999', 6)).toBe(1_999_999n)
    expect(toBaseUnits('0', 6)).toBe(0n)
  })
  it('refuses signs, exponents, spaces inside and amounts beyond uint256', () => {
    for (const bad of ['-1', '1e3', '0x10', '1 000', '', '.5', 'NaN', '1.']) expect(toBaseUnits(bad, 18)).toBeUndefined()
    expect(toBaseUnits('9'.repeat(60), 18)).toBeUndefined()
    expect(toBaseUnits('1'.repeat(59), 18)).toBe(BigInt('1'.repeat(59)) * 10n ** 18n)
  })
})

describe('parseBalanceRow', () => {
  it('turns a row into a token with a bigint amount, price, value and checked image', () => {
    expect(parseBalanceRow(row(), CHAIN)).toEqual({
      name: 'Demo Token',
      symbol: 'DEMO',
      chainId: CHAIN,
      address: `${CHAIN}:0x5fbdb2315678afecb367f032d93f642f64180aa3`,
      decimals: 18,
      amount: 1_234_500_000_000_000_000_000n,
      price: 1.25,
      value: 1543.13,
      iconUrl: 'https://img.example/demo.png',
    })
  })
  it('drops tokens with decimals 0', () => {
    expect(parseBalanceRow(row({ quantity: { decimals: '0', numeric: '5' } }), CHAIN)).toBeUndefined()
    expect(parseBalanceRow(row({ quantity: { decimals: 0, numeric: '5' } }), CHAIN)).toBeUndefined()
  })
  it.each([
    ['no quantity', { quantity: undefined }],
    ['a numeric quantity', { quantity: { decimals: '18', numeric: 12.5 } }],
    ['a negative quantity', { quantity: { decimals: '18', numeric: '-1' } }],
    ['an 80-digit quantity', { quantity: { decimals: '18', numeric: '9'.repeat(80) } }],
    ['fractional decimals', { quantity: { decimals: '1.5', numeric: '1' } }],
    ['no symbol', { symbol: '\u200b' }],
    ['another network', { chainId: 'eip155:10' }],
    ['an address that is not CAIP-10', { address: '<img src=x>' }],
    ['not an object', 'DEMO'],
  ])('drops a row with %s', (_what, over) => {
    expect(parseBalanceRow(typeof over === 'string' ? over : row(over), CHAIN)).toBeUndefined()
  })
  it('keeps HTML in names as text, drops unsafe images and non-finite or negative prices', () => {
    const token = parseBalanceRow(
      row({ name: '<img src=x onerror=alert(1)>', iconUrl: 'javascript:alert(1)', price: -1, value: Number.NaN }),
      CHAIN,
    )
    expect(token?.name).toBe('<img src=x onerror=alert(1)>')
    expect(token).not.toHaveProperty('iconUrl')
    expect(token).not.toHaveProperty('price')
    expect(token).not.toHaveProperty('value')
    expect(parseBalanceRow(row({ iconUrl: 'http://tracker.example/p.png' }), CHAIN)).not.toHaveProperty('iconUrl')
  })
  it('a bare token address gets the network prefix; a native row has none', () => {
    expect(parseBalanceRow(row({ address: '0xabc' }), CHAIN)?.address).toBe(`${CHAIN}:0xabc`)
    expect(parseBalanceRow(row({ address: undefined }), CHAIN)).not.toHaveProperty('address')
  })
})

describe('parseBalances', () => {
  it('keeps the rows that parse, whatever the others hold', () => {
    const body = {
      balances: [
        row(),
        null,
        7,
        row({ quantity: { decimals: '18', numeric: 'lots' } }),
        row({ symbol: 'USDT', quantity: { decimals: '6', numeric: '250.75' } }),
      ],
    }
    expect(parseBalances(body, CHAIN).map((t) => [t.symbol, t.amount])).toEqual([
      ['DEMO', 1_234_500_000_000_000_000_000n],
      ['USDT', 250_750_000n],
    ])
    expect(parseBalances({ balances: 'nope' }, CHAIN)).toEqual([])
    expect(parseBalances(null, CHAIN)).toEqual([])
  })
  it('reads at most 500 rows', () => {
    expect(parseBalances({ balances: Array.from({ length: 600 }, () => row()) }, CHAIN)).toHaveLength(500)
  })
})

describe('sortTokens', () => {
  it('native first, then by USD value, then by name', () => {
    const t = (name: string, value: number, address?: string) => ({
      name,
      symbol: name,
      chainId: CHAIN,
      decimals: 18,
      amount: 1n,
      value,
      ...(address ? { address: `${CHAIN}:${address}` as const } : {}),
    })
    expect(sortTokens([t('B', 5, '0xb'), t('A', 5, '0xa'), t('ETH', 1), t('C', 9, '0xc')]).map((x) => x.name)).toEqual([
      'ETH',
      'C',
      'A',
      'B',
    ])
  })
})

describe('the tokens option', () => {
  it('accepts one token or a list per CAIP-2 network', () => {
    const value = {
      'eip155:1': { address: '0xdAC17F958D2ee523a2206206994597C13D831ec7' },
      'eip155:10': [{ address: '0xa', image: 'https://img.example/a.png' }],
    }
    expect(tokensProblem(value)).toBeUndefined()
    expect(normalizeTokens(value)).toEqual({
      'eip155:1': [{ address: '0xdAC17F958D2ee523a2206206994597C13D831ec7' }],
      'eip155:10': [{ address: '0xa', image: 'https://img.example/a.png' }],
    })
  })
  it.each([
    [['0x1'], /must map network ids/],
    [{ mainnet: { address: '0x1' } }, /not a CAIP-2 network id/],
    [{ 'eip155:1': { address: 'not an address!' } }, /invalid token address/],
    [{ 'eip155:1': { address: '0x1', image: 'http://tracker.example/x.png' } }, /not https/],
    [{ 'eip155:1': 'USDT' }, /must be an object/],
  ])('refuses %j', (value, message) => {
    expect(tokensProblem(value)).toMatch(message)
  })
})
