/**
 * English texts of the kernel itself. The shell brings its own with its lazily loaded code, and plugins add theirs
 * with `i18n.add`; a host's `messages` override any of them.
 */
export const en = {
  'alert.missingProjectId': 'No project id was set: wallet catalog and provider APIs are unavailable',
} as const

export type MessageKey = keyof typeof en
export type Messages = Record<string, string>

export interface I18n {
  readonly locale: string
  /** The text for `key` with `{param}` placeholders filled; the key itself when no catalog has it. */
  t(key: MessageKey | (string & {}), params?: Record<string, string | number>): string
  /** Adds texts (a plugin's catalog); host overrides given at creation still win. */
  add(messages: Messages): void
}

export function createI18n(options: { locale?: string; messages?: Messages } = {}): I18n {
  const catalog: Record<string, string> = { ...en }
  const overrides = options.messages ?? {}
  Object.assign(catalog, overrides)
  return {
    locale: options.locale ?? 'en',
    t(key, params) {
      const text = catalog[key] ?? key
      return params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : text
    },
    add(messages) {
      for (const [key, value] of Object.entries(messages)) if (!(key in overrides)) catalog[key] = value
    },
  }
}
