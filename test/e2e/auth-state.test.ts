// What the host sees of the embedded wallet's account in the modal's state (`modal.getAccount('eip155')`): the social provider and the user after a login and after a reload, the Farcaster link
// while it is shown; the chain the user switched to survives a reload (the secure site's frame remembers it); and a
// project the secure site does not serve (an unknown id, none at all) is said in the email form while the modal
// stays usable.
import { afterEach, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { emailLogin, openWithAuth } from './auth-login.js'
import { useSandboxBrowser } from './harness.js'

const h = useSandboxBrowser({ timeout: 120_000 })
const LONG = 90_000

/** The embedded wallet's fields of the eip155 account state, as the host reads them from the modal. */
const account = (page: Page) =>
  page.evaluate(() => {
    const modal = (window as unknown as { modal: { getAccount(namespace: string): Record<string, unknown> } }).modal
    const { socialProvider, farcasterUrl, user } = modal.getAccount('eip155')
    return JSON.parse(JSON.stringify({ socialProvider, farcasterUrl, user })) as {
      socialProvider?: string
      farcasterUrl?: string
      user?: { email?: string; userName?: string }
    }
  })

describe('the account state the host sees', () => {
  test(
    'after a github login: socialProvider github and the user',
    async () => {
      const { page } = h.browser
      await openWithAuth(h, '&socials=github')
      expect(await account(page)).toEqual({})
      const [popup] = await Promise.all([page.context().waitForEvent('page'), h.modalRoot().locator('[data-social="github"]').click()])
      await popup.getByTestId('oauth-username').fill('octo')
      await popup.getByTestId('oauth-allow').click()
      await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 20_000 }).toBe('connected')
      expect(await account(page)).toEqual({ socialProvider: 'github', user: { userName: 'octo' } })
    },
    LONG,
  )

  test(
    'Farcaster: the sign-in link while its QR code shows, cleared on leaving it',
    async () => {
      const { page } = h.browser
      await openWithAuth(h, '&socials=farcaster')
      const modal = h.modalRoot()
      await modal.locator('[data-social="farcaster"]').click()
      const link = modal.getByTestId('auth-farcaster-link')
      await link.waitFor({ timeout: 15_000 })
      const href = await link.getAttribute('href')
      expect(href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/farcaster\?channel=/)
      expect((await account(page)).farcasterUrl).toBe(href)
      await modal.getByRole('button', { name: 'Back' }).click()
      await modal.getByTestId('auth-email-input').waitFor()
      await expect.poll(async () => (await account(page)).farcasterUrl).toBeUndefined()
      expect(await page.getByTestId('status').innerText()).toBe('disconnected')
    },
    LONG,
  )

  test(
    'after an email login: the user with the email, no social provider; the same after a reload',
    async () => {
      const { page } = h.browser
      const email = `state-${Date.now()}@example.com`
      await emailLogin(h, email)
      expect(await account(page)).toEqual({ user: { email, userName: email } })
      await page.reload()
      await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 20_000 }).toBe('connected')
      await expect.poll(() => account(page)).toEqual({ user: { email, userName: email } })
    },
    LONG,
  )
})

describe('a secure site whose user fields carry hidden characters', () => {
  afterEach(() => h.sandbox.auth.secureSite.setUserFields(undefined))

  test(
    'a right-to-left override and zero-width characters in the email and the name are cleaned out of the account state',
    async () => {
      const { page } = h.browser
      // "ana@example.com" reversed behind U+202E would read as an address it is not; a zero-width space hides in the name.
      h.sandbox.auth.secureSite.setUserFields({ email: '\u202emoc.elpmaxe@ana', userName: 'ana\u200b\u202e-admin' })
      await emailLogin(h, `hidden-${Date.now()}@example.com`)
      expect(await account(page)).toEqual({ user: { email: 'moc.elpmaxe@ana', userName: 'ana -admin' } })
      const authUser = await page.evaluate(
        () =>
          (window as unknown as { modal: { getPlugin(name: string): { $state: { get(): { userName?: string } } } } }).modal
            .getPlugin('auth')
            .$state.get().userName,
      )
      expect(authUser).toBe('ana -admin')
    },
    LONG,
  )
})

describe('the chain the user switched to', () => {
  test(
    'survives a reload, also when the page forgot its stored network (the frame remembers it)',
    async () => {
      const { page } = h.browser
      await emailLogin(h, `chain-${Date.now()}@example.com`)
      const l2 = `eip155:${await page.evaluate(() => (window as unknown as { __SANDBOX__: { l2ChainId: number } }).__SANDBOX__.l2ChainId)}`
      expect(await page.getByTestId('network').innerText()).toContain('(eip155:31337)')
      await page.evaluate(
        (id) => (window as unknown as { modal: { switchNetwork(id: string): Promise<void> } }).modal.switchNetwork(id),
        l2,
      )
      await expect.poll(() => page.getByTestId('network').innerText()).toContain(`(${l2})`)
      await page.reload()
      await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 20_000 }).toBe('connected')
      expect(await page.getByTestId('network').innerText()).toContain(`(${l2})`)
      // The page's own record of the network is gone: the restored connection still starts on the L2.
      await page.evaluate(() =>
        Object.keys(localStorage)
          .filter((k) => /\/(activeCaipNetworkId|caipNetworkId:eip155)$/.test(k))
          .forEach((k) => localStorage.removeItem(k)),
      )
      await page.reload()
      await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 20_000 }).toBe('connected')
      expect(await page.getByTestId('network').innerText()).toContain(`(${l2})`)
    },
    LONG,
  )
})

describe('a project the secure site does not serve', () => {
  test.each([
    ['someone-else', 'Unauthorized: invalid key'],
    ['', 'Project ID Not Configured'],
  ])(
    'projectId %j: the email form says "%s"; a wallet still connects',
    async (projectId, text) => {
      const { page } = h.browser
      await openWithAuth(h, `&projectId=${projectId}`)
      const modal = h.modalRoot()
      await modal.getByTestId('auth-email-input').fill(`project-${Date.now()}@example.com`)
      await modal.getByTestId('auth-email-submit').click()
      await expect.poll(() => modal.getByTestId('auth-email-form').getByRole('alert').innerText(), { timeout: 20_000 }).toBe(text)
      expect(await modal.getByTestId('auth-otp').count()).toBe(0)
      await h.walletButton('Sandbox Wallet').click()
      await h.approveInWallet(/connect/i)
      await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 15_000 }).toBe('connected')
    },
    LONG,
  )
})
