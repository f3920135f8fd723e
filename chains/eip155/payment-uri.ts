/** The eip155 payment request URI (EIP-681), what a wallet app understands when it scans a Receive QR code. */
import type { CaipNetwork } from 'vestibule/kernel'

/**
 * EIP-681: `ethereum:<address>@<chainId>[?value=<wei>]`. The chain id keeps a wallet from paying on another
 * network.
 *
 * @example eip681Uri({ address: '0xf39F…2266', chainId: 8453 }) // 'ethereum:0xf39F…2266@8453'
 */
export function eip681Uri({ address, chainId, value }: { address: string; chainId: number; value?: bigint }): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new Error(`Not an EVM address: ${address}`)
  if (!Number.isSafeInteger(chainId) || chainId <= 0) throw new Error(`Not a chain id: ${chainId}`)
  if (value !== undefined && value < 0n) throw new Error('The value cannot be negative')
  return `ethereum:${address}@${chainId}${value !== undefined ? `?value=${value}` : ''}`
}

/** The `paymentUri` chain feature: EIP-681 on the network's chain id. */
export const paymentUri = ({ address, network }: { address: string; network: Pick<CaipNetwork, 'caipNetworkId'> }) =>
  eip681Uri({ address, chainId: Number(network.caipNetworkId.split(':')[1]) })
