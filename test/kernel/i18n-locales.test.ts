import { describe, expect, it, vi } from 'vitest'
import { createI18n, pickLocale, type LocaleLoaders, type Translations } from '../../kernel/i18n.js'

/** A catalog's translations as a plugin passes them: the list of languages itself behind import(). */
const lazy =
  (loaders: LocaleLoaders): Translations =>
  async () => ({ default: loaders })

const english = {
  'book.title': 'Addresses',
  'book.count': '{count, plural, one {# address} other {# addresses}}',
  'book.empty': 'No address yet',
}

describe('picking the locale', () => {
  it('the host option wins over the browser', () => {
    expect(pickLocale('de', ['fr-FR'])).toEqual({ locale: 'de', language: 'de' })
  })
  it('a region reads its language catalog and keeps its own numbers', () => {
    expect(pickLocale('pt-BR')).toEqual({ locale: 'pt-BR', language: 'pt' })
  })
  it('a host language without a catalog shows English texts in its own locale', () => {
    expect(pickLocale('it')).toEqual({ locale: 'it', language: 'en' })
  })
  it('without an option, the first browser language that has a catalog', () => {
    expect(pickLocale(undefined, ['it-IT', 'ja-JP', 'fr'])).toEqual({ locale: 'ja-JP', language: 'ja' })
    expect(pickLocale(undefined, ['it', 'nl'])).toEqual({ locale: 'en', language: 'en' })
  })
  it('a malformed tag from the host or the browser is ignored', () => {
    expect(pickLocale('not a tag!')).toEqual({ locale: 'en', language: 'en' })
    expect(pickLocale(undefined, ['@@', 42 as unknown as string, 'ko'])).toEqual({ locale: 'ko', language: 'ko' })
  })
  it('createI18n reads the browser languages it is given', () => {
    const i18n = createI18n({ preferred: ['ar-EG'] })
    expect([i18n.locale, i18n.language, i18n.dir]).toEqual(['ar-EG', 'ar', 'rtl'])
    expect(createI18n({ preferred: ['es'] }).dir).toBe('ltr')
  })
})

describe('loading translations', () => {
  const spanish = () => ({
    default: {
      'book.title': 'Direcciones',
      'book.count': '{count, plural, one {# dirección} other {# direcciones}}',
      'book.empty': 'Aún no hay direcciones',
    },
  })

  it('nothing loads before load(); then the language of the modal replaces English', async () => {
    const es = vi.fn(async () => spanish())
    const i18n = createI18n({ locale: 'es' })
    i18n.add(english, lazy({ es }))
    expect(es).not.toHaveBeenCalled()
    expect(i18n.t('book.title')).toBe('Addresses')
    await i18n.load()
    expect(es).toHaveBeenCalledTimes(1)
    expect(i18n.t('book.title')).toBe('Direcciones')
  })

  it('only the language shown is loaded', async () => {
    const loaders = { es: vi.fn(async () => spanish()), fr: vi.fn(async () => ({ default: {} })) }
    const i18n = createI18n({ locale: 'es' })
    i18n.add(english, lazy(loaders))
    await i18n.load()
    expect(loaders.fr).not.toHaveBeenCalled()
  })

  it('English loads nothing', async () => {
    const es = vi.fn(async () => spanish())
    const i18n = createI18n({ locale: 'en' })
    i18n.add(english, lazy({ es }))
    await i18n.load()
    expect(es).not.toHaveBeenCalled()
  })

  it('a catalog added after load() loads at once and tells its listeners', async () => {
    const i18n = createI18n({ locale: 'es' })
    await i18n.load()
    const changed = vi.fn()
    i18n.subscribe(changed)
    i18n.add(english, lazy({ es: async () => spanish() }))
    await i18n.load()
    expect(i18n.t('book.empty')).toBe('Aún no hay direcciones')
    expect(changed).toHaveBeenCalledTimes(1)
  })

  it('a key the translation lacks shows in English and is reported once', async () => {
    const onUntranslated = vi.fn()
    const i18n = createI18n({ locale: 'es', onUntranslated })
    i18n.add(english, lazy({ es: async () => ({ default: { 'book.title': 'Direcciones' } }) }))
    await i18n.load()
    expect(i18n.t('book.empty')).toBe('No address yet')
    i18n.t('book.empty')
    expect(onUntranslated.mock.calls).toEqual([
      ['book.count', 'es'],
      ['book.empty', 'es'],
    ])
  })

  it('a translation that fails to load leaves English', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const i18n = createI18n({ locale: 'es' })
    i18n.add(english, lazy({ es: async () => Promise.reject(new Error('offline')) }))
    await i18n.load()
    expect(i18n.t('book.title')).toBe('Addresses')
    expect(warn).toHaveBeenCalledTimes(1)
    warn.mockRestore()
  })

  it('a host override wins over a translation', async () => {
    const i18n = createI18n({ locale: 'es', messages: { 'book.title': 'Agenda' } })
    i18n.add(english, lazy({ es: async () => spanish() }))
    await i18n.load()
    expect(i18n.t('book.title')).toBe('Agenda')
  })

  it('a translation holding something else than texts is ignored key by key', async () => {
    const i18n = createI18n({ locale: 'es' })
    const hostile = { default: { 'book.title': 42, 'book.empty': 'Aún no hay direcciones' } } as unknown as {
      default: Record<string, string>
    }
    i18n.add(english, lazy({ es: async () => hostile }))
    await i18n.load()
    expect(i18n.t('book.title')).toBe('Addresses')
    expect(i18n.t('book.empty')).toBe('Aún no hay direcciones')
  })
})

describe('plurals and numbers through Intl', () => {
  it('English: one and other, numbers grouped', () => {
    const i18n = createI18n({ locale: 'en' })
    i18n.add(english)
    expect(i18n.t('book.count', { count: 1 })).toBe('1 address')
    expect(i18n.t('book.count', { count: 1234 })).toBe('1,234 addresses')
  })
  it('German groups with a dot; a plain placeholder number too', () => {
    const i18n = createI18n({ locale: 'de' })
    i18n.add({ 'x.n': '{n} Stück' })
    expect(i18n.t('x.n', { n: 1234.5 })).toBe('1.234,5 Stück')
  })
  it('Arabic picks its two form and its own digits', () => {
    const i18n = createI18n({ locale: 'ar' })
    i18n.add({ 'x.w': '{count, plural, zero {لا شيء} one {واحدة} two {اثنتان} few {# قليلة} many {# كثيرة} other {# أخرى}}' })
    expect(i18n.t('x.w', { count: 2 })).toBe('اثنتان')
    expect(i18n.t('x.w', { count: 3 })).toBe(`${new Intl.NumberFormat('ar').format(3)} قليلة`)
  })
  it('an exact =n form wins; a missing form falls back to other', () => {
    const i18n = createI18n({ locale: 'en' })
    i18n.add({ 'x.n': '{count, plural, =0 {none} other {# left}}' })
    expect(i18n.t('x.n', { count: 0 })).toBe('none')
    expect(i18n.t('x.n', { count: 1 })).toBe('1 left')
  })
  it('a plural whose argument is not a number stays as written', () => {
    const i18n = createI18n()
    i18n.add({ 'x.n': '{count, plural, other {# left}}' })
    expect(i18n.t('x.n', { count: 'many' })).toBe('{count, plural, other {# left}}')
  })
})
