// Name registration in the browser: an email login (the embedded wallet on the sandbox's secure site, the code read
// from the local mailbox) finds Name in Account; the name is typed, its suggestions come from the provider API, the
// registration message is approved in the embedded wallet and verified by the API; the new name then shows in
// Account and resolves in Send. A refusal shows the API's reason on the form; hostile or failing suggestions show
// nothing of themselves.
import { describe, expect, test, afterEach } from 'vitest'
import { emailLogin } from './auth-login.js'
import { useSandboxBrowser } from './harness.js'
import { answered } from './settle.js'

const h = useSandboxBrowser({ timeout: 120_000 })
const LONG = 90_000
afterEach(() => h.sandbox.providerApi.reset())

/** The sandbox's email login parts (secure site, mailbox). */
const auth = () => (h.sandbox as unknown as { auth: { mail: { url: string }; secureSite: { addressOf(email: string): string } } }).auth
const zone = () => h.sandbox.providerApi.names.zone

/** Opens Send from Account, types `name` as the receiver and resolves with the name line's text. */
async function receiverLine(name: string) {
  const modal = h.modalRoot()
  await modal.getByTestId('account-features').getByRole('button', { name: /Send/ }).click()
  const form = modal.getByTestId('send')
  await form.waitFor()
  await form.getByTestId('send-receiver').fill(name)
  await form.getByTestId('send-receiver').blur()
  return form
}

describe('name registration', () => {
  test(
    'an email account registers a name: shown in Account, resolved in Send',
    async () => {
      const email = `names-${Date.now()}@example.com`
      await emailLogin(h, email)
      const address = auth().secureSite.addressOf(email)
      const label = `n${Date.now().toString(36)}`
      const name = `${label}.${zone()}`
      const modal = h.modalRoot()
      expect(await modal.getByTestId('account-name').count()).toBe(0)

      // Before it exists, Send finds no address for it.
      let form = await receiverLine(name)
      await expect.poll(() => form.innerText()).toContain(`No address found for ${name}`)
      await modal.getByRole('button', { name: /back/i }).click()

      await modal.locator('[data-feature="names"]').click()
      const field = modal.getByTestId('names-input')
      // Hostile suggestions show nothing of themselves; a failing lookup says so.
      await h.sandbox.providerApi.names.pin('/v1/profile/suggestions/evil', {
        body: {
          suggestions: [
            { name: '<img src=x onerror="window.__pwned=1">.sandbox.id', registered: false },
            { name: 'evil-two.sandbox.id', registered: 'maybe' },
          ],
        },
      })
      await field.fill('evil')
      await expect.poll(() => h.sandbox.providerApi.requests.some((r) => r.path === '/v1/profile/suggestions/evil')).toBe(true)
      await answered(h.browser.page, '/v1/profile/suggestions/evil')
      expect(await modal.getByTestId('names-suggestions').count()).toBe(0)
      expect(await modal.locator('img[src="x"]').count()).toBe(0)
      expect(await h.browser.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
      await h.sandbox.providerApi.names.pin('/v1/profile/suggestions/down', { status: 500, body: { message: 'down' } })
      await field.fill('down')
      await expect.poll(() => modal.getByTestId('names-suggestions-failed').innerText()).toBe('Error fetching name suggestions')
      await field.fill(label.toUpperCase())
      // Lower-cased as typed.
      await expect.poll(() => field.inputValue()).toBe(label)
      await expect.poll(() => modal.getByTestId('names-availability').innerText()).toBe(`${name} is available`)
      await expect.poll(() => modal.getByTestId('names-suggestions').innerText()).toContain(`${label}-id.${zone()}`)
      const asked = h.sandbox.providerApi.requests.filter((r) => r.path.startsWith('/v1/profile/suggestions/'))
      expect(asked.at(-1)).toMatchObject({ path: `/v1/profile/suggestions/${label}`, query: expect.objectContaining({ zone: zone() }) })

      // The API refuses once: its reason shows on the form, which keeps the name.
      await h.sandbox.providerApi.names.pin('/v1/profile/account', {
        status: 409,
        body: { reasons: [{ description: 'The registry is busy, try again' }] },
      })
      await modal.getByTestId('names-register').click()
      await modal.getByTestId('auth-approve-button').click()
      await expect.poll(() => modal.getByTestId('names-error').innerText()).toBe('The registry is busy, try again')
      expect(await field.inputValue()).toBe(label)
      await h.sandbox.providerApi.names.unpin('/v1/profile/account')

      await modal.getByTestId('names-register').click()
      await modal.getByTestId('auth-approve').waitFor()
      const signed = JSON.parse(await modal.getByTestId('auth-approve-detail').innerText())
      expect(signed).toMatchObject({ name, address, attributes: {} })
      expect(Math.abs(signed.timestamp - Date.now() / 1000)).toBeLessThan(120)
      await modal.getByTestId('auth-approve-button').click()
      await expect.poll(() => modal.getByTestId('names-success-name').innerText(), { timeout: 20_000 }).toBe(`${name} is yours`)
      // Verified and registered by the provider API under the local chain's coin type.
      const record = await h.sandbox.providerApi.names.lookup(name)
      expect(record.addresses[String(0x80000000 + 31337)].address.toLowerCase()).toBe(address.toLowerCase())

      await modal.getByTestId('names-done').click()
      await expect.poll(() => modal.getByTestId('account-name').innerText()).toBe(name)
      form = await receiverLine(name)
      await expect.poll(() => form.getByTestId('send-name').innerText()).toContain(`${name} is ${address}`)
    },
    LONG,
  )

  test(
    'a label that reads as an address is refused on the form, with its reason, before anything is asked',
    async () => {
      await emailLogin(h, `names-address-${Date.now()}@example.com`)
      const modal = h.modalRoot()
      await modal.locator('[data-feature="names"]').click()
      const field = modal.getByTestId('names-input')
      const label = `0x${'1'.repeat(40)}`
      await field.fill(label)
      await expect
        .poll(() => modal.getByTestId('names-form').getByRole('alert').allInnerTexts())
        .toContain('A name may not look like an address')
      expect(await modal.getByTestId('names-register').isDisabled()).toBe(true)
      await field.fill('carol')
      await expect.poll(() => h.sandbox.providerApi.requests.some((r) => r.path === '/v1/profile/suggestions/carol')).toBe(true)
      expect(h.sandbox.providerApi.requests.filter((r) => r.path.includes(label))).toEqual([])
    },
    LONG,
  )

  test(
    'a wallet account is not offered Name',
    async () => {
      await h.connectWallet()
      await h.modalRoot().getByTestId('account-features').waitFor()
      expect(await h.modalRoot().locator('[data-feature="names"]').count()).toBe(0)
    },
    LONG,
  )
})
