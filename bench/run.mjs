/**
 * `npm run bench`: builds small host apps with a production bundler (from the sources, via the same resolver
 * as test/build), loads them in headless Chromium on 127.0.0.1 and reports what a host pays for the modal.
 * Fails only if an eip155-only host contains another chain's SDK or WalletConnect (or nothing could be
 * measured); the budgets are printed for information.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { launchChromium, serve } from './browser.mjs'
import { bundleHost } from './host-build.mjs'
import { FOREIGN_SDK, eagerOutputs, entryOutput } from './metafile.mjs'
import { root } from './resolve-vestibule.mjs'

const OUT = join(root, 'bench/.out')
const RUNS = 9 // measured click → list runs, after one warm-up run
const SETTLE_MS = 500
const KB = 1024
/** Issue 2's budgets for react-eip155, with gzip sizes in bytes. */
const BUDGETS = { beforeClick: 90 * KB, afterOpen: 130 * KB, clickToList: 30, heap: 4 * KB * KB, requestsBeforeOpen: 0 }
const compositions = [
  { name: 'react-eip155', host: 'react-eip155.tsx', wallet: true, eip155Only: true, budgets: BUDGETS },
  { name: 'vanilla-eip155', host: 'vanilla-eip155.ts', wallet: true, eip155Only: true },
  { name: 'react-bare', host: 'react-bare.tsx' },
  // Issue 5: a host with all four chain families stays ≤ 100 KB gzip before the first click.
  { name: 'react-all-chains', host: 'react-all-chains.tsx', wallet: true, budgets: { beforeClick: 100 * KB, requestsBeforeOpen: 0 } },
]

const bundle = (c) => bundleHost(`bench/hosts/${c.host}`, join(OUT, c.name), `<title>${c.name}</title>`)

/** Minified bytes per package (or vestibule folder) in the chunks loaded eagerly and on demand. */
function breakdown(metafile, entry) {
  const eager = eagerOutputs(metafile, entry)
  const groups = { eager: {}, lazy: {} }
  for (const [file, output] of Object.entries(metafile.outputs)) {
    const group = groups[eager.has(file) ? 'eager' : 'lazy']
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const name = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? `vestibule ${input.split('/')[0]}/`
      group[name] = (group[name] ?? 0) + bytesInOutput
    }
  }
  const top = (g) => Object.fromEntries(Object.entries(g).sort((a, b) => b[1] - a[1]))
  return { eager: top(groups.eager), lazy: top(groups.lazy) }
}

/** Runs in the page: clicks the connect button and resolves with the ms until `selector` is visible. */
function clickToList(selector) {
  const find = () => document.querySelector('div[data-vestibule]')?.shadowRoot?.querySelector(selector)?.checkVisibility()
  return new Promise((resolve, reject) => {
    const observers = []
    const observe = (target) => {
      const o = new MutationObserver(check)
      o.observe(target, { childList: true, subtree: true, attributes: true })
      observers.push(o)
    }
    let shadow
    function check() {
      // Mutations inside the shadow root do not reach an observer on body: watch the root once it exists.
      const root = document.querySelector('div[data-vestibule]')?.shadowRoot
      if (root && root !== shadow) observe((shadow = root))
      if (!find()) return false
      resolve(performance.now() - t0)
      observers.forEach((o) => o.disconnect())
      return true
    }
    observe(document.body)
    setTimeout(() => reject(new Error(`${selector} not visible after 10 s`)), 10_000)
    const t0 = performance.now()
    document.getElementById('connect').click()
    const frame = () => check() || requestAnimationFrame(frame)
    requestAnimationFrame(frame)
  })
}

async function measure(c, url) {
  // Off-loopback requests are blocked (and listed); routing also turns the HTTP cache off: every load is cold.
  const browser = await launchChromium()
  const { context } = browser
  const result = { blocked: browser.blocked, errors: [] }
  try {
    if (c.wallet) await context.addInitScript({ path: join(root, 'bench/fake-wallet.js') })
    const page = context.pages()[0] ?? (await context.newPage())
    page.on('pageerror', (e) => result.errors.push(String(e)))

    // Every script body, gzipped as a server would send it; summed at each checkpoint.
    const scripts = []
    page.on('response', (r) => {
      if (r.request().resourceType() !== 'script') return
      scripts.push(
        r.body().then(
          (b) => ({ url: r.url(), gzip: gzipSync(b, { level: 9 }).length }),
          () => undefined,
        ),
      )
    })
    const jsGzip = async () => (await Promise.all(scripts)).reduce((sum, s) => sum + (s?.gzip ?? 0), 0)
    // The document and the scripts it loads count as the host's own; any other request before open is ours.
    let loaded = false
    let clicked = false
    const early = []
    page.on('request', (r) => {
      const own = r.resourceType() === 'document' || (r.resourceType() === 'script' && !loaded)
      if (!own && !clicked) early.push(r.url())
    })

    await page.goto(url, { waitUntil: 'load' })
    loaded = true
    await page.waitForTimeout(SETTLE_MS)
    result.jsBeforeClick = await jsGzip()
    result.requestsBeforeOpen = early.length
    result.earlyRequests = early

    const list = c.wallet ? '[data-testid="wallet-list"]' : '[data-testid="wallet-list-empty"]'
    clicked = true
    await page.click('#connect')
    await page.waitForSelector(list, { timeout: 10_000 }) // CSS selectors pierce open shadow roots
    await page.waitForTimeout(SETTLE_MS)
    result.jsAfterOpen = await jsGzip()
    const cdp = await context.newCDPSession(page)
    await cdp.send('HeapProfiler.collectGarbage')
    await cdp.send('Performance.enable')
    result.heapAfterOpen = (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'JSHeapUsedSize').value

    if (c.wallet) {
      await page.locator('.vb-item').first().click()
      await page.waitForSelector('[data-testid="account"]', { timeout: 10_000 })
      // The balance loads viem, then asks mainnet's RPC, which the route aborts.
      await page.waitForTimeout(2 * SETTLE_MS)
      result.jsAfterConnect = await jsGzip()
    }

    // Fresh page per run, and no stored session, so every open lands on the wallet list.
    const times = []
    for (let i = 0; i <= RUNS; i++) {
      await page.evaluate(() => (localStorage.clear(), sessionStorage.clear()))
      await page.reload({ waitUntil: 'load' })
      await page.waitForTimeout(200)
      times.push(await page.evaluate(clickToList, list))
    }
    result.warmupMs = times[0]
    result.clickToListMs = times.slice(1)
    result.clickToListMedian = median(times.slice(1))
  } catch (error) {
    result.failure = String(error?.message ?? error)
  } finally {
    await browser.close()
  }
  return result
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
const kb = (b) => (b === undefined ? '–' : `${(b / KB).toFixed(1)} KB`)
const within = (value, budget, fmt) => (value === undefined ? '–' : `${fmt(value)} ${value <= budget ? '✓' : '✗'} ≤${fmt(budget)}`)

function table(results) {
  const rows = [
    [
      'composition',
      'JS before click',
      'after open',
      'after connect',
      'click→list median',
      'warm-up',
      'heap after open',
      'req. before open',
      'blocked',
    ],
  ]
  for (const [name, r, c] of results) {
    const b = c.budgets ?? {}
    const ms = (v) => `${v.toFixed(1)} ms`
    const mb = (v) => `${(v / KB / KB).toFixed(2)} MB`
    rows.push([
      name,
      b.beforeClick !== undefined ? within(r.jsBeforeClick, b.beforeClick, kb) : kb(r.jsBeforeClick),
      b.afterOpen !== undefined ? within(r.jsAfterOpen, b.afterOpen, kb) : kb(r.jsAfterOpen),
      kb(r.jsAfterConnect),
      r.clickToListMedian === undefined
        ? '–'
        : b.clickToList !== undefined
          ? within(r.clickToListMedian, b.clickToList, ms)
          : ms(r.clickToListMedian),
      r.warmupMs === undefined ? '–' : ms(r.warmupMs),
      r.heapAfterOpen === undefined ? '–' : b.heap !== undefined ? within(r.heapAfterOpen, b.heap, mb) : mb(r.heapAfterOpen),
      r.requestsBeforeOpen === undefined
        ? '–'
        : b.requestsBeforeOpen !== undefined
          ? within(r.requestsBeforeOpen, b.requestsBeforeOpen, String)
          : String(r.requestsBeforeOpen),
      String(r.blocked.length),
    ])
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)))
  return rows
    .map(
      (r, n) =>
        r.map((cell, i) => cell.padEnd(widths[i])).join(' │ ') + (n === 0 ? '\n' + widths.map((w) => '─'.repeat(w)).join('─┼─') : ''),
    )
    .join('\n')
}

mkdirSync(OUT, { recursive: true })
const server = await serve(OUT)
const base = `http://127.0.0.1:${server.address().port}`
const results = []
let failed = false
try {
  for (const c of compositions) {
    const metafile = await bundle(c)
    const foreign = Object.keys(metafile.inputs).filter((i) => FOREIGN_SDK.test(i))
    if (c.eip155Only && foreign.length) {
      failed = true
      console.error(`✗ ${c.name} contains code it must not: ${foreign.slice(0, 5).join(', ')}${foreign.length > 5 ? ', …' : ''}`)
    }
    process.stdout.write(`measuring ${c.name} … `)
    const r = await measure(c, `${base}/${c.name}/`)
    console.log(r.failure ? `FAILED: ${r.failure}` : 'done')
    if (r.failure) failed = true
    results.push([c.name, { ...r, foreignSdk: foreign, bytes: breakdown(metafile, entryOutput(metafile, `bench/hosts/${c.host}`)) }, c])
  }
} finally {
  server.close()
}

console.log(
  `\nJS sizes are gzip -9 of every script response (KB = 1024 B); budgets: issue 2 for react-eip155, issue 5 for react-all-chains.\n`,
)
console.log(table(results))
for (const [name, r] of results) {
  const top = (g) =>
    Object.entries(g)
      .slice(0, 4)
      .map(([k, v]) => `${k} ${kb(v)}`)
      .join(', ')
  console.log(`\n${name} (minified bytes)\n  eager: ${top(r.bytes.eager)}\n  lazy:  ${top(r.bytes.lazy)}`)
  if (r.errors.length) console.log(`  page errors: ${r.errors.join(' | ')}`)
  if (r.blocked.length) console.log(`  blocked: ${[...new Set(r.blocked)].join(', ')}`)
}
writeFileSync(
  join(OUT, 'results.json'),
  JSON.stringify(
    { date: new Date().toISOString(), budgets: BUDGETS, results: Object.fromEntries(results.map(([n, r]) => [n, r])) },
    null,
    2,
  ),
)
console.log(`\nwrote bench/.out/results.json`)
process.exit(failed ? 1 : 0)
