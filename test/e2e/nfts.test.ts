// The NFTs tab in the browser over the sandbox: the three Sandbox Shapes the demo account holds, read from the
// history of the local chain, with lazily loaded previews from loopback; the airdropped spam piece is hidden.
import { describe, expect, test } from 'vitest'
import { useSandboxBrowser } from './harness.js'

const h = useSandboxBrowser()
const { modalRoot } = h

describe('nfts', () => {
  test('the held collectibles with their previews; spam hidden', async () => {
    await h.connectWallet()
    await modalRoot().getByRole('tab', { name: 'NFTs' }).click()
    const grid = modalRoot().getByTestId('nfts')
    await grid.waitFor({ timeout: 15_000 })
    expect((await grid.getByTestId('nft').allInnerTexts()).sort()).toEqual(['Sandbox Shapes #1', 'Sandbox Shapes #2', 'Sandbox Shapes #3'])
    const images = await grid
      .locator('img')
      .evaluateAll((imgs) => imgs.map((i) => ({ src: (i as HTMLImageElement).src, loading: i.getAttribute('loading') })))
    expect(images).toHaveLength(3)
    for (const image of images) {
      expect(image.loading).toBe('lazy')
      expect(image.src).toMatch(new RegExp(`^${h.sandbox.providerApi.url}/sandbox/nft/SHAPE/\\d$`))
    }
    expect(await grid.innerText()).not.toContain('Free Airdrop Claim')
  })
})
