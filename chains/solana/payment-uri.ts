/** The solana payment request URI (Solana Pay), what a wallet app understands when it scans a Receive QR code. */
import { checkedAmount, uriQuery } from '../shared/payment-uri.js'

const SOL_DECIMALS = 9

/**
 * Solana Pay transfer request: `solana:<recipient>[?amount=<SOL>&label=<text>]` (amount in SOL as decimal text).
 * An amount with more fraction digits than SOL has (9) is a malformed request a wallet must reject: refused here.
 *
 * @example solanaPayUri({ address: '7xKX…', amount: '1.5', label: 'Coffee' }) // 'solana:7xKX…?amount=1.5&label=Coffee'
 */
export function solanaPayUri({ address, amount, label }: { address: string; amount?: string; label?: string }): string {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)) throw new Error(`Not a Solana address: ${address}`)
  const checked = checkedAmount(amount)
  if (checked !== undefined && (checked.split('.')[1]?.length ?? 0) > SOL_DECIMALS)
    throw new Error(`Not an amount of SOL (at most ${SOL_DECIMALS} decimals): ${checked}`)
  return `solana:${address}${uriQuery({ amount: checked, label })}`
}

/** The `paymentUri` chain feature: a Solana Pay request to the address (the same on every cluster). */
export const paymentUri = ({ address }: { address: string }) => solanaPayUri({ address })
