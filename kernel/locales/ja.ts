/** Japanese texts of the kernel. */
export default {
  'alert.missingProjectId': 'プロジェクト ID が設定されていません。ウォレットカタログとプロバイダー API は利用できません',
}
