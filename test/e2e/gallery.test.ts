// The gallery page shows every view the plugins register in the dark and the light theme side by side; each is
// compared with a committed screenshot (test/e2e/__screenshots__/gallery-<view>.png), so a styling regression fails.
// One page load for both themes. What changes from run to run is masked: QR codes and pairing links (a new pairing
// each time), transaction dates and months. The views are read from the page's modal: a view without a screenshot fails.
import { describe, expect, test } from 'vitest'
import type { Locator } from 'playwright-core'
import { compareScreenshot } from './screenshots.js'
import { useSandboxBrowser } from './harness.js'
import { imagesDrawn } from './settle.js'

const h = useSandboxBrowser({ timeout: 120_000 })

type Gallery = { views(): string[]; show(view: string, data?: unknown): Promise<void> }

/** Data for views that need some to show (a view not listed here is shown without data). */
const VIEW_DATA: Record<string, unknown> = {
  ConnectingMultiChain: { name: 'Sandbox Wallet', connectors: [{ namespace: 'eip155', connectorId: 'sandbox' }] },
  ConnectingWalletConnect: { wallet: { id: 'c18951708197de3e66371b3b56723bf49e4e9e47266716f105dea28fc7e01c83', name: 'Cobalt Vault' } },
  // A wallet no longer in the browser: the view's error state (a present one would ask the wallet to connect).
  ConnectingExternal: { connectorId: 'gone', namespace: 'eip155' },
}
const BEFORE_CONNECT = ['Connect', 'AllWallets', 'ConnectingWalletConnectBasic', 'ConnectingWalletConnect', 'ConnectingMultiChain', 'ConnectingExternal']

describe('gallery', () => {
  test('every view in both themes looks as its committed screenshot', { timeout: 240_000 }, async () => {
    const { page } = h.browser
    await page.goto(new URL('gallery', h.sandbox.url).href)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    const gallery = page.locator('#gallery')
    const dialogs = gallery.locator('div[data-vestibule] dialog')
    await expect.poll(() => dialogs.count()).toBe(2)
    const both = (selector: string) => expect.poll(() => dialogs.locator(selector).count(), { timeout: 20_000 }).toBe(2)
    const show = (view: string) => page.evaluate(([v, d]) => (window as unknown as { gallery: Gallery }).gallery.show(v as string, d), [view, VIEW_DATA[view]] as const)
    const failures: string[] = []
    const shown = new Set<string>()
    const shoot = async (name: string, view: string) => {
      shown.add(view)
      for (const dialog of await dialogs.all()) {
        await expect.poll(() => dialog.evaluate((d) => (d.getRootNode() as ShadowRoot).host.parentElement?.id && d.querySelector('#vb-title')?.textContent)).toBeTruthy()
        // Images in, no loading frame, nothing still busy.
        await expect.poll(() => dialog.locator('.vb-body > .vb-center > .vb-spinner:only-child, [aria-busy="true"], .vb-skeleton').count(), { timeout: 20_000 }).toBe(0)
        await expect.poll(() => dialog.locator('.vb-avatar[data-image="loading"]').count(), { timeout: 20_000 }).toBe(0)
      }
      await imagesDrawn(dialogs)
      const mask: Locator[] = [dialogs.locator('svg[role="img"]'), dialogs.locator('.vb-qr-text'), dialogs.locator('[data-testid="activity-row"] .vb-item-hint'), dialogs.locator('.vb-activity-month')]
      const image = await gallery.screenshot({ animations: 'disabled', mask, maskColor: '#888888' })
      const problem = compareScreenshot(`gallery-${name}`, image, { maxDiffRatio: 0.004 })
      if (problem) failures.push(problem)
    }

    await both('[data-testid="wallet-list"]')
    await shoot('connect', 'Connect')
    for (const view of BEFORE_CONNECT.slice(1)) {
      await show(view)
      if (view === 'AllWallets') await both('[data-testid="all-wallets-count"]')
      if (view.startsWith('ConnectingWalletConnect')) await both('svg[role="img"]')
      await shoot(view.toLowerCase(), view)
    }

    // Connect the Sandbox Wallet in each modal.
    await show('Connect')
    for (const dialog of await dialogs.all()) {
      await dialog.locator('[data-testid="wallet-list"] button', { hasText: 'Sandbox Wallet' }).click()
      // The wallet asks once per page; the second modal's request is granted without a prompt.
      await expect
        .poll(async () => {
          if (await h.walletPrompt().isVisible()) await page.getByTestId('sandbox-wallet-approve').click()
          return dialog.getByTestId('account').count()
        }, { timeout: 20_000 })
        .toBe(1)
    }
    await show('Account')
    await both('[data-testid="account-balance"][data-status="ready"]')
    for (const tab of ['Tokens', 'NFTs', 'Activity']) {
      for (const dialog of await dialogs.all()) await dialog.getByRole('tab', { name: tab }).click()
      await shoot(`account-${tab.toLowerCase()}`, 'Account')
    }
    for (const view of ['Networks', 'Send', 'Receive', 'UnsupportedChain']) {
      await show(view)
      await shoot(view.toLowerCase(), view)
    }
    // Whatever else a plugin registers.
    const views = await page.evaluate(() => (window as unknown as { gallery: Gallery }).gallery.views())
    for (const view of views.filter((v) => !shown.has(v))) {
      await show(view)
      await shoot(view.toLowerCase(), view)
    }
    expect([...shown].sort()).toEqual([...views].sort())
    expect(failures).toEqual([])
  })
})
