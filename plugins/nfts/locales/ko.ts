/** Korean texts of the nfts plugin. */
export default {
  'nfts.tab': 'NFT',
  'nfts.loading': '컬렉션을 불러오는 중…',
  'nfts.empty': '아직 NFT가 없습니다',
  'nfts.emptyHint': '이 네트워크에서 이 계정이 보유한 컬렉션이 여기에 표시됩니다.',
  'nfts.failed': 'NFT를 가져오지 못했습니다',
  'nfts.retry': '다시 시도',
  'nfts.unavailable': '{network}에서는 NFT를 사용할 수 없습니다',
  'nfts.list': '컬렉션',
}
