/**
 * `node bench/onramp.mjs`: what the on-ramp plugin adds to the quick-start host (createModal + eip155), measured as
 * bench/weights.mjs measures every entry: gzip bytes of the code loaded eagerly (budget 2 KB) and of what stays
 * behind `import()` (the Buy view, its controller and API client), built for production with esbuild.
 */
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { hostFromSource } from './host-build.mjs'
import { eagerOutputs, entryOutput } from './metafile.mjs'

const KB = 1024
const BUDGET = 2 * KB

async function weigh(contents) {
  const result = await build({
    ...hostFromSource(contents),
    outdir: 'out',
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
  })
  const eager = eagerOutputs(result.metafile, entryOutput(result.metafile, 'host.ts'))
  const sizes = { eager: 0, lazy: 0 }
  for (const file of result.outputFiles) {
    const relative = Object.keys(result.metafile.outputs).find((f) => file.path.endsWith(`/${f}`))
    if (!relative?.endsWith('.js')) continue
    sizes[eager.has(relative) ? 'eager' : 'lazy'] += gzipSync(file.contents, { level: 9 }).length
  }
  return sizes
}

const quickStart = `import { createModal } from 'vestibule'\nimport { eip155 } from 'vestibule/chains/eip155'\n`
const base = await weigh(`${quickStart};(globalThis as any).m = [createModal, eip155]\n`)
const added = await weigh(
  `${quickStart}import { onramp } from 'vestibule/plugins/onramp'\n;(globalThis as any).m = [createModal, eip155, onramp]\n`,
)
const eager = added.eager - base.eager
const lazy = added.lazy - base.lazy
const fmt = (b) => `${(b / KB).toFixed(2)} KB (${b} B)`
console.log(`plugins/onramp over the quick start: eager ${fmt(eager)} ${eager <= BUDGET ? '✓' : '✗'} ≤ ${fmt(BUDGET)}; lazy ${fmt(lazy)}`)
if (eager > BUDGET) process.exitCode = 1
