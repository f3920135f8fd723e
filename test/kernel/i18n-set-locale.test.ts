// Changing the locale of a running modal: texts read English again, then the new language's translations once they
// arrive; numbers and direction follow at once; a late translation of the previous language is not laid over it.
import { describe, expect, it } from 'vitest'
import { createModal } from 'vestibule'
import { createI18n, type LocaleLoaders } from '../../kernel/i18n.js'
import { kernelOf } from '../../kernel/kernel-of.js'

const messages = { 'book.title': 'Addresses', 'book.count': '{n} saved' }
/** A plugin's translations; Spanish answers only when `release` is called (a slow network). */
function translations() {
  let release!: () => void
  const spanishArrives = new Promise<void>((resolve) => (release = resolve))
  const loaders: LocaleLoaders = {
    es: async () => (await spanishArrives, { default: { 'book.title': 'Direcciones', 'book.count': '{n} guardadas' } }),
    fr: async () => ({ default: { 'book.title': 'Adresses', 'book.count': '{n} enregistrées' } }),
    ar: async () => ({ default: { 'book.title': 'العناوين', 'book.count': '{n} محفوظة' } }),
  }
  return { load: async () => ({ default: loaders }), release }
}

describe('i18n.setLocale', () => {
  it('switches texts, numbers and direction; translations load for the new language', async () => {
    const i18n = createI18n({ locale: 'en' })
    const plugin = translations()
    i18n.add(messages, plugin.load)
    await i18n.load()
    expect(i18n.t('book.count', { n: 1234 })).toBe('1,234 saved')
    const told: string[] = []
    i18n.subscribe(() => told.push(i18n.t('book.title')))

    await i18n.setLocale('fr-FR')
    expect([i18n.locale, i18n.language, i18n.dir]).toEqual(['fr-FR', 'fr', 'ltr'])
    expect(i18n.t('book.count', { n: 1234 })).toBe('1\u202f234 enregistrées')
    // Told at once (English while the translations load), then as each catalog's translation arrives.
    expect(told[0]).toBe('Addresses')
    expect(told.at(-1)).toBe('Adresses')

    await i18n.setLocale('ar')
    expect([i18n.t('book.title'), i18n.dir]).toEqual(['العناوين', 'rtl'])
    await i18n.setLocale('sv')
    expect([i18n.t('book.title'), i18n.language, i18n.dir]).toEqual(['Addresses', 'en', 'ltr'])
  })

  it('a translation of the language left behind is not laid over the new one', async () => {
    const i18n = createI18n({ locale: 'en' })
    const plugin = translations()
    i18n.add(messages, plugin.load)
    await i18n.load()
    const spanish = i18n.setLocale('es')
    await i18n.setLocale('fr')
    plugin.release()
    await spanish
    expect(i18n.t('book.title')).toBe('Adresses')
  })

  it('before the first open nothing is fetched; the first load fetches the language set last', async () => {
    const i18n = createI18n({ locale: 'en' })
    const asked: string[] = []
    i18n.add(messages, async () => ({ default: { fr: async () => (asked.push('fr'), { default: { 'book.title': 'Adresses' } }) } }))
    void i18n.setLocale('fr')
    expect(asked).toEqual([])
    await i18n.load()
    expect([asked, i18n.t('book.title')]).toEqual([['fr'], 'Adresses'])
  })

  it("the modal's setLocale refuses what is not a language tag, naming the argument, and changes nothing", () => {
    const modal = createModal({ projectId: 'p', storage: null, locale: 'es', plugins: [] })
    for (const bad of ['not a locale!', '', 42, null]) {
      expect(() => modal.setLocale(bad as string)).toThrow(/^setLocale\(locale\): .* is not a language tag$/)
    }
    expect([kernelOf(modal).i18n.locale, kernelOf(modal).i18n.dir]).toEqual(['es', 'ltr'])
    void modal.setLocale('ar')
    expect(kernelOf(modal).i18n.dir).toBe('rtl')
  })
})
