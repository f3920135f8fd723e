// Production builds of host apps with the bundlers hosts use: Vite 8 (rolldown), webpack 5, esbuild with code
// splitting, and Rollup. Each takes a host project folder (its node_modules holds the packed package and the
// peers) and several entries, builds them in one run, and writes one page per entry: `<outdir>/<name>.html`.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const NODE_ENV = { 'process.env.NODE_ENV': '"production"' }

// The data: favicon keeps Chromium from requesting /favicon.ico, which would count as a request.
const page = (script) => `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><div id="root"></div>${script}`
const writePages = (outdir, names, script) => {
  for (const name of names) writeFileSync(join(outdir, `${name}.html`), page(script(name)))
}
const moduleScript = (name) => `<script type="module" src="./${name}.js"></script>`

async function vite(hostDir, entries, outdir) {
  const { build } = await import('vite')
  // Vite builds from HTML pages: one per entry, next to the entry so the script path is relative.
  const input = {}
  for (const [name, file] of Object.entries(entries)) {
    const html = join(hostDir, `${name}.html`)
    writeFileSync(html, page(`<script type="module" src="${file}"></script>`))
    input[name] = html
  }
  await build({
    root: hostDir,
    configFile: false,
    logLevel: 'error',
    mode: 'production',
    build: { outDir: outdir, emptyOutDir: true, rollupOptions: { input } },
  })
}

async function webpack(hostDir, entries, outdir, { terser = true } = {}) {
  const { default: webpack } = await import('webpack')
  const stats = await new Promise((resolve, reject) =>
    webpack(
      {
        mode: 'production',
        context: hostDir,
        entry: entries,
        output: { path: outdir, filename: '[name].js', chunkFilename: 'chunk-[id].js', publicPath: 'auto', clean: true },
        // Large lazily loaded chunks (viem, chain SDKs) are expected; the size hints are noise here.
        performance: { hints: false },
        optimization: { minimize: terser },
        infrastructureLogging: { level: 'error' },
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  )
  if (stats.hasErrors()) throw new Error(`webpack: ${stats.toString({ all: false, errors: true, errorDetails: false }).slice(0, 4000)}`)
  writePages(outdir, Object.keys(entries), (name) => `<script defer src="./${name}.js"></script>`)
}

async function esbuild(hostDir, entries, outdir) {
  const { build } = await import('esbuild')
  rmSync(outdir, { recursive: true, force: true })
  await build({
    absWorkingDir: hostDir,
    entryPoints: entries,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    platform: 'browser',
    target: 'es2022',
    define: NODE_ENV,
    logLevel: 'error',
  })
  writePages(outdir, Object.keys(entries), moduleScript)
}

async function rollup(hostDir, entries, outdir) {
  const [{ rollup }, { nodeResolve }, { default: commonjs }, { default: replace }, { default: json }, { minify }] = await Promise.all([
    import('rollup'),
    import('@rollup/plugin-node-resolve'),
    import('@rollup/plugin-commonjs'),
    import('@rollup/plugin-replace'),
    import('@rollup/plugin-json'),
    import('rollup-plugin-esbuild'),
  ])
  rmSync(outdir, { recursive: true, force: true })
  const bundle = await rollup({
    input: entries,
    plugins: [
      replace({ preventAssignment: true, values: NODE_ENV }),
      nodeResolve({ browser: true, rootDir: hostDir }),
      commonjs(),
      json(),
      // A production host minifies what it ships, as the other bundlers here do by default.
      minify(),
    ],
    onwarn(warning, warn) {
      // Circular imports inside the chain SDKs and `this` at module scope in their CommonJS builds are theirs.
      if (warning.code === 'CIRCULAR_DEPENDENCY' || warning.code === 'THIS_IS_UNDEFINED') return
      // So is an SDK's require('ws') behind a WebSocket check, which the minifier leaves as written.
      if (warning.plugin === 'esbuild-minify' && warning.message.includes('unsupported-require-call')) return
      warn(warning)
    },
  })
  await bundle.write({ dir: outdir, format: 'es', entryFileNames: '[name].js' })
  await bundle.close()
  writePages(outdir, Object.keys(entries), moduleScript)
}

/** The bundlers by name; each resolves when `<outdir>/<entry>.html` pages are written. */
export const BUNDLERS = { vite, webpack, esbuild, rollup }

/**
 * Builds `entries` (name → absolute path of a host module inside `hostDir`) with `bundler` into `outdir`.
 *
 * @param {keyof typeof BUNDLERS} bundler
 * @param {string} hostDir
 * @param {Record<string, string>} entries
 * @param {string} outdir
 * @param {{ terser?: boolean }} [options] `terser: false` builds webpack hosts without its minifier (sizes are then
 *   not a host's; what webpack alone decides, its module runtime, chunks and the order of side effects, is the same)
 */
export async function buildHosts(bundler, hostDir, entries, outdir, options = {}) {
  mkdirSync(outdir, { recursive: true })
  await BUNDLERS[bundler](hostDir, entries, outdir, options)
}
