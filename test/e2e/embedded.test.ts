// An embedded modal (`enableEmbedded` with a `container`) in Chromium: it is shown inline in its container, not
// as a modal over an inert page; the page stays usable and Tab moves on past it; closing keeps it shown on its
// resting view (Connect, or Account once connected), as the opening rules say for embedded mode.
import { describe, expect, test } from 'vitest'
import { loadFresh, useSandboxBrowser } from './harness.js'

const h = useSandboxBrowser({ clearStorage: false })

describe('embedded mode', () => {
  test('inline in its container, the page usable around it; close returns to the resting view; Tab leaves it', async () => {
    const { page } = h.browser
    await loadFresh(page, `${h.sandbox.url}embedded`)
    const dialog = page.locator('#wallet-slot div[data-vestibule] dialog')
    await dialog.locator('[data-testid="wallet-list"]').waitFor()
    // Shown in place: open, not modal, inside the host's section and laid out between the page's own controls.
    expect(await dialog.evaluate((d) => [(d as HTMLDialogElement).open, d.matches(':modal'), getComputedStyle(d).position])).toEqual([
      true,
      false,
      'static',
    ])
    const [before, slot, after] = await Promise.all(['#before', '#wallet-slot', '#after'].map((s) => page.locator(s).boundingBox()))
    expect(slot!.height).toBeGreaterThan(100)
    expect(before!.y).toBeLessThan(slot!.y)
    expect(after!.y).toBeGreaterThanOrEqual(slot!.y + slot!.height - 1)
    // The page is not inert: its controls take clicks while the modal is shown.
    await page.locator('#before').click()
    await page.locator('#after').click()
    expect(await page.locator('#clicks').innerText()).toBe('2')

    // Closing an embedded modal shows its resting view instead of hiding it.
    expect(await page.evaluate(() => (window as unknown as { modal: { close(): boolean } }).modal.close())).toBe(true)
    expect(await dialog.evaluate((d) => (d as HTMLDialogElement).open)).toBe(true)
    await dialog.locator('[data-testid="wallet-list"] button', { hasText: 'Sandbox Wallet' }).click()
    await h.approveInWallet(/connect/i)
    await dialog.getByTestId('account-address').waitFor({ timeout: 15_000 })
    await dialog.getByTestId('network-button').click()
    await dialog.getByTestId('networks').waitFor()
    await page.evaluate(() => (window as unknown as { modal: { close(): boolean } }).modal.close())
    await dialog.getByTestId('account-address').waitFor()
    expect(await dialog.evaluate((d) => (d as HTMLDialogElement).open)).toBe(true)

    // Tab from the modal's last control moves on to the page's next one: no focus trap inline.
    await dialog.locator('button:visible').last().focus()
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('after')
  })
})
