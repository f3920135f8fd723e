/** Where swaps are offered: small enough for the plugin's eager part, which offers the Swap entry only there. */
import type { CaipNetwork } from 'vestibule/kernel'

/** The eip155 networks the provider's swap API serves. */
export const SWAP_CHAIN_IDS: readonly number[] = [1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554]

/** Whether swaps are offered on `network`: an eip155 network among SWAP_CHAIN_IDS or the host's `extra` ids. */
export function swapSupported(network: CaipNetwork | undefined, extra: readonly (number | string)[] = []): boolean {
  if (!network || network.chainNamespace !== 'eip155') return false
  const id = String(network.caipNetworkId).split(':')[1]
  return [...SWAP_CHAIN_IDS, ...extra].some((known) => String(known) === id || String(known) === network.caipNetworkId)
}
