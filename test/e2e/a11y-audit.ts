/**
 * axe-core inside the modal's shadow root, with the WCAG 2.2 AA rules: a check returns the violations found, each
 * as "rule: the elements it found" so a failing assertion names what to fix.
 */
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const require = createRequire(import.meta.url)
export const AXE_PATH = require.resolve('axe-core/axe.min.js')
/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** Violations axe finds in the open modal (its host element and everything in its shadow root). */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH })
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(context: Element, options: object): Promise<{ violations: { id: string; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] }> } }).axe
    const host = document.querySelector('div[data-vestibule]')!
    const { violations } = await axe.run(host, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
    return violations.map((v) => `${v.id} (${v.help}): ${v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`).join(' | ')}`)
  }, WCAG_AA)
}
