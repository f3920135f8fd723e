import type { LocaleLoaders } from 'vestibule/kernel'

/** Translations of the names plugin's texts: one module per language, loaded only when the modal shows that language. */
export default {
  es: () => import('./es.js'),
  fr: () => import('./fr.js'),
  de: () => import('./de.js'),
  pt: () => import('./pt.js'),
  zh: () => import('./zh.js'),
  ja: () => import('./ja.js'),
  ko: () => import('./ko.js'),
  ar: () => import('./ar.js'),
} satisfies LocaleLoaders
