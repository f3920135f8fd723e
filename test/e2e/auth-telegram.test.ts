// Social login inside Telegram's in-app browser (its bridge object faked in the page): no popup; the page itself
// goes to the provider, the secure site sends it back with the answer in the query, and on that load the login
// resumes from the provider kept in storage, connects, and the answer leaves the address bar.
import { describe, expect, test } from 'vitest'
import { useSandboxBrowser } from './harness.js'

const h = useSandboxBrowser({ timeout: 120_000 })
const keptProvider = () =>
  h.browser.page.evaluate(() => Object.entries(localStorage).find(([k]) => k.endsWith('/auth/telegramSocialProvider'))?.[1])

describe('social login inside Telegram', () => {
  test('the page leaves for the provider and, back with its answer, finishes the login', async () => {
    const { page } = h.browser
    await page.addInitScript(() => Object.assign(window, { Telegram: { WebApp: {} } }))
    const start = `${h.sandbox.url}?auth&socials=github,google`
    await page.goto(start)
    await page.getByTestId('open-modal').click()
    const modal = h.modalRoot()
    let popups = 0
    page.context().on('page', () => void popups++)
    await modal.locator('[data-social="github"]').click()
    // The same page is now the provider's consent page.
    await page.getByTestId('oauth-title').waitFor({ timeout: 20_000 })
    expect(page.url().startsWith(h.sandbox.auth.oauth.url)).toBe(true)
    expect(popups).toBe(0)
    await page.getByTestId('oauth-username').fill('tg-octo')
    await page.getByTestId('oauth-allow').click()
    await expect
      .poll(
        () =>
          page
            .getByTestId('status')
            .innerText()
            .catch(() => ''),
        { timeout: 30_000 },
      )
      .toBe('connected')
    expect(page.url()).toBe(start)
    expect(await keptProvider()).toBeUndefined()
    expect(
      await page.evaluate(() =>
        Object.entries(localStorage)
          .filter(([k]) => /\/auth\/social(Provider|Username)$/.test(k))
          .map(([k, v]) => [k.split('/').at(-1), JSON.parse(v)])
          .sort(),
      ),
    ).toEqual([
      ['socialProvider', 'github'],
      ['socialUsername', 'tg-octo'],
    ])
  }, 90_000)

  test('denied at the provider: back on the page the form says so and nothing is kept', async () => {
    const { page } = h.browser
    await page.addInitScript(() => Object.assign(window, { Telegram: { WebApp: {} } }))
    await page.goto(`${h.sandbox.url}?auth&socials=github`)
    await page.getByTestId('open-modal').click()
    await h.modalRoot().locator('[data-social="github"]').click()
    await page.getByTestId('oauth-deny').waitFor({ timeout: 20_000 })
    await page.getByTestId('oauth-deny').click()
    await expect.poll(() => page.url(), { timeout: 20_000 }).toBe(`${h.sandbox.url}?auth&socials=github`)
    expect(await keptProvider()).toBeUndefined()
    await page.getByTestId('open-modal').click()
    await expect.poll(() => h.modalRoot().getByTestId('auth-social-error').innerText(), { timeout: 20_000 }).toBe('The login was declined')
    expect(await page.getByTestId('status').innerText()).not.toBe('connected')
  }, 90_000)
})
