/**
 * WalletConnect in Chromium: the demo host pairs with the Sandbox Mobile Wallet (a second page, on its own
 * origin, running the real @reown/walletkit) over the sandbox's loopback relay.
 */
import { createServer } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createPublicClient, http, parseEther, verifyMessage, type Hex } from 'viem'
import type { Page } from 'playwright-core'
import { useSandboxBrowser } from './harness.js'
import { nextFrames } from './settle.js'
import { clearOrigin, openMobileWallet, pairingUriFromQr } from './mobile-wallet.js'

// Each test clears both origins itself (the SDKs keep state in IndexedDB too), so no storage reset here.
const h = useSandboxBrowser({ clearStorage: false })
const { modalRoot } = h
let walletOrigin: string

const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

/** The Sandbox Mobile Wallet, freshly started in its own tab. */
const openWallet = () => openMobileWallet(h.browser.context, walletOrigin)

/** Opens the modal on WalletConnect and returns the pairing URI the QR code shows, read from its pixels. */
async function showQr(page: Page = h.browser.page) {
  await page.getByTestId('open-modal').click()
  await modalRoot(page).locator('[data-wallet-id="walletConnect"]').click()
  return pairingUriFromQr(modalRoot(page))
}

/**
 * Back to the app's tab after a step in the wallet's (it comes to the front as the person looks at it): in a tab
 * behind, each click waits about a second for the page to be seen as stable.
 */
const backToApp = () => h.browser.page.bringToFront()

/** Pairs the demo host with a fresh mobile wallet and waits for the Account view. */
async function pairWithWallet() {
  const uri = await showQr()
  const wallet = await openWallet()
  await wallet.pair(uri)
  await wallet.decide('proposal', true)
  await backToApp()
  await modalRoot().getByTestId('account').waitFor({ timeout: 15_000 })
  return wallet
}

beforeAll(() => {
  // Another origin than the app's, as a phone is another device: nothing stored is shared.
  walletOrigin = h.sandbox.url.replace('127.0.0.1', 'localhost').replace(/\/$/, '')
})

// Runs before the harness closes the browser (after hooks run in reverse).
afterAll(() => {
  expect(h.browser?.offLoopback ?? []).toEqual([])
})

beforeEach(async () => {
  for (const page of h.browser.context.pages().slice(1)) await page.close()
  await clearOrigin(h.browser.page, h.sandbox.url.replace(/\/$/, ''))
  await h.browser.page.goto(h.sandbox.url)
})

describe('WalletConnect with the Sandbox Mobile Wallet', () => {
  test('pairs through the URI the QR encodes, signs a message that verifies, sends a transaction mined on the chain; the SDK loads on the click', async () => {
    const { page } = h.browser
    const scripts: Array<{ url: string; afterClick: boolean }> = []
    let clicked = false
    // Scripts asked for and not yet answered (or failed).
    const pending = new Set<unknown>()
    page.on('request', (request) => {
      if (request.url().endsWith('.js')) pending.add(request)
    })
    page.on('requestfinished', (request) => pending.delete(request))
    page.on('requestfailed', (request) => pending.delete(request))
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push({ url: response.url(), afterClick: clicked })
    })
    await page.getByTestId('open-modal').click()
    await modalRoot().locator('[data-testid="wallet-list"]').waitFor()
    // Every script asked for so far has arrived, and none more is asked for a frame later: what the open loaded is
    // told apart from what the click brings.
    await expect
      .poll(async () => {
        await nextFrames(page)
        return pending.size
      })
      .toBe(0)
    clicked = true
    await modalRoot().locator('[data-wallet-id="walletConnect"]').click()
    // A phone reads the QR code's pixels: jsQR on a screenshot gives the URI the modal exposes.
    const uri = await pairingUriFromQr(modalRoot())

    // The SDK (its storage key prefix is in the bundle) came with the click, not before.
    const withSdk = async (url: string) => (await (await fetch(url)).text()).includes('universal_provider')
    const before = scripts.filter((s) => !s.afterClick)
    const after = scripts.filter((s) => s.afterClick)
    expect(before.length).toBeGreaterThan(0)
    expect(await Promise.all(before.map((s) => withSdk(s.url)))).not.toContain(true)
    expect(await Promise.all(after.map((s) => withSdk(s.url)))).toContain(true)

    const wallet = await openWallet()
    await wallet.pair(uri)
    await wallet.decide('proposal', true, /Vestibule Sandbox .* asks to connect on eip155:31337, eip155:31338/)
    await backToApp()
    await modalRoot().getByTestId('account').waitFor({ timeout: 15_000 })
    const address = h.sandbox.walletConnect.address as Hex
    await expect.poll(() => page.getByTestId('caip-address').innerText()).toBe(`eip155:31337:${address}`)
    await expect.poll(() => page.getByTestId('status').innerText()).toBe('connected')

    await page.keyboard.press('Escape')
    await page.getByTestId('sign').click()
    await wallet.decide('request', true, /Sign this message on eip155:31337/)
    await backToApp()
    await expect.poll(() => page.getByTestId('signature').innerText(), { timeout: 15_000 }).toMatch(/^0x[0-9a-f]{130}$/)
    const message = await page.getByTestId('signed-message').innerText()
    const signature = (await page.getByTestId('signature').innerText()) as Hex
    expect(await verifyMessage({ address, message, signature })).toBe(true)

    const client = createPublicClient({ transport: http(h.sandbox.chain.url) })
    const balanceBefore = await client.getBalance({ address: RECIPIENT })
    await page.getByTestId('send-native').click()
    await wallet.decide('request', true, new RegExp(`Send 10000000000000000 wei to ${RECIPIENT} on eip155:31337`))
    await expect.poll(() => page.getByTestId('send-result').innerText(), { timeout: 15_000 }).toMatch(/^0x[0-9a-f]{64}$/)
    const hash = (await page.getByTestId('send-result').innerText()) as Hex
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: 10_000 })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect(await client.getBalance({ address: RECIPIENT })).toBe(balanceBefore + parseEther('0.01'))
    expect(h.browser.offLoopback).toEqual([])
  })

  test('keeps the session across a reload, then shows a disconnect from the wallet at once', async () => {
    const { page } = h.browser
    const wallet = await pairWithWallet()
    await page.reload()
    await page.getByTestId('open-modal').click()
    await modalRoot().getByTestId('account').waitFor({ timeout: 15_000 })
    await expect.poll(() => page.getByTestId('caip-address').innerText()).toBe(`eip155:31337:${h.sandbox.walletConnect.address}`)

    await wallet.page.bringToFront()
    await wallet.page.getByTestId('mw-disconnect').click()
    await backToApp()
    await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 10_000 }).toBe('disconnected')
    // The Account view gives way to Connect.
    await modalRoot().locator('[data-testid="wallet-list"]').waitFor()
  })

  test('disconnecting in the modal ends the session in the wallet, and its unanswered request with it', async () => {
    const { page } = h.browser
    const wallet = await pairWithWallet()
    await expect.poll(() => wallet.page.getByTestId('mw-sessions').locator('li').count()).toBe(1)
    // A request the wallet has not answered yet when the app disconnects.
    await page.keyboard.press('Escape')
    await page.getByTestId('sign').click()
    await wallet.card('request', /Sign this message on eip155:31337/)
    await backToApp()
    await page.getByTestId('open-modal').click()
    await modalRoot().getByTestId('disconnect').click()
    await expect.poll(() => page.getByTestId('status').innerText()).toBe('disconnected')
    await expect.poll(() => wallet.page.getByTestId('mw-sessions').locator('li').count(), { timeout: 10_000 }).toBe(0)
    // The card with its Approve and Reject buttons goes with the session.
    await expect.poll(() => wallet.page.getByTestId('mw-card').isHidden()).toBe(true)
  })

  test('a declined proposal shows "Connection declined" and a retry with a new code', async () => {
    const uri = await showQr()
    const wallet = await openWallet()
    await wallet.pair(uri)
    await wallet.decide('proposal', false)
    await backToApp()
    const error = modalRoot().getByTestId('wc-error')
    await expect.poll(() => error.getAttribute('data-kind'), { timeout: 10_000 }).toBe('rejected')
    expect(await error.innerText()).toBe('Connection declined')
    await modalRoot().getByTestId('wc-retry').click()
    expect(await pairingUriFromQr(modalRoot())).not.toBe(uri)
  })

  test('opening rule 1: a host without chain plugins opens on the QR code, and the wallet connects', async () => {
    const { page } = h.browser
    await page.goto(`${h.sandbox.url}?basic`)
    await page.getByTestId('open-modal').click()
    const uri = await pairingUriFromQr(modalRoot())
    const wallet = await openWallet()
    await wallet.pair(uri)
    await wallet.decide('proposal', true)
    await backToApp()
    await expect
      .poll(() => modalRoot().getByTestId('wc-connected').innerText(), { timeout: 15_000 })
      .toBe('Connected to Sandbox Mobile Wallet')
  })
})

describe('ConnectingWalletConnect: one wallet of the catalog', () => {
  /** What the catalog plugin opens the view with, pointing at the Sandbox Mobile Wallet's universal link. */
  const walletData = () => ({
    wallet: {
      id: 'sandbox-mobile-wallet',
      name: 'Sandbox Mobile Wallet',
      links: {
        mobile: `${walletOrigin}/mobile-wallet`,
        webapp: `${walletOrigin}/mobile-wallet`,
        desktop: 'javascript:window.__vbXss=1',
        homepage: 'https://sandbox-mobile.wallets.example/',
        appStore: 'https://apps.example/sandbox-mobile',
        chromeStore: 'javascript:window.__vbXss=2',
      },
    },
  })
  const storedDeepLink = (page: Page) =>
    page.evaluate(() => JSON.parse(localStorage.getItem('@vestibule/v1/walletConnect/deepLink') ?? 'null'))

  test('on desktop: QR code and the web app link; the web app pairs from the link; unsafe links are dropped', async () => {
    const { page } = h.browser
    await clearOrigin(await h.browser.context.newPage(), walletOrigin)
    // Every frame's heading from the open() call until the QR code shows: the wallet's name from the first one.
    await page.bringToFront()
    const headings = await page.evaluate(async (data) => {
      const seen = new Set<string>()
      const root = () => document.querySelector('div[data-vestibule]')?.shadowRoot
      // Resolves on the frame that first shows the QR code (the test's timeout bounds it).
      const qrShown = new Promise<void>((resolve) => {
        const frame = () => {
          const h2 = root()?.querySelector('dialog h2')
          if (h2?.textContent) seen.add(h2.textContent)
          if (root()?.querySelector('[data-testid="wc-qr"]')) resolve()
          else requestAnimationFrame(frame)
        }
        requestAnimationFrame(frame)
      })
      await (window as unknown as { modal: { open(v: string, d: unknown): Promise<void> } }).modal.open('ConnectingWalletConnect', data)
      await qrShown
      return [...seen]
    }, walletData())
    expect(headings).toEqual(['Sandbox Mobile Wallet'])
    const uri = await pairingUriFromQr(modalRoot())
    await expect.poll(() => modalRoot().locator('h2').innerText()).toBe('Sandbox Mobile Wallet')
    expect(await modalRoot().getByTestId('wc-open-desktop').count()).toBe(0)
    // A user without the wallet gets it from its homepage (the unsafe extension-store link is dropped).
    expect(await modalRoot().getByTestId('wc-get-wallet').innerText()).toBe("Don't have Sandbox Mobile Wallet? Get it")
    expect(await modalRoot().getByTestId('wc-get-wallet').locator('a').getAttribute('href')).toBe('https://sandbox-mobile.wallets.example/')
    const web = modalRoot().getByTestId('wc-open-web')
    expect(await web.getAttribute('href')).toBe(`${walletOrigin}/mobile-wallet/wc?uri=${encodeURIComponent(uri)}`)
    const [popup] = await Promise.all([h.browser.context.waitForEvent('page'), web.click()])
    await popup.locator('[data-testid="mw-card"][data-kind="proposal"]:not([hidden])').waitFor({ timeout: 15_000 })
    await popup.getByTestId('mw-approve').click()
    await backToApp()
    await modalRoot().getByTestId('account').waitFor({ timeout: 15_000 })
    expect(await storedDeepLink(page)).toEqual({ href: `${walletOrigin}/mobile-wallet/`, name: 'Sandbox Mobile Wallet' })
    expect(await page.evaluate(() => (window as unknown as { __vbXss?: unknown }).__vbXss)).toBeUndefined()
  })

  test('on an iPhone in Safari: the deep link opens the wallet, the flow shows connecting, then the account', async () => {
    const page = await h.browser.context.newPage()
    await page.addInitScript(() => {
      const ua =
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
      Object.defineProperty(Navigator.prototype, 'userAgent', { get: () => ua })
      // The operating system, not this page, follows a wallet's link.
      window.addEventListener(
        'click',
        (event) => event.composedPath().some((el) => (el as HTMLElement).dataset?.testid === 'wc-open-mobile') && event.preventDefault(),
        true,
      )
    })
    await page.goto(h.sandbox.url)
    await page.evaluate(
      (data) =>
        (window as unknown as { modal: { open(v: string, d: unknown): Promise<void> } }).modal.open('ConnectingWalletConnect', data),
      walletData(),
    )
    const open = modalRoot(page).getByTestId('wc-open-mobile')
    await open.waitFor({ timeout: 15_000 })
    expect(await modalRoot(page).getByTestId('wc-qr').count()).toBe(0)
    // On an iPhone, the App Store.
    expect(await modalRoot(page).getByTestId('wc-get-wallet').locator('a').getAttribute('href')).toBe('https://apps.example/sandbox-mobile')
    expect(await modalRoot(page).getByTestId('wc-pairing').getAttribute('data-status')).toBe('connecting')
    // The app's own connection status says "connecting" too while the wallet app has the request.
    await expect.poll(() => page.getByTestId('status').innerText()).toBe('connecting')
    const href = (await open.getAttribute('href'))!
    expect(href).toMatch(new RegExp(`^${walletOrigin}/mobile-wallet/wc\\?uri=wc%3A`))
    await open.click()
    expect(await storedDeepLink(page)).toEqual({ href: `${walletOrigin}/mobile-wallet/`, name: 'Sandbox Mobile Wallet' })
    // The wallet app opens the link.
    const wallet = await h.browser.context.newPage()
    await clearOrigin(wallet, walletOrigin)
    await wallet.goto(href)
    await wallet.locator('[data-testid="mw-card"][data-kind="proposal"]:not([hidden])').waitFor({ timeout: 15_000 })
    await wallet.getByTestId('mw-approve').click()
    await modalRoot(page).getByTestId('account').waitFor({ timeout: 15_000 })
    await expect.poll(() => page.getByTestId('status').innerText()).toBe('connected')
    await page.close()
  })
})

describe('WalletConnect timing in the browser (page.clock)', () => {
  test('a pairing URI is replaced when it expires: unchanged at 229 999 ms, new at 230 000 ms', async () => {
    const page = await h.browser.context.newPage()
    await page.clock.install()
    await page.goto(h.sandbox.url)
    const first = await showQr(page)
    const qr = modalRoot(page).getByTestId('wc-qr')
    // The clock keeps flowing after install(): jump to 229 999 ms after the URI was made, then hold it there.
    const expiresAt = Number(await qr.getAttribute('data-expires-at'))
    await page.clock.pauseAt(expiresAt - 240_000 + 229_999)
    expect(await qr.getAttribute('data-uri')).toBe(first)
    await page.clock.runFor(1)
    await expect
      .poll(
        async () =>
          (await modalRoot(page)
            .getByTestId('wc-qr')
            .getAttribute('data-uri')
            .catch(() => first)) !== first,
        { timeout: 15_000 },
      )
      .toBe(true)
    const second = (await modalRoot(page).getByTestId('wc-qr').getAttribute('data-uri'))!
    expect(second).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    await page.close()
  })

  test('a relay that is down ends in a clear error with a retry, not an endless spinner', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number }
        server.close(() => resolve(port))
      })
    })
    const page = await h.browser.context.newPage()
    await page.clock.install()
    await page.goto(`${h.sandbox.url}?wcRelay=ws://127.0.0.1:${closedPort}`)
    await page.getByTestId('open-modal').click()
    await modalRoot(page).locator('[data-wallet-id="walletConnect"]').click()
    const pairing = modalRoot(page).getByTestId('wc-pairing')
    await expect.poll(() => pairing.getAttribute('data-status')).toBe('loading')
    await page.clock.runFor(10_000)
    const error = modalRoot(page).getByTestId('wc-error')
    await expect.poll(() => error.getAttribute('data-kind'), { timeout: 10_000 }).toBe('relay')
    expect(await error.innerText()).toMatch(/relay cannot be reached/)
    await modalRoot(page).getByTestId('wc-retry').click()
    await expect.poll(() => pairing.getAttribute('data-status')).toBe('loading')
    await page.clock.runFor(10_000)
    await expect.poll(() => error.getAttribute('data-kind'), { timeout: 10_000 }).toBe('relay')
    await page.close()
  })
})
