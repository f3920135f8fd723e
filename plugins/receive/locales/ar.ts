/** Arabic texts of the receive plugin. */
export default {
  'receive.title': 'استلام',
  'receive.feature': 'استلام',
  'receive.qrLabel': 'عنوانك كرمز QR',
  'receive.qrLabelOn': 'عنوانك على {network} كرمز QR',
  'receive.copy': 'نسخ العنوان',
  'receive.copied': 'نُسخ العنوان',
  'receive.copyFailed': 'تعذّر نسخ العنوان',
  'receive.networks': 'أرسل على هذه الشبكات فقط',
  'receive.hint': 'امسحه بتطبيق محفظة، أو انسخ العنوان.',
  'receive.notConnected': 'اربط محفظة لرؤية عنوانك',
  'receive.uriLabel': 'رابط الدفع',
}
