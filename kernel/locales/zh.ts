/** Chinese (Simplified) texts of the kernel. */
export default {
  'alert.missingProjectId': '未设置项目 ID：钱包目录和服务商 API 不可用',
}
