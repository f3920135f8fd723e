/**
 * Three tabs of the demo app in one browser, one WalletConnect session with the Sandbox Mobile Wallet over the
 * loopback relay: one tab holds the only socket to the relay, the two others follow it; a message signed from a
 * follower is carried out through the owner; when the owner closes, another tab opens the one socket and keeps
 * the session without a new QR code; a disconnect in a follower ends the session at the wallet. Forged messages on
 * the tabs' channel change nothing. Pairing in a follower takes the client over; without Web Locks each tab keeps
 * its own client.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { verifyMessage, type Hex } from 'viem'
import type { Page } from 'playwright-core'
import { useSandboxBrowser } from './harness.js'
import { clearOrigin, openMobileWallet, pairingUriFromQr, type MobileWallet } from './mobile-wallet.js'

const h = useSandboxBrowser({ clearStorage: false, timeout: 120_000 })
const { modalRoot } = h
let walletOrigin: string

/** Measured times, reported by the test run (not asserted). */
const measured: Record<string, number> = {}
afterAll(() => console.info('WalletConnect tabs (ms):', JSON.stringify(measured)))

beforeAll(async () => {
  walletOrigin = h.sandbox.url.replace('127.0.0.1', 'localhost').replace(/\/$/, '')
  await clearOrigin(h.browser.page, h.sandbox.url.replace(/\/$/, ''))
  await h.browser.page.goto(h.sandbox.url)
})
afterAll(() => {
  expect(h.browser?.offLoopback ?? []).toEqual([])
})

/** The sockets the app's tabs open to the relay: which tab, and whether it is still open. */
const sockets: Array<{ tab: string; closed: boolean }> = []
function watchRelay(page: Page, tab: string) {
  page.on('websocket', (ws) => {
    if (new URL(ws.url()).host !== new URL(h.sandbox.walletConnect.relay.url).host) return
    const socket = { tab, closed: false }
    sockets.push(socket)
    ws.on('close', () => (socket.closed = true))
  })
  // A closed tab's sockets close with it (Playwright reports no close event for them).
  page.on('close', () => sockets.forEach((socket) => socket.tab === tab && (socket.closed = true)))
}
const openSockets = () => sockets.filter((s) => !s.closed)

async function openTab(tab: string, init?: () => void): Promise<Page> {
  const page = await h.browser.context.newPage()
  if (init) await page.addInitScript(init)
  watchRelay(page, tab)
  await page.goto(h.sandbox.url)
  await page.evaluate(() => (window as unknown as { modal: { reconnect(): Promise<void> } }).modal.reconnect())
  return page
}

const status = (page: Page) => page.getByTestId('status').innerText()
const address = () => h.sandbox.walletConnect.address as Hex

/** Signs the demo message in `page` with the mobile wallet's approval; returns the time from click to signature. */
async function signIn(page: Page, wallet: MobileWallet) {
  const started = Date.now()
  await page.getByTestId('sign').click()
  await wallet.decide('request', true, /Sign this message on eip155:31337/)
  await expect.poll(() => page.getByTestId('signature').innerText(), { timeout: 15_000 }).toMatch(/^0x[0-9a-f]{130}$/)
  const took = Date.now() - started
  const message = await page.getByTestId('signed-message').innerText()
  const signature = (await page.getByTestId('signature').innerText()) as Hex
  expect(await verifyMessage({ address: address(), message, signature })).toBe(true)
  return took
}

describe('a WalletConnect session in three tabs', () => {
  test('one socket to the relay across the tabs; a follower signs through the owner; the owner closes and another tab keeps the session', async () => {
    const a = h.browser.page
    watchRelay(a, 'A')
    const b = await openTab('B')
    const c = await openTab('C')
    expect(sockets).toEqual([])

    // Tab A pairs through the QR code.
    await a.bringToFront()
    await a.getByTestId('open-modal').click()
    await modalRoot(a).locator('[data-wallet-id="walletConnect"]').click()
    const uri = await pairingUriFromQr(modalRoot(a))
    const wallet = await openMobileWallet(h.browser.context, walletOrigin)
    await wallet.pair(uri)
    await wallet.decide('proposal', true)
    await modalRoot(a).getByTestId('account').waitFor({ timeout: 15_000 })
    await a.keyboard.press('Escape')

    // B and C follow, on the same account, with no socket of their own.
    for (const tab of [b, c]) {
      await expect.poll(() => status(tab), { timeout: 10_000 }).toBe('connected')
      expect(await tab.getByTestId('caip-address').innerText()).toBe(`eip155:31337:${address()}`)
    }
    expect(sockets).toEqual([{ tab: 'A', closed: false }])

    // Signed in the owner A, then from follower B: the wallet gets B's through A's client.
    measured.signFromOwner = await signIn(a, wallet)
    await b.bringToFront()
    measured.signFromFollower = await signIn(b, wallet)
    expect(openSockets()).toEqual([{ tab: 'A', closed: false }])

    // The owner closes: B or C opens the one socket and keeps the session, with no new QR code.
    const started = Date.now()
    await a.close()
    await expect.poll(() => openSockets().length, { timeout: 15_000 }).toBe(1)
    measured.handover = Date.now() - started
    const owner = openSockets()[0]!.tab
    expect(['B', 'C']).toContain(owner)
    const [next, other] = owner === 'B' ? [b, c] : [c, b]
    for (const tab of [b, c]) expect(await status(tab)).toBe('connected')
    await next.bringToFront()
    await next.getByTestId('open-modal').click()
    await modalRoot(next).getByTestId('account').waitFor()
    expect(await modalRoot(next).getByTestId('account-address').getAttribute('title')).toBe(address())
    expect(await modalRoot(next).getByTestId('wc-qr').count()).toBe(0)
    await next.keyboard.press('Escape')
    expect(await wallet.page.getByTestId('mw-sessions').locator('li').count()).toBe(1)

    // Signed from the new owner and from the tab that still follows: both verify.
    measured.signFromNewOwner = await signIn(next, wallet)
    await other.bringToFront()
    measured.signFromFollowerAfterHandover = await signIn(other, wallet)
    expect(openSockets().map((s) => s.tab)).toEqual([owner])

    // Forged messages on the tabs' channel, from the follower: each would end the session or answer for the
    // owner if it were taken. Last a real "hello": once the follower hears the owner's answer, the owner has read
    // every message before it.
    const heard = await other.evaluate(async () => {
      const channel = new BroadcastChannel('@vestibule/v1/walletConnect/tabs')
      const answered = new Promise<unknown>((resolve) => {
        channel.onmessage = (event) => (event.data as { kind?: string })?.kind === 'session' && resolve(event.data)
      })
      const forged: unknown[] = [
        { v: 1, prefix: 'another-app/v1', kind: 'disconnect' },
        { v: 2, prefix: '@vestibule/v1', kind: 'disconnect' },
        { prefix: '@vestibule/v1', kind: 'disconnect' },
        { v: 1, prefix: '@vestibule/v1', kind: 'logout' },
        { v: 1, prefix: '@vestibule/v1', kind: 'request', id: 'x', method: 'personal_sign', params: ['0x00'] },
        { v: 1, prefix: '@vestibule/v1', kind: 'request', id: 'forged-request-1', method: { toString: 'personal_sign' }, params: [] },
        { v: 1, prefix: '@vestibule/v1', kind: 'request', id: 'forged-request-2', method: 'personal_sign', chain: 'not a chain' },
        { v: 1, prefix: 'another-app/v1', kind: 'request', id: 'forged-request-3', method: 'personal_sign', params: ['0x00'] },
        '{"v":1,"prefix":"@vestibule/v1","kind":"disconnect"}',
        null,
        42,
      ]
      for (const message of forged) channel.postMessage(message)
      channel.postMessage({ v: 1, prefix: '@vestibule/v1', kind: 'hello' })
      const answer = await answered
      // The followers hear forged announcements too: an ended session from another prefix or of a forged shape.
      for (const message of [
        { v: 1, prefix: 'another-app/v1', kind: 'session', owner: 'forged-owner-1', session: null },
        { v: 1, prefix: '@vestibule/v1', kind: 'session', owner: 'x', session: null },
        { v: 1, prefix: '@vestibule/v1', kind: 'session', owner: 'forged-owner-1', session: { topic: 'nope', namespaces: {} } },
        {
          v: 1,
          prefix: '@vestibule/v1',
          kind: 'session',
          owner: 'forged-owner-1',
          session: { topic: 'a'.repeat(64), namespaces: { eip155: { accounts: ['<img src=x>'], methods: [], events: [] } } },
        },
      ])
        channel.postMessage(message)
      channel.close()
      return answer
    })
    expect((heard as { session: { namespaces: Record<string, { accounts: string[] }> } }).session.namespaces.eip155?.accounts).toContain(
      `eip155:31337:${address()}`,
    )
    // Another modal's channel (its own storage prefix) is not this modal's.
    await other.evaluate(() =>
      new BroadcastChannel('another-app/v1/walletConnect/tabs').postMessage({ v: 1, prefix: 'another-app/v1', kind: 'disconnect' }),
    )
    // Still one session everywhere: a last signature from the follower goes through.
    await signIn(other, wallet)
    for (const tab of [b, c]) expect(await status(tab)).toBe('connected')
    expect(await wallet.page.getByTestId('mw-sessions').locator('li').count()).toBe(1)
    expect(openSockets().map((s) => s.tab)).toEqual([owner])

    // Disconnecting in the follower ends the session at the wallet, through the owner, and in both tabs.
    await other.getByTestId('open-modal').click()
    await modalRoot(other).getByTestId('disconnect').click()
    for (const tab of [b, c]) await expect.poll(() => status(tab), { timeout: 10_000 }).toBe('disconnected')
    await expect.poll(() => wallet.page.getByTestId('mw-sessions').locator('li').count(), { timeout: 10_000 }).toBe(0)
  })

  test("pairing in a tab that follows takes the client over: the other tab's code gives way with the reason, then that tab follows the new session", async () => {
    const appOrigin = h.sandbox.url.replace(/\/$/, '')
    const left = h.browser.context.pages()
    const a = await h.browser.context.newPage()
    for (const page of left) await page.close()
    sockets.length = 0
    await clearOrigin(a, appOrigin)
    watchRelay(a, 'A')
    await a.goto(h.sandbox.url)
    const b = await openTab('B')

    // A shows a code first: it owns the client.
    await a.bringToFront()
    await a.getByTestId('open-modal').click()
    await modalRoot(a).locator('[data-wallet-id="walletConnect"]').click()
    await pairingUriFromQr(modalRoot(a))
    expect(openSockets().map((s) => s.tab)).toEqual(['A'])

    // B asks for a code too: it takes the client, and A says why its code went.
    await b.bringToFront()
    await b.getByTestId('open-modal').click()
    await modalRoot(b).locator('[data-wallet-id="walletConnect"]').click()
    const uri = await pairingUriFromQr(modalRoot(b))
    await expect.poll(() => modalRoot(a).getByTestId('wc-error').innerText()).toBe('Connection failed')
    expect(await modalRoot(a).getByText('WalletConnect is in use in another tab of this site. Try again to use it here.').count()).toBe(1)
    await expect.poll(() => openSockets().map((s) => s.tab)).toEqual(['B'])

    const wallet = await openMobileWallet(h.browser.context, walletOrigin)
    await wallet.pair(uri)
    await wallet.decide('proposal', true)
    await modalRoot(b).getByTestId('account').waitFor({ timeout: 15_000 })
    await expect.poll(() => status(a), { timeout: 10_000 }).toBe('connected')
    await a.bringToFront()
    await a.keyboard.press('Escape')
    await signIn(a, wallet)
    expect(openSockets().map((s) => s.tab)).toEqual(['B'])
  })

  test('without Web Locks there is no owner: each tab keeps its own client, as a single tab does', async () => {
    const noLocks = () => Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined, configurable: true })
    const left = h.browser.context.pages()
    const blank = await h.browser.context.newPage()
    for (const page of left) await page.close()
    sockets.length = 0
    await clearOrigin(blank, h.sandbox.url.replace(/\/$/, ''))
    const a = await openTab('A', noLocks)
    const b = await openTab('B', noLocks)
    await blank.close()
    expect(await a.evaluate(() => typeof navigator.locks)).toBe('undefined')

    await a.bringToFront()
    await a.getByTestId('open-modal').click()
    await modalRoot(a).locator('[data-wallet-id="walletConnect"]').click()
    const uri = await pairingUriFromQr(modalRoot(a))
    const wallet = await openMobileWallet(h.browser.context, walletOrigin)
    await wallet.pair(uri)
    await wallet.decide('proposal', true)
    await modalRoot(a).getByTestId('account').waitFor({ timeout: 15_000 })
    // B follows the connect through the tab sync and restores the session with a client of its own.
    await expect.poll(() => status(b), { timeout: 10_000 }).toBe('connected')
    await expect
      .poll(() =>
        openSockets()
          .map((s) => s.tab)
          .sort(),
      )
      .toEqual(['A', 'B'])
    await a.keyboard.press('Escape')
    await signIn(a, wallet)
  })
})
