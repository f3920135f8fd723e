/** Arabic texts of the nfts plugin. */
export default {
  'nfts.tab': 'الرموز غير القابلة للاستبدال',
  'nfts.loading': 'جارٍ تحميل المقتنيات…',
  'nfts.empty': 'لا توجد رموز غير قابلة للاستبدال بعد',
  'nfts.emptyHint': 'تظهر هنا المقتنيات التي يملكها هذا الحساب على هذه الشبكة.',
  'nfts.failed': 'تعذّر جلب الرموز غير القابلة للاستبدال',
  'nfts.retry': 'إعادة المحاولة',
  'nfts.unavailable': 'الرموز غير القابلة للاستبدال غير متاحة على {network}',
  'nfts.list': 'المقتنيات',
}
