// Images of the Buy view: each payment currency's and the asset's image is the provider API's
// (`/public/getCurrencyImage/{id}`, `/public/getTokenImage/{symbol}`), addressed like the catalog's wallet images
// (projectId, st and sv in the query, the id path-encoded) and loading from the sandbox's provider API: an SVG per
// id it knows, 404 for one it does not. An id that cannot name an image gets none (the view shows the initial).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createKernel } from '../../../kernel/kernel.js'
import { createHttpClient } from '../../../kernel/http.js'
import { createCatalogClient } from '../../../plugins/catalog/client.js'
import { onramp } from '../../../plugins/onramp/index.js'
import { viewOnrampDeps } from '../../../plugins/onramp/wiring.js'
import { viewContext } from '../../../ui/shell/view-context.js'
import { MAX_IMAGE_ID, providerImageUrl } from '../../../ui/kit/network-image.js'
import { startProviderApi } from '../../../sandbox/provider-api/server.mjs'
import { dummyView } from '../../kernel/helpers.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

let api: Awaited<ReturnType<typeof startProviderApi>>
beforeAll(async () => void (api = await startProviderApi({ rpcUrls: { 'eip155:31337': 'http://127.0.0.1:9/' } })))
afterAll(() => api?.stop())
beforeEach(() => api.reset())

const buyImages = (apiUrl = api.url) => {
  const modal = createKernel({ projectId: 'p', apiUrl, sdkVersion: 'v1', plugins: [onramp()] } as never, { views: { Connect: dummyView } })
  return { modal, images: viewOnrampDeps(viewContext(modal, 'onramp')).images! }
}

describe('Buy view images', () => {
  it("are the catalog client's currency and token image addresses on the modal's provider API", () => {
    const { modal, images } = buyImages()
    const catalog = createCatalogClient(
      createHttpClient({ baseUrl: api.url, defaultQuery: { projectId: 'p', st: kernelOf(modal).options.sdkType, sv: 'v1' } }),
    )
    expect(images.currency('USD')).toBe(catalog.currencyImageUrl('USD'))
    expect(images.token('ETH')).toBe(catalog.tokenImageUrl('ETH'))
    expect(new URL(images.currency('EUR')!).searchParams.get('projectId')).toBe('p')
  })

  it('load real images from the provider API; an unknown currency or token is 404', async () => {
    const { images } = buyImages()
    const usd = await fetch(images.currency('USD')!)
    expect(usd.status).toBe(200)
    expect(usd.headers.get('content-type')).toBe('image/svg+xml')
    const eur = await (await fetch(images.currency('EUR')!)).text()
    expect(eur).toMatch(/^<svg /)
    expect(eur).not.toBe(await usd.text())
    expect((await fetch(images.token('ETH')!)).status).toBe(200)
    expect((await fetch(images.currency('XYZ')!)).status).toBe(404)
    expect((await fetch(images.token('NOPE')!)).status).toBe(404)
    // The ids the API names elsewhere have images too: a currency its options list, a token in its balance rows.
    api.setOnrampAnswer('options', {
      status: 200,
      body: { paymentCurrencies: [{ id: 'XYZ', payment_method_limits: [] }], purchaseCurrencies: [] },
    })
    api.addBalances('eip155:31337', '0x0000000000000000000000000000000000000001', [{ symbol: 'NOPE' }])
    expect((await fetch(images.currency('XYZ')!)).status).toBe(200)
    expect((await fetch(images.token('NOPE')!)).status).toBe(200)
    api.reset()
    expect((await fetch(images.currency('XYZ')!)).status).toBe(404)
  })

  it('an id is path-encoded; a blank, overlong or non-string id has no image', () => {
    const { images } = buyImages('https://api.test')
    expect(images.currency('a/b?c')).toMatch(/^https:\/\/api\.test\/public\/getCurrencyImage\/a%2Fb%3Fc\?projectId=p&/)
    expect(providerImageUrl('token', 'x'.repeat(MAX_IMAGE_ID), createHttpClient({ baseUrl: 'https://api.test' }))).toBe(
      `https://api.test/public/getTokenImage/${'x'.repeat(MAX_IMAGE_ID)}`,
    )
    for (const bad of ['', '   ', 'x'.repeat(MAX_IMAGE_ID + 1), 7, null, undefined]) {
      expect(images.currency(bad as string), String(bad)).toBeUndefined()
      expect(images.token(bad as string), String(bad)).toBeUndefined()
    }
  })
})
