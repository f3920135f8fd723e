// The Sandbox Wallet's prompt for a transaction: token transfers, approvals and exchange swaps in token amounts,
// not "Send 0 wei to <contract>"; a plain send and an unknown call keep the value sent.
import { encodeFunctionData, parseAbi, type Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { describeCall, type TokenInfo } from '../../sandbox/wallet/describe-call.js'

const abi = parseAbi([
  'function transfer(address to, uint256 value) returns (bool)',
  'function approve(address spender, uint256 value) returns (bool)',
  'function swap(address tokenIn, address tokenOut, uint256 amountIn, uint256 minOut, address to) returns (uint256)',
  'function swapForEth(address tokenIn, uint256 amountIn, uint256 minOut, address to) returns (uint256)',
])
const ME: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const DEMO: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const SDOL: Address = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const EXCHANGE: Address = '0x0DCd1Bf9A1b36cE34237eEaFef220932846BCD82'
const TOKENS: Record<string, TokenInfo> = { [DEMO]: { symbol: 'DEMO', decimals: 18 }, [SDOL]: { symbol: 'SDOL', decimals: 18 } }
const token = async (address: Address) => TOKENS[address]
const E18 = 10n ** 18n

describe('the Sandbox Wallet prompt', () => {
  it('a token transfer: the amount in the token and its receiver', async () => {
    const data = encodeFunctionData({
      abi,
      functionName: 'transfer',
      args: ['0x90F79bf6EB2c4f870365E785982E1f101E93b906', (125n * E18) / 10n],
    })
    expect(await describeCall({ to: DEMO, value: '0x0', data }, ME, token)).toEqual({
      title: 'Send 12.5 DEMO to 0x90F79bf6EB2c4f870365E785982E1f101E93b906?',
      detail: `Contract ${DEMO} · 0 wei`,
    })
  })
  it('an approval: the spender and the amount, "unlimited" for the maximum', async () => {
    const max = encodeFunctionData({ abi, functionName: 'approve', args: [EXCHANGE, 2n ** 256n - 1n] })
    expect((await describeCall({ to: DEMO, data: max }, ME, token)).title).toBe(`Allow ${EXCHANGE} to spend unlimited DEMO?`)
    const some = encodeFunctionData({ abi, functionName: 'approve', args: [EXCHANGE, 3n * E18] })
    expect((await describeCall({ to: DEMO, data: some }, ME, token)).title).toBe(`Allow ${EXCHANGE} to spend 3 DEMO?`)
  })
  it('a swap: what is sold for at least what, and a payee other than the account named', async () => {
    const data = encodeFunctionData({ abi, functionName: 'swap', args: [DEMO, SDOL, 10n * E18, 12n * E18, ME] })
    expect((await describeCall({ to: EXCHANGE, data }, ME, token)).title).toBe('Swap 10 DEMO for at least 12 SDOL?')
    const elsewhere = encodeFunctionData({
      abi,
      functionName: 'swapForEth',
      args: [DEMO, 10n * E18, E18 / 400n, '0x000000000000000000000000000000000000a77a'],
    })
    expect((await describeCall({ to: EXCHANGE, data: elsewhere }, ME, token)).title).toBe(
      'Swap 10 DEMO for at least 0.0025 ETH, paid to 0x000000000000000000000000000000000000a77A?',
    )
  })
  it('a token it cannot read is named by its address, in base units', async () => {
    const data = encodeFunctionData({ abi, functionName: 'transfer', args: [ME, 5n] })
    expect((await describeCall({ to: EXCHANGE, data }, ME, token)).title).toBe(`Send 5 base units of token ${EXCHANGE} to ${ME}?`)
  })
  it('a plain send and an unknown call keep the value sent', async () => {
    expect(await describeCall({ to: ME, value: '0x2386f26fc10000' }, ME, token)).toEqual({ title: `Send 10000000000000000 wei to ${ME}?` })
    expect(await describeCall({ to: EXCHANGE, value: '0x0', data: '0xd0e30db0' }, ME, token)).toEqual({
      title: `Send 0 wei to ${EXCHANGE}?`,
      detail: 'Call data 0xd0e30db0',
    })
  })
})
