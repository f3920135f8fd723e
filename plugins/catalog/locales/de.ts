/** German texts of the catalog plugin. */
export default {
  'catalog.title': 'Alle Wallets',
  'catalog.allWallets': 'Alle Wallets',
  'catalog.search': 'Wallet suchen',
  'catalog.recent': 'Zuletzt',
  'catalog.needsWalletConnect': 'Erfordert WalletConnect, hier nicht angeboten',
  'catalog.error': 'Die Wallet-Liste konnte nicht geladen werden',
  'catalog.retry': 'Erneut versuchen',
  'catalog.unreachable': 'Der Dienst der Wallet-Liste ist nicht erreichbar',
  'catalog.retrying': 'Neuer Versuch gleich von selbst…',
  'catalog.loading': 'Wallets werden geladen…',
  'catalog.searching': 'Suche…',
  'catalog.noResults': 'Keine Wallet passt zu „{query}“',
  'catalog.count': '{count, plural, one {# Wallet} other {# Wallets}}',
  'catalog.results': '{count} gefunden',
  'catalog.list': 'Wallets',
}
