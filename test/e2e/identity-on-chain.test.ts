// Names on chain in the browser: the sandbox chain holds ENS (sandbox/contracts/ens.mjs) and the demo app's local
// network names its universal resolver. Account shows the account's primary name and avatar read on chain, which
// the provider API does not know; Send resolves alice.eth on chain, with the avatar of her text record. On the
// Sandbox L2 (no resolver of its own), Send resolves erin.eth through the local chain's resolver to the address she
// holds under the L2's coin type (ENSIP-11), not her Ethereum one.
import { afterEach, describe, expect, test } from 'vitest'
import { avatarDataUrl } from '../../sandbox/contracts/ens.mjs'
import { useSandboxBrowser } from './harness.js'
import { openSendForm } from './send-form.js'

const h = useSandboxBrowser()
const { modalRoot } = h
afterEach(() => h.sandbox.providerApi.reset())

const ALICE = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const asked = (prefix: string) => h.sandbox.providerApi.requests.filter((r) => r.path.startsWith(prefix)).map((r) => r.path)

describe('names on the sandbox chain', () => {
  test("Account shows the account's primary name and avatar from the chain; the provider API's identity is not asked", async () => {
    const avatar = avatarDataUrl('#12b886')
    await h.sandbox.ens.register({ name: 'carol.eth', address: h.sandbox.address, avatar, primary: true })
    try {
      await h.connectWallet()
      const profile = modalRoot().getByTestId('account-profile')
      await expect.poll(() => profile.getByTestId('account-name').innerText()).toBe('carol.eth')
      const image = profile.locator('.vb-avatar')
      await expect.poll(() => image.getAttribute('data-image')).toBe('loaded')
      expect(await image.locator('img').getAttribute('src')).toBe(avatar)
      expect(await modalRoot().getByTestId('account-address').getAttribute('title')).toBe(h.sandbox.address)
      // The provider API knows the demo account as demo.<zone>: it was never asked.
      expect(asked('/v1/identity/')).toEqual([])
    } finally {
      await h.sandbox.ens.setPrimary(h.sandbox.address, '')
    }
  })

  test('Send resolves alice.eth on chain: "alice.eth is 0x…" with her avatar, the provider API not asked', async () => {
    const form = await openSendForm(h)
    await form.getByLabel('Amount').fill('0.01')
    await form.getByTestId('send-receiver').fill('alice.eth')
    const line = form.getByTestId('send-name')
    await expect.poll(() => line.innerText()).toContain(`alice.eth is ${ALICE}`)
    await expect.poll(() => line.locator('.vb-avatar').getAttribute('data-image')).toBe('loaded')
    expect(await line.locator('img').getAttribute('src')).toBe(avatarDataUrl('#7b61ff'))
    await expect.poll(() => form.getByTestId('send-fee').innerText()).toMatch(/\d ETH/)
    await form.getByTestId('send-review').click()
    await expect.poll(() => form.getByTestId('send-preview').innerText()).toContain(`You send 0.01 ETH to alice.eth (${ALICE}) on `)
    expect(asked('/v1/profile/account/')).toEqual([])
  })

  test('Send on the Sandbox L2 resolves erin.eth to her L2 address (coin type 0x80000000 | 31338), read on the local chain', async () => {
    const form = await openSendForm(h)
    const switched = h.browser.page.evaluate(() =>
      (window as unknown as { modal: { switchNetwork(id: string): Promise<void> } }).modal.switchNetwork('eip155:31338'),
    )
    await h.approveInWallet(/Add network "Sandbox L2"/)
    await switched
    await expect.poll(() => h.browser.page.getByTestId('network').innerText()).toBe('Sandbox L2 (eip155:31338)')
    await form.getByTestId('send-receiver').fill('erin.eth')
    await expect.poll(() => form.getByTestId('send-name').innerText()).toContain('erin.eth is 0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f')
    expect(asked('/v1/profile/account/')).toEqual([])
  })
})
