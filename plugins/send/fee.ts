/**
 * The fee of one send, asked of the chain plugin: a token transfer through `estimateTokenTransfer` when the plugin
 * prices it (Solana: with the receiver's account deposit), else as the ERC-20 call it is; the native token through
 * `estimateFees`. An estimate that reports gas units is priced at the blockchain API's standard gas price when the
 * API has one, else at the chain's own price.
 */
import { chainFeature, hasChainFeature, type AccountToken, type CaipNetwork, type ChainAdapter, type FeeEstimate } from 'vestibule/kernel'
import type { GasPrice } from './gas.js'
import { erc20TransferData } from './rules.js'

/** The token's own address (`0x…`, a mint) without its CAIP-10 prefix. */
export const tokenAddress = (t: AccountToken) => (t.address ? t.address.split(':').slice(2).join(':') : undefined)

export interface FeeRequest {
  adapter: ChainAdapter
  network: CaipNetwork
  from: string
  token: AccountToken
  to: string
  amount: bigint
}

/** Whether the fee of this send can be asked for at all (a token whose transfer cannot be described has none). */
export function canEstimate({ adapter, token, to, amount }: FeeRequest): boolean {
  if (!hasChainFeature(adapter, 'estimateFees')) return false
  if (!token.address || hasChainFeature(adapter, 'estimateTokenTransfer')) return true
  return erc20TransferData(to, amount) !== undefined
}

/** The fee and what the sender must keep after the send, in the network token's base units. */
export interface FeeQuote {
  fee: bigint
  reserve?: bigint
}

/** The estimate's minimum balance when it is one (a non-negative bigint). */
const reserveOf = (estimate: FeeEstimate) =>
  typeof estimate.reserve === 'bigint' && estimate.reserve > 0n ? { reserve: estimate.reserve } : {}

/** The fee in the network token's base units, with the reserve the chain reports; rejects with the chain plugin's reason. */
export async function estimateFee(request: FeeRequest, gasPrice?: (network: CaipNetwork) => Promise<GasPrice>): Promise<FeeQuote> {
  const { adapter, network, from, token, to, amount } = request
  if (token.address && hasChainFeature(adapter, 'estimateTokenTransfer')) {
    const estimate = await chainFeature(adapter, 'estimateTokenTransfer')({ from, token: tokenAddress(token)!, to, amount, network })
    return { fee: estimate.fee, ...reserveOf(estimate) }
  }
  const data = token.address ? erc20TransferData(to, amount) : undefined
  const estimate: FeeEstimate = await chainFeature(
    adapter,
    'estimateFees',
  )({
    from,
    to: token.address ? tokenAddress(token)! : to,
    network,
    ...(data ? { data } : { value: amount }),
  })
  if (estimate.gas === undefined || !gasPrice) return { fee: estimate.fee, ...reserveOf(estimate) }
  try {
    return { fee: estimate.gas * (await gasPrice(network)).standard, ...reserveOf(estimate) }
  } catch {
    return { fee: estimate.fee, ...reserveOf(estimate) }
  }
}
