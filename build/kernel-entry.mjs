/**
 * Which names of `vestibule/kernel` (kernel/index.ts) the tree uses: the imports of that entry, and of the main
 * entry `vestibule` (which hands out the same names), in what stands where a host or plugin author does (chain and
 * feature plugins, examples, headless, wagmi, the React bindings, the sandbox's host pages) and in the code of the
 * docs. `node build/kernel-entry.mjs` prints the exported names, the used ones and the exported names nobody uses;
 * test/build/kernel-entry.test.ts fails on the last ones unless they are kept on purpose below.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Folders whose code uses the package as a host or a plugin author would. */
export const USER_FOLDERS = ['chains', 'plugins', 'examples', 'headless', 'wagmi', 'ui/react', 'sandbox/app']
/** The entries that hand out the kernel entry's names. */
const ENTRIES = new Set(['vestibule/kernel', 'vestibule'])
/** The same entries as the React bindings import them, by path inside the package. */
const RELATIVE_ENTRY = /(^|\/)kernel\/index(\.js)?$/

/**
 * Names exported for third-party plugin and chain authors though nothing in the tree imports them, each with its
 * reason. Keep it short: a name here is a promise to keep.
 */
const TYPINGS = "named by another entry's typings, next to the interfaces plugins augment"
export const KEPT = {
  // The interfaces plugins augment are declared in this entry's typings, so that an augmentation merges; the other
  // entries' typings then import the types declared beside them from here, which needs these names exported.
  BalanceFault: TYPINGS,
  ConnectorType: TYPINGS,
  EventBus: TYPINGS,
  KernelExtras: TYPINGS,
  KernelState: TYPINGS,
  PluginOptionDeclarations: TYPINGS,
  PluginOptionName: TYPINGS,
  ReadonlyKernelState: TYPINGS,
  ResolvedOptions: TYPINGS,
  Router: TYPINGS,
  RouterOf: TYPINGS,
  Services: TYPINGS,

  // A plugin package that exports a service token of its own (`createToken<MyService>('my')`) needs this name for
  // the token's type in its declarations.
  Token: 'the type createToken returns, which a plugin package exporting a token must be able to name',
  // A host offers the modal's languages in its own language picker (docs/peers.md counts them in the packed package).
  LOCALES: "the languages the `locale` option accepts, for a host's language picker",
  // `router.flow(views, create)` answers one; a plugin that keeps its flow beside the view names its type.
  ViewFlow: 'the type router.flow returns, for a plugin that keeps its flow outside the view',
}

const files = (dir) =>
  !existsSync(dir)
    ? []
    : readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name)
        if (name === 'node_modules') return []
        return statSync(full).isDirectory() ? files(full) : /\.(tsx?|mts)$/.test(name) && !name.endsWith('.d.ts') ? [full] : []
      })

/**
 * Names the prose of a markdown file hands out from the kernel's entry: each `Name` (or `name(…)`) in a paragraph
 * or table row that says it comes from `vestibule/kernel`.
 */
function markdownProse(text) {
  const names = new Set()
  for (const part of text.replace(/```[\s\S]*?```/g, '').split(/\n\s*\n|\n(?=\|)/)) {
    if (!part.includes('vestibule/kernel')) continue
    for (const [, name] of part.matchAll(/`([A-Za-z_$][\w$]*)(?:\([^`]*\))?(?:\.[\w$.]+)?`/g)) names.add(name)
  }
  return names
}

/** The code blocks (ts, tsx, js) of a markdown file, with the `<!-- declare: … -->` lines before them. */
function markdownCode(text) {
  const blocks = []
  for (const [, declare] of text.matchAll(/<!--\s*declare:([\s\S]*?)-->/g)) blocks.push(`declare const ${declare.trim()}`)
  for (const [, code] of text.matchAll(/```(?:ts|tsx|typescript|js|jsx|mjs)\n([\s\S]*?)```/g)) blocks.push(code)
  return blocks
}

/** Names `code` takes from the kernel's entries: imports, re-exports, `import('…').Name` types, augmentations. */
function namesIn(code, fileName, isEntry) {
  const source = ts.createSourceFile(
    fileName,
    code,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  )
  const names = new Set()
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      isEntry(node.moduleSpecifier.text)
    ) {
      const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause
      if (bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings)))
        for (const e of bindings.elements) names.add((e.propertyName ?? e.name).text)
    }
    if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal) &&
      isEntry(node.argument.literal.text) &&
      node.qualifier
    ) {
      names.add((ts.isIdentifier(node.qualifier) ? node.qualifier : node.qualifier.left).getText(source).split('.')[0])
    }
    if (
      ts.isModuleDeclaration(node) &&
      ts.isStringLiteral(node.name) &&
      isEntry(node.name.text) &&
      node.body &&
      ts.isModuleBlock(node.body)
    ) {
      for (const s of node.body.statements)
        if ((ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s)) && s.name) names.add(s.name.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return names
}

/** Every name kernel/index.ts exports. */
export function exportedNames() {
  const file = path.join(root, 'kernel/index.ts')
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const names = new Set()
  for (const s of source.statements) {
    if (ts.isExportDeclaration(s) && s.exportClause && ts.isNamedExports(s.exportClause))
      for (const e of s.exportClause.elements) names.add(e.name.text)
    else if (ts.isExportDeclaration(s)) throw new Error('kernel/index.ts names what it exports: no `export *`')
  }
  return names
}

/** Each name of the kernel's entries the tree uses, with the files that use it. */
export function usedNames() {
  const used = new Map()
  const add = (names, where) => {
    for (const name of names) used.set(name, [...(used.get(name) ?? []), path.relative(root, where)])
  }
  for (const folder of USER_FOLDERS) {
    for (const file of files(path.join(root, folder))) {
      // The React bindings are built from the source tree and import the entry by its path.
      const isEntry = (spec) => ENTRIES.has(spec) || (folder === 'ui/react' && RELATIVE_ENTRY.test(spec))
      add(namesIn(readFileSync(file, 'utf8'), file, isEntry), file)
    }
  }
  const docs = [
    path.join(root, 'README.md'),
    ...readdirSync(path.join(root, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => path.join(root, 'docs', f)),
  ]
  for (const file of docs) {
    const text = readFileSync(file, 'utf8')
    for (const [i, code] of markdownCode(text).entries())
      add(
        namesIn(code, `${file}#${i}.tsx`, (spec) => ENTRIES.has(spec)),
        file,
      )
    add(markdownProse(text), file)
  }
  return used
}

/** The exported names nobody uses and nobody keeps on purpose; kept names that are used or not exported (stale). */
export function unusedNames() {
  const exported = exportedNames()
  const used = usedNames()
  return {
    unused: [...exported].filter((n) => !used.has(n) && !(n in KEPT)).sort(),
    staleKept: Object.keys(KEPT)
      .filter((n) => used.has(n) || !exported.has(n))
      .sort(),
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const exported = exportedNames()
  const used = usedNames()
  const { unused, staleKept } = unusedNames()
  console.log(
    `vestibule/kernel exports ${exported.size} names; ${[...exported].filter((n) => used.has(n)).length} used, ${Object.keys(KEPT).length} kept on purpose`,
  )
  if (unused.length) console.log(`unused (${unused.length}): ${unused.join(', ')}`)
  if (staleKept.length) console.log(`kept but used or not exported: ${staleKept.join(', ')}`)
  if (process.argv.includes('--check') && (unused.length || staleKept.length)) process.exit(1)
}
