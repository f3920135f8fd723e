/**
 * The address-book example in the browser (sandbox page /address-book): its Account tab, its form checked by the
 * eip155 address rule, the leave guard on Back while text is typed, and the confirmation that outlives the form.
 */
import { describe, expect, test } from 'vitest'
import { useSandboxBrowser } from './harness.js'

const h = useSandboxBrowser()
const { modalRoot, walletButton } = h

describe('the address-book example plugin', () => {
  test('saves a checked address from its form and lists it in its Account tab', async () => {
    const { page } = h.browser
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(`${h.sandbox.url}address-book`)
    await page.getByTestId('open-modal').click()
    await walletButton('Sandbox Wallet').click()
    await h.approveInWallet(/connect/i)
    await expect.poll(() => modalRoot().getByTestId('account').count(), { timeout: 15_000 }).toBe(1)
    const address = (await modalRoot().getByTestId('account-address').getAttribute('title'))!

    await modalRoot().getByRole('tab', { name: 'Addresses' }).click()
    await expect.poll(() => modalRoot().getByRole('tabpanel').innerText()).toContain('No saved addresses')
    await modalRoot()
      .getByTestId('account-features')
      .getByRole('button', { name: /Save address/ })
      .click()
    const form = modalRoot().getByTestId('address-form')
    await expect.poll(() => form.count()).toBe(1)
    expect(await modalRoot().locator('h2').innerText()).toBe('Save an address')

    await form.getByLabel('Name').fill('Ada')
    await form.getByLabel('Address').fill('0x1234')
    await form.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => form.innerText()).toContain('Not an address of this network')

    // Back with typed text stays on the form and says why.
    await modalRoot().getByRole('button', { name: 'Back' }).click()
    await expect.poll(() => modalRoot().getByTestId('snackbar').innerText()).toBe('Save or discard the address you typed first')
    expect(await form.count()).toBe(1)

    await form.getByLabel('Address').fill(address)
    await form.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => modalRoot().getByTestId('account').count()).toBe(1)
    // The confirmation shown right before going back is still there on Account.
    await expect.poll(() => modalRoot().getByTestId('snackbar').innerText()).toBe('Saved Ada')
    await expect.poll(() => modalRoot().getByRole('tab', { selected: true }).innerText()).toBe('Addresses')
    await expect.poll(() => modalRoot().getByTestId('address-book').innerText()).toContain('Ada')
    expect(errors).toEqual([])
  })
})
