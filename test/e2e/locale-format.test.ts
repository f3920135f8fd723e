// Numbers, money and dates in the modal's locale: in Spanish the Tokens total, the Activity dates and the on-ramp
// limits are written as `Intl` writes them for Spanish (no "$0.00", no "Nov 29, 03:47 AM", no "10.00 USD"); in
// Arabic the Send form's Max button is in Arabic. The expectations come from `Intl` itself, not from copied text.
import { describe, expect, test } from 'vitest'
import { chooseToken } from './send-form.js'
import { useSandboxBrowser } from './harness.js'

const h = useSandboxBrowser({ timeout: 120_000 })
const { modalRoot } = h

const TIME: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }

/** Every minute of the last `minutes`, as `locale` writes it: what an Activity row of a transfer mined then shows. */
function recentTimes(locale: string, minutes: number): Set<string> {
  const format = new Intl.DateTimeFormat(locale, TIME)
  const now = Date.now()
  return new Set(Array.from({ length: minutes + 2 }, (_, i) => format.format(new Date(now - (i - 1) * 60_000))))
}

describe('locale formatting', () => {
  test('Spanish: the Tokens total, Activity dates and on-ramp limits are in Spanish', async () => {
    const { page } = h.browser
    const usd = (value: number) => new Intl.NumberFormat('es', { style: 'currency', currency: 'USD' }).format(value)
    await page.goto(`${h.sandbox.url}?locale=es`)
    await h.connectWallet()
    const dialog = modalRoot()

    await dialog.getByRole('tab', { name: 'Tokens' }).click()
    const total = dialog.getByTestId('tokens-total')
    await expect.poll(() => total.innerText(), { timeout: 15_000 }).toBe(usd(0))
    expect(await total.innerText()).not.toBe('$0.00')

    await dialog.getByRole('tab', { name: 'Actividad' }).click()
    const list = dialog.getByTestId('activity')
    const hint = list.getByTestId('activity-row').first().locator('.vb-item-hint')
    await hint.waitFor({ timeout: 15_000 })
    const shown = (await hint.innerText()).split(' · ').at(-1)!
    expect([...recentTimes('es', 60)]).toContain(shown)
    expect(shown).not.toMatch(/AM|PM|Nov/)

    await dialog
      .getByTestId('account-features')
      .getByRole('button', { name: /Comprar/ })
      .click()
    const limits = dialog.getByTestId('onramp').getByTestId('onramp-limits')
    await expect.poll(() => limits.innerText(), { timeout: 15_000 }).toBe(`Entre ${usd(10)} y ${usd(5000)}`)
    await dialog.getByTestId('onramp-amount').fill('5')
    await expect.poll(() => dialog.getByTestId('onramp').getByRole('alert').first().innerText()).toBe(`El mínimo es ${usd(10)}`)
  }, 90_000)

  test('Arabic: the amount’s Max button is in Arabic', async () => {
    const { page } = h.browser
    await page.goto(`${h.sandbox.url}?locale=ar`)
    await h.connectWallet()
    await modalRoot().getByTestId('account-features').getByRole('button', { name: /إرسال/ }).click()
    const form = modalRoot().getByTestId('send')
    await form.waitFor()
    await chooseToken(form, 'ETH')
    await expect.poll(() => form.locator('.vb-amount-max').innerText()).toBe('الحد الأقصى')
    expect(await form.getByRole('button', { name: 'Max', exact: true }).count()).toBe(0)
  }, 90_000)
})
