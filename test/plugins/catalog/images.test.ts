// The images service the catalog plugin offers other plugins (`Capabilities.Images`): payment-currency and token
// image addresses on the modal's provider API, with projectId, st and sv like the wallet images, loading from the
// sandbox's provider API (a real SVG per known id, 404 for an id it does not know); an id that cannot name an image
// gets none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Capabilities } from '../../../kernel/index.js'
import { createKernel } from '../../../kernel/kernel.js'
import { createHttpClient } from '../../../kernel/http.js'
import { walletCatalog } from '../../../plugins/catalog/index.js'
import { createCatalogClient } from '../../../plugins/catalog/client.js'
import { MAX_IMAGE_ID, createImagesService } from '../../../plugins/catalog/images.js'
import { startProviderApi } from '../../../sandbox/provider-api/server.mjs'
import { dummyView } from '../../kernel/helpers.js'

let api: Awaited<ReturnType<typeof startProviderApi>>
beforeAll(async () => void (api = await startProviderApi({ rpcUrls: { 'eip155:31337': 'http://127.0.0.1:9/' } })))
afterAll(() => api?.stop())

const modal = (plugins: unknown[]) => createKernel({ projectId: 'p', apiUrl: api.url, sdkVersion: 'v1', plugins } as never, { views: { Connect: dummyView } })

describe('images service', () => {
  it('is provided by the catalog plugin under Capabilities.Images, with the catalog client’s addresses', () => {
    const { kernel } = modal([walletCatalog()])
    const images = kernel.services.get(Capabilities.Images)!
    const client = createCatalogClient(createHttpClient({ baseUrl: api.url, defaultQuery: { projectId: 'p', st: kernel.options.sdkType, sv: 'v1' } }))
    expect(images.currency('USD')).toBe(client.currencyImageUrl('USD'))
    expect(images.token('ETH')).toBe(client.tokenImageUrl('ETH'))
    expect(new URL(images.currency('EUR')!).searchParams.get('projectId')).toBe('p')
    // Without the catalog plugin no one offers images.
    expect(modal([]).kernel.services.get(Capabilities.Images)).toBeUndefined()
  })

  it('the addresses load real images from the provider API; an unknown currency or token is 404', async () => {
    const images = modal([walletCatalog()]).kernel.services.get(Capabilities.Images)!
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
    api.setOnrampAnswer('options', { status: 200, body: { paymentCurrencies: [{ id: 'XYZ', payment_method_limits: [] }], purchaseCurrencies: [] } })
    api.addBalances('eip155:31337', '0x0000000000000000000000000000000000000001', [{ symbol: 'NOPE' }])
    expect((await fetch(images.currency('XYZ')!)).status).toBe(200)
    expect((await fetch(images.token('NOPE')!)).status).toBe(200)
    api.reset()
    expect((await fetch(images.currency('XYZ')!)).status).toBe(404)
  })

  it('an id is path-encoded; a blank, overlong or non-string id has no image', () => {
    const images = createImagesService(createHttpClient({ baseUrl: 'https://api.test', defaultQuery: { projectId: 'p' } }))
    expect(images.currency('a/b?c')).toBe('https://api.test/public/getCurrencyImage/a%2Fb%3Fc?projectId=p')
    expect(images.token('x'.repeat(MAX_IMAGE_ID))).toMatch(/^https:\/\/api\.test\/public\/getTokenImage\/x{200}\?/)
    for (const bad of ['', '   ', 'x'.repeat(MAX_IMAGE_ID + 1), 7, null, undefined]) {
      expect(images.currency(bad as string), String(bad)).toBeUndefined()
      expect(images.token(bad as string), String(bad)).toBeUndefined()
    }
  })
})
