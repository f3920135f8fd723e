/** Japanese texts of the tokens plugin. */
export default {
  'tokens.tab': 'トークン',
  'tokens.loading': '残高を読み込んでいます…',
  'tokens.empty': 'トークンはまだありません',
  'tokens.emptyHint': 'このネットワークで受け取ったトークンがここに表示されます。',
  'tokens.unavailable': 'トークン残高を取得できません',
  'tokens.retry': '再試行',
  'tokens.total': '合計額',
  'tokens.list': 'トークン残高',
  'tokens.noPrices': 'テストネットワークには価格がないため、トークンは $0.00 と表示されます。',
  'tokens.onChain': 'チェーンから読み取りました。価格が表示されない場合があります。',
}
