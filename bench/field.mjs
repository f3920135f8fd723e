/**
 * `npm run bench:field`: what users of a host app see. Minimal React hosts are built from the packed package (as a
 * host installs it) with Vite and esbuild, served from 127.0.0.1 and measured in headless Chromium on loopback and
 * under emulated network conditions (50 ms round trip, 20 Mbit/s, through the DevTools protocol). Runs are
 * interleaved (every variant once per round) and medians reported:
 * - button ready: navigation start → the host's connect button is in the DOM;
 * - click → wallet list: the click → the list is visible, and the main-thread work in between (DevTools
 *   TaskDuration: handler, React render, style, layout);
 * - JS gzip loaded before `load`, fetched after it and before the click (the idle preload), and after the click;
 * - heap after open, long tasks after the click, requests other than the page's own before the first open.
 * Each host's files are served by a process of its own and no request is routed through the bench's process, which
 * is busy with DevTools traffic: a request there waited on it, which slowed hosts with several chunks most.
 * BENCH_INPROCESS=1 measures the old way (server and routing in the bench's process) for comparison.
 * BENCH_RUNS sets the rounds (default 7); BENCH_KEEP=1 keeps the built hosts. Results go to bench/.out/field.json.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { launchChromium, serve, serveApart } from './browser.mjs'
import { buildHosts } from './bundlers.mjs'
import { installPackedPackage, root } from './packed.mjs'
import { startProviderApi } from '../sandbox/provider-api/server.mjs'

const RUNS = Number(process.env.BENCH_RUNS ?? 7)
const OUT = join(root, 'bench/.out')
const BUNDLERS = (process.env.BENCH_BUNDLERS ?? 'vite,esbuild').split(',')
/** 50 ms round trip, 20 Mbit/s each way. */
export const PROFILES = {
  loopback: undefined,
  '50ms-20Mbit': { offline: false, latency: 50, downloadThroughput: (20e6 / 8) | 0, uploadThroughput: (20e6 / 8) | 0 },
}

const button = `createRoot(document.getElementById('root')).render(createElement('button', { id: 'connect', type: 'button', 'data-vestibule-preload': '', onClick: () => modal.open() }, 'Connect'))`
export const HOSTS = {
  // The quick start: one chain plugin, one network; ?preload=none turns the preload off.
  'quick-start': `import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { createModal } from 'vestibule'
import { eip155, mainnet } from 'vestibule/chains/eip155'
const modal = createModal({ projectId: 'bench', preload: new URLSearchParams(location.search).get('preload') || undefined, plugins: [eip155({ networks: [mainnet] })] })
${button}
`,
  // The widest host: EVM and Solana, WalletConnect and the wallet catalog (on the local provider API).
  widest: `import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { createModal } from 'vestibule'
import { eip155, mainnet } from 'vestibule/chains/eip155'
import { solana, solanaMainnet } from 'vestibule/chains/solana'
import { walletConnect } from 'vestibule/plugins/walletconnect'
import { walletCatalog } from 'vestibule/plugins/catalog'
const modal = createModal({ projectId: 'bench', apiUrl: new URLSearchParams(location.search).get('api') || undefined, plugins: [eip155({ networks: [mainnet] }), solana({ networks: [solanaMainnet] }), walletConnect(), walletCatalog()] })
${button}
`,
  // Bare React: a hand-written list of the EIP-6963 wallets, the floor any modal is measured against.
  'bare-react': `import { createElement, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
function App() {
  const [open, setOpen] = useState(false)
  const [wallets, setWallets] = useState([])
  useEffect(() => {
    const seen = (event) => setWallets((list) => (list.some((w) => w.info.uuid === event.detail.info.uuid) ? list : [...list, event.detail]))
    window.addEventListener('eip6963:announceProvider', seen)
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    return () => window.removeEventListener('eip6963:announceProvider', seen)
  }, [])
  return createElement('div', null,
    createElement('button', { id: 'connect', type: 'button', onClick: () => setOpen(true) }, 'Connect'),
    open ? createElement('ul', { 'data-testid': 'wallet-list' }, wallets.map((w) => createElement('li', { key: w.info.uuid }, createElement('button', { type: 'button' }, createElement('img', { src: w.info.icon, alt: '', width: 24 }), w.info.name)))) : null)
}
createRoot(document.getElementById('root')).render(createElement(App))
`,
}
/** Each variant: a host, the query it loads with. */
const VARIANTS = [
  { host: 'quick-start', name: 'quick-start (preload idle)', query: '' },
  { host: 'quick-start', name: 'quick-start (preload none)', query: '?preload=none' },
  { host: 'widest', name: 'widest (eip155+solana+WC+catalog)', query: '' },
  { host: 'bare-react', name: 'bare React list', query: '' },
]

/** Runs in the page before its scripts: records when #connect appears and every long task. */
export function instrument() {
  const w = window
  w.__bench = { buttonReady: undefined, longTasks: [] }
  new MutationObserver((_, observer) => {
    if (document.getElementById('connect')) {
      w.__bench.buttonReady = performance.now()
      observer.disconnect()
    }
  }).observe(document, { childList: true, subtree: true })
  new PerformanceObserver((list) =>
    w.__bench.longTasks.push(...list.getEntries().map((e) => ({ start: e.startTime, duration: e.duration }))),
  ).observe({ type: 'longtask', buffered: true })
}

/**
 * Runs in the page: clicks #connect and resolves with the ms until the wallet list is visible: our list by its
 * test id, or (for other libraries) any visible element naming the bench's announced wallet, in the document or
 * any open shadow root.
 */
export function clickToList() {
  const named = (root) => {
    for (const element of root.querySelectorAll('*')) {
      if (element.shadowRoot) {
        const inner = named(element.shadowRoot)
        if (inner) return inner
      }
      if (element.childElementCount === 0 && element.textContent?.trim() === 'Bench Wallet' && element.checkVisibility()) return element
    }
    return undefined
  }
  const find = () =>
    (
      document.querySelector('[data-testid="wallet-list"]') ??
      document.querySelector('div[data-vestibule]')?.shadowRoot?.querySelector('[data-testid="wallet-list"]')
    )?.checkVisibility() || Boolean(named(document))
  return new Promise((resolve, reject) => {
    const t0 = performance.now()
    window.__bench.clickedAt = t0
    document.getElementById('connect').click()
    const frame = () =>
      find()
        ? resolve(performance.now() - t0)
        : performance.now() - t0 > 15_000
          ? reject(new Error('no wallet list after 15 s'))
          : requestAnimationFrame(frame)
    frame()
  })
}

/** gzip -9 size of each served file, read once: sizes come from the disk, not from response bodies over DevTools. */
const gzipSizes = new Map()
const servedGzip = (dir, url) => {
  const file = join(dir, decodeURIComponent(new URL(url).pathname))
  if (!gzipSizes.has(file)) gzipSizes.set(file, existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : undefined)
  return gzipSizes.get(file)
}

/**
 * One cold load of `url` (served from `dir`), then the click: see the header for what is measured. Script sizes
 * are those of the served files; a script from elsewhere is read from its response.
 */
export async function measureOnce(browser, url, profile, dir) {
  const page = await browser.context.newPage()
  const cdp = await browser.context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  if (profile) await cdp.send('Network.emulateNetworkConditions', profile)
  const result = { errors: [] }
  page.on('pageerror', (error) => result.errors.push(String(error)))
  let phase = 'load'
  const scripts = []
  const early = []
  page.on('request', (request) => {
    const type = request.resourceType()
    if (type !== 'document' && type !== 'script' && phase !== 'open') early.push(request.url())
  })
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return
    const at = phase
    const gzip = dir && servedGzip(dir, response.url())
    scripts.push(
      gzip !== undefined
        ? { at, gzip }
        : response.body().then(
            (body) => ({ at, gzip: gzipSync(body, { level: 9 }).length }),
            () => undefined,
          ),
    )
  })
  try {
    await page.goto(url, { waitUntil: 'load' })
    phase = 'preload'
    await page.waitForFunction(() => window.__bench.buttonReady !== undefined)
    result.buttonReady = await page.evaluate(() => window.__bench.buttonReady)
    // Loaded and idle: whatever the preload fetches has arrived.
    await page.waitForLoadState('networkidle')
    phase = 'open'
    await cdp.send('Performance.enable')
    const taskTime = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value
    const before = await taskTime()
    result.clickToList = await page.evaluate(clickToList)
    // Main-thread work from the click to the visible list (the click handler, rendering, layout, paint).
    result.mainThreadMs = ((await taskTime()) - before) * 1000
    await page.waitForTimeout(300)
    const sums = { load: 0, preload: 0, open: 0 }
    for (const s of await Promise.all(scripts)) if (s) sums[s.at] += s.gzip
    result.jsAtLoad = sums.load
    result.jsPreloaded = sums.preload
    result.jsAfterClick = sums.open
    result.requestsBeforeOpen = early.length
    const { longTasks, clickedAt } = await page.evaluate(() => window.__bench)
    const after = longTasks.filter((t) => t.start >= clickedAt)
    result.longTasksAfterClick = after.length
    result.longTaskMsAfterClick = after.reduce((sum, t) => sum + t.duration, 0)
    await cdp.send('HeapProfiler.collectGarbage')
    result.heapAfterOpen = (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'JSHeapUsedSize').value
  } catch (error) {
    result.failure = String(error?.message ?? error)
  } finally {
    await page.close()
  }
  return result
}

export const median = (xs) => {
  const s = xs.filter((x) => typeof x === 'number').sort((a, b) => a - b)
  if (!s.length) return undefined
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

/** Prints the medians of `samples` (key `profile|bundler|host` → runs) as a table and writes them to bench/.out/`file`. */
export function report(samples, runs, file) {
  const rows = [
    [
      'profile',
      'bundler',
      'host',
      'button ready',
      'click→list',
      'main thread',
      'JS at load',
      'JS preloaded',
      'JS after click',
      'heap',
      'long tasks after click',
      'req. before open',
      'failures',
    ],
  ]
  const results = {}
  const kb = (b) => (b === undefined ? '–' : `${(b / 1024).toFixed(1)} KB`)
  const ms = (v) => (v === undefined ? '–' : `${v.toFixed(1)} ms`)
  for (const [key, list] of samples) {
    const [profileName, bundler, name] = key.split('|')
    const ok = list.filter((r) => !r.failure)
    const m = (field) => median(ok.map((r) => r[field]))
    const summary = Object.fromEntries(
      [
        'buttonReady',
        'clickToList',
        'mainThreadMs',
        'jsAtLoad',
        'jsPreloaded',
        'jsAfterClick',
        'heapAfterOpen',
        'longTasksAfterClick',
        'longTaskMsAfterClick',
        'requestsBeforeOpen',
      ].map((f) => [f, m(f)]),
    )
    results[key] = { ...summary, runs: list }
    rows.push([
      profileName,
      bundler,
      name,
      ms(summary.buttonReady),
      ms(summary.clickToList),
      ms(summary.mainThreadMs),
      kb(summary.jsAtLoad),
      kb(summary.jsPreloaded),
      kb(summary.jsAfterClick),
      summary.heapAfterOpen === undefined ? '–' : `${(summary.heapAfterOpen / 1048576).toFixed(2)} MB`,
      `${summary.longTasksAfterClick ?? '–'} (${ms(summary.longTaskMsAfterClick)})`,
      String(summary.requestsBeforeOpen ?? '–'),
      `${list.length - ok.length}${ok.length < list.length ? `: ${list.find((r) => r.failure).failure}` : ''}`,
    ])
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)))
  console.log(`\nmedians of ${runs} interleaved runs; JS is gzip -9 of each script response (KB = 1024 B)\n`)
  console.log(
    rows
      .map(
        (r, n) =>
          r.map((cell, i) => cell.padEnd(widths[i])).join(' │ ') + (n === 0 ? '\n' + widths.map((w) => '─'.repeat(w)).join('─┼─') : ''),
      )
      .join('\n'),
  )
  writeFileSync(join(OUT, file), JSON.stringify({ date: new Date().toISOString(), runs, results }, null, 2))
  console.log(`\nwrote bench/.out/${file}`)
}

if (import.meta.url === `file://${process.argv[1]}`) await main()

async function main() {
  mkdirSync(OUT, { recursive: true })
  const host = installPackedPackage()
  const api = await startProviderApi()
  const INPROC = process.env.BENCH_INPROCESS === '1'
  const browser = await launchChromium({ routed: INPROC })
  await browser.context.addInitScript({ path: join(root, 'bench/fake-wallet.js') })
  await browser.context.addInitScript(instrument)
  const servers = []
  try {
    const entries = {}
    for (const [name, source] of Object.entries(HOSTS)) {
      entries[name] = join(host.dir, `${name}.js`)
      writeFileSync(entries[name], source)
    }
    const bases = {}
    const dirs = {}
    for (const bundler of BUNDLERS) {
      const outdir = join(host.dir, 'out', bundler)
      process.stdout.write(`building with ${bundler} … `)
      // One build per host, as each host app is built on its own: in one multi-entry build the bundler would
      // split code the hosts share into extra chunks no real host has.
      // Each is served from its own origin, as a host app is.
      bases[bundler] = {}
      for (const [name, file] of Object.entries(entries)) {
        await buildHosts(bundler, host.dir, { [name]: file }, join(outdir, name))
        const server = await (INPROC ? serve : serveApart)(join(outdir, name))
        servers.push(server)
        bases[bundler][name] = `http://127.0.0.1:${server.address().port}`
        dirs[`${bundler}|${name}`] = join(outdir, name)
      }
      console.log('done')
    }
    const samples = new Map()
    for (let round = 1; round <= RUNS; round++) {
      process.stdout.write(`round ${round}/${RUNS} `)
      for (const [profileName, profile] of Object.entries(PROFILES)) {
        for (const bundler of BUNDLERS) {
          for (const variant of VARIANTS) {
            const separator = variant.query ? '&' : '?'
            const url = `${bases[bundler][variant.host]}/${variant.host}.html${variant.query}${separator}api=${encodeURIComponent(api.url)}`
            const key = `${profileName}|${bundler}|${variant.name}`
            const list = samples.get(key) ?? []
            list.push(await measureOnce(browser, url, profile, INPROC ? undefined : dirs[`${bundler}|${variant.host}`]))
            samples.set(key, list)
            process.stdout.write('.')
          }
        }
      }
      console.log()
    }

    report(samples, RUNS, 'field.json')
  } finally {
    for (const server of servers) server.close()
    await browser.close()
    await api.stop()
    // BENCH_KEEP=1 leaves the built hosts for a closer look (a trace of one page, their files).
    if (process.env.BENCH_KEEP) console.log(`hosts kept in ${host.dir}/out`)
    else await host.remove()
  }
}
