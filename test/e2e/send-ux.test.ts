// Send with the Sandbox Wallet (a browser wallet whose prompt is its own window in the page's top layer): focus
// comes back into the modal when the wallet's prompt closes, whether the user approved or declined.
import { describe, expect, test } from 'vitest'
import type { Locator } from 'playwright-core'
import { parseEther } from 'viem'
import { rpc } from '../../sandbox/net.mjs'
import { useSandboxBrowser } from './harness.js'
import { chooseToken, fillSendForm, openSendForm } from './send-form.js'

const h = useSandboxBrowser()
const { modalRoot } = h

const RECEIVER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const fill = (form: Locator, amount: string, receiver = RECEIVER) =>
  fillSendForm(form, { symbol: 'ETH', amount, receiver, feeSymbol: 'ETH' })

/** Where focus is: "modal:" and the focused element's tag and test id or text inside the modal, else "page:" and the tag. */
const focused = () =>
  h.browser.page.evaluate(() => {
    const outer = document.activeElement
    const inner = outer?.shadowRoot?.activeElement
    if (!inner) return `page:${outer?.tagName ?? 'none'}`
    return `modal:${inner.tagName}:${(inner.getAttribute('data-testid') ?? inner.textContent ?? '').trim()}`
  })

describe('focus after the wallet’s prompt', () => {
  test('approved: the confirmation shows and focus is in the modal, on its heading or its button', async () => {
    const form = await openSendForm(h)
    await fill(form, '0.01')
    await form.getByTestId('send-review').click()
    await form.getByTestId('send-confirm').click()
    await h.answerWallet(/Send/)
    await modalRoot().getByTestId('send-sent').waitFor({ timeout: 15_000 })
    await expect.poll(focused).toMatch(/^modal:(H2:Send|BUTTON:send-done)$/)
  })

  test('declined: the reason shows and focus is in the modal, on its heading or the button that sends again', async () => {
    const form = await openSendForm(h)
    await fill(form, '0.01')
    await form.getByTestId('send-review').click()
    await form.getByTestId('send-confirm').click()
    await h.answerWallet(/Send/, false)
    await expect.poll(() => form.getByTestId('send-error').innerText()).toBe('You declined the transaction in your wallet')
    await expect.poll(focused).toMatch(/^modal:(H2:Send|BUTTON:send-confirm)$/)
  })
})

/** Every error the form shows (its alerts), in order. */
const alerts = (form: Locator) => form.locator('[role="alert"]').allInnerTexts()

describe('the form’s messages', () => {
  test('an invalid receiver is one error, its own: no fee or review reason beside it', async () => {
    const form = await openSendForm(h)
    await chooseToken(form, 'ETH')
    await form.getByLabel('Amount').fill('0.01')
    // A wrong EIP-55 checksum (one letter's case changed) and an address too short.
    await form.getByTestId('send-receiver').fill(RECEIVER.replace('F79', 'f79'))
    await form.getByTestId('send-review').click()
    await expect.poll(() => alerts(form)).toEqual([expect.stringMatching(/checksum/i)])
    await form.getByTestId('send-receiver').fill('0x1234')
    await form.getByTestId('send-review').click()
    await expect.poll(() => alerts(form)).toEqual(['Not a valid address on Localhost'])
    expect(await form.getByTestId('send-fee').innerText()).not.toMatch(/could not be estimated/)
  })

  test('an unknown name says "No address found for …" when its lookup ends, and stays the one error after Review', async () => {
    const form = await openSendForm(h)
    await chooseToken(form, 'ETH')
    await form.getByLabel('Amount').fill('0.01')
    const name = `nobody-${Date.now().toString(36)}.${h.sandbox.providerApi.names.zone}`
    await form.getByTestId('send-receiver').fill(name)
    await expect.poll(() => alerts(form)).toEqual([`No address found for ${name}`])
    await form.getByTestId('send-review').click()
    await expect.poll(() => alerts(form)).toEqual([`No address found for ${name}`])
  })

  test('Review pressed while the fee is estimated opens the review when the fee arrives', async () => {
    const form = await openSendForm(h)
    await chooseToken(form, 'ETH')
    await form.getByLabel('Amount').fill('0.01')
    await form.getByTestId('send-receiver').fill(RECEIVER)
    // At once: the fee is estimated after a typing pause.
    await form.getByTestId('send-review').click()
    await expect.poll(() => form.getByTestId('send-preview').count(), { timeout: 10_000 }).toBe(1)
    expect(await form.getByTestId('send-preview').innerText()).toMatch(/^You send 0\.01 ETH to /)
    expect(await form.getByTestId('send-fee').innerText()).toMatch(/\d ETH/)
  })

  test('Max for ETH waits for the fee: disabled before, then the balance less the fee', async () => {
    const form = await openSendForm(h)
    await chooseToken(form, 'ETH')
    const max = form.getByRole('button', { name: 'Max' })
    expect(await max.isDisabled()).toBe(true)
    await fill(form, '0.01')
    await expect.poll(() => max.isDisabled()).toBe(false)
    await max.click()
    const balance = BigInt(await rpc(h.sandbox.chain.url, 'eth_getBalance', [h.sandbox.address, 'latest']))
    const amount = parseEther(await form.getByLabel('Amount').inputValue())
    // The fee stays in the account.
    expect(amount > 0n && amount < balance).toBe(true)
    expect(await alerts(form)).toEqual([])
  })
})

describe('a send that fails', () => {
  test('an EVM send the network refuses toasts "Something went wrong" and keeps the wallet\'s words beside the form', async () => {
    const form = await openSendForm(h)
    await fill(form, '0.01')
    await form.getByTestId('send-review').click()
    // The account is emptied behind the form's back: the node refuses the signed transaction.
    const url = h.sandbox.chain.url
    const before = await rpc(url, 'eth_getBalance', [h.sandbox.address, 'latest'])
    await rpc(url, 'anvil_setBalance', [h.sandbox.address, '0x0'])
    try {
      await form.getByTestId('send-confirm').click()
      await h.answerWallet(/Send/)
      await expect.poll(() => modalRoot().getByTestId('snackbar').innerText(), { timeout: 15_000 }).toBe('Something went wrong')
      expect(await form.getByTestId('send-error').innerText()).toMatch(/^Wallet says: /)
    } finally {
      await rpc(url, 'anvil_setBalance', [h.sandbox.address, before])
    }
  })
})
