/**
 * `vestibule/chains/kit`: the pieces every chain plugin is built from, for a chain family written outside this
 * package. The four first-party families use exactly these modules; nothing here imports a chain SDK, and each
 * piece is separate, so a family ships only what it imports.
 *
 * - a lazy session: `lazyMethods(load)` forwards an adapter's connected-side methods to a module loaded once;
 * - the wallets in the page: `createConnectorList()`, and Wallet Standard discovery (`watchStandardWallets`,
 *   `standardConnector`, `feature`);
 * - a remote (WalletConnect) session seen as a Wallet Standard wallet: `createStandardFacade` and the session
 *   helpers it is made of;
 * - wallet errors as the modal shows them: `walletError`;
 * - encodings wallets use: base58, base64, hex, and UTF-8 as hex;
 * - payment request URIs: `uriScheme`, `checkedAmount`, `uriQuery`.
 */
export { lazyMethods } from './lazy.js'
export { createConnectorList, type ConnectorEntry, type ConnectorList } from './connectors.js'
export {
  connectorIdOf,
  feature,
  standardConnector,
  watchStandardWallets,
  type StandardWallet,
  type StandardWalletAccount,
} from './wallet-standard.js'
export { createStandardFacade, type EachInput, type StandardAccount, type StandardSessionSpec } from './standard-session.js'
export {
  WalletRequestError,
  bytesOf,
  ended as sessionEnded,
  eventAddresses,
  fromBase58,
  fromBase64,
  fromHex,
  liveSession,
  malformed as malformedAnswer,
  pickChain,
  send as sessionRequest,
  sessionAccounts,
  sessionAddresses,
  sessionHooks,
  toBase58,
  toBase64,
  toHex,
  type SessionAccount,
} from './walletconnect.js'
export { walletError } from './wallet-error.js'
export { checkedAmount, uriQuery, uriScheme } from './payment-uri.js'
export { utf8ToHex } from './hex.js'
