/** The Swap form as the browser tests drive it: opened from Account, tokens picked by symbol, then an amount. */
import { expect } from 'vitest'
import type { Locator } from 'playwright-core'
import type { SandboxBrowser } from './harness.js'

/** Connects (after loading the demo with `query`, when given) and opens Swap from Account's wallet features. */
export async function openSwapForm(h: SandboxBrowser, query = ''): Promise<Locator> {
  if (query) await h.browser.page.goto(`${h.sandbox.url}${query}`)
  await h.connectWallet()
  await h.modalRoot().getByTestId('account-features').getByRole('button', { name: /Swap/ }).click()
  const form = h.modalRoot().getByTestId('swap')
  await form.waitFor()
  return form
}

/** Picks `symbol` on `side` through the picker's search and its row's own button (a row may hold a copy button too). */
export async function pickSwapToken(h: SandboxBrowser, form: Locator, side: 'sell' | 'buy', symbol: string) {
  await form.getByTestId(`swap-${side}-token`).click()
  const picker = h.modalRoot().getByTestId('swap-picker')
  await picker.getByTestId('swap-search').fill(symbol)
  await picker.locator(`[data-symbol="${symbol}"] button.vb-item`).click()
  await form.waitFor()
}

/** Picks both tokens, types the amount and waits for the quote's rate. */
export async function fillSwap(h: SandboxBrowser, form: Locator, sell: string, buy: string, amount: string) {
  await pickSwapToken(h, form, 'sell', sell)
  await pickSwapToken(h, form, 'buy', buy)
  await form.getByTestId('swap-amount').fill(amount)
  await expect.poll(() => form.getByTestId('swap-rate').count(), { timeout: 10_000 }).toBe(1)
}
