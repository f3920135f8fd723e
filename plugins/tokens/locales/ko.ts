/** Korean texts of the tokens plugin. */
export default {
  'tokens.tab': '토큰',
  'tokens.loading': '잔액을 불러오는 중…',
  'tokens.empty': '아직 토큰이 없습니다',
  'tokens.emptyHint': '이 네트워크에서 받은 토큰이 여기에 표시됩니다.',
  'tokens.unavailable': '토큰 잔액을 확인할 수 없음',
  'tokens.retry': '다시 시도',
  'tokens.total': '총 가치',
  'tokens.list': '토큰 잔액',
  'tokens.noPrices': '테스트 네트워크에는 가격이 없어 토큰이 $0.00으로 표시됩니다.',
  'tokens.onChain': '체인에서 읽었습니다. 가격이 없을 수 있습니다.',
}
