/**
 * `vestibule/headless`: the modal without its shell, and framework-free functions for everything the views do
 * (wallet list with search and paging, connecting a wallet, the WalletConnect URI, balances, send, swap,
 * sign-in), so a host draws its own UI. No shell or view code is ever requested; plugin code loads as it does under the shell.
 * React hosts use the hooks of `vestibule/react` built on these.
 */
export { createHeadlessModal, pluginApi } from './modal.js'
export { walletList, SEARCH_PAUSE_MS, type WalletList, type WalletListState, type ListStatus } from './wallet-list.js'
export { connectWallet, type ConnectOutcome } from './connect.js'
export { walletConnectPairing, type WalletConnectPairing, type PairingState } from './pairing.js'
export { accountBalances, type AccountBalances } from './balances.js'
export { createSend, createSwap, featureController, type FeatureController } from './features.js'
export { signIn, type SignIn, type SignInState, type SignInStatus } from './sign-in.js'
export type { SendController, SendForm, SendStatus, SendView, SentTransfer } from 'vestibule/plugins/send'
export type { SwapController, SwapForm, SwapStatus, SwapView, SwapToken, SwapResult, QuoteState } from 'vestibule/plugins/swap'
export type { SiwxSession } from 'vestibule/plugins/siwx'
