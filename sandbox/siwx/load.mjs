// Loads a TypeScript module of the package in plain Node: bundled whole by esbuild (no imports left to resolve),
// written to a temporary folder, imported from there and the folder removed at once (the sandbox's servers run
// without a TypeScript loader; an imported module no longer needs its file).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import * as esbuild from 'esbuild'
import { linkOwnImports, ownSourcesFilter, root, vestibuleSource } from '../resolve.mjs'

const loaded = new Map()
const require = createRequire(path.join(root, 'package.json'))

/** An optional peer that is not installed (the redis client) stays an import: it fails only when it is used. */
const optionalPeers = {
  name: 'optional-peers',
  setup(build) {
    build.onResolve({ filter: /^redis$/ }, (args) => {
      try {
        require.resolve(args.path)
        return undefined
      } catch {
        return { path: args.path, external: true }
      }
    })
  },
}

async function compileAndImport(file) {
  const entry = path.join(root, file)
  // Read here, not by esbuild: a missing module rejects with the file system's ENOENT, told apart from a build error.
  const text = await readFile(entry, 'utf8')
  const contents = ownSourcesFilter.test(entry) ? linkOwnImports(text) : text
  const result = await esbuild.build({
    stdin: { contents, sourcefile: entry, resolveDir: path.dirname(entry), loader: entry.endsWith('.tsx') ? 'tsx' : 'ts' },
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    logLevel: 'silent',
    plugins: [vestibuleSource, optionalPeers],
    // A CommonJS package inside the bundle (the redis client) requires Node's own modules: give it `require`.
    banner: {
      js: "import { createRequire as __vestibuleRequire } from 'node:module'; const require = __vestibuleRequire(import.meta.url);",
    },
  })
  const dir = await mkdtemp(path.join(tmpdir(), 'vestibule-siwx-'))
  try {
    const out = path.join(dir, `${path.basename(file).replace(/\.tsx?$/, '')}.mjs`)
    await writeFile(out, result.outputFiles[0].contents)
    return await import(pathToFileURL(out).href)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** The module at `file` (relative to the repository root), compiled once per process; a failed load is tried again next time. */
export function loadSource(file) {
  let module = loaded.get(file)
  if (!module) {
    module = compileAndImport(file)
    module.catch(() => loaded.delete(file))
    loaded.set(file, module)
  }
  return module
}
