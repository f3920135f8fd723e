// Receive on a Bitcoin-like network that is not Bitcoin: the Litecoin regtest sandbox's QR code carries a
// `litecoin:` URI (the scheme its network definition names), decoded back by an independent reader (jsQR).
import jsQR from 'jsqr'
import { describe, expect, test } from 'vitest'
import { INSTALL_COMMAND, litecoindInstalled } from '../../sandbox/bip122/chain.mjs'
import { toolAvailable } from '../setup/tools.js'
import { useSandboxBrowser } from './harness.js'

const installed = toolAvailable(litecoindInstalled(), 'litecoind', INSTALL_COMMAND)
const h = useSandboxBrowser({ families: ['bip122'], timeout: 90_000 })
const { modalRoot } = h

describe.skipIf(!installed)('receive on Litecoin regtest', () => {
  test('the QR code decodes to litecoin:<address>, not bitcoin:', async () => {
    const { address } = h.family<{ address: string }>('bip122')
    await h.connectWallet('Sandbox Bitcoin Wallet', /Connect .* to rltc1q/)
    await modalRoot()
      .getByTestId('account-features')
      .getByRole('button', { name: /Receive/ })
      .click()
    const view = modalRoot().getByTestId('receive')
    await view.waitFor()
    expect(await view.getByTestId('receive-address').innerText()).toBe(address)
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
    expect(jsQR(Uint8ClampedArray.from(pixels), 480, 480)?.data).toBe(`litecoin:${address}`)
  })
})
