// themeMode 'system' follows the operating system's colour scheme live (Chromium's emulated prefers-color-scheme),
// and only while the mode says so; the design tokens a host sets reach the modal's parts (accent, radius, QR colours).
import { describe, expect, test } from 'vitest'
import { useSandboxBrowser } from './harness.js'
import { nextFrames } from './settle.js'

const h = useSandboxBrowser({ timeout: 120_000 })
const { modalRoot } = h

type PageModal = { setThemeMode(mode: string): void; setThemeVariables(variables: Record<string, string>): void }
const DARK_BG = 'rgb(20, 21, 25)'
const LIGHT_BG = 'rgb(255, 255, 255)'

describe('theme', () => {
  test("'system' follows the operating system while open; a fixed mode does not", async () => {
    const { page } = h.browser
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto(`${h.sandbox.url}?theme=system`)
    await page.getByTestId('open-modal').click()
    const card = modalRoot().locator('.vb-card')
    const background = () => card.evaluate((el) => getComputedStyle(el).backgroundColor)
    const mode = () => page.locator('div[data-vestibule]').getAttribute('data-theme')
    await expect.poll(background).toBe(LIGHT_BG)
    expect(await mode()).toBe('light')
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect.poll(background).toBe(DARK_BG)
    expect(await mode()).toBe('dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await expect.poll(background).toBe(LIGHT_BG)

    // A fixed mode ignores the system; back to 'system', it follows again.
    await page.evaluate(() => (window as unknown as { modal: PageModal }).modal.setThemeMode('dark'))
    await expect.poll(background).toBe(DARK_BG)
    await page.emulateMedia({ colorScheme: 'light' })
    // The page has seen the change (its media query matches, the change event was dispatched) and drawn after it.
    await page.waitForFunction(() => matchMedia('(prefers-color-scheme: light)').matches)
    await nextFrames(page)
    expect(await background()).toBe(DARK_BG)
    await page.evaluate(() => (window as unknown as { modal: PageModal }).modal.setThemeMode('system'))
    await expect.poll(background).toBe(LIGHT_BG)
  })

  test('design tokens reach the parts they name', async () => {
    const { page } = h.browser
    await page.evaluate(() =>
      (window as unknown as { modal: PageModal }).modal.setThemeVariables({
        '--vb-color-accent': '#0f766e',
        '--vb-radius': '3px',
        '--vb-radius-pill': '4px',
        '--vb-qr-color': '#112233',
        '--vb-overlay': 'rgba(1, 2, 3, 0.5)',
      }),
    )
    await page.getByTestId('open-modal').click()
    await modalRoot().getByRole('button', { name: 'All wallets' }).waitFor()
    const style = (selector: string, property: string, pseudo?: string) =>
      modalRoot()
        .locator(selector)
        .first()
        .evaluate((el, [p, ps]) => getComputedStyle(el, ps).getPropertyValue(p!), [property, pseudo])
    expect(await style('.vb-card', 'border-radius')).toBe('3px')
    expect(await modalRoot().evaluate((d) => getComputedStyle(d, '::backdrop').backgroundColor)).toBe('rgba(1, 2, 3, 0.5)')
    await modalRoot().getByRole('button', { name: 'WalletConnect' }).first().click()
    await expect.poll(() => modalRoot().locator('svg[role="img"] path').count(), { timeout: 20_000 }).toBe(1)
    expect(await style('svg[role="img"] path', 'fill')).toBe('rgb(17, 34, 51)')
    expect(await style('.vb-btn', 'border-radius')).toBe('4px')
    await modalRoot().locator('.vb-qr-text').focus()
    expect(await style('.vb-qr-text', 'outline-color')).toBe('rgb(15, 118, 110)')
  })
})
