// Loaded with import() on first use: viem stays out of the bundle a host loads before the modal is needed.
import { createPublicClient, http, isAddress as viemIsAddress } from 'viem'
import type { CaipNetwork } from 'vestibule/kernel'

/** Native balance in wei over the network's own RPC (eth_getBalance). */
export async function getNativeBalance(network: CaipNetwork, address: string): Promise<bigint> {
  const url = network.rpcUrls.default.http[0]
  if (!viemIsAddress(address, { strict: false })) throw new Error(`Invalid EVM address: ${address}`)
  const client = createPublicClient({ transport: http(url, { retryCount: 1, timeout: 10_000 }) })
  return client.getBalance({ address })
}
