/** Korean texts of the catalog plugin. */
export default {
  'catalog.title': '모든 지갑',
  'catalog.allWallets': '모든 지갑',
  'catalog.search': '지갑 검색',
  'catalog.recent': '최근',
  'catalog.needsWalletConnect': 'WalletConnect가 필요하지만 여기서는 제공되지 않습니다',
  'catalog.error': '지갑 목록을 불러올 수 없습니다',
  'catalog.retry': '다시 시도',
  'catalog.unreachable': '지갑 목록 서비스에 연결할 수 없습니다',
  'catalog.retrying': '잠시 후 자동으로 다시 시도합니다…',
  'catalog.loading': '지갑을 불러오는 중…',
  'catalog.searching': '검색 중…',
  'catalog.noResults': '"{query}"와(과) 일치하는 지갑이 없습니다',
  'catalog.count': '{count, plural, other {지갑 #개}}',
  'catalog.results': '{count, plural, other {#개 찾음}}',
  'catalog.list': '지갑',
}
