/**
 * `node bench/weights.mjs`: what each public entry costs a host before anything runs — the gzip bytes of the
 * code a bundler loads eagerly for a host that imports the entry whole (`import * as m`), built for production
 * with esbuild (code-split, minified, browser). Chunks behind a dynamic import are reported apart as "lazy".
 * The third-party example plugin is measured as what it adds to the quick-start host (createModal + eip155).
 * `node bench/weights.mjs --attribute [entry]` instead lists what each source weighs in one entry's eager code (the
 * kernel's by default; `quick-start` for the quick-start host), gzip bytes per file.
 */
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { attribute } from './attribute.mjs'
import { hostFromSource } from './host-build.mjs'
import { eagerOutputs, entryOutput } from './metafile.mjs'

const KB = 1024
/** Gzip budgets in bytes: the kernel entry with its dependencies, the example plugin, each feature plugin's eager part. */
const BUDGETS = {
  'vestibule/kernel': 18 * KB,
  'examples/hello (over the quick start)': 1 * KB,
  'plugins/receive (over the quick start)': 2 * KB,
  'plugins/tokens (over the quick start)': 2 * KB,
  'plugins/send (over the quick start)': 2 * KB,
  'plugins/swap (over the quick start)': 2 * KB,
  'plugins/activity (over the quick start)': 2 * KB,
  'plugins/nfts (over the quick start)': 2 * KB,
  'plugins/walletconnect (over the quick start)': 2 * KB,
  'plugins/auth (over the quick start)': 2 * KB,
  'plugins/identity (over the quick start)': 2 * KB,
  'plugins/siwx (over the quick start)': 2 * KB,
  'plugins/names (over the quick start)': 2 * KB,
}

async function weigh(contents) {
  const result = await build({
    ...hostFromSource(contents),
    outdir: 'out',
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
  })
  const main = entryOutput(result.metafile, 'host.ts')
  const eager = eagerOutputs(result.metafile, main)
  let eagerBytes = 0
  let lazyBytes = 0
  for (const file of result.outputFiles) {
    const relative = Object.keys(result.metafile.outputs).find((f) => file.path.endsWith(`/${f}`))
    if (!relative?.endsWith('.js')) continue
    const size = gzipSync(file.contents, { level: 9 }).length
    if (eager.has(relative)) eagerBytes += size
    else lazyBytes += size
  }
  return { eager: eagerBytes, lazy: lazyBytes }
}

const whole = (specifier) => `import * as entry from '${specifier}'\n;(globalThis as any).entry = entry\n`
const quickStart = `import { createModal } from 'vestibule'\nimport { eip155 } from 'vestibule/chains/eip155'\n`

if (process.argv[2] === '--attribute') {
  const target = process.argv[3] ?? 'vestibule/kernel'
  const contents = target === 'quick-start' ? `${quickStart};(globalThis as any).m = [createModal, eip155]\n` : whole(target)
  const result = await build({
    ...hostFromSource(contents),
    outdir: 'out',
    write: false,
    sourcemap: 'external',
    define: { 'process.env.NODE_ENV': '"production"' },
  })
  const eager = eagerOutputs(result.metafile, entryOutput(result.metafile, 'host.ts'))
  const total = [...eager].reduce(
    (sum, f) => sum + gzipSync(result.outputFiles.find((o) => o.path.endsWith(`/${f}`)).contents, { level: 9 }).length,
    0,
  )
  console.log(`${target}: ${total} B gzip eager in ${eager.size} files; each source's share (B gzip):`)
  for (const [source, bytes] of attribute(result, eager)) console.log(String(bytes).padStart(7), source)
  process.exit(0)
}
const entries = [
  'vestibule/kernel',
  'vestibule/utils',
  'vestibule/headless',
  'vestibule/chains/eip155',
  'vestibule/chains/solana',
  'vestibule/chains/polkadot',
  'vestibule/chains/bip122',
  'vestibule/plugins/walletconnect',
  'vestibule/plugins/catalog',
  'vestibule/plugins/analytics',
  'vestibule/plugins/receive',
  'vestibule/plugins/tokens',
  'vestibule/plugins/send',
  'vestibule/plugins/activity',
  'vestibule/plugins/nfts',
  'vestibule/plugins/identity',
  'vestibule/plugins/siwx',
  'vestibule/plugins/siwx/messages',
  'vestibule/plugins/names',
  'vestibule/ui',
]
const rows = []
for (const specifier of entries) rows.push([specifier, await weigh(whole(specifier))])

const base = await weigh(`${quickStart};(globalThis as any).m = [createModal, eip155]\n`)
const withHello = await weigh(
  `${quickStart}import { hello } from './examples/hello/index.ts'\n;(globalThis as any).m = [createModal, eip155, hello]\n`,
)
rows.push(['examples/hello (over the quick start)', { eager: withHello.eager - base.eager, lazy: withHello.lazy - base.lazy }])
// Each feature plugin as a host adds it: what it puts on top of the quick start, eagerly and behind import().
for (const [name, factory] of [
  ['receive', 'receive'],
  ['tokens', 'tokens'],
  ['send', 'send'],
  ['swap', 'swap'],
  ['activity', 'activity'],
  ['nfts', 'nfts'],
  ['walletconnect', 'walletConnect'],
  ['auth', 'auth'],
  ['identity', 'identity'],
  ['siwx', 'siwx'],
  ['names', 'names'],
]) {
  const added = await weigh(
    `${quickStart}import { ${factory} } from 'vestibule/plugins/${name}'\n;(globalThis as any).m = [createModal, eip155, ${factory}]\n`,
  )
  rows.push([`plugins/${name} (over the quick start)`, { eager: added.eager - base.eager, lazy: added.lazy - base.lazy }])
}

const fmt = (b) => `${(b / KB).toFixed(2)} KB`
console.log('entry'.padEnd(36), 'eager gzip'.padStart(12), 'lazy gzip'.padStart(12), ' budget')
for (const [name, { eager, lazy }] of rows) {
  const budget = BUDGETS[name]
  console.log(
    name.padEnd(36),
    fmt(eager).padStart(12),
    fmt(lazy).padStart(12),
    budget ? ` ${eager <= budget ? '✓' : '✗'} ≤ ${fmt(budget)}` : '',
  )
}
