/** French texts of the nfts plugin. */
export default {
  'nfts.tab': 'NFT',
  'nfts.loading': 'Chargement des objets de collection…',
  'nfts.empty': 'Aucun NFT pour l’instant',
  'nfts.emptyHint': 'Les objets de collection de ce compte sur ce réseau s’affichent ici.',
  'nfts.failed': 'Impossible de récupérer les NFT',
  'nfts.retry': 'Réessayer',
  'nfts.unavailable': 'Les NFT ne sont pas disponibles sur {network}',
  'nfts.list': 'Objets de collection',
}
