// Buying SOL in the browser: on a Solana account the Buy view offers SOL, the second provider's widget (the
// sandbox's checkout page on its own origin) receives the wallet, the network, the currency and the amount, and its
// Pay airdrops the account on the local cluster; the modal lists the purchase, and the Account header and Tokens show
// the credited SOL, all in the same open modal.
import { beforeAll, describe, expect, test } from 'vitest'
import { priceOf } from '../../sandbox/provider-api/onramp.mjs'
import { truncatedBalance, useSandboxBrowser } from './harness.js'

interface SolanaHandle {
  address: string
  chain: { genesisHash: string; balance(address: string): bigint }
}

const h = useSandboxBrowser({ families: ['solana'] })
const { modalRoot } = h
let sol: SolanaHandle

beforeAll(() => {
  sol = h.family<SolanaHandle>('solana')
})

describe('on-ramp on solana', () => {
  test('EUR 50 through the second provider: its widget gets the purchase, Pay credits SOL, the purchase and the balance show', async () => {
    await h.connectWallet('Sandbox Solana Wallet', /Connect .* to Solana account/)
    await modalRoot().getByTestId('account-features').getByRole('button', { name: /Buy/ }).click()
    const view = modalRoot().getByTestId('onramp')
    await view.waitFor({ timeout: 15_000 })
    expect(await view.getByTestId('onramp-asset').locator('option').allInnerTexts()).toEqual(['SOL — Solana'])
    await view.getByTestId('onramp-currency').selectOption('EUR')
    await view.getByTestId('onramp-amount').fill('50')
    await expect.poll(() => view.getByTestId('onramp-quote').innerText()).toMatch(/You get about [\d.]+ SOL · total 50\.00 EUR/)

    const network = `solana:${sol.chain.genesisHash.slice(0, 32)}`
    const before = sol.chain.balance(sol.address)
    const opened = h.browser.context.waitForEvent('page')
    await view.getByTestId('onramp-provider-meld').getByRole('button').click()
    const widget = await opened
    await widget.waitForLoadState()
    expect(new URL(widget.url()).origin).toBe(h.sandbox.onramp.url)
    expect(await widget.evaluate(() => window.opener)).toBeNull()
    const param = (name: string) => widget.getByTestId(`param-${name}`).innerText()
    expect({
      wallet: await param('walletAddress'),
      network: await param('network'),
      asset: await param('destinationCurrencyCode'),
      currency: await param('sourceCurrencyCode'),
      amount: await param('sourceAmount'),
      method: await param('paymentMethod'),
    }).toEqual({
      wallet: sol.address,
      network,
      asset: 'SOL',
      currency: 'EUR',
      amount: '50',
      method: 'card',
    })
    await widget.getByTestId('pay').click()
    await widget.getByTestId('paid').waitFor()
    await widget.close()
    const credited = priceOf({ amount: '50', currency: 'EUR', chainId: network })!
    expect(sol.chain.balance(sol.address) - before).toBe(credited.base)

    const purchase = view.getByTestId('onramp-purchase')
    await expect.poll(() => purchase.count(), { timeout: 15_000 }).toBe(1)
    expect(await purchase.innerText()).toContain('SOL')
    expect(await purchase.getAttribute('data-status')).toBe('success')
    await modalRoot().getByRole('button', { name: 'Back' }).first().click()
    // The header's balance follows the credit in the same open modal, not only on the next open.
    expect(truncatedBalance(before + credited.base, 9, 'SOL')).not.toBe(truncatedBalance(before, 9, 'SOL'))
    await expect
      .poll(() => modalRoot().getByTestId('account-balance').innerText(), { timeout: 15_000 })
      .toBe(truncatedBalance(before + credited.base, 9, 'SOL'))
    await modalRoot().getByRole('tab', { name: 'Tokens' }).click()
    const balance = modalRoot().getByTestId('tokens').locator('[data-token="SOL"] .vb-item-hint')
    await expect.poll(() => balance.innerText(), { timeout: 15_000 }).toBe(truncatedBalance(before + credited.base, 9, 'SOL'))
  }, 90_000)
})
