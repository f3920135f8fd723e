/** Korean texts of the receive plugin. */
export default {
  'receive.title': '받기',
  'receive.feature': '받기',
  'receive.qrLabel': '내 주소의 QR 코드',
  'receive.qrLabelOn': '{network}의 내 주소 QR 코드',
  'receive.copy': '주소 복사',
  'receive.copied': '주소가 복사되었습니다',
  'receive.copyFailed': '주소를 복사할 수 없습니다',
  'receive.networks': '다음 네트워크에서만 보내세요',
  'receive.hint': '지갑 앱으로 스캔하거나 주소를 복사하세요.',
  'receive.notConnected': '주소를 보려면 지갑을 연결하세요',
  'receive.uriLabel': '결제 링크',
}
