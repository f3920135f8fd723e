/** Chinese (Simplified) texts of the nfts plugin. */
export default {
  'nfts.tab': 'NFT',
  'nfts.loading': '正在加载收藏品…',
  'nfts.empty': '暂无 NFT',
  'nfts.emptyHint': '此账户在此网络上持有的收藏品会显示在这里。',
  'nfts.failed': '无法获取 NFT',
  'nfts.retry': '重试',
  'nfts.unavailable': '{network} 上不提供 NFT',
  'nfts.list': '收藏品',
}
