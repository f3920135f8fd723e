import { VestibuleError } from './errors.js'

/**
 * English texts of the kernel itself. The shell brings its own with its lazily loaded code, and plugins add theirs
 * with `i18n.add`; a host's `messages` override any of them.
 */
export const en = {
  'alert.missingProjectId': 'No project id was set: wallet catalog and provider APIs are unavailable',
} as const

export type MessageKey = keyof typeof en
export type Messages = Record<string, string>

export type MessageParams = Record<string, string | number>

/** A `t` that takes only the keys of one catalog: a key that is not in it fails the type check. */
export type Translate<K extends string> = (key: K, params?: MessageParams) => string

/** The languages the built-in catalogs are translated to (English is the source and the fallback). */
export const LOCALES = ['en', 'es', 'fr', 'de', 'pt', 'zh', 'ja', 'ko', 'ar'] as const

/**
 * One catalog's translations, one loader per language (`{ es: () => import('./es.js') }`): each language is its own
 * module, fetched only when the modal shows that language, so a host ships and loads only what its users read.
 */
export type LocaleLoaders = Readonly<Partial<Record<string, () => Promise<{ default: Messages }>>>>

/**
 * Where a catalog's translations are: `() => import('./locales/index.js')`, a module whose default export is its
 * `LocaleLoaders`. Fetched on the first open in a language other than English: a host pays nothing for the
 * languages up front, not even their list.
 */
export type Translations = () => Promise<{ default: LocaleLoaders }>

/** Languages written right to left. */
const RTL = new Set(['ar', 'fa', 'he', 'ur'])

export interface I18n {
  /** The locale numbers and plurals follow (`pt-BR`); texts come from the catalog of its language. */
  readonly locale: string
  /** The language whose catalogs are used (`pt`), or `en`. */
  readonly language: string
  /** Writing direction of the language. */
  readonly dir: 'ltr' | 'rtl'
  /**
   * The text for `key` with `{param}` placeholders filled (numbers through `Intl.NumberFormat`, and
   * `{count, plural, one {# item} other {# items}}` through `Intl.PluralRules`); the key itself when no catalog
   * has it. A missing key (a dotted name such as `book.title` that no catalog holds) is also reported, once per key.
   */
  t(key: MessageKey | (string & {}), params?: MessageParams): string
  /**
   * Adds texts (a plugin's English catalog) and their translations; host overrides given at creation still win. A
   * translation loads with `load()`, or at once when that already ran.
   */
  add(messages: Messages, translations?: Translations): void
  /**
   * Adds a plugin's catalog and returns its typed `t`: `const t = ctx.i18n.catalog({ 'book.title': 'Addresses' })`
   * makes `t('book.titel')` a type error.
   */
  catalog<const M extends Messages>(messages: M, translations?: Translations): Translate<keyof M & string>
  /** Loads the translations of every catalog added so far (and of those added later); resolves once they are in. */
  load(): Promise<void>
  /** Called whenever texts change (a translation arrived, the locale changed); returns the unsubscribe. */
  subscribe(listener: () => void): () => void
  /**
   * Shows texts, numbers and plurals in `locale` (a BCP 47 tag) from now on: every catalog added so far reads its
   * English again, and, once `load()` ran, fetches its translation for the new language; listeners are told at once
   * and again as translations arrive. Resolves once they are in. Throws INVALID_OPTIONS for a tag that is not one.
   */
  setLocale(locale: string): Promise<void>
}

/** A key, as opposed to a text given in its place: dotted words without spaces (`account.title`). */
const KEY_PATTERN = /^[\w-]+(\.[\w-]+)+$/

export interface I18nOptions {
  /** The host's locale; without it the browser's preferred languages decide. */
  locale?: string
  /** The browser's preferred languages (`navigator.languages`). */
  preferred?: readonly string[]
  messages?: Messages
  /** Told once per key asked for that no catalog holds (the text shown is then the key). */
  onMissing?: (key: string) => void
  /** Told once per key a translation lacks (English shows instead). */
  onUntranslated?: (key: string, language: string) => void
}

/** A well-formed BCP 47 tag, or undefined. */
function canonical(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag)[0]
  } catch {
    return undefined
  }
}

/**
 * The locale to use: the host's choice (English texts when its language has no catalog, its own numbers still),
 * else the first of the browser's languages that has a catalog (by language: `pt-BR` reads the `pt` catalog),
 * else English.
 */
export function pickLocale(wanted: string | undefined, preferred: readonly string[] = []): { locale: string; language: string } {
  const supported = (language: string | undefined) => (language && (LOCALES as readonly string[]).includes(language) ? language : undefined)
  const languageOf = (locale: string | undefined) => locale?.split('-')[0]?.toLowerCase()
  // The host's tag wins even without a catalog (its numbers still); a browser's language counts only with one.
  for (const tag of wanted !== undefined ? [wanted] : preferred) {
    const locale = typeof tag === 'string' ? canonical(tag) : undefined
    const language = supported(languageOf(locale))
    if (locale && (language || wanted !== undefined)) return { locale, language: language ?? 'en' }
  }
  return { locale: 'en', language: 'en' }
}

/** `{name, plural, one {…} other {…}}`: the form `Intl.PluralRules` picks for the number, `#` being the number. */
const PLURAL = /\{(\w+), plural,((?:\s*(?:=\d+|\w+)\s*\{[^{}]*\})+)\s*\}/g
const FORM = /(=\d+|\w+)\s*\{([^{}]*)\}/g

export function createI18n(options: I18nOptions = {}): I18n {
  const browser = options.preferred ?? (typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]))
  const overrides = options.messages ?? {}
  const reported = new Set<string>()
  const listeners = new Set<() => void>()
  const told = () => listeners.forEach((listener) => listener())
  /** Every catalog added, the kernel's first: its English, and where its translations are. */
  const sources: { messages: Messages; translations?: Translations }[] = [
    { messages: en, translations: () => import('./locales/index.js') },
  ]
  /** The English of every catalog, the language's texts over it, the host's overrides over both. */
  let catalog: Record<string, string>
  let loading: Promise<void>[]
  let loaded = false
  let plurals: Intl.PluralRules
  let numbers: Intl.NumberFormat
  const show = (value: string | number) => (typeof value === 'number' ? numbers.format(value) : value)
  /** Starts (again) on `wanted`: English texts, the locale's numbers, its translations fetched once loading is on. */
  const start = (wanted: string | undefined) => {
    const { locale, language } = pickLocale(wanted, browser)
    Object.assign(i18n, { locale, language, dir: RTL.has(language) ? 'rtl' : 'ltr' })
    catalog = Object.assign({}, ...sources.map((source) => source.messages), overrides)
    plurals = new Intl.PluralRules(locale)
    numbers = new Intl.NumberFormat(locale)
    loading = []
    if (loaded) sources.forEach(translate)
  }

  /** Fetches one catalog's translation and lays it over the English; keys it lacks keep English (reported). */
  const translate = ({ messages, translations }: (typeof sources)[number]) => {
    const { language } = i18n
    if (!translations || language === 'en') return
    loading.push(
      translations()
        .then(({ default: loaders }) => loaders?.[language]?.())
        .then(
          (module) => {
            // A translation that arrives after the locale changed again is not laid over the new one.
            if (!module || language !== i18n.language) return
            const translated: unknown = module.default
            for (const key of Object.keys(messages)) {
              const text = translated && typeof translated === 'object' ? (translated as Messages)[key] : undefined
              if (typeof text === 'string') {
                if (!(key in overrides)) catalog[key] = text
              } else if (!reported.has(`${language}:${key}`)) {
                reported.add(`${language}:${key}`)
                options.onUntranslated?.(key, language)
              }
            }
            told()
          },
          (error: unknown) => console.warn(`[vestibule] The "${language}" texts could not be loaded; English shows instead`, error),
        ),
    )
  }

  const i18n: I18n = {
    locale: 'en',
    language: 'en',
    dir: 'ltr',
    t(key, params) {
      let text = Object.hasOwn(catalog, key) ? catalog[key]! : undefined
      if (text === undefined) {
        text = key
        if (options.onMissing && KEY_PATTERN.test(key) && !reported.has(key)) {
          reported.add(key)
          options.onMissing(key)
        }
      }
      if (!params) return text
      text = text.replace(PLURAL, (whole, name: string, forms: string) => {
        const count = params[name]
        if (typeof count !== 'number') return whole
        const chosen: Record<string, string> = {}
        for (const [, form, body] of forms.matchAll(FORM)) chosen[form!] = body!
        const body = chosen[`=${count}`] ?? chosen[plurals.select(count)] ?? chosen.other ?? ''
        return body.replace(/#/g, show(count))
      })
      return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? show(params[name]!) : whole))
    },
    add(messages, translations) {
      Object.assign(catalog, messages, overrides)
      sources.push({ messages, translations })
      if (loaded) translate({ messages, translations })
    },
    catalog(messages, translations) {
      i18n.add(messages, translations)
      return (key, params) => i18n.t(key, params)
    },
    load() {
      if (!loaded) {
        loaded = true
        sources.forEach(translate)
      }
      // Loads started after this call (a view that adds its texts) are waited for by the next call.
      return Promise.all(loading).then(() => undefined)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    setLocale(wanted) {
      if (typeof wanted !== 'string' || !canonical(wanted)) {
        throw new VestibuleError(
          'INVALID_OPTIONS',
          `setLocale(locale): ${String(JSON.stringify(wanted)).slice(0, 40)} is not a language tag`,
        )
      }
      start(wanted)
      told()
      return i18n.load()
    },
  }
  start(options.locale)
  return i18n
}
