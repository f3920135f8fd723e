// Resolves `vestibule` and its subpaths to the source entries, so the sandbox runs the code as it is now.
import { existsSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export const entries = {
  vestibule: 'index.ts',
  'vestibule/react': 'ui/react/index.tsx',
  'vestibule/headless': 'headless/index.ts',
  'vestibule/ui': 'ui/kit/index.ts',
  'vestibule/kernel': 'kernel/index.ts',
  'vestibule/utils': 'kernel/utils.ts',
  'vestibule/wagmi': 'wagmi/index.ts',
  'vestibule/server': 'server/index.ts',
  // The chain authors' kit lives beside the chain plugins it is shared by.
  'vestibule/chains/kit': 'chains/shared/kit.ts',
}

export function sourceEntry(specifier) {
  if (entries[specifier]) return path.join(root, entries[specifier])
  // A plugin's entry (vestibule/plugins/siwx) or a module it exports apart (vestibule/plugins/siwx/messages).
  const match = /^vestibule\/(chains|plugins)\/([a-z0-9-]+)(?:\/([a-z0-9-]+))?$/.exec(specifier)
  if (!match) return undefined
  const files = match[3] ? [`${match[3]}.ts`, `${match[3]}.tsx`] : ['index.ts', 'index.tsx']
  return files.map((file) => path.join(root, match[1], match[2], file)).find(existsSync)
}

/** esbuild plugin mapping `vestibule*` imports to source files. */
export const vestibuleSource = {
  name: 'vestibule-source',
  setup(build) {
    build.onResolve({ filter: /^vestibule(\/.*)?$/ }, (args) => {
      const file = sourceEntry(args.path)
      return file ? { path: file } : { errors: [{ text: `Unknown vestibule entry "${args.path}"` }] }
    })
    build.onLoad({ filter: ownSourcesFilter }, loadOwnSource)
  },
}

/** Each name a re-export-only entry hands out, with the source file and the name it has there. */
const reexported = new Map()
function namesOf(entry) {
  if (reexported.has(entry)) return reexported.get(entry)
  const file = path.join(root, entries[entry])
  const names = new Map()
  for (const [, list, from] of readFileSync(file, 'utf8').matchAll(/^export\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'(\.[^']+)'/gm)) {
    const source = path.resolve(path.dirname(file), from.replace(/\.js$/, '.ts'))
    for (const part of list
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const [original, alias = original] = part.replace(/^type\s+/, '').split(/\s+as\s+/)
      names.set(alias, { source, original })
    }
  }
  reexported.set(entry, names)
  return names
}

/**
 * The package's own modules import `vestibule/kernel` and `vestibule/utils` by name; the package's build
 * (rollup.config.mjs) links each imported name to the module that defines it. A bundle made from the sources
 * does the same here, so it splits like a bundle of the built package: a bundler that follows re-exports file by
 * file (esbuild) would otherwise load the whole entry with the first module that imports one helper from it.
 * Type-only names are dropped (they leave nothing in the output).
 */
export function linkOwnImports(contents) {
  return contents.replace(/^(import|export)\s*\{([^}]*)\}\s*from\s*'(vestibule\/(?:kernel|utils))'/gm, (all, keyword, list, entry) => {
    const names = namesOf(entry)
    const bySource = new Map()
    for (const part of list
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      if (part.startsWith('type ')) continue
      const [name, alias = name] = part.split(/\s+as\s+/)
      const found = names.get(name)
      if (!found) return all
      const specifiers = bySource.get(found.source) ?? []
      specifiers.push(found.original === alias ? alias : `${found.original} as ${alias}`)
      bySource.set(found.source, specifiers)
    }
    return [...bySource].map(([source, specifiers]) => `${keyword} { ${specifiers.join(', ')} } from ${JSON.stringify(source)}`).join('; ')
  })
}

/** esbuild onLoad for the package's chain and plugin sources: their imports of public entries, linked as above. */
export const ownSourcesFilter = new RegExp(`^${root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/(chains|plugins)/.*\\.tsx?$`)
export const loadOwnSource = async (args) => ({
  contents: linkOwnImports(await readFile(args.path, 'utf8')),
  loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts',
})
