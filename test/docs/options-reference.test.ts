// docs/options.md against the code: every option and feature flag the kernel and the plugins declare is in the
// reference, and the reference names none that is not declared. The README's plugin table lists every folder of
// plugins/ with the factory that folder exports.
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { KERNEL_OPTIONS } from '../../kernel/options.js'
import type { Plugin } from '../../kernel/index.js'
import { root } from './code-blocks.js'

const read = (path: string) => readFileSync(`${root}/${path}`, 'utf8')

/** The kernel's own flags, as kernel/options.ts lists them. */
function kernelFeatures(): string[] {
  const list = /const KERNEL_FEATURES = \[([^\]]*)\]/.exec(read('kernel/options.ts'))?.[1] ?? ''
  return [...list.matchAll(/'(\w+)'/g)].map((m) => `features.${m[1]}`)
}

/**
 * The host options and flags the reference's tables name: the first cell's `name`s (`features.x` for a flag) of
 * every row, except rows whose kind says `factory` (options passed to the plugin's function).
 */
export function documentedOptions(markdown: string): Set<string> {
  const names = new Set<string>()
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('| `')) continue
    const cells = line.split(/(?<!\\)\|/).slice(1, -1).map((c) => c.trim())
    if (/^factory\b/.test(cells[1] ?? '')) continue
    const parts = cells[0]!.split(/,\s*/)
    if (!parts.every((p) => /^`(features\.)?\w+`$/.test(p))) continue
    for (const p of parts) names.add(p.slice(1, -1))
  }
  return names
}

/** `folder` → `factory()` rows of the README's feature plugin table. */
function readmeFactories(): Map<string, string> {
  const rows = [...read('README.md').matchAll(/^\| `([\w-]+)` → `(\w+)\(\)` \|/gm)]
  return new Map(rows.filter((m) => !m[1]!.startsWith('chains/')).map((m) => [m[1]!, m[2]!]))
}

const folders = readdirSync(`${root}/plugins`, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()

async function declaredOptions(): Promise<Set<string>> {
  const names = new Set<string>([...KERNEL_OPTIONS, ...kernelFeatures()])
  const plugins: Plugin[] = []
  for (const [folder, factory] of readmeFactories()) {
    const entry = (await import(`../../plugins/${folder}/index.ts`)) as Record<string, () => Plugin>
    plugins.push(entry[factory]!())
  }
  // Chain plugins may declare host options too (eip155's `enableEIP6963`).
  for (const family of ['eip155', 'solana', 'polkadot', 'bip122']) {
    const entry = (await import(`../../chains/${family}/index.ts`)) as Record<string, (o: unknown) => Plugin>
    plugins.push(entry[family]!({ networks: [] }))
  }
  for (const plugin of plugins) {
    for (const name of Object.keys(plugin.options ?? {})) names.add(name)
    for (const name of Object.keys(plugin.features ?? {})) names.add(`features.${name}`)
  }
  return names
}

describe('the options reference (docs/options.md)', () => {
  it('the README lists every plugin folder with the factory it exports', async () => {
    const table = readmeFactories()
    expect([...table.keys()].sort()).toEqual(folders)
    for (const [folder, factory] of table) {
      const entry = (await import(`../../plugins/${folder}/index.ts`)) as Record<string, unknown>
      expect(typeof entry[factory], `${folder} exports ${factory}`).toBe('function')
      const plugin = (entry[factory] as () => Plugin)()
      expect(typeof plugin.setup, `${factory}() is a plugin`).toBe('function')
    }
  })

  it('documents every declared option and flag, and names none that is not declared', async () => {
    const declared = await declaredOptions()
    const documented = documentedOptions(read('docs/options.md'))
    expect([...declared].filter((n) => !documented.has(n)).sort(), 'declared but not documented').toEqual([])
    expect([...documented].filter((n) => !declared.has(n)).sort(), 'documented but not declared').toEqual([])
  })

  it('a row for an option that does not exist is caught, a factory row is not a host option', () => {
    const doc = ['| option | kind | default | does |', '|---|---|---|---|', '| `swapNetwork` | host | — | a typo |', '| `relayUrl` | factory | — | passed to the function |', '| `features.send` | flag | `true` | the entry |'].join('\n')
    expect([...documentedOptions(doc)]).toEqual(['swapNetwork', 'features.send'])
  })
})
