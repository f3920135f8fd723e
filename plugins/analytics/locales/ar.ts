/** Arabic texts of the analytics plugin. */
export default {
  'analytics.invalidAppConfiguration': 'إعدادات التطبيق غير صالحة: المصدر {origin} غير موجود في قائمة السماح',
}
