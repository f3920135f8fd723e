/** Korean texts of the analytics plugin. */
export default {
  'analytics.invalidAppConfiguration': '앱 구성이 잘못되었습니다: 출처 {origin}이(가) 허용 목록에 없습니다',
}
