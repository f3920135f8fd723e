/**
 * Translations of the kernel's texts: one module per language, loaded only when the modal shows that language. The
 * i18n module that loads this one checks its shape (`LocaleLoaders`); it imports nothing back.
 */
export default {
  es: () => import('./es.js'),
  fr: () => import('./fr.js'),
  de: () => import('./de.js'),
  pt: () => import('./pt.js'),
  zh: () => import('./zh.js'),
  ja: () => import('./ja.js'),
  ko: () => import('./ko.js'),
  ar: () => import('./ar.js'),
}
