import type { CaipNetwork } from 'vestibule/kernel'
import type { PolkadotNetwork } from './networks.js'
import { decodeAddress } from './ss58.js'

/** An account as a polkadot-js style extension shares it. */
export interface InjectedAccount {
  address: string
  genesisHash?: string | null
  name?: string
  type?: string
}

export interface SignerResult {
  id: number
  signature: string
}

/** The signer of an extension (`@polkadot/api`'s Signer); either method may be missing. */
export interface InjectedSigner {
  signRaw?(raw: { address: string; data: string; type: 'bytes' | 'payload' }): Promise<SignerResult>
  signPayload?(payload: any): Promise<SignerResult>
}

/** What `enable(appName)` resolves to. */
export interface InjectedExtension {
  accounts: { get(anyType?: boolean): Promise<InjectedAccount[]>; subscribe?(cb: (accounts: InjectedAccount[]) => void): unknown }
  signer?: InjectedSigner
}

/** An entry of `window.injectedWeb3`. */
export interface InjectedWeb3Entry {
  version?: string
  enable(appName: string): Promise<InjectedExtension>
}

/** Why `value` is not an account address (of `network` when given), in words; undefined when it is one. */
export function addressProblem(value: unknown, network?: CaipNetwork): string | undefined {
  const decoded = decodeAddress(value)
  const expected = (network as PolkadotNetwork | undefined)?.custom?.ss58Prefix
  if (!decoded) return `Invalid Polkadot address (SS58 with a valid checksum expected): ${String(value)}`
  if (expected !== undefined && decoded.prefix !== expected)
    return `Not a ${network!.name} address (SS58 prefix ${decoded.prefix}, expected ${expected}): ${String(value)}`
  return undefined
}

/** Extensions inject no display name: known ones get theirs, others a title-cased id ("sandbox-wallet" → "Sandbox Wallet"). */
const NAMES: Record<string, string> = { 'polkadot-js': 'polkadot{.js}', 'subwallet-js': 'SubWallet' }
export const displayName = (id: string) =>
  NAMES[id] ??
  id
    .replace(/[^\w.-]/g, '')
    .replace(/[-_]+/g, ' ')
    .replace(/\b\w/g, (c) => c.toUpperCase())
    .trim()
