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

export interface I18n {
  readonly locale: string
  /**
   * The text for `key` with `{param}` placeholders filled; the key itself when no catalog has it. A missing key
   * (a dotted name such as `book.title` that no catalog holds) is also reported, once per key.
   */
  t(key: MessageKey | (string & {}), params?: MessageParams): string
  /** Adds texts (a plugin's catalog); host overrides given at creation still win. */
  add(messages: Messages): void
  /**
   * Adds a plugin's catalog and returns its typed `t`: `const t = ctx.i18n.catalog({ 'book.title': 'Addresses' })`
   * makes `t('book.titel')` a type error.
   */
  catalog<const M extends Messages>(messages: M): Translate<keyof M & string>
}

/** A key, as opposed to a text given in its place: dotted words without spaces (`account.title`). */
const KEY_PATTERN = /^[\w-]+(\.[\w-]+)+$/

export interface I18nOptions {
  locale?: string
  messages?: Messages
  /** Told once per key asked for that no catalog holds (the text shown is then the key). */
  onMissing?: (key: string) => void
}

export function createI18n(options: I18nOptions = {}): I18n {
  const catalog: Record<string, string> = { ...en }
  const overrides = options.messages ?? {}
  Object.assign(catalog, overrides)
  const reported = new Set<string>()
  const i18n: I18n = {
    locale: options.locale ?? 'en',
    t(key, params) {
      let text = Object.hasOwn(catalog, key) ? catalog[key]! : undefined
      if (text === undefined) {
        text = key
        if (options.onMissing && KEY_PATTERN.test(key) && !reported.has(key)) {
          reported.add(key)
          options.onMissing(key)
        }
      }
      return params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : text
    },
    add(messages) {
      for (const [key, value] of Object.entries(messages)) if (!(key in overrides)) catalog[key] = value
    },
    catalog(messages) {
      i18n.add(messages)
      return (key, params) => i18n.t(key, params)
    },
  }
  return i18n
}
