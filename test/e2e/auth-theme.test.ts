// The embedded wallet's frame follows the modal's theme: created with the dapp data and the theme of that moment,
// then sent every change the host makes through the modal (setThemeMode, setThemeVariables) while it is up. The
// sandbox's frame page records what it was told; the test reads it inside the frame (the secure site's origin).
import { describe, expect, test } from 'vitest'
import type { Frame, Page } from 'playwright-core'
import { useSandboxBrowser } from './harness.js'

const h = useSandboxBrowser({ timeout: 120_000 })

interface Received {
  themes: Array<{ themeMode: string; themeVariables: Record<string, string> }>
  dappData: Array<{ projectId: string; metadata?: { name?: string } }>
}
type ModalHandle = { setThemeMode(mode: string): void; setThemeVariables(v: Record<string, string>): void }

const secureFrame = (page: Page): Frame | undefined => page.frames().find((f) => f.url().startsWith(h.sandbox.auth.secureSite.frameUrl))
const received = async (page: Page) =>
  (await secureFrame(page)?.evaluate(() => (window as unknown as { __FRAME__: Received }).__FRAME__)) ?? { themes: [], dappData: [] }

describe('the embedded wallet frame follows the theme', () => {
  test('created with the current theme; each later change of mode or variables reaches the frame', async () => {
    const { page } = h.browser
    await page.goto(`${h.sandbox.url}?auth`)
    // A change before the frame exists is not sent anywhere, but the frame starts with it.
    await page.evaluate(() => (window as unknown as { modal: ModalHandle }).modal.setThemeMode('light'))
    await page.getByTestId('open-modal').click()
    const modal = h.modalRoot()
    await modal.getByTestId('auth-email-input').fill(`theme-${Date.now()}@example.com`)
    await modal.getByTestId('auth-email-submit').click()
    await modal.getByTestId('auth-otp').waitFor()
    await expect.poll(async () => (await received(page)).themes, { timeout: 20_000 }).toEqual([{ themeMode: 'light', themeVariables: {} }])
    const first = await received(page)
    expect(first.dappData).toHaveLength(1)
    expect(first.dappData[0]).toMatchObject({ projectId: expect.any(String) })

    await page.evaluate(() => (window as unknown as { modal: ModalHandle }).modal.setThemeMode('dark'))
    await page.evaluate(() => (window as unknown as { modal: ModalHandle }).modal.setThemeVariables({ '--vb-accent': '#0a7d4f' }))
    await expect
      .poll(async () => (await received(page)).themes, { timeout: 15_000 })
      .toEqual([
        { themeMode: 'light', themeVariables: {} },
        { themeMode: 'dark', themeVariables: {} },
        { themeMode: 'dark', themeVariables: { '--vb-accent': '#0a7d4f' } },
      ])
    // Dapp data goes once per frame: the host has no call that changes it.
    expect((await received(page)).dappData).toHaveLength(1)
  }, 90_000)
})
