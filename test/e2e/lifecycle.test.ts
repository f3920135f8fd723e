// Modals in a real page's life: two on one page keep apart (own element, theme, storage and connection), and
// destroy() removes the modal's element, gives focus back and leaves no listener on the window or document.
import type { CDPSession, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { loadFresh, useSandboxBrowser } from './harness.js'

const h = useSandboxBrowser({ clearStorage: false })

/** Event listeners on `window` and `document`, by type, as the DevTools protocol reports them. */
async function pageListeners(page: Page, cdp: CDPSession) {
  const counts: Record<string, number> = {}
  for (const expression of ['window', 'document']) {
    const { result } = await cdp.send('Runtime.evaluate', { expression })
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! })
    for (const l of listeners) counts[`${expression}:${l.type}`] = (counts[`${expression}:${l.type}`] ?? 0) + 1
  }
  void page
  return counts
}

const hosts = (page: Page) => page.locator('div[data-vestibule]')
const dialogOf = (page: Page, index: number) => hosts(page).nth(index).locator('dialog')

describe('two modals and destroy()', () => {
  test('two modals on one page: each its own element, theme, storage and connection', async () => {
    const { page } = h.browser
    await loadFresh(page, `${h.sandbox.url}lifecycle`)
    await page.locator('#open-first').click()
    await dialogOf(page, 0).locator('[data-testid="wallet-list"] button', { hasText: 'Sandbox Wallet' }).click()
    await h.approveInWallet(/connect/i)
    await dialogOf(page, 0).getByTestId('account-address').waitFor({ timeout: 15_000 })
    await page.keyboard.press('Escape')

    await page.locator('#open-second').click()
    await expect.poll(() => hosts(page).count()).toBe(2)
    // The second modal knows nothing of the first one's connection: it offers wallets.
    await dialogOf(page, 1).locator('[data-testid="wallet-list"]').waitFor()
    expect(await hosts(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-theme')))).toEqual(['dark', 'light'])
    const state = await page.evaluate(() => {
      const { modals } = window as unknown as { modals: Record<string, { getState(): { status?: string } }> }
      return {
        first: modals.first!.getState().status,
        second: modals.second!.getState().status,
        keys: Object.keys(localStorage).sort(),
        namespaces: [localStorage.getItem('first/v1/connectedNamespaces'), localStorage.getItem('second/v1/connectedNamespaces')],
      }
    })
    expect(state.first).toBe('connected')
    expect(state.second).toBe('disconnected')
    // Each modal writes under its own prefix only; the first one's session is not the second one's.
    const ours = state.keys.filter((k) => /^(first|second|@vestibule|vestibule)/.test(k))
    expect(ours.some((k) => k.startsWith('first'))).toBe(true)
    expect(
      ours.every((k) => k.startsWith('first') || k.startsWith('second')),
      ours.join(', '),
    ).toBe(true)
    expect(state.namespaces.map((v) => JSON.parse(v ?? '[]'))).toEqual([['eip155'], []])
    await page.keyboard.press('Escape')
  })

  test('destroy() while open: the element goes, focus returns to the opener, no window or document listener is left', async () => {
    const { page } = h.browser
    const cdp = await page.context().newCDPSession(page)
    await page.goto(`${h.sandbox.url}lifecycle`)
    await page.evaluate(() => localStorage.clear())
    // A page that never created a modal: the listeners the page itself has.
    await page.goto('about:blank')
    await page.goto(`${h.sandbox.url}lifecycle`)
    await page.locator('#open-second').waitFor()
    // Playwright's script in the page's own world, made for the first element handle (each click below takes one),
    // listens on the window itself: made before the count, its listeners are in both counts.
    await (await page.locator('#open-second').elementHandle()).dispose()
    const before = await pageListeners(page, cdp)

    await page.locator('#open-first').click()
    await dialogOf(page, 0).locator('[data-testid="wallet-list"]').waitFor()
    expect(await hosts(page).count()).toBe(1)
    await page.evaluate(() => (window as unknown as { modals: { first: { destroy(): void } } }).modals.first.destroy())
    expect(await hosts(page).count()).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('open-first')
    // What the first modal added (discovery, preload, visibility …) is gone; the second, never opened, added nothing.
    // React DOM keeps one document-wide selectionchange listener, added with the page's first root and shared by
    // every later one; it is React's, not the modal's.
    const after = await pageListeners(page, cdp)
    delete after['document:selectionchange']
    expect(after).toEqual(before)
    // Opening a destroyed modal is refused clearly; the other modal still works.
    const refused = await page.evaluate(() =>
      (window as unknown as { modals: { first: { open(): Promise<void> } } }).modals.first.open().then(
        () => 'opened',
        (e: Error) => e.message,
      ),
    )
    expect(refused).toMatch(/destroy/i)
    await page.locator('#open-second').click()
    await dialogOf(page, 0).locator('[data-testid="wallet-list"]').waitFor()
    await cdp.detach()
  })
})

describe('a destroyed modal whose handle the host keeps', () => {
  test('holds none of its elements or their listeners: as few live as when the handle is dropped', async () => {
    // A page of its own: the renderer's counts then hold no document of an earlier test.
    const page = await h.browser.context.newPage()
    const cdp = await page.context().newCDPSession(page)
    await page.goto(`${h.sandbox.url}lifecycle?bare`)
    await page.waitForFunction(() => typeof (window as unknown as { makeModal?: unknown }).makeModal === 'function')
    /** DOM nodes and event listeners still alive once garbage is collected. */
    const live = async () => {
      await cdp.send('HeapProfiler.collectGarbage')
      const { nodes, jsEventListeners } = await cdp.send('Memory.getDOMCounters')
      return { nodes, jsEventListeners }
    }
    /** A modal made, opened (its shell mounted) and destroyed; `keep`: the page keeps its handle in `window.kept`. */
    const cycle = async (keep: boolean) => {
      await page.evaluate(async (kept) => {
        const w = window as unknown as {
          makeModal(name: string, prefix: string, mode: 'dark'): { open(): Promise<void>; destroy(): void }
          kept?: unknown
        }
        const modal = w.makeModal('Kept', kept ? 'kept' : 'dropped', 'dark')
        await modal.open()
        modal.destroy()
        if (kept) w.kept = modal
      }, keep)
      await expect.poll(() => hosts(page).count()).toBe(0)
    }
    // The first modal loads the shell's code for good; a modal dropped after destroy() is what nothing left looks like.
    await cycle(false)
    await cycle(false)
    // React puts some 150 listeners on a root's container: a modal let go leaves far fewer.
    await expect.poll(async () => (await live()).jsEventListeners, { timeout: 15_000 }).toBeLessThan(100)
    const dropped = await live()
    await cycle(true)
    await expect.poll(async () => (await live()).jsEventListeners, { timeout: 15_000 }).toBeLessThanOrEqual(dropped.jsEventListeners)
    expect((await live()).nodes).toBeLessThanOrEqual(dropped.nodes)
    await cdp.detach()
    await page.close()
  })
})
