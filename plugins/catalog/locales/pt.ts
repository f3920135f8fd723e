/** Portuguese texts of the catalog plugin. */
export default {
  'catalog.title': 'Todas as carteiras',
  'catalog.allWallets': 'Todas as carteiras',
  'catalog.search': 'Buscar carteira',
  'catalog.recent': 'Recente',
  'catalog.needsWalletConnect': 'Requer WalletConnect, não oferecido aqui',
  'catalog.error': 'Não foi possível carregar a lista de carteiras',
  'catalog.retry': 'Tentar novamente',
  'catalog.unreachable': 'Não foi possível contactar o serviço da lista de carteiras',
  'catalog.retrying': 'Nova tentativa automática em instantes…',
  'catalog.loading': 'Carregando carteiras…',
  'catalog.searching': 'Buscando…',
  'catalog.noResults': 'Nenhuma carteira corresponde a "{query}"',
  'catalog.count': '{count, plural, one {# carteira} other {# carteiras}}',
  'catalog.results': '{count, plural, one {# encontrada} other {# encontradas}}',
  'catalog.list': 'Carteiras',
}
