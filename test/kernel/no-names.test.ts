// kernel/ and ui/ name no plugin and no chain family: no first-party plugin's option, feature flag, view, slot
// entry or plugin name (its storage scope), no chain family. The names come from the plugins' and chains' own
// declarations: a plugin gaining an option or view extends the list by itself.
import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createKernel } from '../../kernel/kernel.js'
import { knownChainNamespaces } from '../../kernel/caip.js'
import type { Plugin } from '../../kernel/plugin.js'
import { SLOT_NAMES } from '../../kernel/views.js'
import { root } from '../../sandbox/resolve.mjs'
import { activity } from '../../plugins/activity/index.js'
import { analytics } from '../../plugins/analytics/index.js'
import { walletCatalog } from '../../plugins/catalog/index.js'
import { nfts } from '../../plugins/nfts/index.js'
import { receive } from '../../plugins/receive/index.js'
import { send } from '../../plugins/send/index.js'
import { tokens } from '../../plugins/tokens/index.js'
import { walletConnect } from '../../plugins/walletconnect/index.js'
import '../../chains/eip155/index.js'
import '../../chains/solana/index.js'
import '../../chains/polkadot/index.js'
import '../../chains/bip122/index.js'

const plugins: Plugin[] = [activity(), analytics(), walletCatalog(), nfts(), receive(), send(), tokens(), walletConnect()]

/** What the first-party plugins declare and register, by kind. */
function declaredNames() {
  const modal = createKernel({ projectId: 'p', storage: null, preload: 'none', plugins })
  const views = modal.kernel.views.ids()
  const entries = SLOT_NAMES.flatMap((slot) => modal.kernel.slots.list(slot).map((e) => (e as { id: string }).id))
  modal.destroy()
  return {
    plugin: plugins.map((p) => p.name),
    option: plugins.flatMap((p) => Object.keys(p.options ?? {})),
    flag: plugins.flatMap((p) => Object.keys(p.features ?? {})),
    view: views,
    'slot entry': entries,
    'chain family': [...knownChainNamespaces()],
  }
}

/** The source files under `dir` (TypeScript), relative to the project. */
const sources = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sources(join(dir, d.name)) : /\.tsx?$/.test(d.name) && !d.name.endsWith('.d.ts') ? [join(dir, d.name)] : [],
  )

/** The code of a file without its comments (block, line and JSX comments). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')

/** String literals of `source` (quoted and template text). */
const literals = (source: string) =>
  [...source.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)].map((m) => m[1] ?? m[2] ?? (m[3] ?? '').replace(/\$\{[^}]*\}/g, ''))

/**
 * Where `name` appears in `source`: as a key-like string literal or one of its segments (`'send'`,
 * `'eip155:1'`, `` `${prefix}/catalog` ``; prose such as 'cannot send' is text, not a name), or, for an option or
 * flag, read from the options (`options.tokens`, `features.send`).
 */
function mentions(source: string, kind: string, name: string): boolean {
  const keyLike = literals(source).filter((text) => /^[\w$.:/{}-]+$/.test(text))
  if (keyLike.some((text) => text.split(/[.:/{}$-]/).includes(name))) return true
  return (kind === 'option' || kind === 'flag') && new RegExp(`\\b(options|features)\\??\\.${name}\\b`).test(source)
}

/**
 * Names still in kernel/ or ui/, listed exactly: a new name anywhere fails, and so does one of these once it is
 * gone and still listed.
 */
const PENDING: Record<string, readonly string[]> = {
  kernel: [],
  ui: [],
}

describe('kernel/ and ui/ name no plugin and no chain family', () => {
  const names = declaredNames()
  it('the lists come from the declarations (not empty)', () => {
    expect(names.option).toContain('featuredWalletIds')
    expect(names.flag).toContain('send')
    expect(names.view).toContain('AllWallets')
    expect(names['chain family']).toEqual(expect.arrayContaining(['eip155', 'solana', 'polkadot', 'bip122']))
  })

  it.each(['kernel', 'ui'])('%s/', (dir) => {
    // The shell's own views and slot entries are ui's: what a plugin registers is not.
    const found: string[] = []
    for (const file of sources(dir)) {
      const source = code(readFileSync(join(root, file), 'utf8'))
      for (const [kind, list] of Object.entries(names)) {
        for (const name of new Set(list)) if (mentions(source, kind, name)) found.push(`${relative(root, join(root, file))}: ${kind} ${name}`)
      }
    }
    expect(found).toEqual(PENDING[dir])
  })
})
