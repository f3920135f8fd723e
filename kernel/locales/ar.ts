/** Arabic texts of the kernel. */
export default {
  'alert.missingProjectId': 'لم يُحدَّد معرّف المشروع: فهرس المحافظ وواجهات برمجة المزوّد غير متاحة',
}
