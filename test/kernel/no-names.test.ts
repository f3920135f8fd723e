// kernel/ and ui/ name no plugin and no chain family: no first-party plugin's option, feature flag, view, slot
// entry, plugin name (its storage scope) or member it adds to the kernel's interfaces, and no chain family. The
// plugins are every plugin folder of the tree and the names come from their own declarations: a new plugin, option,
// view or state field extends the lists by itself.
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { createKernel } from '../../kernel/kernel.js'
import { knownChainNamespaces } from '../../kernel/caip.js'
import type { Plugin } from '../../kernel/plugin.js'
import { SLOT_NAMES } from '../../kernel/views.js'
import { root } from '../../sandbox/resolve.mjs'
import { kernelOf } from '../../kernel/kernel-of.js'

const pluginDirs = readdirSync(join(root, 'plugins'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
const chainDirs = readdirSync(join(root, 'chains'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'shared')
  .map((d) => d.name)
const entryOf = (dir: string) => ['index.ts', 'index.tsx'].map((f) => join(root, dir, f)).find(existsSync)

/** Every plugin the tree's feature plugins make: each entry's exported factories that take no argument. */
async function treePlugins(): Promise<Plugin[]> {
  const found: Plugin[] = []
  for (const dir of pluginDirs) {
    const entry = entryOf(join('plugins', dir))
    if (!entry) continue
    const module = (await import(entry)) as Record<string, unknown>
    for (const value of Object.values(module)) {
      if (typeof value !== 'function' || value.length > 0 || /^[A-Z]/.test(value.name)) continue
      let made: unknown
      try {
        made = (value as () => unknown)()
      } catch {
        continue
      }
      if (made && typeof made === 'object' && typeof (made as Plugin).name === 'string' && typeof (made as Plugin).setup === 'function')
        found.push(made as Plugin)
    }
  }
  return found
}

for (const dir of chainDirs) {
  const entry = entryOf(join('chains', dir))
  if (entry) await import(entry)
}
const plugins = await treePlugins()

/** The source files under `dir` (TypeScript), relative to the project. */
const sources = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sources(join(dir, d.name)) : /\.tsx?$/.test(d.name) && !d.name.endsWith('.d.ts') ? [join(dir, d.name)] : [],
  )

const parse = (file: string) =>
  ts.createSourceFile(
    file,
    readFileSync(join(root, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  )

/**
 * The members plugins add to the kernel's interfaces (`declare module 'vestibule/kernel' { interface AccountState
 * { … } }`): fields of the state, options, flags, events and APIs that belong to the plugin declaring them.
 */
function augmentedMembers(): string[] {
  const names = new Set<string>()
  for (const file of pluginDirs.flatMap((dir) => sources(join('plugins', dir)))) {
    const visit = (node: ts.Node) => {
      if (
        ts.isModuleDeclaration(node) &&
        ts.isStringLiteral(node.name) &&
        /^vestibule(\/|$)/.test(node.name.text) &&
        node.body &&
        ts.isModuleBlock(node.body)
      ) {
        for (const statement of node.body.statements)
          if (ts.isInterfaceDeclaration(statement))
            for (const member of statement.members)
              if (member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))) names.add(member.name.text)
      }
      ts.forEachChild(node, visit)
    }
    visit(parse(file))
  }
  return [...names]
}

/**
 * The identifiers of `file` (variables, properties, members, types), comments and strings aside. Only compound
 * names are compared (`swapNetworks`, `smartAccountDeployed`): a single word such as `send` or `tokens` is ordinary
 * vocabulary in any code, while a compound name is a plugin's own term.
 */
function identifiers(file: string, text?: string): Set<string> {
  const found = new Set<string>()
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) found.add(node.text.replace(/^#/, ''))
    ts.forEachChild(node, visit)
  }
  visit(text === undefined ? parse(file) : ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS))
  return found
}
const compound = (name: string) => /^[a-z][a-z0-9]*[A-Z]/.test(name) || /^[A-Z][a-z0-9]+[A-Z]/.test(name)

/** What the first-party plugins declare and register, by kind. */
function declaredNames() {
  const modal = createKernel({ projectId: 'p', storage: null, preload: 'none', plugins })
  const views = kernelOf(modal).views.ids()
  const entries = SLOT_NAMES.flatMap((slot) =>
    kernelOf(modal)
      .slots.list(slot)
      .map((e) => (e as { id: string }).id),
  )
  modal.destroy()
  return {
    plugin: plugins.map((p) => p.name),
    option: plugins.flatMap((p) => Object.keys(p.options ?? {})),
    flag: plugins.flatMap((p) => Object.keys(p.features ?? {})),
    view: views,
    'slot entry': entries,
    'chain family': [...knownChainNamespaces()],
    'plugin member': augmentedMembers(),
  }
}

/** The code of a file without its comments (block, line and JSX comments). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')

/** String literals of `source` (quoted and template text). */
const literals = (source: string) =>
  [...source.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)].map(
    (m) => m[1] ?? m[2] ?? (m[3] ?? '').replace(/\$\{[^}]*\}/g, ''),
  )

/**
 * Where `name` appears in `source`: as a key-like string literal or one of its segments (`'send'`,
 * `'eip155:1'`, `` `${prefix}/catalog` ``; prose such as 'cannot send' is text, not a name), or, for an option or
 * flag, read from the options (`options.tokens`, `features.send`).
 */
function mentions(source: string, kind: string, name: string, names: Set<string>): boolean {
  if (compound(name) && names.has(name)) return true
  if (kind === 'plugin member') return false
  // A capability's token (`vestibule.capability.names`) names what a service does, for any plugin to provide.
  const keyLike = literals(source).filter((text) => /^[\w$.:/{}-]+$/.test(text) && !text.startsWith('vestibule.capability.'))
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
    // Every plugin folder of the tree makes at least one plugin.
    expect(new Set(plugins.map((p) => p.name)).size).toBeGreaterThanOrEqual(pluginDirs.length)
    expect(names['plugin member']).toContain('swapNetworks')
  })

  it.each([
    ['a view id as a literal', "router.push('Swap')", 'view', 'Swap'],
    ['an option read from the options', 'const list = options.swapNetworks ?? []', 'option', 'swapNetworks'],
    ['a storage scope in a key', 'storage.get(`${prefix}/catalog`)', 'plugin', 'catalog'],
    ['a field a plugin adds to the state', 'if (account.profileEnsName) show()', 'plugin member', 'profileEnsName'],
    ['a chain family in a network id', "const id = 'eip155:1'", 'chain family', 'eip155'],
  ])('fires on %s', (_, text, kind, name) => {
    expect(mentions(code(text), kind, name, identifiers('fixture.ts', text))).toBe(true)
    // …and not on prose or a single ordinary word.
    expect(mentions(code(`// ${text}\nconst note = 'cannot ${name} here'`), kind, name, identifiers('fixture.ts', 'const note = 1'))).toBe(
      false,
    )
  })

  it.each(['kernel', 'ui'])('%s/', (dir) => {
    // The shell's own views and slot entries are ui's: what a plugin registers is not.
    const found: string[] = []
    for (const file of sources(dir)) {
      const source = code(readFileSync(join(root, file), 'utf8'))
      const ids = identifiers(file)
      for (const [kind, list] of Object.entries(names)) {
        for (const name of new Set(list))
          if (mentions(source, kind, name, ids)) found.push(`${relative(root, join(root, file))}: ${kind} ${name}`)
      }
    }
    expect(found).toEqual(PENDING[dir])
  })
})
