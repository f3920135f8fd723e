/** Spanish texts of the catalog plugin. */
export default {
  'catalog.title': 'Todas las billeteras',
  'catalog.allWallets': 'Todas las billeteras',
  'catalog.search': 'Buscar billetera',
  'catalog.recent': 'Reciente',
  'catalog.needsWalletConnect': 'Requiere WalletConnect, no disponible aquí',
  'catalog.error': 'No se pudo cargar la lista de billeteras',
  'catalog.retry': 'Reintentar',
  'catalog.unreachable': 'No se puede contactar con el servicio de la lista de billeteras',
  'catalog.retrying': 'Se reintentará solo en un momento…',
  'catalog.loading': 'Cargando billeteras…',
  'catalog.searching': 'Buscando…',
  'catalog.noResults': 'Ninguna billetera coincide con «{query}»',
  'catalog.count': '{count, plural, one {# billetera} other {# billeteras}}',
  'catalog.results': '{count, plural, one {# encontrada} other {# encontradas}}',
  'catalog.list': 'Billeteras',
}
