/** Japanese texts of the receive plugin. */
export default {
  'receive.title': '受け取る',
  'receive.feature': '受け取る',
  'receive.qrLabel': 'あなたのアドレスの QR コード',
  'receive.qrLabelOn': '{network} 上のアドレスの QR コード',
  'receive.copy': 'アドレスをコピー',
  'receive.copied': 'アドレスをコピーしました',
  'receive.copyFailed': 'アドレスをコピーできませんでした',
  'receive.networks': '次のネットワークでのみ送金してください',
  'receive.hint': 'ウォレットアプリでスキャンするか、アドレスをコピーしてください。',
  'receive.notConnected': 'アドレスを表示するにはウォレットを接続してください',
  'receive.uriLabel': '支払いリンク',
}
