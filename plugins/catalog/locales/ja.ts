/** Japanese texts of the catalog plugin. */
export default {
  'catalog.title': 'すべてのウォレット',
  'catalog.allWallets': 'すべてのウォレット',
  'catalog.search': 'ウォレットを検索',
  'catalog.recent': '最近',
  'catalog.needsWalletConnect': 'WalletConnect が必要ですが、ここでは提供されていません',
  'catalog.error': 'ウォレットの一覧を読み込めませんでした',
  'catalog.retry': '再試行',
  'catalog.unreachable': 'ウォレット一覧のサービスに接続できません',
  'catalog.retrying': 'まもなく自動で再試行します…',
  'catalog.loading': 'ウォレットを読み込んでいます…',
  'catalog.searching': '検索しています…',
  'catalog.noResults': '「{query}」に一致するウォレットはありません',
  'catalog.count': '{count, plural, other {# 件のウォレット}}',
  'catalog.results': '{count, plural, other {# 件見つかりました}}',
  'catalog.list': 'ウォレット',
}
