/**
 * Sandbox Bitcoin Wallet: a Bitcoin Wallet Standard wallet with a real key on the sandbox's litecoind regtest
 * chain (segwit v0 P2WPKH address). It asks before connecting, signing a message or signing a PSBT, like an
 * extension's popup. Loaded as a plain script before the page's code; the logic is in ./wallet-core.ts.
 */
import { askUser } from '../wallet/prompt.js'
import { createBitcoinWallet, registerWallet, type WalletNetwork } from './wallet-core.js'

interface Config {
  wallet: { privateKey: string; caipNetworkId: string; bitcoinjs: WalletNetwork['bitcoinjs'] }
}

const config = (window as unknown as { __SANDBOX__: { families: { bip122?: Config } } }).__SANDBOX__.families.bip122!.wallet
const STORE = 'sandbox-bitcoin-wallet'
const hexToBytes = (hex: string) => new Uint8Array((hex.match(/../g) ?? []).map((b) => Number.parseInt(b, 16)))

const { wallet } = createBitcoinWallet({
  privateKey: hexToBytes(config.privateKey),
  network: { caipNetworkId: config.caipNetworkId, bitcoinjs: config.bitcoinjs },
  approve: (title, detail) => askUser(title, detail, 'Sandbox Bitcoin Wallet'),
  granted: localStorage.getItem(STORE) === 'granted',
  onGrantChange: (granted) => (granted ? localStorage.setItem(STORE, 'granted') : localStorage.removeItem(STORE)),
})
registerWallet(window, wallet)
