/**
 * `modal.setLocale` while the modal is open: the open view's texts change language without reopening, a plugin's
 * translations load for the new language, Arabic lays the modal out right to left, and a value that is not a
 * language tag is refused with an error naming the argument while the modal keeps working.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchBrowser, type TestBrowser } from './browser.js'
import { startTallyPage, type TallyPage } from './tally-page.js'

let tally: TallyPage
let browser: TestBrowser

beforeAll(async () => {
  tally = await startTallyPage(1_000_000n)
  browser = await launchBrowser()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await tally?.stop()
})

type Page = TestBrowser['page']
const setLocale = (page: Page, locale: unknown) =>
  page.evaluate(
    (l) =>
      (window as unknown as { modal: { setLocale(l: unknown): Promise<void> } }).modal
        .setLocale(l)
        .then(
          () => 'ok',
          (e: Error) => e.message,
        )
        .catch(String),
    locale,
  )
const setLocaleSync = (page: Page, locale: unknown) =>
  page.evaluate((l) => {
    try {
      void (window as unknown as { modal: { setLocale(l: unknown): Promise<void> } }).modal.setLocale(l)
      return 'no error'
    } catch (error) {
      return (error as Error).message
    }
  }, locale)

describe('switching the language of an open modal', () => {
  test('English → Spanish → Arabic on the open view, a plugin view included; a bad locale is refused', async () => {
    const { page } = browser
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    const modal = page.locator('div[data-vestibule] dialog')
    const heading = modal.locator('h2')
    await page.goto(tally.url)
    await page.getByTestId('open-modal').click()
    await expect.poll(() => heading.innerText()).toBe('Connect Wallet')

    // The shell's own view, open: its title follows, with no reopening.
    expect(await setLocale(page, 'es')).toBe('ok')
    await expect.poll(() => heading.innerText()).toBe('Conectar billetera')
    expect(await modal.getAttribute('lang')).toBe('es')
    expect(await setLocale(page, 'en')).toBe('ok')
    await expect.poll(() => heading.innerText()).toBe('Connect Wallet')

    // A plugin's view (sign-in, whose texts load with it): English first, then its Spanish loads on the switch.
    await modal.locator('[data-testid="wallet-list"] button', { hasText: 'Tally Test Wallet' }).click()
    const signView = modal.getByTestId('siwx')
    await expect.poll(() => signView.getAttribute('data-phase'), { timeout: 15_000 }).toBe('ready')
    expect(await signView.getByTestId('siwx-cancel').innerText()).toBe('Cancel')
    expect(await setLocale(page, 'es')).toBe('ok')
    await expect.poll(() => signView.getByTestId('siwx-cancel').innerText()).toBe('Cancelar')
    expect(await signView.getByTestId('siwx-sign').innerText()).toBe('Iniciar sesión')
    expect(await modal.getAttribute('dir')).toBe('ltr')

    expect(await setLocale(page, 'ar')).toBe('ok')
    await expect.poll(() => signView.getByTestId('siwx-cancel').innerText()).toBe('إلغاء')
    expect(await heading.innerText()).toBe('تسجيل الدخول')
    expect(await modal.getAttribute('dir')).toBe('rtl')
    expect(await modal.getAttribute('lang')).toBe('ar')
    expect(await modal.evaluate((dialog) => getComputedStyle(dialog).direction)).toBe('rtl')

    // Not a language tag: a clear error, and nothing changed.
    expect(await setLocaleSync(page, 'not a locale!')).toBe('setLocale(locale): "not a locale!" is not a language tag')
    expect(await setLocaleSync(page, 42)).toBe('setLocale(locale): 42 is not a language tag')
    expect(await modal.getAttribute('dir')).toBe('rtl')
    expect(await signView.getByTestId('siwx-cancel').innerText()).toBe('إلغاء')
    // …and the modal still works: signing in from the Arabic view.
    await signView.getByTestId('siwx-sign').click()
    await expect
      .poll(() =>
        page.evaluate(
          async () =>
            (
              await (window as unknown as { modal: { getPlugin(n: 'siwx'): { getSessions(): Promise<unknown[]> } } }).modal
                .getPlugin('siwx')
                .getSessions()
            ).length,
        ),
      )
      .toBe(1)
    expect(errors).toEqual([])
    expect(browser.offLoopback).toEqual([])
  })
})
