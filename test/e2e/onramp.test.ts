// Buying crypto in the browser over the sandbox: from Account's Buy to the provider's checkout page (a new tab on
// its own loopback origin, without a handle back to the app) carrying the destination wallet, network and preset
// amount; Pay there credits the local chain, and the modal lists the purchase from the on-ramp history, shows the
// credited balance in Tokens and the received transfer in Activity. An amount outside the limits is refused before
// leaving; with the options and quote failing, the built-in limits and the quote's reason (no made-up amounts) show;
// a provider page that is not https is never opened; a quote buying an absurd amount, or for another amount than
// asked, is refused with its reason, and a history row with an absurd amount is not shown as given.
import type { Page } from 'playwright-core'
import { afterEach, describe, expect, test } from 'vitest'
import { priceOf } from '../../sandbox/provider-api/onramp.mjs'
import { rpc } from '../../sandbox/net.mjs'
import { activityRows, truncatedBalance, useSandboxBrowser } from './harness.js'
import { nextFrames } from './settle.js'

const h = useSandboxBrowser()
const { modalRoot } = h
afterEach(() => h.sandbox.providerApi.reset())

async function openBuy() {
  await h.connectWallet()
  await modalRoot().getByTestId('account-features').getByRole('button', { name: /Buy/ }).click()
  const view = modalRoot().getByTestId('onramp')
  await view.waitFor({ timeout: 15_000 })
  return view
}
const generated = () => h.sandbox.providerApi.requests.filter((r) => r.path === '/v1/generators/onrampurl')
/** Pages other than the app's, opened since `before`. */
const newPages = (before: Page[]) => h.browser.context.pages().filter((p) => !before.includes(p))

describe('on-ramp', () => {
  test('Buy → quote → Coinbase opens the provider page with the right parameters; Pay credits the account; Tokens and Activity show it', async () => {
    const { page, context } = h.browser
    const view = await openBuy()
    const address = h.sandbox.address
    // The sandbox API's options: its own limits, not the built-in ones.
    expect(await view.getByTestId('onramp-limits').innerText()).toBe('Between $10.00 and $5,000.00')
    await view.getByTestId('onramp-amount').fill('100')
    await expect.poll(() => view.getByTestId('onramp-quote').innerText()).toMatch(/You get about 0\.0325\d* ETH · total 100\.00 USD/)
    expect(await view.getByTestId('onramp-quote').innerText()).toContain('Fees: 1.50 USD · network 0.50 USD')

    const before = BigInt(await rpc(h.sandbox.chain.url, 'eth_getBalance', [address, 'latest']))
    const opened = context.waitForEvent('page')
    await view.getByTestId('onramp-provider-coinbase').getByRole('button').click()
    const provider = await opened
    await provider.waitForLoadState()
    expect(new URL(provider.url()).origin).toBe(h.sandbox.onramp.url)
    expect(h.sandbox.onramp.url).not.toBe(new URL(h.sandbox.url).origin)
    // noopener: the provider's page has no handle on the app.
    expect(await provider.evaluate(() => window.opener)).toBeNull()
    const param = (name: string) => provider.getByTestId(`param-${name}`).innerText()
    expect(JSON.parse(await param('destinationWallets'))).toEqual([{ address, blockchains: ['eip155:31337'], assets: ['ETH'] }])
    expect(await param('defaultNetwork')).toBe('eip155:31337')
    expect(await param('presetFiatAmount')).toBe('100')
    expect(await param('defaultExperience')).toBe('buy')
    expect(await param('partnerUserId')).toBe(address)
    expect(await modalRoot().getByTestId('onramp-opened').innerText()).toContain('Finish your purchase in the Coinbase tab')

    await provider.getByTestId('pay').click()
    await provider.getByTestId('paid').waitFor()
    const credited = priceOf({ amount: '100', currency: 'USD', chainId: 'eip155:31337' })!
    expect(BigInt(await rpc(h.sandbox.chain.url, 'eth_getBalance', [address, 'latest'])) - before).toBe(credited.base)
    await provider.close()

    // The modal reads the on-ramp history again (every 5 s) and lists the purchase once credited.
    const purchase = view.getByTestId('onramp-purchase')
    await expect.poll(() => purchase.count(), { timeout: 15_000 }).toBe(1)
    expect(await purchase.getAttribute('data-status')).toBe('success')
    expect(await purchase.innerText()).toMatch(
      new RegExp(`^${credited.purchase.slice(0, 8).replace('.', '\\.')}\\d* ETH[\\s\\S]*Completed$`),
    )
    expect(
      h.sandbox.providerApi.requests.filter((r) => r.path.endsWith('/history') && r.query.onramp === 'coinbase').length,
    ).toBeGreaterThanOrEqual(2)

    // Back on Account: Tokens shows the credited balance, Activity the purchase ("Bought", the amount bought).
    await modalRoot().getByRole('button', { name: 'Back' }).first().click()
    await modalRoot().getByRole('tab', { name: 'Tokens' }).click()
    const eth = modalRoot().getByTestId('tokens').locator('[data-token="ETH"] .vb-item-hint')
    await expect.poll(() => eth.innerText(), { timeout: 15_000 }).toBe(truncatedBalance(before + credited.base, 18, 'ETH'))
    await modalRoot().getByRole('tab', { name: 'Activity' }).click()
    const activity = modalRoot().getByTestId('activity')
    await activity.waitFor()
    await expect
      .poll(() => activityRows(activity).then((rows) => rows[0]))
      .toBe(`Bought +${credited.purchase.replace(/^(\d+\.\d{0,3}).*$/, '$1')} ETH`)
    expect(page.isClosed()).toBe(false)
  }, 90_000)

  test("60 EUR by bank transfer: both providers' pages say so and price the purchase as the quote did", async () => {
    const view = await openBuy()
    await view.getByTestId('onramp-currency').selectOption('EUR')
    await view.getByTestId('onramp-method').selectOption('ach_bank_account')
    await view.getByTestId('onramp-amount').fill('60')
    const bought = priceOf({ amount: '60', currency: 'EUR', chainId: 'eip155:31337' })!.purchase
    const shown = bought.replace(/^(\d+\.\d{0,6}).*$/, '$1').replace(/0+$/, '')
    await expect.poll(() => view.getByTestId('onramp-quote').innerText()).toContain(`You get about ${shown} ETH · total 60.00 EUR`)
    for (const id of ['coinbase', 'meld']) {
      const opened = h.browser.context.waitForEvent('page')
      await view.getByTestId(`onramp-provider-${id}`).getByRole('button').click()
      const provider = await opened
      await provider.waitForLoadState()
      expect(await provider.getByTestId('summary').innerText(), id).toBe(
        `Pay 60 EUR by bank transfer for ${bought} ETH to ${h.sandbox.address} on eip155:31337`,
      )
      await provider.close()
    }
  }, 60_000)

  test('an amount outside the limits is refused before leaving: the reason shows, no page is asked for or opened', async () => {
    const view = await openBuy()
    const pages = h.browser.context.pages()
    await view.getByTestId('onramp-amount').fill('5')
    expect(await view.getByRole('alert').first().innerText()).toBe('The minimum is $10.00')
    await view.getByTestId('onramp-provider-coinbase').getByRole('button').click()
    await view.getByTestId('onramp-provider-meld').getByRole('button').click()
    expect(await view.getByTestId('onramp-error').innerText()).toBe('The minimum is $10.00')
    await view.getByTestId('onramp-amount').fill('5000.01')
    await view.getByTestId('onramp-method').selectOption('card')
    await view.getByTestId('onramp-provider-coinbase').getByRole('button').click()
    expect(await view.getByTestId('onramp-error').innerText()).toBe('The maximum is $5,000.00')
    // The bank transfer's limit is higher: the same amount is fine there and its page opens.
    await view.getByTestId('onramp-method').selectOption('ach_bank_account')
    expect(await view.getByTestId('onramp-limits').innerText()).toBe('Between $20.00 and $20,000.00')
    expect(generated()).toEqual([])
    expect(newPages(pages)).toEqual([])
    const opened = h.browser.context.waitForEvent('page')
    await view.getByTestId('onramp-provider-meld').getByRole('button').click()
    const widget = await opened
    await widget.waitForLoadState()
    expect(new URL(widget.url()).pathname).toBe('/widget')
    expect(await widget.getByTestId('param-sourceAmount').innerText()).toBe('5000.01')
    expect(await widget.getByTestId('param-paymentMethod').innerText()).toBe('ach_bank_account')
    await widget.close()
  }, 60_000)

  test('options and quote failing: the built-in limits, the reason for no quote and no made-up amounts, and the page still opens', async () => {
    h.sandbox.providerApi.setOnrampAnswer('options', { status: 500, body: { message: 'down' } })
    h.sandbox.providerApi.setOnrampAnswer('quote', { status: 200, body: { purchaseAmount: { amount: '-1', currency: 'ETH' } } })
    const view = await openBuy()
    expect(await view.getByTestId('onramp-limits').innerText()).toBe('Between $10.00 and $7,500.00')
    expect(await view.getByTestId('onramp-currency').locator('option').allInnerTexts()).toEqual(['USD', 'EUR'])
    await view.getByTestId('onramp-method').selectOption('ach_bank_account')
    expect(await view.getByTestId('onramp-limits').innerText()).toBe('Between $10.00 and $25,000.00')
    await view.getByTestId('onramp-amount').fill('7600')
    await expect
      .poll(() => view.getByTestId('onramp-no-quote').innerText())
      .toBe('No quote right now (The quote is malformed): the provider shows the final amount.')
    // No quote: no amount, fee or total (the typed amount is not passed off as one).
    expect(await view.getByTestId('onramp-quote').innerText()).toBe(
      'No quote right now (The quote is malformed): the provider shows the final amount.',
    )
    h.sandbox.providerApi.setOnrampAnswer('quote', { status: 503, body: { message: 'down' } })
    await view.getByTestId('onramp-amount').fill('7601')
    await expect.poll(() => view.getByTestId('onramp-no-quote').innerText()).toContain('(HTTP status code: 503)')
    expect(await view.getByTestId('onramp-quote').innerText()).toBe(
      'No quote right now (HTTP status code: 503): the provider shows the final amount.',
    )
    const opened = h.browser.context.waitForEvent('page')
    await view.getByTestId('onramp-provider-coinbase').getByRole('button').click()
    const provider = await opened
    await provider.waitForLoadState()
    expect(await provider.getByTestId('param-presetFiatAmount').innerText()).toBe('7601')
    await provider.close()
  }, 60_000)

  test('a provider page that is not https (nor loopback http) is never opened; the reason shows and the form stays usable', async () => {
    const view = await openBuy()
    const pages = h.browser.context.pages()
    await view.getByTestId('onramp-amount').fill('50')
    for (const url of ['http://pay.example/buy', 'javascript:alert(document.domain)', 'data:text/html,<h1>pay</h1>']) {
      h.sandbox.providerApi.setOnrampAnswer('url', { status: 200, body: { url } })
      const before = generated().length
      await view.getByTestId('onramp-provider-coinbase').getByRole('button').click()
      await expect.poll(() => generated().length).toBe(before + 1)
      await expect
        .poll(() => view.getByTestId('onramp-error').innerText())
        .toBe("Coinbase could not be opened: Coinbase's page is not a secure (https) address")
    }
    // An API error shows its reason.
    h.sandbox.providerApi.setOnrampAnswer('url', { status: 500, body: { message: 'down' } })
    await view.getByTestId('onramp-provider-coinbase').getByRole('button').click()
    await expect.poll(() => view.getByTestId('onramp-error').innerText()).toBe('Coinbase could not be opened: HTTP status code: 500')
    // The failure is handled and drawn; a page for it would have opened by now.
    await nextFrames(h.browser.page)
    expect(newPages(pages)).toEqual([])
    expect(h.browser.offLoopback).toEqual([])
    // The form stays usable: with the API answering again, the page opens.
    h.sandbox.providerApi.setOnrampAnswer('url', undefined)
    const opened = h.browser.context.waitForEvent('page')
    await view.getByTestId('onramp-provider-coinbase').getByRole('button').click()
    const provider = await opened
    expect(new URL(provider.url()).origin).toBe(h.sandbox.onramp.url)
    await provider.close()
  }, 60_000)

  test('a quote buying an absurd amount is refused (its reason shows, no amount); a history row with an absurd amount is not shown as given', async () => {
    const address = h.sandbox.address
    h.sandbox.providerApi.addOnrampPurchase({
      chainId: 'eip155:31337',
      owner: address,
      hash: '0xfine',
      from: '0xa0ee7a142d267c1f36714e4a8f75612f20a79720',
      amount: '0.0325',
      asset: { name: 'Ether', symbol: 'ETH' },
      status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
      minedAt: '2026-01-01T03:04:05Z',
    })
    h.sandbox.providerApi.addOnrampPurchase({
      chainId: 'eip155:31337',
      owner: address,
      hash: '0xbad',
      from: '0xa0ee7a142d267c1f36714e4a8f75612f20a79720',
      amount: '999999999999999.999999',
      asset: { name: 'Ether', symbol: 'ETH' },
      status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
      minedAt: '2026-01-02T03:04:05Z',
    })
    const priced = priceOf({ amount: '100', currency: 'USD', chainId: 'eip155:31337' })!
    h.sandbox.providerApi.setOnrampAnswer('quote', {
      status: 200,
      body: {
        coinbaseFee: { amount: '1.50', currency: 'USD' },
        networkFee: { amount: '0.50', currency: 'USD' },
        paymentSubtotal: { amount: '98.00', currency: 'USD' },
        paymentTotal: { amount: '100.00', currency: 'USD' },
        purchaseAmount: { amount: '999999999999999.999999', currency: 'ETH' },
        quoteId: 'absurd',
      },
    })
    const view = await openBuy()
    const rows = view.getByTestId('onramp-purchase')
    // (Listed newest first; a purchase an earlier test paid may be listed too.)
    await expect
      .poll(() => rows.filter({ hasText: 'Unverified' }).allInnerTexts())
      .toEqual(['Unverified ETH purchase: the reported amount is implausible\nJan 2, 03:04 AM\nCompleted'])
    expect(await rows.filter({ hasText: 'Jan 1, 03:04 AM' }).allInnerTexts()).toEqual(['0.0325 ETH\nJan 1, 03:04 AM\nCompleted'])
    expect(await view.getByTestId('onramp-purchases').innerText()).not.toContain('999999999999999')

    await view.getByTestId('onramp-amount').fill('100')
    await expect
      .poll(() => view.getByTestId('onramp-no-quote').innerText())
      .toBe(
        "No quote right now (The quote's 999999999999999.999999 ETH for 100 USD is not a plausible price): the provider shows the final amount.",
      )
    expect(await view.getByTestId('onramp-quote').innerText()).not.toMatch(/You get|Fees|total/)
    // A quote for another amount than asked is refused the same way.
    h.sandbox.providerApi.setOnrampAnswer('quote', {
      status: 200,
      body: {
        coinbaseFee: { amount: '1.50', currency: 'USD' },
        networkFee: { amount: '0.50', currency: 'USD' },
        paymentSubtotal: { amount: '8.00', currency: 'USD' },
        paymentTotal: { amount: '10.00', currency: 'USD' },
        purchaseAmount: { amount: priced.purchase, currency: 'ETH' },
        quoteId: 'other',
      },
    })
    await view.getByTestId('onramp-amount').fill('101')
    await expect
      .poll(() => view.getByTestId('onramp-no-quote').innerText())
      .toBe('No quote right now (The quote is for 10.00 USD, not the 101 USD asked for): the provider shows the final amount.')
    // The sandbox's own quote for what was asked shows again.
    h.sandbox.providerApi.setOnrampAnswer('quote', undefined)
    await view.getByTestId('onramp-amount').fill('100')
    await expect.poll(() => view.getByTestId('onramp-quote').innerText()).toMatch(/^You get about 0\.0325\d* ETH · total 100\.00 USD/)
  }, 60_000)
})
