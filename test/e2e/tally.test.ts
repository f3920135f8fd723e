/**
 * The example chain family in Chromium: a page with the Tally plugin, Send, Receive and sign-in, a Wallet Standard
 * wallet holding a real ed25519 key, and a local Tally node that checks every signature. Connect, the balance the
 * node reports, a send the node accepts, and a sign-in the family's verifier accepts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchBrowser, type TestBrowser } from './browser.js'
import { startTallyPage, type TallyPage } from './tally-page.js'
import { verifyMessage } from '../../examples/tally/verify.js'

const RECEIVER = 'cd'.repeat(32)
let tally: TallyPage
let browser: TestBrowser

beforeAll(async () => {
  tally = await startTallyPage(12_345_678n)
  browser = await launchBrowser()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await tally?.stop()
})

describe('the example chain family in the browser', () => {
  test('connects the Tally wallet, signs in, shows the balance and sends', async () => {
    const { page } = browser
    const { url, node, address } = tally
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    const modal = page.locator('div[data-vestibule] dialog')
    await page.goto(url)
    await page.getByTestId('open-modal').click()
    const wallet = modal.locator('[data-testid="wallet-list"] button', { hasText: 'Tally Test Wallet' })
    await wallet.click()

    // Sign-in follows the connection: a CAIP-122 message naming a Tally account, verified by the family's rule.
    const signView = modal.getByTestId('siwx')
    await expect.poll(() => signView.getAttribute('data-phase'), { timeout: 15_000 }).toBe('ready')
    const message = await signView.getByTestId('siwx-message').innerText()
    expect(message.split('\n').slice(0, 2)).toEqual([`${new URL(url).host} wants you to sign in with your Tally account:`, address])
    expect(message).toContain('\nChain ID: local\n')
    await signView.getByTestId('siwx-sign').click()
    await expect
      .poll(() =>
        page.evaluate(
          async () =>
            (
              await (
                window as unknown as {
                  modal: { getPlugin(n: 'siwx'): { getSessions(): Promise<{ message: string; signature: string }[]> } }
                }
              ).modal
                .getPlugin('siwx')
                .getSessions()
            ).length,
        ),
      )
      .toBe(1)
    const [session] = await page.evaluate(() =>
      (window as unknown as { modal: { getPlugin(n: 'siwx'): { getSessions(): Promise<{ message: string; signature: string }[]> } } }).modal
        .getPlugin('siwx')
        .getSessions(),
    )
    expect(await verifyMessage({ address, message: session!.message, signature: session!.signature })).toBe(true)

    // The balance the node keeps, in TLY.
    if (!(await modal.getAttribute('open').then((v) => v !== null))) await page.getByTestId('open-modal').click()
    await expect.poll(() => modal.getByTestId('account-balance').innerText(), { timeout: 15_000 }).toBe('12.345 TLY')

    // Send: the fee the node asks, the wallet's signature, and the node moving the amount.
    await modal.getByTestId('account-features').getByRole('button', { name: /Send/ }).click()
    const form = modal.getByTestId('send')
    await form.getByLabel('Amount').fill('1.5')
    await form.getByTestId('send-receiver').fill(RECEIVER)
    await expect.poll(() => form.getByTestId('send-fee').innerText()).toContain('0.001 TLY')
    await form.getByTestId('send-review').click()
    await expect.poll(() => form.getByTestId('send-preview').innerText()).toContain('1.5 TLY')
    await form.getByTestId('send-confirm').click()
    await expect.poll(() => node.balance(RECEIVER), { timeout: 20_000 }).toBe(1_500_000n)
    expect(node.balance(address)).toBe(12_345_678n - 1_500_000n - 1000n)
    expect(errors).toEqual([])
    expect(browser.offLoopback).toEqual([])
  })
})
