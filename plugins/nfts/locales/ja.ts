/** Japanese texts of the nfts plugin. */
export default {
  'nfts.tab': 'NFT',
  'nfts.loading': 'コレクティブルを読み込んでいます…',
  'nfts.empty': 'NFT はまだありません',
  'nfts.emptyHint': 'このネットワークでこのアカウントが保有するコレクティブルがここに表示されます。',
  'nfts.failed': 'NFT を取得できませんでした',
  'nfts.retry': '再試行',
  'nfts.unavailable': '{network} では NFT を利用できません',
  'nfts.list': 'コレクティブル',
}
