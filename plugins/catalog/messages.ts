/** Texts the Connect view shows; the AllWallets view brings its own (`viewMessages`). */
export const messages = {
  'catalog.title': 'All Wallets',
  'catalog.allWallets': 'All wallets',
  'catalog.search': 'Search wallet',
  'catalog.recent': 'Recent',
  'catalog.needsWalletConnect': 'Needs WalletConnect, not offered here',
}

/** The AllWallets view's texts, added with its code (a host's own `messages` for these keys still win). */
export const viewMessages = {
  'catalog.search': 'Search wallet',
  'catalog.error': 'The wallet list could not be loaded',
  'catalog.retry': 'Try again',
  'catalog.loading': 'Loading wallets…',
  'catalog.searching': 'Searching…',
  'catalog.noResults': 'No wallet matches "{query}"',
  'catalog.count': '{count, plural, one {# wallet} other {# wallets}}',
  'catalog.results': '{count} found',
  'catalog.list': 'Wallets',
}
