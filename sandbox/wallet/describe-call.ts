/**
 * What the Sandbox Wallet's prompt says a transaction does: an ERC-20 transfer or approval with its token amount,
 * a swap on the sandbox exchange with what it sells for what, else the plain value sent. Token symbols and decimals
 * are read from the chain (`token`); a token that cannot be read is named by its address, its amount in base units.
 */
import { decodeFunctionData, formatUnits, parseAbi, type Address, type Hex } from 'viem'

const ABI = parseAbi([
  'function transfer(address to, uint256 value) returns (bool)',
  'function approve(address spender, uint256 value) returns (bool)',
  'function swap(address tokenIn, address tokenOut, uint256 amountIn, uint256 minOut, address to) returns (uint256)',
  'function swapForEth(address tokenIn, uint256 amountIn, uint256 minOut, address to) returns (uint256)',
])
const UNLIMITED = 2n ** 255n

export interface TokenInfo {
  symbol: string
  decimals: number
}

export interface CallDescription {
  title: string
  detail?: string
}

/** `amount` of the token at `address` in its own units ("12.5 DEMO"), or base units and the address when unread. */
async function amountOf(amount: bigint, address: Address, token: (address: Address) => Promise<TokenInfo | undefined>): Promise<string> {
  const info = await token(address).catch(() => undefined)
  return info ? `${formatUnits(amount, info.decimals)} ${info.symbol}` : `${amount} base units of token ${address}`
}

/** The prompt for `tx` from `from`: its title, and the contract and value it carries when it calls one. */
export async function describeCall(
  tx: { to: Address; value?: Hex; data?: Hex },
  from: Address,
  token: (address: Address) => Promise<TokenInfo | undefined>,
): Promise<CallDescription> {
  const value = BigInt(tx.value ?? '0x0')
  const plain = { title: `Send ${value} wei to ${tx.to}?` }
  if (!tx.data || tx.data === '0x' || value !== 0n)
    return tx.data && tx.data !== '0x' ? { ...plain, detail: `Call data ${tx.data.slice(0, 74)}${tx.data.length > 74 ? '…' : ''}` } : plain
  let call: ReturnType<typeof decodeFunctionData<typeof ABI>>
  try {
    call = decodeFunctionData({ abi: ABI, data: tx.data })
  } catch {
    return { ...plain, detail: `Call data ${tx.data.slice(0, 74)}${tx.data.length > 74 ? '…' : ''}` }
  }
  const detail = `Contract ${tx.to} · 0 wei`
  const paidTo = (to: Address) => (to.toLowerCase() === from.toLowerCase() ? '' : `, paid to ${to}`)
  switch (call.functionName) {
    case 'transfer':
      return { title: `Send ${await amountOf(call.args[1], tx.to, token)} to ${call.args[0]}?`, detail }
    case 'approve': {
      const [spender, amount] = call.args
      const what =
        amount >= UNLIMITED
          ? `unlimited ${(await token(tx.to).catch(() => undefined))?.symbol ?? `token ${tx.to}`}`
          : await amountOf(amount, tx.to, token)
      return { title: `Allow ${spender} to spend ${what}?`, detail }
    }
    case 'swap': {
      const [tokenIn, tokenOut, amountIn, minOut, to] = call.args
      return {
        title: `Swap ${await amountOf(amountIn, tokenIn, token)} for at least ${await amountOf(minOut, tokenOut, token)}${paidTo(to)}?`,
        detail,
      }
    }
    case 'swapForEth': {
      const [tokenIn, amountIn, minOut, to] = call.args
      return { title: `Swap ${await amountOf(amountIn, tokenIn, token)} for at least ${formatUnits(minOut, 18)} ETH${paidTo(to)}?`, detail }
    }
  }
}
