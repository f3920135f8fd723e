// Events that prove a page has settled, for a test that checks something did NOT happen: instead of a fixed wait,
// wait until the page has done what the step before queued.
import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'

/**
 * Resolves after the page has rendered `count` more frames: what the earlier tasks queued (a state update, a
 * media-query change event, a React commit and its effects) has run and been painted.
 */
export function nextFrames(page: Page, count = 2): Promise<void> {
  return page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        const step = (left: number) => (left ? requestAnimationFrame(() => step(left - 1)) : setTimeout(resolve, 0))
        step(n)
      }),
    count,
  )
}

/**
 * Waits until the page holds the whole answer of `count` requests whose URL contains `part` (their Resource Timing
 * entries have a `responseEnd`), then until it rendered two frames: the answers were handled.
 */
export async function answered(page: Page, part: string, count = 1): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          (p) =>
            performance.getEntriesByType('resource').filter((e) => e.name.includes(p) && (e as PerformanceResourceTiming).responseEnd > 0)
              .length,
          part,
        ),
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count)
  await nextFrames(page)
}

/** Waits until every image in `root` has loaded and decoded, then two frames: a screenshot shows them drawn. */
export async function imagesDrawn(root: Locator): Promise<void> {
  const images = root.locator('img')
  await expect
    .poll(() => images.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete)), { timeout: 15_000 })
    .toBe(true)
  await images.evaluateAll((imgs) => Promise.all(imgs.map((img) => (img as HTMLImageElement).decode().catch(() => undefined))))
  await nextFrames(root.page())
}

/**
 * Resolves after every task the page's scheduler had queued: a message a page posts to itself is delivered after
 * the messages posted before it (React schedules its renders and effects that way), `rounds` times over so work
 * those tasks queued runs too. Unlike `nextFrames` it works with Playwright's clock paused: messages are no timers.
 */
export function schedulerSettled(page: Page, rounds = 5): Promise<void> {
  return page.evaluate(async (n) => {
    for (let i = 0; i < n; i++) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel()
        channel.port1.onmessage = () => resolve()
        channel.port2.postMessage(0)
      })
    }
  }, rounds)
}

/**
 * Waits until nothing in `root`'s tree (its shadow root included) is moving but endless animations (a spinner):
 * the modal's card has reached its content's height, so every control of the view is inside the card's clip and
 * a click lands on it rather than on the dialog or the card around it.
 */
export async function motionSettled(root: Locator): Promise<void> {
  await expect
    .poll(
      () =>
        root.evaluate((element) =>
          (element.getRootNode() as Document | ShadowRoot)
            .getAnimations()
            .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
            .map((a) => String(a.id || a.constructor.name)),
        ),
      { timeout: 15_000 },
    )
    .toEqual([])
}
