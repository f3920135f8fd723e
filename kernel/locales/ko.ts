/** Korean texts of the kernel. */
export default {
  'alert.missingProjectId': '프로젝트 ID가 설정되지 않아 지갑 카탈로그와 제공자 API를 사용할 수 없습니다',
}
