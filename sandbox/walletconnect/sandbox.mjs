// The WalletConnect part of the sandbox: the loopback relay and the Sandbox Mobile Wallet (a page on the real
// @reown/walletkit, holding its own funded key). server.mjs serves the page and bundles its script.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { rpc } from '../net.mjs'
import { root } from '../resolve.mjs'
import { startRelay } from './relay.mjs'

/** The mobile wallet's key: another device than the Sandbox Wallet's. Never use it outside a local chain. */
export const MOBILE_WALLET_PRIVATE_KEY = '0x864848f62cfcc25ed04bc0cb9998a8772067390dfbd9c33c82de493ab0b2bf0a'
export const MOBILE_WALLET_BALANCE_WEI = 250n * 10n ** 18n

/**
 * Starts the relay and funds the mobile wallet on `chains` (chain id → RPC URL). Returns the page config, the
 * script to bundle, the page's HTML and a stop function.
 */
export async function startWalletConnect({ chains, relayPort = 0 }) {
  const [{ privateKeyToAccount }, relay, html] = await Promise.all([
    import('viem/accounts'),
    startRelay({ port: relayPort }),
    readFile(path.join(root, 'sandbox/walletconnect/mobile-wallet.html'), 'utf8'),
  ])
  const address = privateKeyToAccount(MOBILE_WALLET_PRIVATE_KEY).address
  await Promise.all(Object.values(chains).map((url) => rpc(url, 'anvil_setBalance', [address, `0x${MOBILE_WALLET_BALANCE_WEI.toString(16)}`])))
  return {
    relay,
    address,
    html,
    /** Reaches the pages as `window.__SANDBOX__.walletConnect`. */
    config: { relayUrl: relay.url, mobileWallet: { relayUrl: relay.url, privateKey: MOBILE_WALLET_PRIVATE_KEY, address, chains } },
    bundle: { entry: 'sandbox/walletconnect/mobile-wallet.ts', url: '/mobile-wallet.js' },
    /** Paths the wallet page answers on: itself and its deep link (`/mobile-wallet/wc?uri=…`). */
    serves: (pathname) => pathname === '/mobile-wallet' || pathname === '/mobile-wallet/' || pathname === '/mobile-wallet/wc',
    stop: () => relay.stop(),
  }
}
