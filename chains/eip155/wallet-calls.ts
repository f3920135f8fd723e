// Loaded with import() on first use: what features ask the connected wallet beyond connecting and signing a
// message. No viem here: a plain transaction needs none.
import { VestibuleError } from 'vestibule/kernel'
import { isAddress } from './address.js'

/** The connected wallet's EIP-1193 `request`, with its errors already made readable. */
export type WalletRequest = (method: string, params?: unknown) => Promise<unknown>

const hexQuantity = (value: bigint) => `0x${value.toString(16)}`

/** A 32-byte transaction hash, or a wallet error. */
export function transactionHash(hash: unknown): string {
  if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash))
    throw new VestibuleError('WALLET_ERROR', 'The wallet returned no transaction hash')
  return hash
}

/** eth_sendTransaction with data and value; the receiver and the data are checked before the wallet is asked. */
export async function sendTransaction(
  ask: WalletRequest,
  { from, to, data, value }: { from: string; to: string; data?: string; value?: bigint },
): Promise<string> {
  if (!isAddress(to)) throw new VestibuleError('NOT_SUPPORTED', `Invalid EVM address: ${to}`)
  if (data !== undefined && !/^0x([0-9a-fA-F]{2})*$/.test(data))
    throw new VestibuleError('NOT_SUPPORTED', 'Transaction data must be hex (0x…)')
  if (value !== undefined && value < 0n) throw new VestibuleError('NOT_SUPPORTED', 'The value cannot be negative')
  const tx = {
    from,
    to: to.startsWith('0x') ? to : `0x${to}`,
    ...(data ? { data } : {}),
    ...(value !== undefined ? { value: hexQuantity(value) } : {}),
  }
  return transactionHash(await ask('eth_sendTransaction', [tx]))
}

/** An ERC-20 transfer (the token contract called with transfer's data); works for tokens whose transfer returns nothing. */
export async function sendToken(
  ask: WalletRequest,
  { from, token, to, amount }: { from: string; token: string; to: string; amount: bigint },
): Promise<string> {
  if (!isAddress(to)) throw new VestibuleError('NOT_SUPPORTED', `Invalid EVM address: ${to}`)
  if (amount <= 0n) throw new VestibuleError('NOT_SUPPORTED', 'The amount must be more than 0')
  const { transferData } = await import('./features.js')
  return sendTransaction(ask, { from, to: token, data: transferData(to.startsWith('0x') ? to : `0x${to}`, amount) })
}

/** EIP-712 over JSON (eth_signTypedData_v4): bigints (uint256 values) travel as decimal strings. */
export async function signTypedData(ask: WalletRequest, { address, typedData }: { address: string; typedData: unknown }): Promise<string> {
  const payload =
    typeof typedData === 'string' ? typedData : JSON.stringify(typedData, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))
  const signature = await ask('eth_signTypedData_v4', [address, payload])
  if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]{130}$/.test(signature))
    throw new VestibuleError('WALLET_ERROR', 'The wallet returned a malformed signature')
  return signature
}
