/** Chinese (Simplified) texts of the catalog plugin. */
export default {
  'catalog.title': '所有钱包',
  'catalog.allWallets': '所有钱包',
  'catalog.search': '搜索钱包',
  'catalog.recent': '最近',
  'catalog.needsWalletConnect': '需要 WalletConnect，此处未提供',
  'catalog.error': '无法加载钱包列表',
  'catalog.retry': '重试',
  'catalog.unreachable': '无法连接钱包列表服务',
  'catalog.retrying': '稍后将自动重试…',
  'catalog.loading': '正在加载钱包…',
  'catalog.searching': '正在搜索…',
  'catalog.noResults': '没有与“{query}”匹配的钱包',
  'catalog.count': '{count, plural, other {# 个钱包}}',
  'catalog.results': '{count, plural, other {找到 # 个}}',
  'catalog.list': '钱包',
}
