// Loaded with import() on first use of a chain feature: viem's ABI coding and RPC client stay out of the eager part.
import { createPublicClient, encodeFunctionData, erc20Abi, http, type Abi, type Address, type Hex, type PublicClient } from 'viem'
import {
  VestibuleError,
  type CaipNetwork,
  type ContractRead,
  type FeeEstimate,
  type TokenBalance,
  type TransactionRequest,
} from 'vestibule/kernel'

const clients = new Map<string, PublicClient>()

/**
 * One client per RPC URL. Calls made in the same tick travel as one JSON-RPC batch (one HTTP request), which is
 * how token balances are read in one call on chains with or without a multicall contract.
 */
export function client(network: CaipNetwork): PublicClient {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new VestibuleError('NOT_SUPPORTED', `The network ${network.name} has no RPC URL`)
  let found = clients.get(url)
  if (!found) {
    found = createPublicClient({ transport: http(url, { batch: true, retryCount: 1, timeout: 10_000 }) }) as PublicClient
    clients.set(url, found)
  }
  return found
}

export async function estimateFees(tx: TransactionRequest): Promise<FeeEstimate> {
  const c = client(tx.network)
  const [gas, gasPrice] = await Promise.all([
    c.estimateGas({ account: tx.from as Address, to: tx.to as Address, data: tx.data as Hex | undefined, value: tx.value }),
    c.getGasPrice(),
  ])
  return { fee: gas * gasPrice, gas, gasPrice, decimals: tx.network.nativeCurrency.decimals, symbol: tx.network.nativeCurrency.symbol }
}

export async function readContract(read: ContractRead): Promise<unknown> {
  if (!read.abi || !read.functionName) throw new VestibuleError('NOT_SUPPORTED', 'An EVM contract read needs an ABI and a function name')
  return client(read.network).readContract({
    address: read.address as Address,
    abi: read.abi as Abi,
    functionName: read.functionName,
    args: read.args as unknown[] | undefined,
  })
}

/**
 * balanceOf, decimals and symbol of every token, in one batch. A token that does not answer balanceOf and decimals
 * like an ERC-20 is left out; a symbol that is not a string (old tokens return bytes32) reads as "".
 */
export async function getTokenBalances({
  owner,
  tokens,
  network,
}: {
  owner: string
  tokens: readonly string[]
  network: CaipNetwork
}): Promise<TokenBalance[]> {
  const c = client(network)
  const read = (token: string, functionName: 'balanceOf' | 'decimals' | 'symbol') =>
    c.readContract({
      address: token as Address,
      abi: erc20Abi,
      functionName,
      args: functionName === 'balanceOf' ? [owner as Address] : undefined,
    } as never) as Promise<unknown>
  const answers = await Promise.all(
    tokens.map((token) => Promise.allSettled([read(token, 'balanceOf'), read(token, 'decimals'), read(token, 'symbol')])),
  )
  const balances: TokenBalance[] = []
  answers.forEach(([value, decimals, symbol], i) => {
    if (
      value.status !== 'fulfilled' ||
      typeof value.value !== 'bigint' ||
      decimals.status !== 'fulfilled' ||
      typeof decimals.value !== 'number'
    )
      return
    balances.push({
      token: tokens[i]!,
      value: value.value,
      decimals: decimals.value,
      symbol: symbol.status === 'fulfilled' && typeof symbol.value === 'string' ? symbol.value : '',
    })
  })
  return balances
}

/** Call data of an ERC-20 `transfer(to, amount)`; tokens whose transfer returns nothing take the same data. */
export const transferData = (to: string, amount: bigint): Hex =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to as Address, amount] })
