/**
 * `npm run bench:first-render`: the main-thread cost of the Connect view's first render, read from a performance
 * trace of headless Chromium. The host (bench/hosts/react-catalog.tsx: eip155 and the wallet catalog on the local
 * provider API) has five injected EIP-6963 wallets and its code preloaded (the default idle preload); the trace
 * runs from the click until the catalog's first page is listed beside the five wallets.
 *
 * Reported (medians of BENCH_RUNS runs, default 7), in ms of main-thread work:
 * - open: the click's whole task (open(), mounting the shell, the first render, showing the dialog), and the style
 *   and layout in it (scripts run from microtasks are not all named in a trace: the rest is script and DOM work);
 * - after open: the work after the click's task until the catalog's rows are listed (its answer, rows, images);
 * - first render: the shell's first render of Connect with the five wallets (React render and commit, DOM built),
 *   the user timing "vestibule:first-render" the shell records: the number the 8 ms budget speaks of;
 * - total: every main-thread task from the click until the rows are listed.
 */
import { join } from 'node:path'
import { launchChromium, serve } from './browser.mjs'
import { median } from './field.mjs'
import { bundleHost } from './host-build.mjs'
import { root } from './packed.mjs'
import { startProviderApi } from '../sandbox/provider-api/server.mjs'

const RUNS = Number(process.env.BENCH_RUNS ?? 7)
const BUDGET_MS = 8

/** Injected before the page's scripts: five EIP-6963 wallets with inline icons that approve nothing. */
function fiveWallets() {
  for (let i = 1; i <= 5; i++) {
    const icon =
      'data:image/svg+xml,' +
      encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1" fill="#${i}${i}a"/></svg>`)
    const info = Object.freeze({
      uuid: `00000000-0000-4000-8000-00000000000${i}`,
      name: `Injected Wallet ${i}`,
      icon,
      rdns: `dev.vestibule.bench${i}`,
    })
    const provider = {
      request: async () => Promise.reject(Object.assign(new Error('bench wallet'), { code: 4001 })),
      on() {},
      removeListener() {},
    }
    const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
    window.addEventListener('eip6963:requestProvider', announce)
    announce()
  }
}

/** In the page: clicks #connect and resolves once five injected wallets and catalog rows are listed. */
function clickUntilListed() {
  const root = () => document.querySelector('div[data-vestibule]')?.shadowRoot
  const listed = () => {
    const list = root()?.querySelector('[data-testid="wallet-list"]')
    return Boolean(
      list && list.querySelectorAll('li[data-section="injected"]').length === 5 && list.querySelector('li[data-section="recommended"]'),
    )
  }
  return new Promise((resolve, reject) => {
    const t0 = performance.now()
    document.getElementById('connect').click()
    const frame = () =>
      listed()
        ? resolve(performance.now() - t0)
        : performance.now() - t0 > 15_000
          ? reject(new Error('not listed after 15 s'))
          : requestAnimationFrame(frame)
    frame()
  })
}

const CATEGORIES = 'devtools.timeline,disabled-by-default-devtools.timeline,v8'

/** Sums what the main thread did between `from` and `to` (trace µs), by kind, in ms. */
function analyse(events, from, to) {
  const click = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click' && e.ts >= from)
  const main = click.tid
  const onMain = events.filter((e) => e.tid === main && e.ph === 'X' && e.ts >= from && e.ts <= to)
  const tasks = onMain.filter((e) => e.name === 'RunTask').sort((a, b) => a.ts - b.ts)
  const within = (task, name) => onMain.filter((e) => e.name === name && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur)
  const sum = (list) => list.reduce((s, e) => s + e.dur, 0) / 1000
  const open = tasks.find((t) => t.ts <= click.ts && t.ts + t.dur >= click.ts)
  const kinds = (task) => ({
    style: sum(within(task, 'UpdateLayoutTree')),
    layout: sum(within(task, 'Layout')),
  })
  return {
    open: open.dur / 1000,
    ...Object.fromEntries(Object.entries(kinds(open)).map(([k, v]) => [`open ${k}`, v])),
    // Every task after the click's until the rows are listed: the catalog's answer, its rows, their images.
    'after open': sum(tasks.filter((t) => t.ts > open.ts + open.dur)),
    total: sum(tasks.filter((t) => t.ts + t.dur >= click.ts)),
  }
}

const api = await startProviderApi()
const outdir = join(root, 'bench/.out/first-render')
await bundleHost('bench/hosts/react-catalog.tsx', outdir)
const server = await serve(outdir)
const browser = await launchChromium()
await browser.context.addInitScript(fiveWallets)
const samples = []
try {
  for (let run = 0; run < RUNS; run++) {
    const page = await browser.context.newPage()
    const cdp = await browser.context.newCDPSession(page)
    await page.goto(`http://127.0.0.1:${server.address().port}/?api=${encodeURIComponent(api.url)}`, { waitUntil: 'load' })
    await page.waitForLoadState('networkidle')
    const events = []
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value))
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
    await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' })
    const listedAfter = await page.evaluate(clickUntilListed)
    const firstRender = await page.evaluate(() => performance.getEntriesByName('vestibule:first-render')[0]?.duration)
    await cdp.send('Tracing.end')
    await complete
    const start = Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts))
    samples.push({ 'click → listed': listedAfter, 'first render': firstRender, ...analyse(events, start, Infinity) })
    await page.close()
    process.stdout.write('.')
  }
} finally {
  await browser.close()
  server.close()
  await api.stop()
}
console.log(`\nConnect view, 5 injected wallets + the catalog's first page; medians of ${RUNS} runs (ms)`)
for (const key of Object.keys(samples[0])) {
  const value = median(samples.map((s) => s[key]))
  console.log(
    key.padEnd(16),
    value.toFixed(1).padStart(7),
    key === 'first render' ? `  (first render budget ${BUDGET_MS} ms: ${value <= BUDGET_MS ? '✓' : '✗'})` : '',
  )
}
