// How the bench and the bundle tests build host apps: from the sources (vestibuleFromSource), as a production
// app would be bundled (ESM, code-split, minified, for browsers), so both measure the same thing.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import { root, vestibuleFromSource } from './resolve-vestibule.mjs'

const PRODUCTION = { bundle: true, splitting: true, format: 'esm', minify: true, metafile: true, platform: 'browser' }

/** esbuild options for a host given as source text (`host.ts` in the metafile); the caller adds `outdir`. */
export const hostFromSource = (contents) => ({
  ...PRODUCTION,
  stdin: { contents, resolveDir: root, sourcefile: 'host.ts', loader: 'ts' },
  logLevel: 'silent',
  plugins: [vestibuleFromSource],
})

/**
 * esbuild options for one of the package's own entries (`chains/solana/index.ts`), code-split in memory
 * (write: false, outputs under out/ in the metafile) and not minified; callers add minify, externals, plugins.
 */
export const sourceEntry = (entry) => ({
  entryPoints: [entry],
  absWorkingDir: root,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  outdir: 'out',
  write: false,
  metafile: true,
  logLevel: 'silent',
})

/**
 * Builds the host `entry` (a file under bench/hosts/) for production into a fresh `outdir` as host.js, with an
 * index.html that loads it (`head` goes into its head); resolves with the metafile.
 */
export async function bundleHost(entry, outdir, head = '') {
  rmSync(outdir, { recursive: true, force: true })
  mkdirSync(outdir, { recursive: true })
  const { metafile } = await build({
    ...PRODUCTION,
    absWorkingDir: root,
    entryPoints: { host: entry },
    outdir,
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [vestibuleFromSource],
    logLevel: 'warning',
  })
  // The data: favicon keeps Chromium from requesting /favicon.ico, which would count as a request.
  const html = `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">${head}<div id="root"></div><script type="module" src="./host.js"></script>`
  writeFileSync(join(outdir, 'index.html'), html)
  return metafile
}
