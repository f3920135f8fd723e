// The connected extension acts from its own UI: it switches to another account, stops sharing any, or
// disconnects. The modal follows each within a second, without a reload or a click.
import { describe, expect, test } from 'vitest'
import { createPublicClient, http } from 'viem'
import { truncatedBalance, useSandboxBrowser } from './harness.js'

const h = useSandboxBrowser()
const { modalRoot } = h

/** anvil's second dev account: funded by the node, not by the sandbox. */
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const within1s = { timeout: 1_000, interval: 25 }

/** The Sandbox Wallet raising one of its EIP-1193 events, as its own UI would. */
const walletEmits = (event: string, payload: unknown) =>
  h.browser.page.evaluate(
    ([e, p]) => (window as unknown as { sandboxWallet: { emit(e: string, p: unknown): void } }).sandboxWallet.emit(e as string, p),
    [event, payload] as const,
  )

describe('the extension acts from its own UI', () => {
  test('another account: Account shows it and its balance; then no account at all: the modal is disconnected', async () => {
    const { page } = h.browser
    await h.connectWallet()
    const address = modalRoot().getByTestId('account-address')
    expect(await address.getAttribute('title')).toBe(h.sandbox.address)

    await walletEmits('accountsChanged', [OTHER])
    await expect.poll(() => address.getAttribute('title'), within1s).toBe(OTHER)
    await expect.poll(() => page.getByTestId('caip-address').innerText(), within1s).toBe(`eip155:31337:${OTHER}`)
    const expected = truncatedBalance(
      await createPublicClient({ transport: http(h.sandbox.chain.url) }).getBalance({ address: OTHER }),
      18,
      'ETH',
    )
    await expect.poll(() => modalRoot().getByTestId('account-balance').innerText()).toBe(expected)

    // EIP-1193: an empty list means the wallet no longer shares an account with the page.
    await walletEmits('accountsChanged', [])
    await expect.poll(() => page.getByTestId('status').innerText(), within1s).toBe('disconnected')
    await expect.poll(() => modalRoot().locator('[data-testid="wallet-list"]').count(), within1s).toBe(1)
  })

  test('the extension disconnects (its `disconnect` event): the modal shows Connect within 1 s', async () => {
    const { page } = h.browser
    await h.connectWallet()
    await walletEmits('disconnect', { code: 4900, message: 'The wallet is disconnected from all chains' })
    await expect.poll(() => page.getByTestId('status').innerText(), within1s).toBe('disconnected')
    await expect.poll(() => modalRoot().locator('[data-testid="wallet-list"]').count(), within1s).toBe(1)
  })

  test('the extension is removed from the page (no event, its provider never answers again): the modal shows Connect within about 1 s', async () => {
    const { page } = h.browser
    await h.connectWallet()
    const started = Date.now()
    await page.evaluate(() => (window as unknown as { sandboxWallet: { remove(): void } }).sandboxWallet.remove())
    await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 3_000, interval: 25 }).toBe('disconnected')
    console.info(`extension removed: disconnected after ${Date.now() - started} ms`)
    await expect.poll(() => modalRoot().locator('[data-testid="wallet-list"]').count(), within1s).toBe(1)
  })

  test('a malformed account list from the extension changes nothing', async () => {
    const { page } = h.browser
    await h.connectWallet()
    for (const accounts of [['not an address'], [42], 'x', [{ address: OTHER }]]) await walletEmits('accountsChanged', accounts)
    // Then a valid one: once it shows, the malformed ones before it have been handled.
    await walletEmits('accountsChanged', [OTHER])
    await expect.poll(() => page.getByTestId('caip-address').innerText(), within1s).toBe(`eip155:31337:${OTHER}`)
    expect(await page.getByTestId('status').innerText()).toBe('connected')
  })
})
