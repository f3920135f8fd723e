/** Arabic texts of the tokens plugin. */
export default {
  'tokens.tab': 'الرموز',
  'tokens.loading': 'جارٍ تحميل الأرصدة…',
  'tokens.empty': 'لا توجد رموز بعد',
  'tokens.emptyHint': 'تظهر هنا الرموز التي تستلمها على هذه الشبكة.',
  'tokens.unavailable': 'رصيد الرموز غير متاح',
  'tokens.retry': 'إعادة المحاولة',
  'tokens.total': 'القيمة الإجمالية',
  'tokens.list': 'أرصدة الرموز',
  'tokens.noPrices': 'لا توجد أسعار لشبكات الاختبار: تظهر رموزها بقيمة ‎$0.00.',
  'tokens.onChain': 'قُرئت من السلسلة؛ قد تكون الأسعار ناقصة.',
}
