/**
 * Every catalog of texts is translated whole: for the kernel, the shell and each plugin that adds texts (found by
 * reading the plugins folder, so a new plugin is held to the rule as soon as it lands), every language has every key
 * English has, no other key, the same placeholders, and plurals with an `other` form.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../kernel/i18n.js'

const root = path.resolve(import.meta.dirname, '../..')
const translated = LOCALES.filter((l) => l !== 'en')

/** Source files of a folder, its locales excepted. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) return name === 'locales' ? [] : sources(file)
    return /\.tsx?$/.test(name) ? [file] : []
  })
}

/** Plugins whose code adds texts to the modal's catalog. */
const pluginsWithTexts = readdirSync(path.join(root, 'plugins'))
  .filter((name) => statSync(path.join(root, 'plugins', name)).isDirectory())
  .filter((name) =>
    sources(path.join(root, 'plugins', name)).some((file) => /\bi18n\.(add|catalog)\(|addMessages\(/.test(readFileSync(file, 'utf8'))),
  )

const owners = ['kernel', 'ui/shell', ...pluginsWithTexts.map((name) => `plugins/${name}`)]

/** The placeholders of a text: `{name}` and the arguments of `{name, plural, …}`. */
function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)(?:\}|,\s*plural,)/g)].map((m) => m[1]!))].sort()
}

/** Every plural of a text has an `other` form and balanced braces. */
function pluralsWellFormed(text: string): boolean {
  let depth = 0
  for (const ch of text) {
    depth += ch === '{' ? 1 : ch === '}' ? -1 : 0
    if (depth < 0) return false
  }
  return depth === 0 && [...text.matchAll(/\{\w+, plural,/g)].every((m) => /\bother\s*\{/.test(text.slice(m.index)))
}

describe('message catalogs', () => {
  it('finds the plugins that add texts', () => {
    expect(pluginsWithTexts).toEqual(expect.arrayContaining(['activity', 'catalog', 'nfts', 'receive', 'send', 'tokens', 'walletconnect']))
  })

  describe.each(owners)('%s', (owner) => {
    const dir = path.join(root, owner, 'locales')

    it('has a locales folder with English and every language', () => {
      expect(existsSync(path.join(dir, 'en.ts')), `${owner}/locales/en.ts`).toBe(true)
      for (const language of translated) expect(existsSync(path.join(dir, `${language}.ts`)), `${owner}/locales/${language}.ts`).toBe(true)
    })

    it('is added with its translations behind import(), one module per language', async () => {
      // The kernel hands its own to createI18n.
      const adds =
        owner === 'kernel'
          ? []
          : sources(path.join(root, owner)).flatMap((file) =>
              [...readFileSync(file, 'utf8').matchAll(/\bi18n\.(?:add|catalog)\((\w+)(, [^\n]*)?\)/g)].map((m) => [file, m[2]]),
            )
      if (owner !== 'kernel') expect(adds.length, 'calls that add texts').toBeGreaterThan(0)
      // The loader is written in place, or named and declared at the module's top level (where it keeps no
      // function's variables alive: the texts keep their loaders).
      for (const [file, translations] of adds) {
        const named = /^, (\w+)$/.exec(translations ?? '')?.[1]
        const loader = named ? new RegExp(`^const ${named} = (.*)$`, 'm').exec(readFileSync(String(file), 'utf8'))?.[1] : undefined
        expect(named ? `, ${loader}` : translations, `${file} passes its translations`).toMatch(
          /^, \(\) => import\('(\.\.?\/)+locales\/index\.js'\)$/,
        )
      }
      const loaders = (await import(path.join(dir, 'index.ts'))).default as Record<
        string,
        () => Promise<{ default: Record<string, string> }>
      >
      expect(Object.keys(loaders).sort()).toEqual([...translated].sort())
      for (const language of translated)
        expect((await loaders[language]!()).default).toEqual((await import(path.join(dir, `${language}.ts`))).default)
      expect(readFileSync(path.join(dir, 'index.ts'), 'utf8')).not.toMatch(/^import (?!type)/m)
    })

    it.each(translated)('%s has every key English has, the same placeholders, well-formed plurals', async (language) => {
      const english = (await import(path.join(dir, 'en.ts'))).default as Record<string, string>
      const texts = (await import(path.join(dir, `${language}.ts`))).default as Record<string, string>
      expect(Object.keys(english).length).toBeGreaterThan(0)
      expect(
        Object.keys(texts).filter((key) => !(key in english)),
        'keys English does not have',
      ).toEqual([])
      expect(
        Object.keys(english).filter((key) => typeof texts[key] !== 'string' || !texts[key]),
        'keys missing',
      ).toEqual([])
      for (const [key, text] of Object.entries(english)) {
        expect(placeholders(texts[key]!), `${language} ${key}`).toEqual(placeholders(text))
        expect(pluralsWellFormed(texts[key]!), `${language} ${key}`).toBe(true)
      }
    })
  })
})
