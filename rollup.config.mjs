import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import esbuild from 'rollup-plugin-esbuild'
import { dts } from 'rollup-plugin-dts'
import { sourceEntry } from './sandbox/resolve.mjs'
import { bundled, containerModule, rollupContainer } from './build/container.mjs'

/**
 * Entry points, keyed by their path without extension (which is also their place under dist/).
 * chains/<ns>/ and plugins/<feature>/ are discovered, so a new plugin folder needs no change here.
 */
const fixed = {
  index: 'index.ts',
  'ui/react/index': 'ui/react/index.tsx',
  'headless/index': 'headless/index.ts',
  'ui/kit/index': 'ui/kit/index.ts',
  'kernel/index': 'kernel/index.ts',
  'kernel/utils': 'kernel/utils.ts',
  'wagmi/index': 'wagmi/index.ts',
  'server/index': 'server/index.ts',
}
const discovered = ['chains', 'plugins'].flatMap((dir) =>
  (existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : [])
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      ['ts', 'tsx']
        .map((ext) => `${dir}/${d.name}/index.${ext}`)
        .filter(existsSync)
        .slice(0, 1),
    ),
)
const input = { ...fixed, ...Object.fromEntries(discovered.map((file) => [file.replace(/\.tsx?$/, ''), file])) }

// A built entry the package does not export is unreachable, and an export without an entry is a broken
// import for hosts: fail the build on either instead of publishing it.
const exported = new Set(
  Object.values(JSON.parse(readFileSync('package.json', 'utf8')).exports)
    .map((target) => target.import?.match(/^\.\/dist\/(.+)\.js$/)?.[1])
    .filter(Boolean),
)
// A module a plugin exports apart from its entry (vestibule/plugins/siwx/messages) is built where it is exported.
for (const name of exported) {
  const file =
    /^(chains|plugins)\/[^/]+\/[^/]+$/.test(name) && !input[name]
      ? ['ts', 'tsx'].map((ext) => `${name}.${ext}`).find(existsSync)
      : undefined
  if (file) input[name] = file
}
for (const name of Object.keys(input))
  if (!exported.has(name)) throw new Error(`dist/${name}.js is built but no package.json "exports" entry points at it`)
for (const name of exported) if (!input[name]) throw new Error(`package.json "exports" points at dist/${name}.js, which no source builds`)

// Chain and feature plugins import the kernel and the UI kit by the package's name ('vestibule/utils'), as a
// third-party plugin does. Inside the package that name is the source entry: its modules build into the same
// dist files as every other import of them, and the output imports them by relative path.
const self = /^vestibule(\/|$)/
const ownEntries = { name: 'own-entries', resolveId: (id) => (self.test(id) ? (sourceEntry(id) ?? null) : null) }

// Every other bare import is a dependency or peer (react, viem, chain SDKs, …): the host's bundler installs and
// dedupes it (one React), and optional chain SDKs must never end up inside our files. The exception is the DI
// container's module, carried with its own compiler helper (see build/container.mjs).
const external = (id, importer) => !/^[./\0]/.test(id) && !/^[a-zA-Z]:/.test(id) && !self.test(id) && !bundled(id, importer)

const here = process.cwd().replace(/\\/g, '/') + '/'
/** Source path without extension, relative to the project: the module's place under dist/. */
const place = (id) =>
  id
    .replace(/\\/g, '/')
    .replace(here, '')
    .replace(/\.tsx?$/, '')
let core
/**
 * The kernel modules every host runs before its first render go into one file, kernel/core.js: lazily loaded code
 * uses parts of them, and as separate files a code-splitting bundler (esbuild) would cut them into one chunk per
 * set of lazy users, each compressed on its own (quick-start host with esbuild: 90.9 → 89.6 KB gzip before the
 * click, the same code).
 */
function kernelCore(getModuleInfo) {
  if (core) return core
  const barrels = new Set(['kernel/index', 'kernel/utils'])
  const placeOf = (file) => place(file).replace(/\.js$/, '')
  /** The modules of the re-export file `barrel` that hand out the names `importer` takes from it. */
  const takenFrom = (importer, barrel) => {
    const names = new Set()
    for (const node of getModuleInfo(importer)?.ast?.body ?? []) {
      if (!node.source || !/^(Import|ExportNamed|ExportAll)Declaration$/.test(node.type)) continue
      const target = self.test(node.source.value) ? sourceEntry(node.source.value) : path.resolve(path.dirname(importer), node.source.value)
      if (!target || placeOf(target) !== place(barrel)) continue
      if (node.type === 'ExportAllDeclaration') names.add('*')
      for (const s of node.specifiers ?? [])
        names.add(s.type === 'ImportSpecifier' ? s.imported.name : s.type === 'ExportSpecifier' ? s.local.name : '*')
    }
    const info = getModuleInfo(barrel)
    return (info?.ast?.body ?? [])
      .filter(
        (n) => n.source && (names.has('*') || n.type === 'ExportAllDeclaration' || n.specifiers.some((s) => names.has(s.exported.name))),
      )
      .map((n) => info.importedIds.find((id) => place(id) === placeOf(path.resolve(path.dirname(barrel), n.source.value))))
      .filter(Boolean)
  }
  /**
   * The kernel modules `files` reach without import(). With `byName`, a public entry (a file of re-exports) leads
   * only to the modules of the names imported from it, as chains import their helpers from `vestibule/utils`.
   */
  const reach = (files, byName = false) => {
    const seen = new Set()
    const found = new Set()
    const queue = files.map((f) => here + f)
    for (const id of queue) {
      if (seen.has(id) || id.includes('/node_modules/') || id.startsWith('\0')) continue
      seen.add(id)
      const at = place(id)
      if (at.startsWith('kernel/') && !barrels.has(at)) found.add(id)
      for (const next of getModuleInfo(id)?.importedIds ?? []) {
        if (byName && barrels.has(place(next)) && !barrels.has(at)) queue.push(...takenFrom(id, next))
        else queue.push(next)
      }
    }
    return found
  }
  // What createKernel and the package's main entry reach (through it, the kernel's whole public API: a bundler
  // that follows re-exports at file level, as esbuild does, loads every re-exported module something uses with the
  // page anyway), and what every chain plugin's entry reaches (amounts, network checks): a host has the shell and
  // at least one chain plugin. Lazily loaded kernel modules (the connection) and helpers that only lazily loaded
  // code or only some chains import directly (display rules, the container lookup) stay files of their own.
  const chains = discovered.filter((f) => f.startsWith('chains/')).map((f) => reach([f], true))
  core = reach(['kernel/kernel.ts', 'ui/index.ts'])
  for (const id of chains[0] ?? []) if (chains.every((c) => c.has(id))) core.add(id)
  return core
}
let connection
/**
 * The connection logic loads with import() on first use, as one file, kernel/connection.js: the kernel modules only
 * it imports (its session rules, its wallet calls) go into that file, and what it shares with the page comes from
 * kernel/core.js. Split into files, a host would fetch them one after the other after the click.
 */
function connectionFile(getModuleInfo) {
  if (connection) return connection
  const root = here + 'kernel/connection.ts'
  const core = kernelCore(getModuleInfo)
  connection = new Set([root])
  // A module joins when every importer is in the file already (so nothing else, eager or lazy, needs it apart).
  for (let grew = true; grew; ) {
    grew = false
    for (const id of [...connection]) {
      for (const next of getModuleInfo(id)?.importedIds ?? []) {
        if (connection.has(next) || core.has(next) || !place(next).startsWith('kernel/') || next.includes('/node_modules/')) continue
        const importers = [...(getModuleInfo(next)?.importers ?? []), ...(getModuleInfo(next)?.dynamicImporters ?? [])]
        if (importers.every((i) => connection.has(i))) {
          connection.add(next)
          grew = true
        }
      }
    }
  }
  return connection
}
const chunkOf = (id, getModuleInfo) => {
  if (containerModule(id)) return 'kernel/core'
  if (id.startsWith('\0') || id.includes('/node_modules/')) return undefined
  if (kernelCore(getModuleInfo).has(id)) return 'kernel/core'
  return connectionFile(getModuleInfo).has(id) ? 'kernel/connection' : place(id)
}

/**
 * The kernel modules declaring the interfaces plugins augment (`declare module 'vestibule/kernel' { interface
 * ModalOptions … }`). TypeScript merges an augmentation only with what the named module declares itself, so their
 * declarations go into kernel/index.d.ts, not into a shared chunk that file re-exports. kernel/modal joins them: its
 * `Modal` is what uses their unexported helper types (EventListener, Theme), which then stay inside the file.
 */
const augmentable = /^kernel\/(index|contract|events|router|state|modal)$/
/**
 * With those declarations in kernel/index.d.ts, other declaration files import from it, and rollup may export more
 * from an entry than its module does: a name other files need from it. That name would become public API of
 * `vestibule/kernel`; fail the build instead (keep such a type's module out of `augmentable`, or export it).
 */
const ownExportsOnly = {
  name: 'own-exports-only',
  generateBundle(_, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk' || !chunk.isEntry) continue
      // A module with `export *` exports what its imports export (taken whole: this only may let a name through).
      const exportsOf = (id, seen = new Set()) => {
        const info = seen.has(id) ? undefined : (seen.add(id), this.getModuleInfo(id))
        const names = info?.exports ?? []
        return names.includes('*') ? [...names, ...info.importedIds.flatMap((dep) => exportsOf(dep, seen))] : names
      }
      const own = new Set(exportsOf(chunk.facadeModuleId))
      const extra = chunk.exports.filter((name) => !own.has(name))
      if (extra.length)
        this.error(`${chunk.fileName} would export ${extra.join(', ')}, which ${place(chunk.facadeModuleId)} does not export`)
    }
  },
}

/**
 * TypeScript merges an augmentation of a module that only re-exports an interface (`declare module 'vestibule'`)
 * into a copy of it, and a later augmentation of the declaring module (`'vestibule/kernel'`) into another copy:
 * whichever comes second in the program is lost. Two rules make both forms merge into the one interface:
 * kernel/index.d.ts augments itself with them (so the declaring module's own entry is already the merged symbol),
 * and index.d.ts re-exports the kernel with `export *` (an augmentation of a name reached through `export *`
 * merges into the kernel's entry) instead of naming its names. index.ts exports every kernel name, so the
 * package's main entry exports the same names as before.
 */
const AUGMENTED = [
  'ModalOptions',
  'Features',
  'PluginApis',
  'VestibuleEvents',
  'ViewIds',
  'CheckedViews',
  'AccountState',
  'NetworkState',
  'ConnectorTypes',
]
const mergedAugmentations = {
  name: 'merged-augmentations',
  generateBundle(_, bundle) {
    const kernel = bundle['kernel/index.d.ts']
    const main = bundle['index.d.ts']
    const missing = AUGMENTED.filter((name) => !kernel?.exports.includes(name))
    if (missing.length || !main) this.error(`kernel/index.d.ts must declare and export ${missing.join(', ')}`)
    const own = new Set(kernel.exports)
    kernel.code = `declare module './index.js' {\n${AUGMENTED.map((name) => `    interface ${name} {}\n`).join('')}}\n${kernel.code}`
    const fromKernel = new Set()
    let code = main.code.replace(/^import \{([^}]*)\} from '\.\/kernel\/index\.js';$/gm, (whole, names) => {
      for (const n of names.split(',').map((x) => x.trim())) if (!n.includes(' as ')) fromKernel.add(n)
      return whole
    })
    code = code.replace(/^export (type )?\{([^}]*)\}( from '([^']+)')?;\n/gm, (_, type, names, from, source) => {
      const kept = names
        .split(',')
        .map((x) => x.trim())
        .filter((n) => (source === './kernel/index.js' ? !own.has(n) || n.includes(' as ') : source || !(own.has(n) && fromKernel.has(n))))
      return kept.length ? `export ${type ?? ''}{ ${kept.join(', ')} }${from ?? ''};\n` : ''
    })
    main.code = `${code}export * from './kernel/index.js';\n`
  },
}

export default [
  {
    input,
    external,
    plugins: [
      { name: 'clean-dist', buildStart: () => rmSync('dist', { recursive: true, force: true }) },
      ownEntries,
      rollupContainer(),
      esbuild({ target: 'es2022', jsx: 'automatic', tsconfig: 'tsconfig.json' }),
    ],
    // No source imports a package for its side effects. Without this, a module that imports a name from the
    // kernel's entry would carry bare `import 'tsyringe'`-style lines for every package the entry's modules use,
    // which keeps host bundlers from dropping or regrouping them.
    // The DI container's modules (carried inside, see build/container.mjs) only declare and allocate.
    treeshake: { moduleSideEffects: (id, external) => !external && !containerModule(id) },
    output: {
      dir: 'dist',
      format: 'esm',
      // One file per source module: host bundlers drop what they do not use, and import() stays a
      // separate chunk on their side too (viem, the shell and the views load on demand). The exception is the
      // kernel's core, one file (see kernelCore).
      manualChunks: (id, { getModuleInfo }) => chunkOf(id, getModuleInfo),
      entryFileNames: '[name].js',
      chunkFileNames: '[name].js',
      minifyInternalExports: false,
      // Without this, entries would gain bare `import './x.js'` lines for modules they only reach indirectly.
      hoistTransitiveImports: false,
    },
  },
  {
    // Declarations for all entries in one pass, so a type shared by two entries (Modal, VestibuleError)
    // is declared once in a shared chunk rather than duplicated, which would break class identity.
    input,
    external,
    plugins: [ownEntries, dts({ tsconfig: 'tsconfig.json' }), ownExportsOnly, mergedAugmentations],
    // Types have no side effects; without this, unused external type imports stay as bare `import 'x'`.
    treeshake: { moduleSideEffects: false },
    // kernel/index.d.ts holds the augmented interfaces and what other files use with them (see augmentable);
    // own-exports-only keeps its exports those of kernel/index.ts. Other chunks import by the declared names.
    preserveEntrySignatures: 'allow-extension',
    output: {
      dir: 'dist',
      format: 'esm',
      entryFileNames: '[name].d.ts',
      chunkFileNames: 'types/[name]-[hash].d.ts',
      manualChunks: (id) =>
        augmentable.test(place(id)) ? 'kernel/index' : /^kernel\//.test(place(id)) && !input[place(id)] ? 'kernel' : undefined,
      minifyInternalExports: false,
    },
  },
]
