/**
 * What `npm run bench:peers` checks besides timings, on each host's open wallet list:
 * - axe-core with the WCAG 2.0/2.1/2.2 A and AA tags on the whole page (axe walks open shadow roots; it is injected
 *   into every frame so it reaches iframes too). Nodes already failing before the click (the host page itself) are
 *   not counted, so what is reported is what the modal brings.
 * - the keyboard: after a pointer click on the host's button, is focus inside the dialog; does Escape close the
 *   list; is focus back on the button afterwards.
 * - locales: how many languages each library lets the host pick, counted in its installed package.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

const require = createRequire(import.meta.url)
const AXE_PATH = require.resolve('axe-core/axe.min.js')
/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** Runs in the page: whether the wallet list shows (the bench's announced "Bench Wallet", in any open shadow root). */
function listShown() {
  const named = (root) => {
    for (const element of root.querySelectorAll('*')) {
      if (element.shadowRoot && named(element.shadowRoot)) return true
      if (element.childElementCount === 0 && element.textContent?.trim() === 'Bench Wallet' && element.checkVisibility()) return true
    }
    return false
  }
  const own = document.querySelector('div[data-vestibule]')?.shadowRoot?.querySelector('[data-testid="wallet-list"]')
  return Boolean(own?.checkVisibility()) || named(document)
}

/** Runs in the page: where focus is (through open shadow roots) and whether that is inside a dialog. */
function focusState() {
  let active = document.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  let inDialog = false
  for (let node = active; node; node = node.parentElement ?? node.getRootNode()?.host) {
    if (node.matches?.('dialog, [role="dialog"], [role="alertdialog"], [aria-modal="true"]')) {
      inDialog = true
      break
    }
  }
  const label = (active?.getAttribute?.('aria-label') ?? active?.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30)
  return {
    onButton: document.activeElement?.id === 'connect',
    inDialog,
    inFrame: active?.tagName === 'IFRAME',
    element: active ? `${active.tagName.toLowerCase()}${label ? ` "${label}"` : ''}` : 'none',
  }
}

/** Runs in the page: open shadow roots and iframes on the page (what axe could walk into). */
function reach() {
  let shadowRoots = 0
  const walk = (root) => {
    for (const element of root.querySelectorAll('*')) {
      if (element.shadowRoot) {
        shadowRoots++
        walk(element.shadowRoot)
      }
    }
  }
  walk(document)
  return { shadowRoots, iframes: document.querySelectorAll('iframe').length }
}

/** axe on the whole page (and every frame), violations as { id, impact, targets }. */
async function axe(page) {
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => 'axe' in window).catch(() => true)))
      await frame.addScriptTag({ path: AXE_PATH }).catch(() => undefined)
  }
  return page.evaluate(async (tags) => {
    const { violations } = await window.axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
      iframes: true,
    })
    return violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => JSON.stringify(n.target)) }))
  }, WCAG_AA)
}

/** One load of `url`: axe before the click, the click, focus, axe on the open list, Escape, focus again. */
export async function auditOnce(browser, url) {
  const page = await browser.context.newPage()
  await page.emulateMedia({ reducedMotion: 'reduce' })
  const result = {}
  try {
    await page.goto(url, { waitUntil: 'load' })
    await page.waitForSelector('#connect')
    await page.waitForLoadState('networkidle')
    const before = new Set((await axe(page)).flatMap((v) => v.targets.map((t) => `${v.id}|${t}`)))
    await page.click('#connect')
    await page.waitForFunction(listShown, undefined, { timeout: 15_000 })
    // Opening animations settle (reduced motion asked for; not every library honours it): focus has up to 2 s to
    // leave the button.
    await page.waitForFunction(() => document.activeElement?.id !== 'connect', undefined, { timeout: 2_000 }).catch(() => undefined)
    await page.waitForTimeout(300)
    result.focusAfterOpen = await page.evaluate(focusState)
    result.reach = await page.evaluate(reach)
    result.violations = (await axe(page))
      .map((v) => ({ ...v, targets: v.targets.filter((t) => !before.has(`${v.id}|${t}`)) }))
      .filter((v) => v.targets.length)
      .map((v) => ({ id: v.id, impact: v.impact, nodes: v.targets.length }))
    // Escape goes to whatever has focus; a library that left focus on the page still gets it there.
    await page.keyboard.press('Escape')
    result.escapeCloses = await page.waitForFunction(`!(${listShown.toString()})()`, undefined, { timeout: 3_000 }).then(
      () => true,
      () => false,
    )
    await page.waitForTimeout(300)
    result.focusAfterClose = await page.evaluate(focusState)
  } catch (error) {
    result.failure = String(error?.message ?? error)
  } finally {
    await page.close()
  }
  return result
}

/** The rule ids of `violations` by impact, e.g. "serious: color-contrast (3), nested-interactive (1)". */
export function byImpact(violations) {
  const groups = {}
  for (const v of violations) (groups[v.impact ?? 'unknown'] ??= []).push(`${v.id} (${v.nodes})`)
  return ['critical', 'serious', 'moderate', 'minor', 'unknown']
    .filter((impact) => groups[impact])
    .map((impact) => `${impact}: ${groups[impact].join(', ')}`)
    .join('; ')
}

/** The files in `dir` (not recursive) whose names match `pattern`; none when `dir` is missing. */
const filesIn = (dir, pattern) => (existsSync(dir) ? readdirSync(dir).filter((f) => pattern.test(f)) : [])

/**
 * How many languages each library lets the host pick, counted in what is installed (see `what` for each):
 * Vestibule's accepted `locale` list as its packed package exports it, checked against the translation modules
 * shipped for the kernel; RainbowKit's locale modules; Web3-Onboard's bundled i18n catalogs; AppKit's.
 */
export async function countLocales(peersDir, packedDir) {
  const vestibule = join(packedDir, 'node_modules/vestibule')
  const { LOCALES } = await import(join(vestibule, 'dist/index.js'))
  const kernelChunks = filesIn(join(vestibule, 'dist/kernel/locales'), /^[a-z]{2}\.js$/)
  const rainbow = filesIn(join(peersDir, 'node_modules/@rainbow-me/rainbowkit/dist'), /^[a-z]{2}_(?:[A-Z]{2}|\d{3})-[\w-]+\.js$/).map(
    (f) => f.split('-')[0],
  )
  const onboardDir = join(peersDir, 'node_modules/@web3-onboard/core/dist/i18n')
  const onboard = filesIn(onboardDir, /\.json$/)
  const appkit = findLocaleFiles(join(peersDir, 'node_modules/@reown'))
  return {
    vestibule: {
      count: LOCALES.length,
      list: [...LOCALES],
      what: `LOCALES exported by the packed package (the \`locale\` option's accepted languages); the kernel ships ${kernelChunks.length} translation modules beside English (dist/kernel/locales/*.js)`,
    },
    'web3-onboard': {
      count: onboard.length,
      list: onboard.map((f) => f.replace('.json', '')),
      what: `JSON catalogs in @web3-onboard/core/dist/i18n (other languages: the host writes them and passes them in the \`i18n\` option)`,
    },
    rainbowkit: {
      count: new Set(rainbow).size,
      list: [...new Set(rainbow)].sort(),
      what: 'locale modules <ll_CC>-<hash>.js (es_419 too) in @rainbow-me/rainbowkit/dist (the `locale` prop of RainbowKitProvider)',
    },
    appkit: {
      count: appkit.length,
      list: appkit,
      what: 'files or folders named locale(s)/i18n/translations under node_modules/@reown (no `locale` option in createAppKit)',
    },
  }
}

/** Files under `dir` (recursively) whose path holds a locales / i18n / translations folder or file name. */
function findLocaleFiles(dir, depth = 0) {
  if (!existsSync(dir) || depth > 8) return []
  const found = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue
    const path = join(dir, entry.name)
    if (/^(locales?|i18n|translations)(\.\w+)?$/i.test(entry.name)) found.push(path.slice(path.indexOf('@reown')))
    else if (entry.isDirectory()) found.push(...findLocaleFiles(path, depth + 1))
  }
  return found
}

/** What a Vestibule host composes from: the chain and feature plugin entries its packed package exports. */
export function countPlugins(packedDir) {
  const { exports } = JSON.parse(readFileSync(join(packedDir, 'node_modules/vestibule/package.json'), 'utf8'))
  const under = (prefix) =>
    Object.keys(exports)
      .filter((key) => new RegExp(`^\\./${prefix}/[^/]+$`).test(key))
      .map((key) => key.split('/')[2])
  return { chains: under('chains'), features: under('plugins') }
}
