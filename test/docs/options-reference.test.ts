// docs/options.md against the code: every option and feature flag the kernel and the plugins declare is in the
// reference, and the reference names none that is not declared. The README's plugin table lists every folder of
// plugins/ with the factory that folder exports.
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { KERNEL_FEATURES, KERNEL_OPTIONS } from '../../kernel/contract.js'
import type { Plugin } from '../../kernel/index.js'
import { root } from './code-blocks.js'

const read = (path: string) => readFileSync(`${root}/${path}`, 'utf8')

/** The kernel's own flags, as the plugin contract lists them. */
const kernelFeatures = (): string[] => KERNEL_FEATURES.map((name) => `features.${name}`)

/**
 * The host options and flags the reference's tables name, each with the heading of the section it is in: the first
 * cell's `name`s (`features.x` for a flag) of every row, except rows whose kind says `factory` (options passed to
 * the plugin's function).
 */
export function documentedSections(markdown: string): Map<string, string> {
  const names = new Map<string, string>()
  let heading = ''
  for (const line of markdown.split('\n')) {
    if (line.startsWith('#')) heading = line
    if (!line.startsWith('| `')) continue
    const cells = line
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((c) => c.trim())
    if (/^factory\b/.test(cells[1] ?? '')) continue
    const parts = cells[0]!.split(/,\s*/)
    if (!parts.every((p) => /^`(features\.)?\w+`$/.test(p))) continue
    for (const p of parts) names.set(p.slice(1, -1), heading)
  }
  return names
}

export const documentedOptions = (markdown: string) => new Set(documentedSections(markdown).keys())

/** `folder` → `factory()` rows of the README's feature plugin table. */
function readmeFactories(): Map<string, string> {
  const rows = [...read('README.md').matchAll(/^\| `([\w-]+)` → `(\w+)\(\)` \|/gm)]
  return new Map(rows.filter((m) => !m[1]!.startsWith('chains/')).map((m) => [m[1]!, m[2]!]))
}

const folders = readdirSync(`${root}/plugins`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort()

/** Every declared option and flag, with its owner: `kernel`, or the factory that declares it (`swap`, `eip155`). */
async function declaredOptions(): Promise<Map<string, string>> {
  const names = new Map<string, string>([...KERNEL_OPTIONS, ...kernelFeatures()].map((n) => [n, 'kernel']))
  const plugins: [string, Plugin][] = []
  for (const [folder, factory] of readmeFactories()) {
    const entry = (await import(`../../plugins/${folder}/index.ts`)) as Record<string, () => Plugin>
    plugins.push([factory, entry[factory]!()])
  }
  // Chain plugins may declare host options too (eip155's `enableEIP6963`).
  for (const family of ['eip155', 'solana', 'polkadot', 'bip122']) {
    const entry = (await import(`../../chains/${family}/index.ts`)) as Record<string, (o: unknown) => Plugin>
    plugins.push([family, entry[family]!({ networks: [] })])
  }
  for (const [factory, plugin] of plugins) {
    for (const name of Object.keys(plugin.options ?? {})) names.set(name, factory)
    for (const name of Object.keys(plugin.features ?? {})) names.set(`features.${name}`, factory)
  }
  return names
}

/** Where an option of `owner` belongs: the kernel's sections, or the section headed by its plugin's factory. */
const belongs = (owner: string, heading: string) =>
  owner === 'kernel' ? heading === '## Kernel options' || heading === '### Feature flags the shell reads' : heading.includes(`\`${owner}(`)

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
    const documented = documentedSections(read('docs/options.md'))
    expect([...declared.keys()].filter((n) => !documented.has(n)).sort(), 'declared but not documented').toEqual([])
    expect([...documented.keys()].filter((n) => !declared.has(n)).sort(), 'documented but not declared').toEqual([])
    // Each in its owner's section; eip155's `enableEIP6963` is a top-level option documented with the kernel's.
    const misplaced = [...declared].filter(
      ([name, owner]) =>
        !belongs(owner, documented.get(name) ?? '') && !(owner === 'eip155' && belongs('kernel', documented.get(name) ?? '')),
    )
    expect(
      misplaced.map(([name, owner]) => `${name} (${owner}) under ${documented.get(name)}`),
      "documented outside its owner's section",
    ).toEqual([])
  })

  it('a row for an option that does not exist is caught, a factory row is not a host option', () => {
    const doc = [
      '| option | kind | default | does |',
      '|---|---|---|---|',
      '| `swapNetwork` | host | — | a typo |',
      '| `relayUrl` | factory | — | passed to the function |',
      '| `features.send` | flag | `true` | the entry |',
    ].join('\n')
    expect([...documentedOptions(doc)]).toEqual(['swapNetwork', 'features.send'])
  })
})
