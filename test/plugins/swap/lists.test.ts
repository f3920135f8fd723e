// The picker's order and marks: the user's own tokens first (by value), the suggested ones next (the first row the
// API lists under a suggested symbol, the network token), then the rest as listed; a symbol that reads like a held
// or suggested token's at another address is a look-alike of it, one with characters beyond ASCII is unusual.
import { describe, expect, it } from 'vitest'
import type { AccountToken } from '../../../kernel/index.js'
import { foldSymbol, orderTokens, searchTokens, unusualSymbol } from '../../../plugins/swap/lists.js'
import { NATIVE_ADDRESS, type SwapToken } from '../../../plugins/swap/parse.js'

const CHAIN = 'eip155:1'
const at = (n: number) => `0x${n.toString(16).padStart(40, '0')}`
const token = (symbol: string, n: number, name = symbol): SwapToken => ({
  caip: `${CHAIN}:${n === 0 ? NATIVE_ADDRESS : at(n)}`,
  address: n === 0 ? NATIVE_ADDRESS : at(n),
  native: n === 0,
  name,
  symbol,
  decimals: 18,
})
const holding = (n: number, amount: bigint, value?: number): AccountToken => ({
  name: '',
  symbol: '',
  chainId: CHAIN,
  decimals: 18,
  amount,
  ...(n === 0 ? {} : { address: `${CHAIN}:${at(n)}` }),
  ...(value !== undefined ? { value } : {}),
})

const LIST = [
  token('ETH', 0),
  token('PEPE', 1),
  token('USDC', 2, 'USD Coin'),
  token('USDC', 3, 'USD Coin'),
  token('UЅDC', 4, 'USD Coin'),
  token('DAI', 5),
  token('DEMO', 6),
  token('DEM0', 7),
  token('ＥＴＨ', 8),
  token('ΩMEGA', 9),
  token('usdc', 10),
  token('WETH', 11),
]

describe('orderTokens', () => {
  it('lists held tokens first by value, then suggested ones in their order, then the rest as listed', () => {
    const ordered = orderTokens(LIST, [holding(0, 10n, 30), holding(6, 5n, 50)])
    expect(ordered.map((t) => `${t.symbol}@${Number(BigInt(t.address === NATIVE_ADDRESS ? 0 : t.address))} ${t.rank}`)).toEqual([
      'DEMO@6 held',
      'ETH@0 held',
      'USDC@2 suggested',
      'DAI@5 suggested',
      'WETH@11 suggested',
      'PEPE@1 other',
      'USDC@3 other',
      'UЅDC@4 other',
      'DEM0@7 other',
      'ＥＴＨ@8 other',
      'ΩMEGA@9 other',
      'usdc@10 other',
    ])
  })

  it('marks look-alikes of held and suggested tokens, and unusual characters; the tokens they copy are unmarked', () => {
    const ordered = orderTokens(LIST, [holding(0, 10n, 30), holding(6, 5n, 50)])
    const warning = (symbol: string, n: number) =>
      ordered.find((t) => t.symbol === symbol && t.address === (n === 0 ? NATIVE_ADDRESS : at(n)))!.warning
    expect(warning('USDC', 3)).toEqual({ kind: 'lookalike', of: 'USDC' })
    expect(warning('UЅDC', 4)).toEqual({ kind: 'lookalike', of: 'USDC' })
    expect(warning('usdc', 10)).toEqual({ kind: 'lookalike', of: 'USDC' })
    expect(warning('DEM0', 7)).toEqual({ kind: 'lookalike', of: 'DEMO' })
    expect(warning('ＥＴＨ', 8)).toEqual({ kind: 'lookalike', of: 'ETH' })
    expect(warning('ΩMEGA', 9)).toEqual({ kind: 'unusual' })
    for (const [symbol, n] of [
      ['USDC', 2],
      ['DEMO', 6],
      ['ETH', 0],
      ['PEPE', 1],
      ['DAI', 5],
      ['WETH', 11],
    ] as const)
      expect(warning(symbol, n), symbol).toBeUndefined()
  })

  it('a second held token under a known symbol: both are marked, neither passes for the other', () => {
    const ordered = orderTokens([token('USDC', 2), token('USDC', 3)], [holding(3, 1n)])
    expect(ordered.map((t) => [t.address, t.rank, t.warning])).toEqual([
      [at(3), 'held', { kind: 'lookalike', of: 'USDC' }],
      [at(2), 'suggested', { kind: 'lookalike', of: 'USDC' }],
    ])
  })

  it('a look-alike listed before the real token is the suggested one only for its exact symbol', () => {
    const ordered = orderTokens([token('UЅDC', 4), token('USDC', 2)], [])
    expect(ordered.map((t) => [t.symbol, t.rank, t.warning?.kind])).toEqual([
      ['USDC', 'suggested', undefined],
      ['UЅDC', 'other', 'lookalike'],
    ])
  })
})

describe('foldSymbol and unusualSymbol', () => {
  it('read look-alike letters, full-width and accented forms and digits as the Latin letters they pass for', () => {
    expect(['USDC', 'UЅDC', 'usdc', 'ＵＳＤＣ', 'U$DC', 'ÚSDC', 'USDС'].map(foldSymbol)).toEqual(Array(7).fill('USDC'))
    expect(foldSymbol('DEM0')).toBe(foldSymbol('DEMO'))
    expect(foldSymbol('1INCH')).toBe(foldSymbol('IINCH'))
    expect(foldSymbol('ARB')).not.toBe(foldSymbol('OP'))
  })

  it('flags anything beyond plain ASCII: other scripts, mixed scripts, full-width forms', () => {
    for (const symbol of ['UЅDC', 'ΩMEGA', 'ＥＴＨ', 'ÚSDC', 'トークン']) expect(unusualSymbol(symbol), symbol).toBe(true)
    for (const symbol of ['USDC', '1INCH', 'USDC.e', 'wstETH']) expect(unusualSymbol(symbol), symbol).toBe(false)
  })
})

describe('searchTokens', () => {
  it('matches symbols as they read: a search for USDC lists its look-alikes too, and an address only its token', () => {
    expect(searchTokens(LIST, 'usdc').map((t) => t.symbol)).toEqual(['USDC', 'USDC', 'UЅDC', 'usdc'])
    expect(searchTokens(LIST, 'ETH').map((t) => t.symbol)).toEqual(['ETH', 'ＥＴＨ', 'WETH'])
    expect(searchTokens(LIST, at(4)).map((t) => t.symbol)).toEqual(['UЅDC'])
    expect(searchTokens(LIST, 'coin').map((t) => t.address)).toEqual([at(2), at(3), at(4)])
  })
})
