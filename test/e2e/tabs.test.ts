// Three tabs of the demo app in one browser: a connect, a network switch, a disconnect, a sign-in, a sign-out and an
// account change in one reach the other two within a second, with no wallet prompt there; messages on the tabs'
// channels that are forged, or meant for another modal's storage prefix, change nothing.
import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { privateKeyToAccount } from 'viem/accounts'
import { DEMO_SECOND_PRIVATE_KEY } from '../../sandbox/demo.mjs'
import { useSandboxBrowser } from './harness.js'
import { emailLogin } from './auth-login.js'

const h = useSandboxBrowser()
const { modalRoot } = h

/** Counts the Sandbox Wallet prompts a page shows (each is a new `[data-sandbox-wallet]` element). */
function countPrompts() {
  const seen = ((window as unknown as { __prompts: number }).__prompts = 0)
  void seen
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes)
        if (node instanceof HTMLElement && node.hasAttribute('data-sandbox-wallet'))
          (window as unknown as { __prompts: number }).__prompts++
  }).observe(document.documentElement, { childList: true, subtree: true })
}

const prompts = (page: Page) => page.evaluate(() => (window as unknown as { __prompts: number }).__prompts)
const status = (page: Page) => page.getByTestId('status').innerText()
const network = (page: Page) => page.getByTestId('network').innerText()
/** The other tabs reach `what` within a second of the first tab's change. */
const within1s = { timeout: 1_000, interval: 25 }

async function openTab(query = ''): Promise<Page> {
  const page = await h.browser.context.newPage()
  await page.addInitScript(countPrompts)
  await page.goto(`${h.sandbox.url}${query}`)
  // The app restores the (empty) stored session on load; the tab listens from then on.
  await page.evaluate(() => (window as unknown as { modal: { reconnect(): Promise<void> } }).modal.reconnect())
  // The test acts in the first tab: in front, as the tab a person uses. A new tab comes to the front, and each click
  // in a tab behind takes Playwright about a second instead of tens of milliseconds (the tab stays visible).
  await h.browser.page.bringToFront()
  return page
}

describe('tabs of one origin', () => {
  test('connect, a network switch and disconnect in one tab reach the two others within 1 s, with no wallet prompt there', async () => {
    const { page } = h.browser
    const others = await Promise.all([openTab(), openTab()])
    try {
      for (const tab of others) expect(await status(tab)).toBe('disconnected')

      await h.connectWallet()
      for (const tab of others) await expect.poll(() => status(tab), within1s).toBe('connected')
      for (const tab of others) expect(await tab.getByTestId('caip-address').innerText()).toBe(`eip155:31337:${h.sandbox.address}`)

      // A network the wallet did not know: added after the first tab's prompt, then known to the wallet in every tab.
      // The modal still shows Account after the connect.
      await modalRoot().getByTestId('network-button').click()
      await modalRoot().locator('[data-testid="networks"] button', { hasText: 'Sandbox L2' }).click()
      await h.approveInWallet(/Add network "Sandbox L2"/)
      await expect.poll(() => network(page)).toBe('Sandbox L2 (eip155:31338)')
      for (const tab of others) await expect.poll(() => network(tab), within1s).toBe('Sandbox L2 (eip155:31338)')
      // The other tabs' wallets are on that network too: a balance read there is the L2's.
      for (const tab of others)
        expect(
          await tab.evaluate(() =>
            (window as unknown as { ethereum: { request(a: { method: string }): Promise<string> } }).ethereum.request({
              method: 'eth_chainId',
            }),
          ),
        ).toBe('0x7a6a')

      await modalRoot().getByTestId('disconnect').click()
      await expect.poll(() => status(page)).toBe('disconnected')
      for (const tab of others) await expect.poll(() => status(tab), within1s).toBe('disconnected')

      for (const tab of others) expect(await prompts(tab)).toBe(0)
    } finally {
      await Promise.all(others.map((tab) => tab.close()))
    }
  })

  test('an account change and a sign-out in one tab reach the two others within 1 s, with no wallet prompt there', async () => {
    const { page } = h.browser
    h.sandbox.siwx.reset()
    await page.context().clearCookies()
    await page.goto(`${h.sandbox.url}?siwx=optional`)
    const others = [await openTab('?siwx=optional'), await openTab('?siwx=optional')]
    const signedIn = (tab: Page) => tab.getByTestId('signed-in').innerText()
    try {
      await h.connectWallet()
      const signView = modalRoot().getByTestId('siwx')
      await expect.poll(() => signView.getAttribute('data-phase'), { timeout: 15_000 }).toBe('ready')
      // The other tabs restored the account; without a session they open on the sign view, as on a reload.
      for (const tab of others) await expect.poll(() => status(tab), within1s).toBe('connected')

      // A sign-in in the first tab: the others take the session (the backend's cookie is the origin's), no signature.
      await signView.getByTestId('siwx-sign').click()
      await h.approveInWallet(/Sign this message/)
      const signedText = `signed in as ${h.sandbox.address} on eip155:31337`
      await expect.poll(() => signedIn(page), { timeout: 15_000 }).toBe(signedText)
      for (const tab of others) await expect.poll(() => signedIn(tab), within1s).toBe(signedText)
      for (const tab of others)
        await expect
          .poll(() => tab.evaluate(() => (window as unknown as { modal: { isOpen(): boolean } }).modal.isOpen()), within1s)
          .toBe(false)

      // A sign-out in the first tab: the others are signed out too, and their hosts hear siwx:signOut.
      await page.evaluate(() =>
        (window as unknown as { modal: { getPlugin(n: string): { signOut(): Promise<void> } } }).modal.getPlugin('siwx').signOut(),
      )
      await expect.poll(() => signedIn(page)).toBe('signed out')
      for (const tab of others) await expect.poll(() => signedIn(tab), within1s).toBe('signed out')

      // The person selects the wallet's second account in the first tab: every tab's modal shows it.
      const second = privateKeyToAccount(DEMO_SECOND_PRIVATE_KEY).address
      await page.evaluate(() => (window as unknown as { sandboxWallet: { selectAccount(i: number): void } }).sandboxWallet.selectAccount(1))
      await expect.poll(() => page.getByTestId('caip-address').innerText()).toBe(`eip155:31337:${second}`)
      for (const tab of others)
        await expect.poll(() => tab.getByTestId('caip-address').innerText(), within1s).toBe(`eip155:31337:${second}`)

      for (const tab of others) expect(await prompts(tab)).toBe(0)
    } finally {
      await Promise.all(others.map((tab) => tab.close()))
    }
  })

  test("forged messages and another storage prefix's change nothing", async () => {
    const { page } = h.browser
    const other = await openTab()
    try {
      await h.connectWallet()
      await expect.poll(() => status(other), within1s).toBe('connected')
      const before = await network(page)
      // From the other tab, on the channel the first tab listens to: each would disconnect it or move it, if taken.
      await other.evaluate(() => {
        const channel = new BroadcastChannel('@vestibule/v1/tabs')
        const forged: unknown[] = [
          { v: 1, prefix: 'another-app/v1', kind: 'disconnect', namespace: 'eip155' },
          { v: 2, prefix: '@vestibule/v1', kind: 'disconnect', namespace: 'eip155' },
          { prefix: '@vestibule/v1', kind: 'disconnect', namespace: 'eip155' },
          { v: 1, prefix: '@vestibule/v1', kind: 'disconnect', namespace: ['eip155'] },
          { v: 1, prefix: '@vestibule/v1', kind: 'disconnect', namespace: 'cosmos' },
          { v: 1, prefix: '@vestibule/v1', kind: 'logout', namespace: 'eip155' },
          { v: 1, prefix: '@vestibule/v1', kind: 'network', namespace: 'eip155', caipNetworkId: 'eip155:1' },
          { v: 1, prefix: '@vestibule/v1', kind: 'network', namespace: 'eip155', caipNetworkId: { id: 'eip155:31338' } },
          { v: 1, prefix: '@vestibule/v1', kind: 'network', namespace: 'eip155', caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
          { v: 1, prefix: '@vestibule/v1', kind: 'accountType', namespace: 'eip155', type: '<img src=x>' },
          '{"v":1,"prefix":"@vestibule/v1","kind":"disconnect","namespace":"eip155"}',
          null,
          42,
        ]
        for (const message of forged) channel.postMessage(message)
        // Last, one real message: once the first tab applied it, it has read every message before it.
        channel.postMessage({ v: 1, prefix: '@vestibule/v1', kind: 'network', namespace: 'eip155', caipNetworkId: 'eip155:31338' })
        channel.close()
      })
      // Another modal's channel (its own storage prefix) is not this modal's.
      await other.evaluate(() =>
        new BroadcastChannel('another-app/v1/tabs').postMessage({
          v: 1,
          prefix: 'another-app/v1',
          kind: 'disconnect',
          namespace: 'eip155',
        }),
      )
      // This tab's wallet has not seen the L2 yet: it asks to add it, as it would for the user's own switch.
      await h.approveInWallet(/Add network "Sandbox L2"/)
      await expect.poll(() => network(page)).toBe('Sandbox L2 (eip155:31338)')
      expect(before).not.toBe('Sandbox L2 (eip155:31338)')
      expect(await status(page)).toBe('connected')
      expect(await page.getByTestId('caip-address').innerText()).toBe(`eip155:31338:${h.sandbox.address}`)
    } finally {
      await other.close()
    }
  })

  test('the embedded wallet: an email login in one tab reaches the two others', async () => {
    const { page } = h.browser
    const others = await Promise.all([openTab('?auth'), openTab('?auth')])
    try {
      const email = `tabs-${Date.now()}@example.com`
      await emailLogin(h, email)
      const eoa = h.sandbox.auth.secureSite.addressOf(email)
      // The other tabs restore the session through the secure site's frame: no code, no login form. They load the
      // frame first, which took 1.7 s here on two loaded cores.
      for (const tab of others)
        await expect.poll(() => tab.getByTestId('caip-address').innerText(), { timeout: 5_000, interval: 25 }).toBe(`eip155:31337:${eoa}`)
    } finally {
      await Promise.all(others.map((tab) => tab.close()))
    }
  })
})
