/** English texts of the kernel and the shell; plugins add their own catalogs with `i18n.add`. */
export const en = {
  'modal.close': 'Close',
  'modal.back': 'Back',
  'modal.dismiss': 'Dismiss',
  'connect.title': 'Connect Wallet',
  'connect.installed': 'Installed',
  'connect.empty': 'No wallet found in this browser',
  'connect.emptyHint': 'Install a browser wallet, then reopen this window.',
  'connect.detecting': 'Looking for wallets…',
  'connect.wallets': 'Wallets',
  'connect.showWallets': 'Continue with a wallet',
  'connect.legalAccept': 'I agree to the',
  'connect.legalNotice': 'By connecting your wallet, you agree to the',
  'connect.terms': 'Terms of Service',
  'connect.privacy': 'Privacy Policy',
  'connecting.title': '{name}',
  'connecting.waiting': 'Continue in {name}',
  'connecting.waitingHint': 'Accept the connection request in the wallet',
  'connecting.declined': 'Connection declined',
  'connecting.declinedHint': 'Connection can be declined if a previous request is still active',
  'connecting.error': 'Connection failed',
  'connecting.retry': 'Try again',
  'connecting.cancel': 'Cancel',
  'connecting.missing': 'This wallet is no longer available in the browser',
  'account.title': 'Account',
  'account.copy': 'Copy address',
  'account.copied': 'Address copied',
  'account.network': 'Network',
  'account.switching': 'Switching network…',
  'account.switchFailed': 'Could not switch network: {reason}',
  'account.balance': 'Balance',
  'account.balanceLoading': 'Loading balance…',
  'account.balanceUnavailable': 'Balance unavailable',
  'account.disconnect': 'Disconnect',
  'account.features': 'Wallet features',
  'account.unsupportedNetwork': 'Unsupported network',
  'account.chooseNetwork': 'Choose network, now {name}',
  'networks.title': 'Choose Network',
  'networks.active': 'Active',
  'networks.switching': 'Approve the network switch in your wallet…',
  'networks.switchFailed': 'Could not switch network: {reason}',
  'networks.notApproved': 'Not approved by the connected wallet',
  'unsupported.title': 'Switch Network',
  'unsupported.text': 'This app doesn’t support your current network. Switch to an available option to continue.',
  'unsupported.disconnect': 'Disconnect',
  'live.connecting': 'Connecting…',
  'live.connected': 'Connected',
  'live.disconnected': 'Disconnected',
  'alert.missingProjectId': 'No project id was set: wallet catalog and provider APIs are unavailable',
  'view.unknown': 'This screen is not available',
} as const

export type MessageKey = keyof typeof en
export type Messages = Record<string, string>

export interface I18n {
  readonly locale: string
  /** The text for `key` with `{param}` placeholders filled; the key itself when no catalog has it. */
  t(key: MessageKey | (string & {}), params?: Record<string, string | number>): string
  /** Adds texts (a plugin's catalog); host overrides given at creation still win. */
  add(messages: Messages): void
}

export function createI18n(options: { locale?: string; messages?: Messages } = {}): I18n {
  const catalog: Record<string, string> = { ...en }
  const overrides = options.messages ?? {}
  Object.assign(catalog, overrides)
  return {
    locale: options.locale ?? 'en',
    t(key, params) {
      const text = catalog[key] ?? key
      return params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : text
    },
    add(messages) {
      for (const [key, value] of Object.entries(messages)) if (!(key in overrides)) catalog[key] = value
    },
  }
}
