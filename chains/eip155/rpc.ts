// Loaded with import() on first use: viem stays out of the bundle a host loads before the modal is needed.
import { createPublicClient, http, isAddress as viemIsAddress } from 'viem'
import type { CaipNetwork } from 'vestibule/kernel'
import { walletBalance, type WalletRequest } from './wallet-balance.js'

/**
 * Native balance in wei. Asked in this order: each of the network's RPC URLs (the host's `rpcUrls`, default
 * first), then the connected wallet (`wallet`: its node, or its EIP-7811 asset list); the first RPC error is
 * what fails when none of them answers.
 */
export async function getNativeBalance(network: CaipNetwork, address: string, wallet?: WalletRequest): Promise<bigint> {
  if (!viemIsAddress(address, { strict: false })) throw new Error(`Invalid EVM address: ${address}`)
  let failure: unknown
  for (const url of network.rpcUrls.default.http.slice(0, 4)) {
    try {
      return await createPublicClient({ transport: http(url, { retryCount: 1, timeout: 10_000 }) }).getBalance({ address })
    } catch (error) {
      failure ??= error
    }
  }
  const fromWallet = wallet ? await walletBalance(wallet, address, network) : undefined
  if (fromWallet !== undefined) return fromWallet
  throw failure ?? new Error(`The network ${network.name} has no RPC URL`)
}
