// The CACAO of a sign-in with each other family's Sandbox wallet, in the browser: the session the page holds has
// the CAIP-122 header, the issuer did:pkh of the connected CAIP-10 account, the message's nonce and URI, and the
// signature the backend received under the family's signature type.
import { beforeEach, describe, expect, test } from 'vitest'
import { useSandboxBrowser } from './harness.js'

const h = useSandboxBrowser({ families: ['solana', 'polkadot', 'bip122'], timeout: 120_000 })
const { modalRoot, walletButton, answerWallet } = h

beforeEach(async () => {
  h.sandbox.siwx.reset()
  await h.browser.page.context().clearCookies()
})

const FAMILIES = [
  { wallet: 'Sandbox Solana Wallet', type: 'solana:ed25519' },
  { wallet: 'Sandbox Polkadot Wallet', type: 'polkadot:sr25519' },
  // The Sandbox Bitcoin wallet signs in the legacy signed-message format.
  { wallet: 'Sandbox Bitcoin Wallet', type: 'bip122:ecdsa' },
] as const

describe.each(FAMILIES)('the $wallet', ({ wallet, type }) => {
  test(`the session carries its CACAO: header caip122, signature ${type}`, async () => {
    const { page } = h.browser
    await page.goto(`${h.sandbox.url}?siwx=optional`)
    await page.getByTestId('open-modal').click()
    await expect.poll(() => walletButton(wallet).count(), { timeout: 15_000 }).toBe(1)
    await walletButton(wallet).click()
    await answerWallet(/Connect/)
    await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 20_000 }).toBe('connected')
    const caipAddress = await page.getByTestId('caip-address').innerText()
    const signView = modalRoot().getByTestId('siwx')
    await expect.poll(() => signView.getAttribute('data-phase'), { timeout: 15_000 }).toBe('ready')
    await signView.getByTestId('siwx-sign').click()
    await answerWallet(/Sign this message/)
    await expect.poll(() => page.getByTestId('signed-in').innerText(), { timeout: 15_000 }).toMatch(/^signed in as /)
    const [attempt] = h.sandbox.siwx.attempts
    const session = await page.evaluate(
      () =>
        (window as unknown as { modal: { getPlugin(n: string): { $state: { get(): { session?: Record<string, any> } } } } }).modal
          .getPlugin('siwx')
          .$state.get().session,
    )
    const origin = new URL(h.sandbox.url)
    expect(session?.cacao).toEqual({
      h: { t: 'caip122' },
      p: expect.objectContaining({
        domain: origin.host,
        iss: `did:pkh:${caipAddress}`,
        aud: session?.data.uri,
        version: '1',
        nonce: session?.data.nonce,
        iat: session?.data.issuedAt,
      }),
      s: { t: type, s: attempt.signature },
    })
    expect(session?.message).toBe(attempt.message)
  })
})
