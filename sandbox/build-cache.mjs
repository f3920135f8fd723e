// A disk cache for the sandbox's in-memory esbuild bundles. Every browser test file starts a sandbox, and each
// one bundled the same demo app again (1.5–5 s on two cores). A bundle is reused only while every file esbuild
// read for it is unchanged (same size and modification time), so an edit to any source rebuilds it.
import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { deserialize, serialize } from 'node:v8'
import * as esbuild from 'esbuild'
import { entries, root } from './resolve.mjs'

const CACHE_DIR = path.join(root, 'node_modules/.cache/vestibule-sandbox')

/** The cache key: the build's options, with plugins named (their code is part of the tree the inputs cover). */
function keyOf(options) {
  const described = JSON.stringify({ format: 2, ...options, plugins: (options.plugins ?? []).map((p) => p.name) })
  return createHash('sha256').update(described).digest('hex').slice(0, 32)
}

async function fingerprint(file) {
  const info = await stat(file)
  return `${info.size}:${info.mtimeMs}`
}

async function unchanged(inputs) {
  try {
    const now = await Promise.all(Object.keys(inputs).map(fingerprint))
    return Object.values(inputs).every((value, i) => value === now[i])
  } catch {
    return false
  }
}

async function readCached(file) {
  try {
    const entry = deserialize(await readFile(file))
    return entry && (await unchanged(entry.inputs)) ? entry.outputs : undefined
  } catch {
    return undefined
  }
}

/**
 * `esbuild.build` with `write: false`, answered from the cache when none of the build's inputs changed.
 * Resolves to the output files as `{ path, contents }`. `VESTIBULE_SANDBOX_CACHE=0` turns the cache off.
 */
export async function cachedBuild(options) {
  if (process.env.VESTIBULE_SANDBOX_CACHE === '0') return (await esbuild.build(options)).outputFiles
  const file = path.join(CACHE_DIR, `${keyOf(options)}.bin`)
  const cached = await readCached(file)
  if (cached) return cached
  const result = await esbuild.build({ ...options, absWorkingDir: root, metafile: true })
  const outputs = result.outputFiles.map((f) => ({ path: f.path, contents: f.contents }))
  // Inputs esbuild names with a namespace prefix (`ns:path`) are not files; the files behind them are listed too.
  const files = Object.keys(result.metafile.inputs).filter((input) => !/^[^/]*:/.test(input))
  // The source plugin reads the package's entries itself (to link re-exports): they count as inputs too, with the
  // plugin and this cache.
  const own = [...Object.values(entries), 'sandbox/resolve.mjs', 'sandbox/build-cache.mjs']
  const inputs = {}
  for (const input of [...new Set([...files, ...own])])
    inputs[path.resolve(root, input)] = await fingerprint(path.resolve(root, input)).catch(() => 'missing')
  await mkdir(CACHE_DIR, { recursive: true })
  // Another test worker may be writing the same entry: write aside, then rename over it in one step.
  const temporary = `${file}.${process.pid}.${Date.now()}`
  await writeFile(temporary, serialize({ inputs, outputs }))
  await rename(temporary, file)
  return outputs
}
