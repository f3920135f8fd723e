import type { Account, Address, Chain, Hex, Transport, WalletClient } from 'viem'

type Wallet = WalletClient<Transport, Chain, Account>
interface Options {
  /** A number or 32 bytes of hex; 0 by default. */
  salt?: bigint | number | Hex
  /** A factory already deployed; by default the one this wallet client deployed (deployed on first use). */
  factory?: Address
}

export declare const ERC6492_MAGIC: Hex
export declare function smartAccountFactory(wallet: Wallet, factory?: Address): Promise<{ address: Address; abi: unknown[] }>
export declare function counterfactualSmartAccount(
  wallet: Wallet,
  owner: Address,
  options?: Options,
): Promise<{ address: Address; factory: Address; factoryData: Hex; wrap(signature: Hex): Hex }>
export declare function deploySmartAccount(
  wallet: Wallet,
  owner: Address,
  options?: Options,
): Promise<{ address: Address; factory: Address }>
