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
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Element,
            options: object,
          ): Promise<{ violations: { id: string; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] }>
        }
      }
    ).axe
    const host = document.querySelector('div[data-vestibule]')!
    const { violations } = await axe.run(host, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
    return violations.map(
      (v) => `${v.id} (${v.help}): ${v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`).join(' | ')}`,
    )
  }, WCAG_AA)
}

/** Target size: the controls in the open modal smaller than 44 × 44 CSS px (links inside running text excepted). */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.locator('div[data-vestibule] dialog').evaluate((dialog) =>
    [
      ...dialog.querySelectorAll<HTMLElement>(
        'button, a[href], input:not([type="checkbox"]):not([type="radio"]), select, textarea, [role="tab"]',
      ),
    ]
      .filter((el) => el.getClientRects().length > 0 && !el.closest('[inert], [aria-hidden="true"], p'))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(
        ({ el, box }) =>
          `${el.tagName.toLowerCase()}.${el.className} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
      ),
  )
}
