/** Chinese (Simplified) texts of the tokens plugin. */
export default {
  'tokens.tab': '代币',
  'tokens.loading': '正在加载余额…',
  'tokens.empty': '暂无代币',
  'tokens.emptyHint': '你在此网络上收到的代币会显示在这里。',
  'tokens.unavailable': '代币余额不可用',
  'tokens.retry': '重试',
  'tokens.total': '总价值',
  'tokens.list': '代币余额',
  'tokens.noPrices': '测试网络没有价格：其代币显示为 $0.00。',
  'tokens.onChain': '从链上读取；可能缺少价格。',
}
