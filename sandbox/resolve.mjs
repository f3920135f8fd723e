// Resolves `vestibule` and its subpaths to the source entries, so the sandbox runs the code as it is now.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

const entries = {
  vestibule: 'index.ts',
  'vestibule/react': 'ui/react/index.tsx',
  'vestibule/ui': 'ui/kit/index.ts',
  'vestibule/kernel': 'kernel/index.ts',
  'vestibule/utils': 'kernel/utils.ts',
}

export function sourceEntry(specifier) {
  if (entries[specifier]) return path.join(root, entries[specifier])
  const match = /^vestibule\/(chains|plugins)\/([a-z0-9-]+)$/.exec(specifier)
  if (!match) return undefined
  return ['index.ts', 'index.tsx'].map((file) => path.join(root, match[1], match[2], file)).find(existsSync)
}

/** esbuild plugin mapping `vestibule*` imports to source files. */
export const vestibuleSource = {
  name: 'vestibule-source',
  setup(build) {
    build.onResolve({ filter: /^vestibule(\/.*)?$/ }, (args) => {
      const file = sourceEntry(args.path)
      return file ? { path: file } : { errors: [{ text: `Unknown vestibule entry "${args.path}"` }] }
    })
  },
}
