/** French texts of the catalog plugin. */
export default {
  'catalog.title': 'Tous les portefeuilles',
  'catalog.allWallets': 'Tous les portefeuilles',
  'catalog.search': 'Rechercher un portefeuille',
  'catalog.recent': 'Récent',
  'catalog.needsWalletConnect': 'Nécessite WalletConnect, non proposé ici',
  'catalog.error': 'La liste des portefeuilles n’a pas pu être chargée',
  'catalog.retry': 'Réessayer',
  'catalog.unreachable': 'Le service de la liste des portefeuilles est injoignable',
  'catalog.retrying': 'Nouvel essai automatique dans un instant…',
  'catalog.loading': 'Chargement des portefeuilles…',
  'catalog.searching': 'Recherche…',
  'catalog.noResults': 'Aucun portefeuille ne correspond à « {query} »',
  'catalog.count': '{count, plural, one {# portefeuille} other {# portefeuilles}}',
  'catalog.results': '{count, plural, one {# trouvé} other {# trouvés}}',
  'catalog.list': 'Portefeuilles',
}
