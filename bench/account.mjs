/**
 * `node bench/account.mjs`: the Account tabs' budgets in headless Chromium over the sandbox (local chain, provider
 * API, Sandbox Wallet):
 *   - Tokens with 50 tokens: rows on screen ≤ 50 ms after the balance answer arrived (median of RUNS);
 *   - Activity with 1,000 rows: no long task (≥ 50 ms) while scrolling from top to bottom.
 * Prints the numbers; exits 1 when a budget is missed. The sandbox app is built for production here (minified,
 * React's production mode), as a host ships it.
 */
import { startSandbox } from '../sandbox/server.mjs'
import { launchChromium } from './browser.mjs'

const RUNS = 7
const BUDGET = { tokensMs: 50, longTasks: 0 }
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

const sandbox = await startSandbox({ production: true })
const browser = await launchChromium()
const page = await browser.context.newPage()
const modal = () => page.locator('div[data-vestibule] dialog')
const approve = () => page.locator('[data-testid="sandbox-wallet-approve"]').click()

try {
  // 47 more tokens beside ETH, DEMO and tUSD: 50 rows.
  sandbox.providerApi.addBalances(
    'eip155:31337',
    sandbox.address,
    Array.from({ length: 47 }, (_, i) => ({
      name: `Bench Token ${i + 1}`,
      symbol: `B${i + 1}`,
      chainId: 'eip155:31337',
      address: `eip155:31337:0x${(i + 1).toString(16).padStart(40, '0')}`,
      price: 1,
      value: i + 1,
      quantity: { decimals: '18', numeric: `${i + 1}.5` },
      iconUrl: `${sandbox.providerApi.url}/public/getTokenImage/B${i + 1}`,
    })),
  )
  await page.goto(sandbox.url)
  await page.getByTestId('open-modal').click()
  await modal().locator('[data-testid="wallet-list"] button', { hasText: 'Sandbox Wallet' }).click()
  await approve()
  await modal().getByTestId('account-address').waitFor({ timeout: 20_000 })

  const tokenRuns = []
  for (let run = 0; run < RUNS; run++) {
    await page.keyboard.press('Escape')
    // A fresh page and no cached balances: the tab asks the API again.
    await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => k.includes('tokens'))
        .forEach((k) => localStorage.removeItem(k)),
    )
    await page.reload()
    await page.evaluate(() => {
      const w = window
      w.__bench = { answered: 0, shown: 0 }
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.name.includes('/balance')) w.__bench.answered = e.responseEnd
      }).observe({ type: 'resource' })
      const check = () => {
        const root = document.querySelector('div[data-vestibule]')?.shadowRoot
        if (root && root.querySelectorAll('[data-testid="token-row"]').length >= 50) w.__bench.shown = performance.now()
        else requestAnimationFrame(check)
      }
      requestAnimationFrame(check)
    })
    await page.getByTestId('open-modal').click()
    await page.waitForFunction(() => window.__bench.shown > 0 && window.__bench.answered > 0, null, { timeout: 20_000 })
    tokenRuns.push(await page.evaluate(() => window.__bench.shown - window.__bench.answered))
  }

  // Activity: 1,000 rows in pages of 100 (the tab reads at most 200 rows a page), then a scroll from top to bottom.
  sandbox.providerApi.setHistoryPageSize(100)
  const base = {
    metadata: {
      operationType: 'receive',
      sentFrom: '0x00000000000000000000000000000000000000aa',
      sentTo: sandbox.address,
      status: 'confirmed',
      chain: 'eip155:31337',
    },
  }
  sandbox.providerApi.addHistory(
    'eip155:31337',
    sandbox.address,
    Array.from({ length: 1000 }, (_, i) => ({
      ...base,
      id: `bench-${i}`,
      metadata: { ...base.metadata, minedAt: new Date(Date.UTC(2026, 10, 1) - i * 3_600_000 * 7).toISOString() },
      transfers: [
        {
          direction: 'in',
          quantity: { numeric: `${i}.25` },
          fungible_info: { name: 'Demo', symbol: 'DEMO', icon: { url: `${sandbox.providerApi.url}/public/getTokenImage/DEMO` } },
        },
      ],
    })),
  )
  await page.evaluate(() => {
    window.__longTasks = []
    new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((e) => Math.round(e.duration)))).observe({
      type: 'longtask',
    })
  })
  await modal().getByRole('tab', { name: 'Activity' }).click()
  const rows = () =>
    page.evaluate(
      () => document.querySelector('div[data-vestibule]')?.shadowRoot?.querySelectorAll('[data-testid="activity-row"]').length ?? 0,
    )
  for (let i = 0; i < 20 && (await rows()) < 1000; i++) {
    const more = modal().getByRole('button', { name: 'Load more' })
    await more.waitFor({ timeout: 10_000 })
    await more.click()
    await page.waitForTimeout(100)
  }
  await page.waitForFunction(
    () => document.querySelector('div[data-vestibule]')?.shadowRoot?.querySelectorAll('[data-testid="activity-row"]').length >= 1000,
    null,
    { timeout: 30_000 },
  )
  await modal()
    .getByTestId('activity')
    .evaluate((el) => el.closest('.vb-tabpanel, .vb-body, dialog')?.scrollTo?.(0, 0))
  const rendering = await page.evaluate(() => [...window.__longTasks])
  await page.evaluate(() => (window.__longTasks.length = 0))
  const box = await modal().getByTestId('activity').boundingBox()
  await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height, 200) / 2)
  for (let i = 0; i < 120; i++) {
    await page.mouse.wheel(0, 600)
    await page.waitForTimeout(16)
  }
  await page.waitForTimeout(300)
  const scrolling = await page.evaluate(() => [...window.__longTasks])

  const tokensMs = median(tokenRuns)
  console.log(
    `Tokens, 50 rows: answer → rows ${tokensMs.toFixed(1)} ms (median of ${RUNS}: ${tokenRuns.map((v) => v.toFixed(1)).join(', ')}) ${tokensMs <= BUDGET.tokensMs ? '✓' : '✗'} ≤ ${BUDGET.tokensMs} ms`,
  )
  console.log(
    `Activity, 1,000 rows: long tasks while scrolling ${JSON.stringify(scrolling)} ${scrolling.length <= BUDGET.longTasks ? '✓' : '✗'} (rendering the list: ${JSON.stringify(rendering)})`,
  )
  if (tokensMs > BUDGET.tokensMs || scrolling.length > BUDGET.longTasks) process.exitCode = 1
} finally {
  await browser.close()
  await sandbox.stop()
}
