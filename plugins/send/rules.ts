/**
 * The send form's rules, apart from the UI so each can be tested alone: which tokens can be sent, what a receiver
 * must be, what the maximum is, and when the network token cannot pay the fee. Amounts are base units (bigint).
 */
import type { AccountToken, CaipNetwork } from 'vestibule/kernel'
import { cleanText } from 'vestibule/utils'

/** A token the form offers: decimals 0 never (collectibles and spam), and only what the account holds. */
export const sendable = (tokens: readonly AccountToken[]) => tokens.filter((t) => t.decimals > 0 && t.amount > 0n)

/**
 * What is wrong with `text` as the receiver on `network`, as a message key and its values, or undefined when it is
 * fine. A CAIP-10 address (`eip155:10:0x…`) must be on `network`; the rest is the chain plugin's address rule:
 * its structural `isAddress`, then its strict rule (`strict`: checksums, the network's prefixes) in its own words.
 */
export function receiverProblem(
  text: string,
  network: CaipNetwork,
  isAddress: (value: string, network: CaipNetwork) => boolean,
  own?: string,
  strict?: (value: string, network: CaipNetwork) => string | undefined,
): { key: string; values?: Record<string, string> } | undefined {
  const value = text.trim()
  if (!value) return { key: 'send.invalid' }
  const caip = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32}):(.+)$/.exec(value)
  if (caip) {
    const id = `${caip[1]}:${caip[2]}`
    if (id !== network.caipNetworkId) return { key: 'send.otherNetwork', values: { network: id } }
    return receiverProblem(caip[3]!, network, isAddress, own, strict)
  }
  if (!isAddress(value, network)) return { key: 'send.invalidReceiver', values: { network: network.name } }
  const reason = strict?.(value, network)
  if (reason) return { key: 'send.receiverRule', values: { reason: cleanText(reason, 200) } }
  if (own && value.toLowerCase() === own.toLowerCase()) return { key: 'send.self' }
  return undefined
}

/** The receiver as the wallet gets it: a CAIP-10 address loses its network prefix. */
export const plainReceiver = (text: string) => {
  const value = text.trim()
  const caip = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:(.+)$/.exec(value)
  return caip ? caip[1]! : value
}

/**
 * Fee headroom for "Max" on the native token: the estimate can rise before the wallet signs, so a fifth more is
 * kept back.
 */
export const FEE_MARGIN_PERCENT = 20n

/**
 * The most that can be sent: a token's whole balance; for the native token, the balance less the fee and margin
 * and less what the account must keep (`reserve`, a minimum balance).
 */
export function maxAmount(token: AccountToken, fee: bigint | undefined, reserve = 0n): bigint {
  if (token.address || fee === undefined) return token.amount
  const kept = fee + (fee * FEE_MARGIN_PERCENT) / 100n + reserve
  return token.amount > kept ? token.amount - kept : 0n
}

/**
 * Whether sending the native token leaves less than the account must keep (`reserve`, a minimum balance such as an
 * existential deposit): amount, fee and reserve together above the balance.
 */
export function belowReserve({
  balance,
  fee,
  amount,
  reserve,
}: {
  balance: bigint
  fee: bigint
  amount: bigint
  reserve: bigint
}): boolean {
  return reserve > 0n && amount + fee + reserve > balance
}

/**
 * The insufficient-gas rule: the network token cannot pay the fee when its balance is zero, or when the fee is
 * more than it (in USD where prices are known; the same comparison in the token's own units, which is exact and
 * also holds where no price is known, as on test networks). Sending the native token itself, the amount counts
 * too. An account whose fees are paid for it (a smart account's paymaster) skips the check.
 */
export function insufficientGas({
  networkBalance,
  fee,
  amount = 0n,
  native,
  paysOwnGas,
}: {
  networkBalance: bigint
  fee: bigint
  amount?: bigint
  native: boolean
  paysOwnGas: boolean
}): boolean {
  if (paysOwnGas) return false
  if (networkBalance === 0n) return true
  return fee + (native ? amount : 0n) > networkBalance
}

/** The fee's USD value where the network token's price is known (display only). */
export function feeInUsd(fee: bigint, decimals: number, price: number | undefined): number | undefined {
  if (price === undefined) return undefined
  const scale = 10n ** BigInt(decimals)
  return (Number(fee / scale) + Number(fee % scale) / Number(scale)) * price
}

/** ERC-20 `transfer(to, amount)` call data, for estimating a token transfer's fee before the wallet is asked. */
export function erc20TransferData(to: string, amount: bigint): string | undefined {
  if (!/^0x[0-9a-fA-F]{40}$/.test(to) || amount < 0n || amount >= 1n << 256n) return undefined
  return `0xa9059cbb${to.slice(2).toLowerCase().padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`
}
