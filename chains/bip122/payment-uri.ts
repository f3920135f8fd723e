/** The bip122 payment request URI (BIP-21), what a wallet app understands when it scans a Receive QR code. */
import type { CaipNetwork } from 'vestibule/kernel'
import { checkedAmount, uriQuery, uriScheme } from '../shared/payment-uri.js'

/**
 * BIP-21: `bitcoin:<address>[?amount=<BTC>&label=<text>]` (amount in BTC as decimal text). A bech32 address is
 * written in upper case for a denser QR code only by choice; it is kept as given here.
 *
 * @example bip21Uri({ address: 'bc1q…', amount: '0.001' }) // 'bitcoin:bc1q…?amount=0.001'
 */
export function bip21Uri({
  address,
  amount,
  label,
  scheme = 'bitcoin',
}: {
  address: string
  amount?: string
  label?: string
  scheme?: string
}): string {
  if (!uriScheme(scheme)) throw new Error(`Not a URI scheme: ${scheme}`)
  if (!/^[a-zA-Z0-9]{14,90}$/.test(address)) throw new Error(`Not a Bitcoin address: ${address}`)
  return `${scheme}:${address}${uriQuery({ amount: checkedAmount(amount), label })}`
}

/**
 * The `paymentUri` chain feature: BIP-21 with the scheme the network definition names (`custom.uriScheme`:
 * `litecoin` on Litecoin; `bitcoin` when it names none or names one that is not a scheme).
 */
export const paymentUri = ({ address, network }: { address: string; network: Pick<CaipNetwork, 'custom'> }) =>
  bip21Uri({ address, scheme: uriScheme(network.custom?.uriScheme) })
