// Send with the Sandbox Wallet (a browser wallet whose prompt is its own window in the page's top layer): focus
// comes back into the modal when the wallet's prompt closes, whether the user approved or declined.
import { describe, expect, test } from 'vitest'
import type { Locator } from 'playwright-core'
import { useSandboxBrowser } from './harness.js'
import { fillSendForm, openSendForm } from './send-form.js'

const h = useSandboxBrowser()
const { modalRoot } = h

const RECEIVER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const fill = (form: Locator, amount: string, receiver = RECEIVER) => fillSendForm(form, { symbol: 'ETH', amount, receiver, feeSymbol: 'ETH' })

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
