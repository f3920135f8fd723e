/** Chinese (Simplified) texts of the receive plugin. */
export default {
  'receive.title': '收款',
  'receive.feature': '收款',
  'receive.qrLabel': '你的地址二维码',
  'receive.qrLabelOn': '您在 {network} 上的地址二维码',
  'receive.copy': '复制地址',
  'receive.copied': '地址已复制',
  'receive.copyFailed': '无法复制地址',
  'receive.networks': '仅在以下网络上发送',
  'receive.hint': '用钱包应用扫码，或复制地址。',
  'receive.notConnected': '连接钱包以查看你的地址',
  'receive.uriLabel': '付款链接',
}
