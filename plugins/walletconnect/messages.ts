import type { I18n } from 'vestibule/kernel'

/**
 * The plugin's texts. They load with its views and engine, not with the manifest: nothing shows them before a
 * WalletConnect path is taken. A host's own `messages` for these keys still win.
 */
export const messages = {
  'walletConnect.title': 'WalletConnect',
  'walletConnect.scan': 'Scan this QR code with your phone',
  'walletConnect.scanWith': 'Scan this QR code with {name}',
  'walletConnect.qrLabel': 'QR code to connect a wallet',
  'walletConnect.uriLabel': 'Connection link',
  'walletConnect.preparing': 'Preparing a connection code…',
  'walletConnect.copy': 'Copy link',
  'walletConnect.copied': 'Link copied',
  'walletConnect.continueIn': 'Continue in {name}',
  'walletConnect.open': 'Open {name}',
  'walletConnect.openDesktop': 'Open desktop app',
  'walletConnect.openWeb': 'Open web app',
  'walletConnect.noLink': '{name} has no app link on this device: copy the link into the wallet',
  'walletConnect.approve': 'Approve the connection in your wallet',
  'walletConnect.connecting': 'Connecting to {name}…',
  'walletConnect.connected': 'Connected to {name}',
  'walletConnect.disconnect': 'Disconnect',
  'walletConnect.relayDown': 'The WalletConnect relay cannot be reached. Check the connection and try again.',
  'walletConnect.otherTab': 'WalletConnect is in use in another tab of this site. Try again to use it here.',
  'walletConnect.relayLost': 'The connection to the WalletConnect relay was lost before the wallet answered. Try again.',
  'walletConnect.declined': 'Connection declined',
  'walletConnect.declinedHint': 'The wallet declined the connection. You can try again.',
  'walletConnect.failed': 'Connection failed',
  'walletConnect.walletSays': 'Wallet says: {message}',
  'walletConnect.retry': 'Try again',
  'walletConnect.getWallet': "Don't have {name}?",
  'walletConnect.getIt': 'Get it',
  'walletConnect.openInApp': 'Open this page in {name}',
}

const added = new WeakSet<I18n>()

/** Adds the texts to a modal's catalog once. */
export function addMessages(i18n: I18n) {
  if (added.has(i18n)) return
  added.add(i18n)
  i18n.add(messages, () => import('./locales/index.js'))
}
