/**
 * The payment request URI the Receive view encodes in its QR code: the chain plugin's own (its `paymentUri`
 * feature: EIP-681, Solana Pay, BIP-21 …), or the plain address where the chain plugin has none.
 */
import { chainFeature, hasChainFeature, type CaipNetwork, type ChainAdapter } from 'vestibule/kernel'

/**
 * The payment URI of `address` on `network` by `adapter`'s rule (the plain address for a chain plugin without
 * one); rejects for an address the rule refuses.
 */
export async function paymentUri(adapter: ChainAdapter | undefined, network: CaipNetwork, address: string): Promise<string> {
  return hasChainFeature(adapter, 'paymentUri') ? chainFeature(adapter, 'paymentUri')({ address, network }) : address
}
