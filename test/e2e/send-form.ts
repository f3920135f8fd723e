/** The Send form as the browser tests drive it: opened from Account, a token chosen by symbol, then filled. */
import { expect } from 'vitest'
import type { Locator } from 'playwright-core'
import type { SandboxBrowser } from './harness.js'

/** Connects `wallet` and opens Send from Account's wallet features; resolves with the form. */
export async function openSendForm(h: SandboxBrowser, wallet?: string, prompt?: RegExp): Promise<Locator> {
  await h.connectWallet(wallet, prompt)
  await h.modalRoot().getByTestId('account-features').getByRole('button', { name: /Send/ }).click()
  const form = h.modalRoot().getByTestId('send')
  await form.waitFor()
  return form
}

/** Picks the token whose option starts with `symbol` once the balances list it. */
export async function chooseToken(form: Locator, symbol: string) {
  const token = form.getByTestId('send-token')
  const optionValue = () =>
    token
      .locator('option')
      .evaluateAll((options, s) => options.find((o) => o.textContent!.startsWith(`${s} `))?.getAttribute('value'), symbol)
  await expect.poll(optionValue).toBeTruthy()
  await token.selectOption((await optionValue())!)
}

/** Token, amount and receiver; resolves once the fee (in `feeSymbol`) is shown. */
export async function fillSendForm(
  form: Locator,
  { symbol, amount, receiver, feeSymbol }: { symbol: string; amount: string; receiver: string; feeSymbol: string },
) {
  await chooseToken(form, symbol)
  await form.getByLabel('Amount').fill(amount)
  await form.getByTestId('send-receiver').fill(receiver)
  await expect.poll(() => form.getByTestId('send-fee').innerText()).toMatch(new RegExp(`\\d+(\\.\\d+)? ${feeSymbol}`))
}
