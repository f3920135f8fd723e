import type { FacadeFactory } from '../types.js'
import { createEip155Facade } from './eip155.js'

/**
 * How each chain family sees a WalletConnect session: a namespace listed here is proposed to wallets and, once
 * approved, added to its chain plugin as a connector. A family is supported by adding its facade (and its
 * methods in namespaces.ts).
 */
export const FACADES: Readonly<Record<string, FacadeFactory>> = {
  eip155: createEip155Facade,
}
