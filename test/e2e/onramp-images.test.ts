// The Buy view's images over the sandbox: the chosen payment currency's image and the asset's load from the local
// provider API (`/public/getCurrencyImage/{id}`, `/public/getTokenImage/{symbol}`, with the modal's projectId),
// another currency brings its own; when the images fail, the initial stays and the form works. Coinbase's page gets
// the quote's crypto amount (6 decimals) as presetCryptoAmount beside the fiat amount.
import { afterEach, describe, expect, test } from 'vitest'
import { priceOf } from '../../sandbox/provider-api/onramp.mjs'
import { useSandboxBrowser } from './harness.js'

const h = useSandboxBrowser()
const { modalRoot } = h
afterEach(() => h.sandbox.providerApi.reset())

async function openBuy(before?: () => void) {
  await h.connectWallet()
  before?.()
  await modalRoot().getByTestId('account-features').getByRole('button', { name: /Buy/ }).click()
  const view = modalRoot().getByTestId('onramp')
  await view.waitFor({ timeout: 15_000 })
  return view
}
const imageRequests = (path: string) => h.sandbox.providerApi.requests.filter((r) => r.method === 'GET' && r.path === path)

describe('on-ramp images', () => {
  test("each payment currency's image and the asset's load from the provider API", async () => {
    const view = await openBuy()
    const currency = view.getByTestId('onramp-currency-image')
    const asset = view.getByTestId('onramp-asset-image')
    for (const id of ['USD', 'EUR']) {
      if (id !== 'USD') await view.getByTestId('onramp-currency').selectOption(id)
      await expect.poll(() => currency.getAttribute('data-id')).toBe(id)
      await expect.poll(() => currency.locator('.vb-avatar').getAttribute('data-image'), { timeout: 10_000 }).toBe('loaded')
      const img = currency.locator('img[data-loaded]')
      expect(new URL((await img.getAttribute('src'))!).pathname).toBe(`/public/getCurrencyImage/${id}`)
      // A real image: the browser decoded it.
      expect(await img.evaluate((e: HTMLImageElement) => e.naturalWidth)).toBeGreaterThan(0)
      const [request] = imageRequests(`/public/getCurrencyImage/${id}`)
      expect(request?.query).toMatchObject({ projectId: expect.any(String), st: expect.any(String), sv: expect.any(String) })
    }
    await expect.poll(() => asset.locator('.vb-avatar').getAttribute('data-image'), { timeout: 10_000 }).toBe('loaded')
    expect(new URL((await asset.locator('img').getAttribute('src'))!).pathname).toBe('/public/getTokenImage/ETH')
  }, 60_000)

  test('images that fail leave the initial, and the form still quotes', async () => {
    // The provider API's image routes answer 500 from here on (the blockchain API still answers).
    const view = await openBuy(() => h.sandbox.providerApi.setMode('down'))
    const avatar = view.getByTestId('onramp-currency-image').locator('.vb-avatar')
    await expect.poll(() => avatar.getAttribute('data-image'), { timeout: 10_000 }).toBe('failed')
    expect(await avatar.innerText()).toBe('U')
    expect(await avatar.locator('img').count()).toBe(0)
    await view.getByTestId('onramp-amount').fill('100')
    await expect.poll(() => view.getByTestId('onramp-quote').innerText()).toMatch(/You get about 0\.0325\d* ETH/)
  }, 60_000)

  test("Coinbase's page gets the quote's crypto amount as presetCryptoAmount", async () => {
    const view = await openBuy()
    await view.getByTestId('onramp-amount').fill('100')
    await expect.poll(() => view.getByTestId('onramp-quote').innerText()).toMatch(/You get about 0\.0325\d* ETH/)
    const opened = h.browser.context.waitForEvent('page')
    await view.getByTestId('onramp-provider-coinbase').getByRole('button').click()
    const provider = await opened
    await provider.waitForLoadState()
    const bought = priceOf({ amount: '100', currency: 'USD', chainId: 'eip155:31337' })!.purchase
    // Cut to the 6 decimals the view shows, trailing zeros dropped.
    const shown = bought
      .replace(/^(\d+\.\d{0,6}).*$/, '$1')
      .replace(/(\.\d*?)0+$/, '$1')
      .replace(/\.$/, '')
    expect(await provider.getByTestId('param-presetCryptoAmount').innerText()).toBe(shown)
    expect(await provider.getByTestId('param-presetFiatAmount').innerText()).toBe('100')
    const [generated] = h.sandbox.providerApi.requests.filter((r) => r.path === '/v1/generators/onrampurl')
    expect(generated?.body).toMatchObject({ presetCryptoAmount: Number(shown), presetFiatAmount: 100 })
    await provider.close()
  }, 60_000)
})
