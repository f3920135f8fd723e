// The Receive feature in the browser: from Account's wallet features to the address, a copy that confirms, the
// networks it can receive on, and a QR code that an independent decoder (jsQR) reads back to a URI naming the
// address and the chain.
import jsQR from 'jsqr'
import { describe, expect, test } from 'vitest'
import { useSandboxBrowser } from './harness.js'

const h = useSandboxBrowser()
const { modalRoot } = h

describe('receive', () => {
  test('address, copy with a visible confirmation, networks, and a QR code that decodes to the EIP-681 URI', async () => {
    const { page } = h.browser
    await h.connectWallet()
    const address = (await modalRoot().getByTestId('account-address').getAttribute('title'))!
    const networkImage = await modalRoot()
      .getByRole('button', { name: /Choose network/ })
      .locator('img')
      .getAttribute('src')
    expect(networkImage).toBeTruthy()
    await modalRoot()
      .getByTestId('account-features')
      .getByRole('button', { name: /Receive/ })
      .click()
    const view = modalRoot().getByTestId('receive')
    await view.waitFor()
    expect(await view.getByTestId('receive-address').innerText()).toBe(address)
    expect(
      await view
        .getByTestId('receive-networks')
        .locator('[data-network-id]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-network-id'))),
    ).toEqual(['eip155:31337', 'eip155:31338'])
    // Each network with its image (the one Account shows for it), in a row as wide as the view.
    expect(await view.locator('[data-network-id="eip155:31337"] img').getAttribute('src')).toBe(networkImage)
    const widths = await view.getByTestId('receive-networks').evaluate((list) => ({
      view: list.parentElement!.getBoundingClientRect().width,
      rows: [...list.querySelectorAll('.vb-item')].map((row) => row.getBoundingClientRect().width),
    }))
    expect(widths.rows).toEqual([widths.view, widths.view])

    // Draw the SVG onto a canvas in the page; decode its pixels here with jsQR.
    const pixels = await view.getByTestId('receive-qr').evaluate(async (svg) => {
      const image = new Image()
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`
      await image.decode()
      const canvas = document.createElement('canvas')
      canvas.width = canvas.height = 480
      const context = canvas.getContext('2d')!
      context.drawImage(image, 0, 0, 480, 480)
      return Array.from(context.getImageData(0, 0, 480, 480).data)
    })
    const decoded = jsQR(Uint8ClampedArray.from(pixels), 480, 480)
    expect(decoded?.data).toBe(`ethereum:${address}@31337`)
    expect(await view.getByTestId('receive-qr').getAttribute('data-uri')).toBe(decoded?.data)

    await view.getByTestId('receive-copy').click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(address)
    const snackbar = modalRoot().getByTestId('snackbar')
    await expect.poll(() => snackbar.innerText()).toContain('Address copied')
    expect(await snackbar.getAttribute('data-open')).toBe('')
  })
})
