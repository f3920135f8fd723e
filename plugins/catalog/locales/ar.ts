/** Arabic texts of the catalog plugin. */
export default {
  'catalog.title': 'جميع المحافظ',
  'catalog.allWallets': 'جميع المحافظ',
  'catalog.search': 'البحث عن محفظة',
  'catalog.recent': 'حديثة',
  'catalog.needsWalletConnect': 'تتطلب WalletConnect، وهو غير متاح هنا',
  'catalog.error': 'تعذّر تحميل قائمة المحافظ',
  'catalog.retry': 'إعادة المحاولة',
  'catalog.unreachable': 'تعذّر الوصول إلى خدمة قائمة المحافظ',
  'catalog.retrying': 'ستُعاد المحاولة تلقائيًا بعد لحظات…',
  'catalog.loading': 'جارٍ تحميل المحافظ…',
  'catalog.searching': 'جارٍ البحث…',
  'catalog.noResults': 'لا توجد محفظة تطابق «{query}»',
  'catalog.count': '{count, plural, zero {لا توجد محافظ} one {محفظة واحدة} two {محفظتان} few {# محافظ} many {# محفظة} other {# محفظة}}',
  'catalog.results': '{count, plural, zero {لم يُعثر على شيء} one {نتيجة واحدة} two {نتيجتان} few {# نتائج} many {# نتيجة} other {# نتيجة}}',
  'catalog.list': 'المحافظ',
}
