// Loads a TypeScript module of the package in plain Node: bundled whole by esbuild into a temporary file, imported
// from there (the sandbox's servers run without a TypeScript loader).
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import * as esbuild from 'esbuild'
import { root, vestibuleSource } from '../resolve.mjs'

const loaded = new Map()

/** The module at `file` (relative to the repository root), compiled once per process. */
export function loadSource(file) {
  let module = loaded.get(file)
  if (!module) {
    module = (async () => {
      const result = await esbuild.build({ entryPoints: [path.join(root, file)], bundle: true, write: false, platform: 'node', format: 'esm', logLevel: 'silent', plugins: [vestibuleSource] })
      const dir = await mkdtemp(path.join(tmpdir(), 'vestibule-siwx-'))
      const out = path.join(dir, `${path.basename(file).replace(/\.tsx?$/, '')}.mjs`)
      await writeFile(out, result.outputFiles[0].contents)
      return import(pathToFileURL(out).href)
    })()
    loaded.set(file, module)
  }
  return module
}
