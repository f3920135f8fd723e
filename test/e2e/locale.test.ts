// Locales in the browser: the host's `locale` picks the texts (Arabic here, loaded on open), Arabic lays the whole
// modal out right to left (dir="rtl" on the dialog; the close button at the left, the wallet rows' images at the
// right) and a screenshot of it matches the committed one; a page in English loads no translation.
import { describe, expect, test } from 'vitest'
import { axeViolations } from './a11y-audit.js'
import { compareScreenshot } from './screenshots.js'
import { useSandboxBrowser } from './harness.js'
import { imagesDrawn } from './settle.js'

const h = useSandboxBrowser({ timeout: 120_000 })
const { modalRoot } = h

describe('locales', () => {
  test('Arabic: texts, plurals and numbers in Arabic, laid out right to left, as the committed screenshot', async () => {
    const { page } = h.browser
    await page.goto(`${h.sandbox.url}?locale=ar&custom=none`)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    // The screenshot does not depend on the machine's default font.
    await page.evaluate(() =>
      (window as unknown as { modal: { setThemeVariables(v: Record<string, string>): void } }).modal.setThemeVariables({
        '--vb-font-family': "'DejaVu Sans'",
      }),
    )
    await page.getByTestId('open-modal').click()
    const dialog = modalRoot()
    await expect.poll(() => dialog.locator('#vb-title').innerText()).toBe('ربط المحفظة')
    expect(await dialog.getAttribute('dir')).toBe('rtl')
    expect(await dialog.getAttribute('lang')).toBe('ar')
    const box = async (selector: string) => (await dialog.locator(selector).first().boundingBox())!
    expect((await box('button[aria-label="إغلاق"]')).x).toBeLessThan((await box('#vb-title')).x)
    const row = dialog.locator('[data-testid="wallet-list"] button', { hasText: 'Sandbox Wallet' })
    await row.waitFor()
    const [avatar, name] = [(await row.locator('.vb-avatar').boundingBox())!, (await row.locator('.vb-item-name').boundingBox())!]
    expect(avatar.x).toBeGreaterThan(name.x)
    await expect.poll(() => dialog.locator('img[data-loaded]').count()).toBeGreaterThan(0)
    await imagesDrawn(dialog.locator('.vb-card'))
    const shot = await dialog.locator('.vb-card').screenshot({ animations: 'disabled' })
    expect(compareScreenshot('connect-ar-rtl', shot)).toBeNull()
    expect(await axeViolations(page)).toEqual([])

    // The full list: its count through Arabic plural rules and digits.
    await dialog.getByRole('button', { name: 'جميع المحافظ' }).click()
    const count = dialog.getByTestId('all-wallets-count')
    await expect.poll(() => count.innerText(), { timeout: 15_000 }).toMatch(/^[0-9٠-٩]+ محفظة$/)
  })

  test("Spanish from the host option, the plugins' texts included", async () => {
    const { page } = h.browser
    await page.goto(`${h.sandbox.url}?locale=es`)
    await page.getByTestId('open-modal').click()
    const dialog = modalRoot()
    await expect.poll(() => dialog.locator('#vb-title').innerText()).toBe('Conectar billetera')
    expect(await dialog.getAttribute('dir')).toBe('ltr')
    expect(await dialog.getAttribute('lang')).toBe('es')
    // A plugin's texts arrive with it: the catalog's footer button.
    await expect.poll(() => dialog.getByRole('button', { name: 'Todas las billeteras' }).count()).toBe(1)
  })

  test('English loads no translation', async () => {
    const { page } = h.browser
    const scripts: string[] = []
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()))
    await page.getByTestId('open-modal').click()
    await expect.poll(() => modalRoot().locator('#vb-title').innerText()).toBe('Connect Wallet')
    await h.walletButton('Sandbox Wallet').waitFor()
    const bodies = await Promise.all(scripts.map((url) => page.evaluate((u) => fetch(u).then((r) => r.text()), url)))
    expect(bodies.filter((body) => body.includes('Conectar billetera') || body.includes('ربط المحفظة'))).toEqual([])
  })
})
