/**
 * `node bench/headless.mjs`: the JavaScript a headless host loads (sandbox page /headless: its own UI from
 * vestibule/headless and the hooks) against its twin with the shell (/headless-shell: the same plugins behind
 * createModal), in headless Chromium over the sandbox built for production (minified, React's production mode).
 * Two moments: the page ready for a click (the wallet list shown; for the shell host, the page loaded and its idle
 * preload done), and the Sandbox Wallet connected (the headless host showing balances, the shell its Account view).
 * Sizes are the gzip (level 9) of every /app/ script requested so far. Prints the numbers; no budget.
 */
import { gzipSync } from 'node:zlib'
import { startSandbox } from '../sandbox/server.mjs'
import { launchChromium } from './browser.mjs'

const sandbox = await startSandbox({ production: true })
const browser = await launchChromium()
const KB = 1024

/** A fresh page recording the /app/ scripts it requests. */
async function page() {
  const p = await browser.context.newPage()
  const scripts = new Set()
  p.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/app/') && pathname.endsWith('.js')) scripts.add(pathname)
  })
  return { p, scripts }
}

/** Gzip bytes of the scripts and how many there are. */
async function weigh(scripts) {
  let bytes = 0
  for (const path of scripts)
    bytes += gzipSync(Buffer.from(await (await fetch(new URL(path, sandbox.url))).arrayBuffer()), { level: 9 }).length
  return { bytes, files: scripts.size }
}

const approve = (p) => p.locator('[data-testid="sandbox-wallet-approve"]').click()
const rows = []
try {
  {
    const { p, scripts } = await page()
    await p.goto(`${sandbox.url}headless`)
    await p.getByTestId('list-status').filter({ hasText: 'ready' }).waitFor({ timeout: 20_000 })
    await p.waitForLoadState('networkidle')
    const before = await weigh(scripts)
    await p
      .getByTestId('wallet-row')
      .filter({ hasText: /^Sandbox Wallet$/ })
      .click()
    await approve(p)
    await p.getByTestId('balances').filter({ hasText: 'ETH' }).waitFor({ timeout: 20_000 })
    await p.waitForLoadState('networkidle')
    rows.push(['headless host (/headless)', before, await weigh(scripts)])
    await p.close()
  }
  {
    const { p, scripts } = await page()
    // A first visit: the headless host's session (same origin) is forgotten, and the wallet's permission with it.
    await p.goto(`${sandbox.url}headless-shell`)
    await p.evaluate(() => localStorage.clear())
    // Counting starts on a blank page: nothing the first load still fetches adds to it.
    await p.goto('about:blank')
    scripts.clear()
    await p.goto(`${sandbox.url}headless-shell`)
    await p.waitForLoadState('networkidle')
    // The idle preload fetches the first open's code ahead; it counts as loaded before the click.
    await p.waitForTimeout(1500)
    await p.waitForLoadState('networkidle')
    const before = await weigh(scripts)
    await p.getByTestId('open-modal').click()
    const dialog = p.locator('div[data-vestibule] dialog')
    await dialog.locator('[data-testid="wallet-list"] button', { hasText: 'Sandbox Wallet' }).first().click()
    await approve(p)
    await dialog.getByTestId('account-address').waitFor({ timeout: 20_000 })
    await p.waitForLoadState('networkidle')
    rows.push(['shell host (/headless-shell)', before, await weigh(scripts)])
    await p.close()
  }
} finally {
  await browser.close()
  await sandbox.stop()
}

const fmt = ({ bytes, files }) => `${(bytes / KB).toFixed(1)} KB (${files} files)`
console.log('host'.padEnd(32), 'before connect'.padStart(22), 'after connect'.padStart(22))
for (const [name, before, after] of rows) console.log(name.padEnd(32), fmt(before).padStart(22), fmt(after).padStart(22))
