/**
 * One WalletConnect session holding EVM and Solana, in Chromium with the Sandbox Mobile Wallet (real WalletKit)
 * over the loopback relay. Only the wallet may change a session's namespaces (WalletConnect v2 refuses a
 * session update from the app), so ending one row ends both: the row's button says "End session", and a
 * confirmation names every chain that ends before anything does; cancelling keeps both connected.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { useSandboxBrowser } from './harness.js'
import { clearOrigin, openMobileWallet, pairingUriFromQr } from './mobile-wallet.js'

const h = useSandboxBrowser({ families: ['solana', 'polkadot'], clearStorage: false, timeout: 180_000 })
const { modalRoot } = h
let walletOrigin: string

beforeAll(() => {
  walletOrigin = h.sandbox.url.replace('127.0.0.1', 'localhost').replace(/\/$/, '')
})
beforeEach(async () => {
  for (const page of h.browser.context.pages().slice(1)) await page.close()
  await clearOrigin(h.browser.page, h.sandbox.url.replace(/\/$/, ''))
  await h.browser.page.goto(h.sandbox.url)
})
afterAll(() => {
  expect(h.browser?.offLoopback ?? []).toEqual([])
})

/** The namespaces connected and the connector of each, as the kernel has them. */
const connected = () =>
  h.browser.page.evaluate(() => {
    const modal = (window as any).modal as {
      getState(): { connectedNamespaces: string[] }
      getAccount(ns: string): { connectorId?: string }
    }
    return modal
      .getState()
      .connectedNamespaces.map((ns) => `${ns}:${modal.getAccount(ns).connectorId}`)
      .sort()
  })

describe('a WalletConnect session across EVM and Solana', () => {
  test('the EVM row says the whole session ends, asks first, and cancelling keeps both chains', async () => {
    const { page } = h.browser
    await page.getByTestId('open-modal').click()
    await modalRoot().locator('[data-wallet-id="walletConnect"]').click()
    const uri = await pairingUriFromQr(modalRoot())
    const wallet = await openMobileWallet(h.browser.context, walletOrigin)
    await wallet.pair(uri)
    await wallet.share(['eip155', 'solana'])
    await wallet.decide('proposal', true)
    await expect.poll(connected, { timeout: 20_000 }).toEqual(['eip155:walletConnect', 'solana:walletConnect'])
    await page.bringToFront()

    const rows = modalRoot().getByTestId('connected-namespaces')
    await rows.waitFor({ timeout: 20_000 })
    const evmRow = rows.locator('li[data-namespace="eip155"]')
    // No plain "Disconnect" that would silently end Solana too.
    expect(await evmRow.getByRole('button', { name: /^Disconnect/ }).count()).toBe(0)
    const end = evmRow.getByTestId('end-session')
    expect(await end.innerText()).toBe('End session')
    const label = (await end.getAttribute('aria-label'))!
    expect(label).toMatch(/^End the wallet session of /)
    const solanaName = await page.evaluate(() => (window as any).modal.getNetwork('solana').caipNetwork.name as string)
    expect(label).toContain(solanaName)

    await end.click()
    const confirm = evmRow.getByTestId('end-session-confirm')
    expect(await confirm.innerText()).toContain(`${solanaName}`)
    expect(await confirm.innerText()).toMatch(/ending it disconnects all of them/)
    // Nothing has ended yet; cancelling keeps both.
    expect(await connected()).toEqual(['eip155:walletConnect', 'solana:walletConnect'])
    await confirm.getByTestId('end-session-cancel').click()
    expect(await evmRow.getByTestId('end-session-confirm').count()).toBe(0)
    expect(await connected()).toEqual(['eip155:walletConnect', 'solana:walletConnect'])

    // Confirmed: both chains end, as the confirmation said.
    await evmRow.getByTestId('end-session').click()
    await evmRow.getByTestId('end-session-confirmed').click()
    await expect.poll(connected, { timeout: 15_000 }).toEqual([])
  })

  test('a session of EVM (two networks), Solana and Polkadot: the confirmation lists every network; once ended, no network stays active', async () => {
    const { page } = h.browser
    await page.getByTestId('open-modal').click()
    await modalRoot().locator('[data-wallet-id="walletConnect"]').click()
    const uri = await pairingUriFromQr(modalRoot())
    const wallet = await openMobileWallet(h.browser.context, walletOrigin)
    await wallet.pair(uri)
    await wallet.share(['eip155', 'solana', 'polkadot'])
    await wallet.decide('proposal', true)
    await expect.poll(connected, { timeout: 30_000 }).toEqual(['eip155:walletConnect', 'polkadot:walletConnect', 'solana:walletConnect'])
    await page.bringToFront()

    const names = await page.evaluate(() => {
      const modal = (window as any).modal
      return { evm: modal.getNetwork('eip155').caipNetwork.name as string, solana: modal.getNetwork('solana').caipNetwork.name as string }
    })
    const evmRow = modalRoot().getByTestId('connected-namespaces').locator('li[data-namespace="eip155"]')
    await evmRow.getByTestId('end-session').click()
    const text = await evmRow.getByTestId('end-session-confirm').innerText()
    for (const name of [names.evm, 'Sandbox L2', names.solana, 'Sandbox Asset Hub']) expect(text).toContain(name)

    await evmRow.getByTestId('end-session-confirmed').click()
    await expect.poll(connected, { timeout: 15_000 }).toEqual([])
    // Disconnected: the state names no network (not the session's last one), and the page shows none.
    const snapshot = await page.evaluate(() => {
      const s = (window as any).modal.getState()
      return { status: s.status, namespace: s.namespace ?? null, network: s.caipNetwork?.name ?? null, id: s.caipNetworkId ?? null }
    })
    expect(snapshot).toEqual({ status: 'disconnected', namespace: null, network: null, id: null })
  })
})
