// A click the browser did not deliver is made again. Playwright checks that the element is the one under the pointer
// when the button goes down, not when it comes up; if the page's content moves in between (an answer arriving on a
// loaded machine), the browser sends the click to the nearest element holding both points, and the button never
// hears it: nothing happened, for the product as for a person whose click slipped. Such a click is made again, at
// most twice, and reported; a click the element received, or one that removed or replaced it, is never repeated.
import type { Locator, Page } from 'playwright-core'

type Click = Locator['click']
const patched = new WeakSet<object>()

/** Clicks made again since the process started, with the locator they were made on. */
export const redelivered: string[] = []

export function deliverClicks(page: Page): void {
  const prototype = Object.getPrototypeOf(page.locator('body')) as { click: Click }
  if (patched.has(prototype)) return
  patched.add(prototype)
  const click = prototype.click
  prototype.click = async function (this: Locator, options?: Parameters<Click>[0]) {
    // A trial clicks nothing; a forced click is a test's own (a disabled button that must not react, say).
    if (options?.trial || options?.force) return click.call(this, options)
    for (let attempt = 0; ; attempt++) {
      const handle = await this.elementHandle({ timeout: options?.timeout })
      await handle
        .evaluate((element) => {
          const marked = element as Element & { __vbClicked?: boolean }
          marked.__vbClicked = false
          element.addEventListener('click', () => (marked.__vbClicked = true), { capture: true, once: true })
        })
        .catch(() => undefined)
      await click.call(this, options)
      const delivered = await handle
        .evaluate((element) => !element.isConnected || (element as Element & { __vbClicked?: boolean }).__vbClicked !== false)
        .catch(() => true)
      await handle.dispose().catch(() => undefined)
      if (delivered) return
      const what = `${this}`
      redelivered.push(what)
      console.log(`The click on ${what} did not reach it (the page moved between press and release); clicked again.`)
      if (attempt === 2) throw new Error(`A click on ${what} did not reach it three times: the element moves under the pointer.`)
    }
  }
}
