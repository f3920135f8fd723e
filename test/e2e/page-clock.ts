// A timing rule of the page checked at its boundary on the page's clock (Playwright's fake timers): the clock runs
// at real speed until the rule's timer has started, then stands still just before the limit (nothing may show yet)
// and is moved on to the limit (it shows then), without waiting the limit out in real time.
import type { Page, Request } from 'playwright-core'
import { schedulerSettled } from './settle.js'

/**
 * Runs `act` and resolves with the page's clock at the moment the page made the first request `matches` accepts:
 * for a rule whose timer starts just before that request, an upper bound of the instant it started (read a few
 * milliseconds of real time after it; `boundary` allows for that).
 */
export async function clockAtRequest(page: Page, matches: (request: Request) => boolean, act: () => Promise<void>): Promise<number> {
  const at = page.waitForRequest(matches).then(() => page.evaluate(() => Date.now()))
  await act()
  return at
}

/**
 * For a timer of `limit` ms started at or a little before `start` (page clock): the clock stands still `margin` ms
 * short of the limit, where `before` checks (after the page ran what it had queued); then it is moved on to
 * `start + limit`, where `after` checks (the timer has fired, the clock still stands); then it runs on in real time.
 * The clock must have been installed (`page.clock.install()`) before the timer started.
 */
export async function boundary(
  page: Page,
  { start, limit, margin = 500 }: { start: number; limit: number; margin?: number },
  before: () => Promise<void>,
  after: () => Promise<void>,
): Promise<void> {
  await page.clock.pauseAt(start + limit - margin)
  await schedulerSettled(page)
  await before()
  await page.clock.fastForward(margin)
  await after()
  await page.clock.resume()
}
