// The send form's rules: what can be sent, the receiver, the maximum, the insufficient-gas boundary, the call data.
import { describe, expect, it } from 'vitest'
import type { AccountToken, CaipNetwork } from '../../../kernel/index.js'
import {
  FEE_MARGIN_PERCENT,
  belowReserve,
  erc20TransferData,
  feeInUsd,
  insufficientGas,
  maxAmount,
  plainReceiver,
  receiverProblem,
  sendable,
} from '../../../plugins/send/rules.js'
import { mainnet } from '../../kernel/helpers.js'

const ETH: AccountToken = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', decimals: 18, amount: 10n ** 18n, price: 3000 }
const USDT: AccountToken = {
  name: 'Tether',
  symbol: 'USDT',
  chainId: 'eip155:1',
  decimals: 6,
  amount: 5_000_000n,
  address: 'eip155:1:0xdAC17F958D2ee523a2206206994597C13D831ec7',
}
const isAddress = (value: string, _network: CaipNetwork) => /^0x[0-9a-fA-F]{40}$/.test(value)
const OWN = '0x1111111111111111111111111111111111111111'
const OTHER = '0x2222222222222222222222222222222222222222'

describe('sendable', () => {
  it('drops decimals-0 tokens and empty balances', () => {
    expect(sendable([ETH, { ...USDT, decimals: 0 }, { ...USDT, amount: 0n }, USDT]).map((t) => t.symbol)).toEqual(['ETH', 'USDT'])
  })
})

describe('receiverProblem', () => {
  it('accepts an address of the chain and a CAIP-10 address on the same network', () => {
    expect(receiverProblem(OTHER, mainnet, isAddress, OWN)).toBeUndefined()
    expect(receiverProblem(`eip155:1:${OTHER}`, mainnet, isAddress, OWN)).toBeUndefined()
    expect(plainReceiver(` eip155:1:${OTHER} `)).toBe(OTHER)
  })
  it('refuses an empty field, another network, an invalid address and the own address', () => {
    expect(receiverProblem('  ', mainnet, isAddress)).toEqual({ key: 'send.invalid' })
    expect(receiverProblem(`eip155:10:${OTHER}`, mainnet, isAddress)).toEqual({
      key: 'send.otherNetwork',
      values: { network: 'eip155:10' },
    })
    expect(receiverProblem(`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${OTHER}`, mainnet, isAddress)).toEqual({
      key: 'send.otherNetwork',
      values: { network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
    })
    expect(receiverProblem('0x1234', mainnet, isAddress)).toEqual({ key: 'send.invalidReceiver', values: { network: 'Ethereum' } })
    expect(receiverProblem(OWN.toUpperCase().replace('0X', '0x'), mainnet, isAddress, OWN)).toEqual({ key: 'send.self' })
  })
  it('the strict rule speaks after the structural one, in its own words, also for a CAIP-10 address', () => {
    const strict = (value: string) => (value === OTHER ? 'Invalid EVM address: bad checksum' : undefined)
    expect(receiverProblem(OTHER, mainnet, isAddress, OWN, strict)).toEqual({
      key: 'send.receiverRule',
      values: { reason: 'Invalid EVM address: bad checksum' },
    })
    expect(receiverProblem(`eip155:1:${OTHER}`, mainnet, isAddress, OWN, strict)).toEqual({
      key: 'send.receiverRule',
      values: { reason: 'Invalid EVM address: bad checksum' },
    })
    expect(receiverProblem('0x1234', mainnet, isAddress, OWN, strict)).toEqual({
      key: 'send.invalidReceiver',
      values: { network: 'Ethereum' },
    })
    expect(receiverProblem(OWN, mainnet, isAddress, OWN, strict)).toEqual({ key: 'send.self' })
  })
})

describe('maxAmount', () => {
  it('a token: its whole balance, whatever the fee', () => {
    expect(maxAmount(USDT, 10n ** 15n)).toBe(5_000_000n)
  })
  it('the native token: the balance less the fee and its margin; zero when the fee takes it all', () => {
    const fee = 1_000_000_000_000_000n
    expect(maxAmount(ETH, fee)).toBe(10n ** 18n - fee - (fee * FEE_MARGIN_PERCENT) / 100n)
    expect(maxAmount({ ...ETH, amount: fee }, fee)).toBe(0n)
    expect(maxAmount(ETH, undefined)).toBe(10n ** 18n)
  })
  it('less what the account must keep (a minimum balance); a token is not affected', () => {
    const fee = 1_000_000_000_000_000n
    expect(maxAmount(ETH, fee, 7n)).toBe(10n ** 18n - fee - (fee * FEE_MARGIN_PERCENT) / 100n - 7n)
    expect(maxAmount(USDT, fee, 7n)).toBe(5_000_000n)
  })
})

describe('belowReserve', () => {
  it('amount, fee and reserve above the balance, at the boundary; no reserve, never', () => {
    expect(belowReserve({ balance: 100n, fee: 10n, amount: 80n, reserve: 10n })).toBe(false)
    expect(belowReserve({ balance: 100n, fee: 10n, amount: 81n, reserve: 10n })).toBe(true)
    expect(belowReserve({ balance: 100n, fee: 10n, amount: 90n, reserve: 0n })).toBe(false)
  })
})

describe('insufficientGas', () => {
  const base = { native: false, paysOwnGas: false }
  it('a zero network balance is always short, even for a zero fee', () => {
    expect(insufficientGas({ ...base, networkBalance: 0n, fee: 0n })).toBe(true)
  })
  it('at the boundary: a fee equal to the balance is enough, one unit more is not', () => {
    expect(insufficientGas({ ...base, networkBalance: 1000n, fee: 1000n })).toBe(false)
    expect(insufficientGas({ ...base, networkBalance: 1000n, fee: 1001n })).toBe(true)
  })
  it('sending the native token, the amount counts too', () => {
    expect(insufficientGas({ networkBalance: 1000n, fee: 100n, amount: 900n, native: true, paysOwnGas: false })).toBe(false)
    expect(insufficientGas({ networkBalance: 1000n, fee: 100n, amount: 901n, native: true, paysOwnGas: false })).toBe(true)
    expect(insufficientGas({ networkBalance: 1000n, fee: 100n, amount: 901n, native: false, paysOwnGas: false })).toBe(false)
  })
  it('an account whose fees are paid for it skips the check', () => {
    expect(insufficientGas({ networkBalance: 0n, fee: 5n, native: false, paysOwnGas: true })).toBe(false)
  })
})

describe('feeInUsd and erc20TransferData', () => {
  it('the fee in USD at the network token price; none without a price', () => {
    expect(feeInUsd(21_000n * 10_000_000_000n, 18, 3000)).toBeCloseTo(0.63, 10)
    expect(feeInUsd(1n, 18, undefined)).toBeUndefined()
  })
  it('transfer(to, amount) call data: selector, padded address and amount', () => {
    expect(erc20TransferData(OTHER, 255n)).toBe(`0xa9059cbb${'0'.repeat(24)}${OTHER.slice(2)}${'0'.repeat(62)}ff`)
    expect(erc20TransferData('not an address', 1n)).toBeUndefined()
    expect(erc20TransferData(OTHER, 1n << 256n)).toBeUndefined()
  })
})
