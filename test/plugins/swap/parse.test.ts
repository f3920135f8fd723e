// Everything the swap endpoints answer is checked: token rows that are not clean tokens of the network are dropped,
// quotes, allowances and built transactions that are not what was asked for are refused.
import { describe, expect, it } from 'vitest'
import {
  bindSwap,
  parseAllowance,
  parseApprove,
  parseGasPrice,
  parseQuote,
  parseTokens,
  parseTransaction,
  units,
  type SwapToken,
} from '../../../plugins/swap/parse.js'

const CHAIN = 'eip155:1'
const A = '0x1111111111111111111111111111111111111111'
const B = '0x2222222222222222222222222222222222222222'
const USER = '0x3333333333333333333333333333333333333333'
const row = (address: string, symbol: unknown, extra: Record<string, unknown> = {}) => ({
  name: `${symbol} token`,
  symbol,
  address: `${CHAIN}:${address}`,
  decimals: 18,
  ...extra,
})

describe('token list', () => {
  it('keeps clean rows of the network and drops HTML, bad addresses, absurd decimals, duplicates and a missing symbol', () => {
    const tokens = parseTokens(
      {
        tokens: [
          row(A, 'AAA', { price: 2, logoUri: 'https://img.example/a.png' }),
          row(B, '<img src=x onerror=alert(1)>'),
          { ...row(B, 'BBB'), name: '<script>alert(1)</script>' },
          row('0x12', 'SHORT'),
          row(B, 'HUGE', { decimals: 10n ** 80n }),
          row(B, 'HUGE2', { decimals: Number('1'.repeat(80)) }),
          row(A.toUpperCase().replace('0X', '0x'), 'DUPE'),
          { name: 'No symbol', address: `${CHAIN}:${B}`, decimals: 6 },
          row(B, 'OTHER', { address: `eip155:10:${B}` }),
          row(B, 'BAD', { name: "Bad's token", price: Number.NaN, logoUri: 'javascript:alert(1)' }),
          null,
          'x',
        ],
      },
      CHAIN,
    )
    expect(tokens).toEqual([
      {
        caip: `${CHAIN}:${A}`,
        address: A,
        native: false,
        name: 'AAA token',
        symbol: 'AAA',
        decimals: 18,
        price: 2,
        iconUrl: 'https://img.example/a.png',
      },
      { caip: `${CHAIN}:${B}`, address: B, native: false, name: "Bad's token", symbol: 'BAD', decimals: 18 },
    ])
  })

  it('refuses an answer that is not a list', () => {
    expect(() => parseTokens('<html>', CHAIN)).toThrow('not a list')
    expect(() => parseTokens({ tokens: {} }, CHAIN)).toThrow('not a list')
  })
})

describe('quote', () => {
  const request = { amount: 1000n, from: `${CHAIN}:${A}`, to: `${CHAIN}:${B}` }
  const quote = (toAmount: unknown, extra: Record<string, unknown> = {}) => ({
    quotes: [{ fromAmount: '1000', fromAccount: request.from, toAmount, toAccount: request.to, ...extra }],
  })

  it('reads the amount bought as a bigint from a decimal string', () => {
    expect(parseQuote(quote('123456789012345678901234567890'), request)).toBe(123456789012345678901234567890n)
  })

  it('refuses a negative, fractional, NaN, zero or missing amount, and a quote for another amount or token', () => {
    for (const bad of ['-5', '1.5', 'NaN', Number.NaN, '0', undefined, '1e21', '9'.repeat(79)])
      expect(() => parseQuote(quote(bad), request)).toThrow()
    expect(() => parseQuote(quote('5', { fromAmount: '999' }), request)).toThrow('another amount')
    expect(() => parseQuote(quote('5', { toAccount: `${CHAIN}:${USER}` }), request)).toThrow('other tokens')
    expect(() => parseQuote({ quotes: [] }, request)).toThrow('No quote')
  })

  it('refuses an amount above 2^256 − 1 base units, which no token can hold', () => {
    expect(parseQuote(quote(String((1n << 256n) - 1n)), request)).toBe((1n << 256n) - 1n)
    expect(() => parseQuote(quote(String(1n << 256n)), request)).toThrow('The quote names more than any token can hold')
    expect(() => parseQuote(quote('9'.repeat(78)), request)).toThrow('more than any token can hold')
  })
})

describe('built transactions', () => {
  const expectSwap = { user: USER, chainId: CHAIN, maxValue: 1000n }
  const tx = (extra: Record<string, unknown>) => ({
    tx: { from: `${CHAIN}:${USER}`, to: `${CHAIN}:${B}`, data: '0x12345678', amount: '1000', eip155: { gas: '210000' }, ...extra },
  })

  it('reads receiver, data, value and gas', () => {
    expect(parseTransaction(tx({}), expectSwap)).toEqual({ to: B, data: '0x12345678', value: 1000n, gas: 210000n })
  })

  it('refuses a transaction not from the user, one sending more than the amount swapped, and one without call data', () => {
    expect(() => parseTransaction(tx({ from: `${CHAIN}:${A}` }), expectSwap)).toThrow('not from your account')
    expect(() => parseTransaction(tx({ from: `eip155:10:${USER}` }), expectSwap)).toThrow('not from your account')
    expect(() => parseTransaction(tx({ amount: '1001' }), expectSwap)).toThrow('more than the amount')
    expect(() => parseTransaction(tx({ amount: '-1' }), expectSwap)).toThrow('more than the amount')
    expect(() => parseTransaction(tx({ amount: '5' }), { ...expectSwap, maxValue: 0n })).toThrow('more than the amount')
    expect(() => parseTransaction(tx({ data: 'hello' }), expectSwap)).toThrow('call data')
    expect(() => parseTransaction({}, expectSwap)).toThrow('missing')
  })
})

describe('binding the built transactions to each other and to what the user chose', () => {
  const USDC: SwapToken = { caip: `${CHAIN}:${A}`, address: A, native: false, name: 'USD Coin', symbol: 'USDC', decimals: 6 }
  const DAI: SwapToken = { caip: `${CHAIN}:${B}`, address: B, native: false, name: 'Dai', symbol: 'DAI', decimals: 18 }
  const ETH: SwapToken = {
    caip: `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`,
    address: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
    native: true,
    name: 'Ether',
    symbol: 'ETH',
    decimals: 18,
  }
  const EXCHANGE = '0x9999999999999999999999999999999999999999'
  const ATTACKER = '0x000000000000000000000000000000000000a77a'
  const word = (v: bigint | string) => BigInt(v).toString(16).padStart(64, '0')
  const approveData = (spender: string, amount: bigint) => `0x095ea7b3${word(spender)}${word(amount)}`
  const built = (to: string, data: string, value = '0') => ({ tx: { from: `${CHAIN}:${USER}`, to: `${CHAIN}:${to}`, data, value } })
  const sellUsdc = { user: USER, chainId: CHAIN, sell: USDC, buy: DAI, amount: 10_000_000n }
  const swap = (to: string, data: string, value = 0n) => ({ to, data, value })

  it('an approve names its spender; the approval sent is for exactly the amount sold, never unlimited', () => {
    const approval = parseApprove(built(A, approveData(EXCHANGE, (1n << 256n) - 1n)), sellUsdc)
    expect(approval).toMatchObject({ to: A, spender: EXCHANGE, amount: 10_000_000n, value: 0n, data: approveData(EXCHANGE, 10_000_000n) })
    expect(parseApprove(built(A, approveData(EXCHANGE, 5n)), sellUsdc).data).toBe(approveData(EXCHANGE, 10_000_000n))
  })

  it('an approve that is not approve(spender, amount) on the token sold, or names a token or nobody as spender, is refused', () => {
    expect(() => parseApprove(built(B, approveData(EXCHANGE, 1n)), sellUsdc)).toThrow('not an approval of the token being sold')
    expect(() => parseApprove(built(A, `0xa9059cbb${word(EXCHANGE)}${word(1n)}`), sellUsdc)).toThrow('not an approval')
    expect(() => parseApprove(built(A, `${approveData(EXCHANGE, 1n)}00`), sellUsdc)).toThrow('not an approval')
    expect(() => parseApprove(built(A, approveData(EXCHANGE, 1n), '1'), sellUsdc)).toThrow('more than the amount')
    for (const spender of [A, B, '0x0000000000000000000000000000000000000000', ETH.address])
      expect(() => parseApprove(built(A, approveData(spender, 1n)), sellUsdc)).toThrow('names a token, not an exchange')
  })

  it('the swap calls the spender the approve names, never the sold or bought token', () => {
    expect(bindSwap(swap(EXCHANGE, '0x12345678'), { sell: USDC, buy: DAI, spender: EXCHANGE }).to).toBe(EXCHANGE)
    expect(() => bindSwap(swap(ATTACKER, '0x12345678'), { sell: USDC, buy: DAI, spender: EXCHANGE })).toThrow(
      'another contract than the one the approval is for',
    )
    expect(() => bindSwap(swap(A, '0x12345678'), { sell: USDC, buy: DAI })).toThrow('calls a token directly')
    expect(() => bindSwap(swap(B, '0x12345678'), { sell: USDC, buy: DAI })).toThrow('calls a token directly')
    expect(() => bindSwap(swap(ETH.address, '0x12345678', 1n), { sell: ETH, buy: DAI })).toThrow('calls a token directly')
  })

  it('no ERC-20 transfer, transferFrom or approval as the swap, whoever it is sent to', () => {
    const calls = [
      `0xa9059cbb${word(ATTACKER)}${word(10_000_000n)}`,
      `0x23b872dd${word(USER)}${word(ATTACKER)}${word(1n)}`,
      approveData(ATTACKER, (1n << 256n) - 1n),
      `0x39509351${word(ATTACKER)}${word(1n)}`,
      `0xa22cb465${word(ATTACKER)}${word(1n)}`,
    ]
    for (const data of calls)
      expect(() => bindSwap(swap(EXCHANGE, data), { sell: USDC, buy: DAI })).toThrow('moves or approves tokens directly')
    // USDC.transfer(attacker, 10e6) offered as the swap of 10 USDC: the token itself is called.
    expect(() =>
      bindSwap(parseTransaction(built(A, calls[0]!), { user: USER, chainId: CHAIN, maxValue: 0n }), { sell: USDC, buy: DAI }),
    ).toThrow()
  })
})

describe('allowance, gas price and amounts', () => {
  it('reads decimal strings only', () => {
    expect(parseAllowance({ allowance: '115792089237316195423570985008687907853269984665640564039457584007913129639935' })).toBe(
      (1n << 256n) - 1n,
    )
    expect(() => parseAllowance({ allowance: 'lots' })).toThrow()
    expect(parseGasPrice({ standard: '1000000000' })).toBe(1_000_000_000n)
    expect(() => parseGasPrice({ standard: '0' })).toThrow()
    expect(units(1.5)).toBeUndefined()
    expect(units(2 ** 60)).toBeUndefined()
  })
})
