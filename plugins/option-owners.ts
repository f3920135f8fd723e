/**
 * The plugin a host adds for each option or feature flag it owns, for the error `createModal` gives when the
 * option is used without it ("`featuredWalletIds` needs walletCatalog() from vestibule/plugins/catalog").
 * Data only: nothing here loads a plugin.
 */
const catalog = 'walletCatalog() from vestibule/plugins/catalog'
const auth = 'auth() from vestibule/plugins/auth'
const walletConnect = 'walletConnect() from vestibule/plugins/walletconnect'

export const OPTION_OWNERS: Readonly<Record<string, string>> = {
  featuredWalletIds: catalog,
  includeWalletIds: catalog,
  customWallets: catalog,
  enableWalletConnect: walletConnect,
  manualWCControl: walletConnect,
  tokens: 'tokens() from vestibule/plugins/tokens',
  secureSiteUrl: auth,
  defaultAccountTypes: auth,
  'features.email': auth,
  'features.emailShowWallets': auth,
  'features.socials': auth,
  'features.smartSessions': auth,
  onrampProviders: 'onramp() from vestibule/plugins/onramp',
  swapNetworks: 'swap() from vestibule/plugins/swap',
  siwx: 'siwx() from vestibule/plugins/siwx',
  siweConfig: 'siwx() from vestibule/plugins/siwx',
}
