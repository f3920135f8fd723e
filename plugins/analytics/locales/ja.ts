/** Japanese texts of the analytics plugin. */
export default {
  'analytics.invalidAppConfiguration': 'アプリの設定が無効です：オリジン {origin} は許可リストにありません',
}
