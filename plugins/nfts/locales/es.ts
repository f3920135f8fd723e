/** Spanish texts of the nfts plugin. */
export default {
  'nfts.tab': 'NFT',
  'nfts.loading': 'Cargando coleccionables…',
  'nfts.empty': 'Todavía no hay NFT',
  'nfts.emptyHint': 'Aquí aparecen los coleccionables que esta cuenta tiene en esta red.',
  'nfts.failed': 'No se pudieron obtener los NFT',
  'nfts.retry': 'Reintentar',
  'nfts.unavailable': 'Los NFT no están disponibles en {network}',
  'nfts.list': 'Coleccionables',
}
