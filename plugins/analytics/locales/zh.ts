/** Chinese (Simplified) texts of the analytics plugin. */
export default {
  'analytics.invalidAppConfiguration': '应用配置无效：来源 {origin} 不在允许列表中',
}
