// The header's title is centred on the header whatever sits beside it: a header action and the close button on one
// side with nothing (Connect) or the back button (a view opened from it) on the other, in a narrow and a wide
// window, in English, Spanish and Arabic (right to left); and a title longer than the room left: cut short with an
// ellipsis, still centred, never under a button, the buttons keeping their 44 px. The title's box is measured (what
// shows of the text is cut at its edges) and its text (a range over it) when it fits.
import { describe, expect, test } from 'vitest'
import type { Locator } from 'playwright-core'
import { useSandboxBrowser } from './harness.js'
import { motionSettled } from './settle.js'

const h = useSandboxBrowser({ timeout: 120_000 })

/** The header's centre, the title text's centre and edges, and the side controls' inner edges (px). */
const measure = (header: Locator) =>
  header.evaluate((el) => {
    const title = el.querySelector('.vb-title')!
    const range = document.createRange()
    range.selectNodeContents(title)
    const text = range.getBoundingClientRect()
    const box = el.getBoundingClientRect()
    const shown = title.getBoundingClientRect()
    const [left, right] = text.width <= shown.width ? [text.left, text.right] : [shown.left, shown.right]
    const buttons = [...el.querySelectorAll('button')].map((b) => b.getBoundingClientRect())
    return {
      title: title.textContent,
      header: (box.left + box.right) / 2,
      text: (left + right) / 2,
      overlaps: buttons.filter((b) => b.left < right && b.right > left).length,
      narrowest: Math.min(...buttons.map((b) => b.width)),
    }
  })

describe('header title', () => {
  for (const locale of ['en', 'es', 'ar']) {
    for (const width of [360, 1280]) {
      test(`centred beside a header action, with and without a back button (${locale}, ${width} px)`, async () => {
        const { page } = h.browser
        await page.setViewportSize({ width, height: 800 })
        await page.goto(`${h.sandbox.url}extensions?locale=${locale}`)
        await page.getByTestId('open-modal').click()
        const modal = h.modalRoot()
        const header = modal.locator('.vb-header')
        await modal.locator('[data-action="hello"]').waitFor()
        // Connect: the action and close on one side, nothing on the other.
        await expect.poll(() => modal.locator('.vb-back').count()).toBe(0)
        const connect = await measure(header)
        // Hello, opened from the action: the back button on one side, the action and close on the other.
        await modal.locator('[data-action="hello"]').click()
        await modal.locator('.vb-back').waitFor()
        const hello = await measure(header)
        // A title longer than the room between the sides, with the back button and without.
        await page.evaluate(() =>
          (window as unknown as { modalKernel: { router: { push(v: string): void } } }).modalKernel.router.push('LongTitle'),
        )
        await expect.poll(() => header.locator('.vb-title').textContent()).toBe('A title longer than the header leaves room for')
        const long = await measure(header)
        await page.evaluate(() => (window as unknown as { modal: { open(v: string): Promise<void> } }).modal.open('LongTitle'))
        await expect.poll(() => modal.locator('.vb-back').count()).toBe(0)
        const longAlone = await measure(header)
        for (const m of [connect, hello, long, longAlone]) {
          expect(
            Math.abs(m.text - m.header),
            `"${m.title}" is ${(m.text - m.header).toFixed(1)} px off the header's centre`,
          ).toBeLessThanOrEqual(1)
          expect(m.overlaps, `"${m.title}" runs under a header button`).toBe(0)
          expect(m.narrowest, `a header button beside "${m.title}" is narrower than 44 px`).toBeGreaterThanOrEqual(44)
        }
      })
    }
  }
})

describe("the card's place", () => {
  test('content that arrives after the open grows the card downward: the header and the listed wallet stay where they were', async () => {
    const { page } = h.browser
    const api = h.sandbox.providerApi
    // The catalog's wallets come 1.5 s after the open, under a list that already shows the Sandbox Wallet.
    api.setDelay(1_500)
    try {
      await page.setViewportSize({ width: 1100, height: 800 })
      await page.getByTestId('open-modal').click()
      const wallet = h.walletButton('Sandbox Wallet')
      const list = h.modalRoot().locator('[data-testid="wallet-list"] button')
      await wallet.waitFor()
      const before = await list.count()
      await motionSettled(h.modalRoot())
      const place = () =>
        Promise.all([
          wallet.boundingBox(),
          h.modalRoot().locator('.vb-header').boundingBox(),
          h.modalRoot().locator('.vb-card').boundingBox(),
        ])
      const [walletBefore, headerBefore, cardBefore] = await place()
      await expect.poll(() => list.count()).toBeGreaterThan(before + 2)
      await motionSettled(h.modalRoot())
      const [walletAfter, headerAfter, cardAfter] = await place()
      // The card did grow, and only downward.
      expect(cardAfter!.height).toBeGreaterThan(cardBefore!.height + 100)
      expect(cardAfter!.y).toBe(cardBefore!.y)
      expect(headerAfter!.y).toBe(headerBefore!.y)
      expect(walletAfter!.y).toBe(walletBefore!.y)
      // Placed as a 600 px card would be centred in an 800 px window, and never under the window's bottom edge.
      expect(cardBefore!.y).toBe(100)
      expect(cardAfter!.y + cardAfter!.height).toBeLessThanOrEqual(800 - 12)
    } finally {
      api.setDelay(0)
    }
  })
})
