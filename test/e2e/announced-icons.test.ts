// Icons a wallet announces about itself must be data: URIs (EIP-6963, the Wallet Standard): an announced URL is
// never requested, so an extension cannot use the wallet list as a tracking pixel; the initials show instead.
// A recent wallet's image read back from storage shows only as a data: URI or from the provider API's origin.
import { describe, expect, test } from 'vitest'
import { useSandboxBrowser } from './harness.js'
import { nextFrames } from './settle.js'
import { catalogWallets } from '../../sandbox/provider-api/catalog.mjs'

const h = useSandboxBrowser()
const { modalRoot } = h
const walletList = () => modalRoot().locator('[data-testid="wallet-list"]')
const avatar = (section: string, name: string) =>
  walletList()
    .locator(`li[data-section="${section}"] button`)
    .filter({ has: h.browser.page.locator('.vb-item-name', { hasText: new RegExp(`^${name}$`) }) })
    .locator('.vb-avatar')

describe('announced and stored wallet images', () => {
  test('an announced icon URL is refused and never requested; an announced data: icon shows', async () => {
    const { page } = h.browser
    const apiPixel = `${h.sandbox.providerApi.url}/public/getAssetImage/tracker-pixel?who=visitor`
    await page.addInitScript((pixel: string) => {
      const announce = (info: Record<string, string>) => {
        const provider = { request: () => new Promise(() => {}), on() {}, removeListener() {} }
        const detail = Object.freeze({ info: Object.freeze(info), provider })
        const send = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
        window.addEventListener('eip6963:requestProvider', send)
        send()
      }
      announce({ uuid: 'px', rdns: 'test.pixel', name: 'Pixel Wallet', icon: 'https://tracker.example/pixel.png?who=visitor' })
      announce({ uuid: 'lo', rdns: 'test.local', name: 'Local Pixel Wallet', icon: pixel })
      announce({
        uuid: 'ok',
        rdns: 'test.inline',
        name: 'Inline Wallet',
        icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>',
      })
    }, apiPixel)
    await page.reload()
    h.sandbox.providerApi.reset()
    await page.getByTestId('open-modal').click()
    await expect
      .poll(() => walletList().locator('li[data-section="injected"] .vb-item-name').allInnerTexts())
      .toEqual(expect.arrayContaining(['Pixel Wallet', 'Local Pixel Wallet', 'Inline Wallet']))
    await expect.poll(() => avatar('injected', 'Inline Wallet').getAttribute('data-image')).toBe('loaded')
    expect(await avatar('injected', 'Pixel Wallet').getAttribute('data-image')).toBe('none')
    expect(await avatar('injected', 'Local Pixel Wallet').getAttribute('data-image')).toBe('none')
    expect(await avatar('injected', 'Pixel Wallet').innerText()).toBe('P')
    // Neither URL was asked for: tracker.example would be listed off loopback (checked after each test), the
    // loopback one among the provider API's requests.
    // The list is drawn with its images decided (the inline one loaded): any image request was made by now.
    await nextFrames(page)
    expect(h.sandbox.providerApi.requests.filter((r: { path: string }) => r.path.includes('tracker-pixel'))).toEqual([])
  })

  test('an announced wallet without a usable icon that the catalog knows by rdns shows the catalog image', async () => {
    const { page } = h.browser
    // Generated catalog wallet 2 has the rdns dev.vestibule.catalog.w2 (sandbox/provider-api/catalog.mjs).
    const entry = catalogWallets().find((w: { rdns?: string | null }) => w?.rdns === 'dev.vestibule.catalog.w2') as {
      name: string
      image_id: string
    }
    await page.addInitScript(() => {
      const provider = { request: () => new Promise(() => {}), on() {}, removeListener() {} }
      const announce = (info: Record<string, string>) => {
        const detail = Object.freeze({ info: Object.freeze(info), provider })
        const send = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
        window.addEventListener('eip6963:requestProvider', send)
        send()
      }
      announce({ uuid: 'known', rdns: 'dev.vestibule.catalog.w2', name: 'Known Wallet', icon: 'https://tracker.example/known.png' })
      announce({ uuid: 'unknown', rdns: 'test.unknown', name: 'Unknown Wallet', icon: '' })
    })
    await page.reload()
    await page.getByTestId('open-modal').click()
    await expect
      .poll(() => walletList().locator('li[data-section="injected"] .vb-item-name').allInnerTexts())
      .toEqual(expect.arrayContaining(['Known Wallet', 'Unknown Wallet']))
    await expect.poll(() => avatar('injected', 'Known Wallet').getAttribute('data-image')).toBe('loaded')
    const src = await avatar('injected', 'Known Wallet').locator('img').getAttribute('src')
    expect(src).toMatch(new RegExp(`^${h.sandbox.providerApi.url}/getWalletImage/${entry.image_id}\\?`))
    expect(entry.name).not.toBe('Known Wallet')
    // A wallet the catalog does not know keeps its initial.
    expect(await avatar('injected', 'Unknown Wallet').getAttribute('data-image')).toBe('none')
    expect(await avatar('injected', 'Unknown Wallet').innerText()).toBe('U')
  })

  test("a stored recent wallet's image shows only as a data: URI or from the provider API", async () => {
    const { page } = h.browser
    const api = h.sandbox.providerApi.url
    const recent = [
      { id: 'elsewhere', name: 'Elsewhere Wallet', imageUrl: `${h.sandbox.url}pixel.png?who=visitor` },
      { id: 'catalog-image', name: 'Catalog Image Wallet', imageUrl: `${api}/getWalletImage/recent-image` },
    ]
    await page.evaluate((list) => localStorage.setItem('@vestibule/v1/recentWallets', JSON.stringify(list)), recent)
    await page.reload()
    await page.getByTestId('open-modal').click()
    await expect
      .poll(() => walletList().locator('li[data-section="recent"] .vb-item-name').allInnerTexts())
      .toEqual(['Elsewhere Wallet', 'Catalog Image Wallet'])
    expect(await avatar('recent', 'Elsewhere Wallet').getAttribute('data-image')).toBe('none')
    await expect.poll(() => avatar('recent', 'Catalog Image Wallet').getAttribute('data-image')).toBe('loaded')
    expect(await avatar('recent', 'Catalog Image Wallet').locator('img').getAttribute('src')).toMatch(
      new RegExp(`^${api}/getWalletImage/recent-image`),
    )
  })
})
