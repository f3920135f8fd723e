import type { FacadeFactory } from '../types.js'
import { createBip122Facade } from './bip122.js'
import { createEip155Facade } from './eip155.js'
import { createPolkadotFacade } from './polkadot.js'
import { createSolanaFacade } from './solana.js'

/**
 * How each chain family sees a WalletConnect session: a namespace listed here (with its methods in namespaces.ts)
 * is proposed to wallets when the host registered its chain plugin, and once approved it is added to that chain
 * plugin as a connector in the provider shape the plugin speaks (EIP-1193, Wallet Standard, injectedWeb3).
 */
export const FACADES: Readonly<Record<string, FacadeFactory>> = {
  eip155: createEip155Facade,
  solana: createSolanaFacade,
  polkadot: createPolkadotFacade,
  bip122: createBip122Facade,
}
