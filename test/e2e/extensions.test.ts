/**
 * The plugin contract in the browser (sandbox page /extensions): the third-party example plugin's feature
 * button, account tab, header action and view; a plugin whose view and tab throw stays in its own box; the
 * runtime theme; the legal checkbox and the collapsed wallet list.
 */
import { createPublicClient, http, parseEther } from 'viem'
import { describe, expect, test } from 'vitest'
import { useSandboxBrowser } from './harness.js'

const h = useSandboxBrowser()
const { modalRoot, walletButton } = h

async function openExtensions(query = '') {
  const { page } = h.browser
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(`${h.sandbox.url}extensions${query}`)
  await page.getByTestId('open-modal').click()
  return errors
}

async function connect() {
  await walletButton('Sandbox Wallet').click()
  await h.approveInWallet(/connect/i)
  await expect.poll(() => modalRoot().getByTestId('account').count(), { timeout: 15_000 }).toBe(1)
  return (await modalRoot().getByTestId('account-address').getAttribute('title'))!
}

describe('a third-party plugin in the modal', () => {
  test('feature button, account tab, header action and view of the example plugin; its greeting names the account', async () => {
    const errors = await openExtensions()
    const address = await connect()
    const features = modalRoot().getByTestId('account-features').locator('button')
    // The send plugin (the names example below uses it) ranks first among wallet features.
    expect(await features.allInnerTexts()).toEqual([
      expect.stringContaining('Send'),
      expect.stringContaining('Greet'),
      expect.stringContaining('Faulty'),
    ])
    // An entry's icon given as a character is drawn as that character, above its label (labels sit under icons so
    // the longest language's words fit the row).
    expect(await features.evaluateAll((buttons) => buttons.map((b) => b.querySelector('.vb-glyph')?.textContent ?? null))).toEqual([
      '↑',
      null,
      '!',
    ])
    const above = await features.first().evaluate((button) => {
      const icon = button.querySelector('.vb-glyph')!.getBoundingClientRect()
      const label = button.lastElementChild!.getBoundingClientRect()
      const centre = (icon.left + icon.right) / 2
      return icon.bottom <= label.top + 1 && centre > label.left && centre < label.right
    })
    expect(above).toBe(true)
    expect(await modalRoot().locator('header [data-action="hello"]').innerText()).toBe('H')
    const tabs = modalRoot().getByRole('tab')
    expect(await tabs.allInnerTexts()).toEqual(['Hello', 'Faulty'])

    const panel = modalRoot().getByRole('tabpanel')
    await expect.poll(() => panel.innerText()).toContain('Nothing said yet')
    // The note is the kit's multi-line input: Enter starts a new line, the counter follows, Greet carries it.
    const note = panel.getByLabel('Note')
    await note.fill('First line\nsecond line')
    expect(await panel.locator('.vb-textarea-count').innerText()).toBe('22/140')
    await panel.getByRole('button', { name: 'Greet' }).click()
    await expect.poll(() => panel.locator('.hello-said').innerText()).toBe(`Hello, ${address}`)
    expect(await panel.locator('.hello-note').innerText()).toBe('First line\nsecond line')

    // The header action opens the plugin's view by name; Back returns to Account.
    await modalRoot().locator('header [data-action="hello"]').click()
    await expect.poll(() => modalRoot().locator('h2').innerText()).toBe('Hello')
    await modalRoot().getByRole('button', { name: 'Back' }).click()
    await expect.poll(() => modalRoot().getByTestId('account').count()).toBe(1)
    expect(errors).toEqual([])
  })

  test("a plugin's view opened by name as the very first open comes with its styles", async () => {
    const { page } = h.browser
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(`${h.sandbox.url}extensions`)
    await page.evaluate(() => (window as unknown as { modal: { open(view: string): Promise<void> } }).modal.open('Hello'))
    await expect.poll(() => modalRoot().locator('h2').innerText()).toBe('Hello')
    expect(
      await modalRoot()
        .locator('.hello')
        .evaluate((element) => getComputedStyle(element).display),
    ).toBe('grid')
    // The shell records its first render as a user timing, once per mount.
    const timings = await page.evaluate(() => performance.getEntriesByName('vestibule:first-render').map((e) => e.duration))
    expect(timings).toHaveLength(1)
    expect(timings[0]).toBeGreaterThan(0)
    expect(errors).toEqual([])
  })

  test('a view and a tab that throw while rendering show an error state; the rest of the modal keeps working', async () => {
    const errors = await openExtensions()
    await connect()
    const panel = modalRoot().getByRole('tabpanel')
    await modalRoot().getByRole('tab', { name: 'Faulty' }).click()
    await expect.poll(() => panel.getByRole('alert').innerText()).toBe('This screen is not available')
    expect(await panel.getByRole('button', { name: 'Try again' }).count()).toBe(1)
    // Another tab still renders.
    await modalRoot().getByRole('tab', { name: 'Hello' }).click()
    await expect.poll(() => panel.innerText()).toContain('Nothing said yet')

    await modalRoot()
      .getByTestId('account-features')
      .getByRole('button', { name: /Faulty/ })
      .click()
    await expect.poll(() => modalRoot().locator('.vb-body [role="alert"]').innerText()).toBe('This screen is not available')
    await modalRoot().getByRole('button', { name: 'Back' }).click()
    await expect.poll(() => modalRoot().getByTestId('account').count()).toBe(1)
    await modalRoot().getByTestId('disconnect').click()
    await expect
      .poll(() =>
        h.browser.page.evaluate(() => (window as unknown as { modal: { getAccount(): { status?: string } } }).modal.getAccount().status),
      )
      .toBe('disconnected')
    // Render errors stay inside their boundaries: none reaches the page.
    expect(errors).toEqual([])
  })
})

describe('options the shell follows', () => {
  test('setThemeMode and setThemeVariables restyle the open modal', async () => {
    const { page } = h.browser
    await openExtensions()
    const host = page.locator('div[data-vestibule]')
    expect(await host.getAttribute('data-theme')).toBe('dark')
    const titleColor = () =>
      modalRoot()
        .locator('h2')
        .evaluate((title) => getComputedStyle(title).color)
    const dark = await titleColor()
    await page.evaluate(() => (window as unknown as { modal: { setThemeMode(m: string): void } }).modal.setThemeMode('light'))
    expect(await host.getAttribute('data-theme')).toBe('light')
    await expect.poll(titleColor).not.toBe(dark)
    await page.evaluate(() =>
      (window as unknown as { modal: { setThemeVariables(v: Record<string, string>): void } }).modal.setThemeVariables({
        '--vb-color-accent': 'rgb(20, 160, 90)',
      }),
    )
    expect(await host.evaluate((element) => getComputedStyle(element).getPropertyValue('--vb-color-accent').trim())).toBe(
      'rgb(20, 160, 90)',
    )
    expect(await modalRoot().getByRole('dialog').count()).toBe(0)
    expect(await modalRoot().isVisible()).toBe(true)
  })

  test("legal checkbox: nothing can be chosen until the terms are accepted; the links are the host's", async () => {
    await openExtensions('?legal')
    const methods = modalRoot().getByTestId('connect-methods')
    await expect.poll(() => methods.evaluate((f) => (f as HTMLFieldSetElement).disabled)).toBe(true)
    expect(await walletButton('Sandbox Wallet').isDisabled()).toBe(true)
    const links = modalRoot().getByTestId('legal-checkbox').locator('a')
    expect(await links.evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]))).toEqual([
      ['Terms of Service', 'https://example.com/terms'],
      ['Privacy Policy', 'https://example.com/privacy'],
    ])
    await modalRoot().getByTestId('legal-checkbox').locator('input').check()
    expect(await walletButton('Sandbox Wallet').isDisabled()).toBe(false)
    expect(await modalRoot().getByTestId('legal-notice').count()).toBe(0)
  })

  test("a Connect footer entry's character icon is drawn as that character", async () => {
    await openExtensions()
    const footer = modalRoot().getByTestId('footer-faulty')
    await footer.waitFor()
    expect(await footer.locator('.vb-glyph').innerText()).toBe('?')
    expect(await footer.getAttribute('aria-label')).toBeNull()
    expect(await footer.innerText()).toMatch(/Faulty/)
  })

  test('without the checkbox the terms show as a notice; a collapsed wallet list opens on request', async () => {
    await openExtensions('?collapse')
    await expect.poll(() => modalRoot().getByTestId('show-wallets').count()).toBe(1)
    expect(await modalRoot().getByTestId('wallet-list').count()).toBe(0)
    expect(await modalRoot().getByTestId('legal-notice').innerText()).toMatch(
      /By connecting your wallet, you agree to the\s+Terms of Service/,
    )
    await modalRoot().getByTestId('show-wallets').click()
    await expect.poll(() => walletButton('Sandbox Wallet').count()).toBe(1)
  })
})

describe('a names plugin from a third party', () => {
  test('send resolves a name through the names capability: the address it stands for receives the funds; unknown names and a failing service are refused', async () => {
    await openExtensions()
    await connect()
    await modalRoot().getByTestId('account-features').getByRole('button', { name: /Send/ }).click()
    const form = modalRoot().getByTestId('send')
    await form.waitFor()
    await form.getByLabel('Amount').fill('0.5')
    const receiver = form.getByTestId('send-receiver')

    for (const [name, error] of [
      ['nobody.demo', 'No address found for nobody.demo'],
      ['broken.demo', 'Could not look up broken.demo; try again or enter an address'],
    ] as const) {
      await receiver.fill(name)
      await receiver.blur()
      await expect.poll(() => form.innerText()).toContain(error)
      await form.getByTestId('send-review').click()
      expect(await form.getByTestId('send-preview').count()).toBe(0)
    }

    const to = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
    const client = createPublicClient({ transport: http(h.sandbox.chain.url) })
    const before = await client.getBalance({ address: to })
    await receiver.fill('receiver.demo')
    await expect.poll(() => form.getByTestId('send-name').innerText()).toBe(`receiver.demo is ${to}`)
    // A transfer's fee on the local chain is a few hundred thousandths of an ETH: shown as such, not as free.
    await expect.poll(() => form.getByTestId('send-fee').innerText()).toMatch(/< 0\.001 ETH/)
    await form.getByTestId('send-review').click()
    await expect.poll(() => form.getByTestId('send-preview').innerText()).toContain('receiver.demo (0x90F7')
    await form.getByTestId('send-confirm').click()
    await h.approveInWallet(new RegExp(`Send 500000000000000000 wei to ${to}`, 'i'))
    await expect.poll(() => client.getBalance({ address: to })).toBe(before + parseEther('0.5'))
  })
})
