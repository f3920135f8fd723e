import type { FacadeFactory } from '../types.js'
import { createEip155Facade } from './eip155.js'

/**
 * How each chain family sees a WalletConnect session: a namespace listed here (with its methods in namespaces.ts)
 * is proposed to wallets when the host registered its chain plugin, and once approved it is added to that chain
 * plugin as a connector in the provider shape the plugin speaks (EIP-1193, Wallet Standard, injectedWeb3).
 * eip155's facade is at hand at once; the others load with the session, so a host pays for none of them before.
 */
export const FACADES: Readonly<Record<string, () => FacadeFactory | Promise<FacadeFactory>>> = {
  eip155: () => createEip155Facade,
  solana: () => import('./solana.js').then((m) => m.createSolanaFacade),
  polkadot: () => import('./polkadot.js').then((m) => m.createPolkadotFacade),
  bip122: () => import('./bip122.js').then((m) => m.createBip122Facade),
}
