/**
 * The loopback WalletConnect relay, a process of its own, is killed in the middle of a session with the Sandbox
 * Mobile Wallet and started again on the same port. The session carries on without a new QR code; a request the
 * wallet had not answered when the relay died fails with a reason the page shows, and asking again succeeds.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { verifyMessage, type Hex } from 'viem'
import { useSandboxBrowser } from './harness.js'
import { clearOrigin, openMobileWallet, pairingUriFromQr } from './mobile-wallet.js'

const h = useSandboxBrowser({ clearStorage: false, timeout: 120_000 })
const { modalRoot } = h
let walletOrigin: string

beforeAll(async () => {
  walletOrigin = h.sandbox.url.replace('127.0.0.1', 'localhost').replace(/\/$/, '')
  await clearOrigin(h.browser.page, h.sandbox.url.replace(/\/$/, ''))
  await h.browser.page.goto(h.sandbox.url)
})
afterAll(() => {
  expect(h.browser?.offLoopback ?? []).toEqual([])
})

/** Measured times, reported by the test run (not asserted). */
const measured: Record<string, number> = {}
afterAll(() => console.info('relay restart (ms):', JSON.stringify(measured)))

describe('the WalletConnect relay dies and comes back', () => {
  test('a pending request fails with a shown reason; after the restart the session resumes without a QR code and a new request is signed', async () => {
    const { page } = h.browser
    const relay = h.sandbox.walletConnect.relay
    await page.getByTestId('open-modal').click()
    await modalRoot().locator('[data-wallet-id="walletConnect"]').click()
    const uri = await pairingUriFromQr(modalRoot())
    const wallet = await openMobileWallet(h.browser.context, walletOrigin)
    await wallet.pair(uri)
    await wallet.decide('proposal', true)
    await modalRoot().getByTestId('account').waitFor({ timeout: 15_000 })
    const address = h.sandbox.walletConnect.address as Hex
    await page.bringToFront()
    await page.keyboard.press('Escape')

    // A request the wallet shows but has not answered when the relay dies.
    await page.getByTestId('sign').click()
    await wallet.card('request', /Sign this message on eip155:31337/)
    const pid = relay.pid
    let started = Date.now()
    await relay.kill()
    await expect.poll(() => page.getByTestId('signature').innerText(), { timeout: 10_000 }).toMatch(/WalletConnect relay/)
    measured.pendingFailsAfter = Date.now() - started
    expect(await page.getByTestId('signature').innerText()).toBe(
      'The connection to the WalletConnect relay was lost before the wallet answered. Try again.',
    )
    // The wallet page is told nothing (its relay is gone too): its user dismisses the card.
    await wallet.page.getByTestId('mw-reject').click()

    started = Date.now()
    await relay.restart()
    expect(relay.pid).not.toBe(pid)
    // The SDK reconnects on its own (it retries on its 5 s heartbeat): measured, the user sees nothing of it.
    const relayConnected = () =>
      page.evaluate(() =>
        (
          window as unknown as {
            modal: {
              getPlugin(name: 'walletConnect'): { getProvider(): Promise<{ client: { core: { relayer: { connected: boolean } } } }> }
            }
          }
        ).modal
          .getPlugin('walletConnect')
          .getProvider()
          .then((up) => up.client.core.relayer.connected),
      )
    await expect.poll(relayConnected, { timeout: 15_000 }).toBe(true)
    measured.appReconnectedAfter = Date.now() - started
    // Still connected, on the same account: the Account view, not a QR code.
    expect(await page.getByTestId('status').innerText()).toBe('connected')
    await page.getByTestId('open-modal').click()
    await modalRoot().getByTestId('account').waitFor()
    expect(await modalRoot().getByTestId('account-address').getAttribute('title')).toBe(address)
    expect(await modalRoot().getByTestId('wc-qr').count()).toBe(0)
    await page.keyboard.press('Escape')

    // Asked again: the wallet gets it through the new relay, and the signature verifies.
    await page.getByTestId('sign').click()
    await wallet.decide('request', true, /Sign this message on eip155:31337/)
    await expect.poll(() => page.getByTestId('signature').innerText(), { timeout: 15_000 }).toMatch(/^0x[0-9a-f]{130}$/)
    measured.signedAfterRestart = Date.now() - started
    const message = await page.getByTestId('signed-message').innerText()
    expect(await verifyMessage({ address, message, signature: (await page.getByTestId('signature').innerText()) as Hex })).toBe(true)
  })
})
