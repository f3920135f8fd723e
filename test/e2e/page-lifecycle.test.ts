/**
 * The page's own life, with a wallet connected: Chromium is told to freeze it and resume it (as it does to a
 * background tab), or keeps it, frozen, in the back-forward cache while the user visits another page and comes
 * back. Afterwards the modal shows the same connection, account and network, still hears the extension, and opens.
 */
import type { CDPSession, Page } from 'playwright-core'
import { afterAll, describe, expect, test } from 'vitest'
import { useSandboxBrowser } from './harness.js'
import { clearOrigin, openMobileWallet, pairingUriFromQr } from './mobile-wallet.js'

const h = useSandboxBrowser({ timeout: 120_000, browser: async () => ({ backForwardCache: true }) })
const { modalRoot } = h

/** anvil's second dev account: funded by the node, not by the sandbox. */
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const measured: Record<string, number> = {}
afterAll(() => console.info('page lifecycle (ms):', JSON.stringify(measured)))

const walletEmits = (event: string, payload: unknown) =>
  h.browser.page.evaluate(
    ([e, p]) => (window as unknown as { sandboxWallet: { emit(e: string, p: unknown): void } }).sandboxWallet.emit(e as string, p),
    [event, payload] as const,
  )

/** What the page and the modal show of the connection. */
async function shown(page: Page) {
  await page.getByTestId('open-modal').click()
  await modalRoot().getByTestId('account').waitFor()
  const view = {
    status: await page.getByTestId('status').innerText(),
    address: await modalRoot().getByTestId('account-address').getAttribute('title'),
    caip: await page.getByTestId('caip-address').innerText(),
  }
  await page.keyboard.press('Escape')
  await modalRoot().waitFor({ state: 'hidden' })
  return view
}

/** After the page came back: the extension's account switch reaches the modal, and the modal opens on it. */
async function stillListening(page: Page) {
  const started = Date.now()
  await walletEmits('accountsChanged', [OTHER])
  await expect.poll(() => page.getByTestId('caip-address').innerText(), { timeout: 1_000, interval: 25 }).toBe(`eip155:31337:${OTHER}`)
  const took = Date.now() - started
  await page.getByTestId('open-modal').click()
  await expect.poll(() => modalRoot().getByTestId('account-address').getAttribute('title')).toBe(OTHER)
  await page.keyboard.press('Escape')
  return took
}

describe('the page is frozen, cached and restored', () => {
  test('frozen, then resumed: the same account and network; the extension is still heard; the modal opens', async () => {
    const { page } = h.browser
    await h.connectWallet()
    await page.keyboard.press('Escape')
    const before = await shown(page)
    expect(before).toMatchObject({ status: 'connected', address: h.sandbox.address })
    const cdp: CDPSession = await page.context().newCDPSession(page)
    await cdp.send('Page.enable')
    // Headless Chromium 156 accepts the command but keeps a visible page running (no `freeze` event, timers go
    // on); the events the page got are reported. The back-forward cache below does freeze the page.
    await recordLifecycle(page)
    await cdp.send('Page.setWebLifecycleState', { state: 'frozen' })
    const started = Date.now()
    await cdp.send('Page.setWebLifecycleState', { state: 'active' })
    console.info('lifecycle events of the frozen page:', await lifecycle(page))
    expect(await shown(page)).toEqual(before)
    measured.frozenResumedShown = Date.now() - started
    measured.frozenAccountSwitch = await stillListening(page)
    await cdp.detach()
  })

  test('restored from the back-forward cache: the same account and network; the extension is still heard; the modal opens', async () => {
    const { page } = h.browser
    await h.connectWallet()
    await page.keyboard.press('Escape')
    const before = await shown(page)
    const started = await awayAndBack(page)
    expect(await shown(page)).toEqual(before)
    measured.restoredShown = Date.now() - started
    measured.restoredAccountSwitch = await stillListening(page)
  })

  test('with a WalletConnect session: the page is cached too, and back from the cache a signature goes through', async () => {
    const { page } = h.browser
    const appOrigin = h.sandbox.url.replace(/\/$/, '')
    await clearOrigin(page, appOrigin)
    await page.goto(h.sandbox.url)
    await page.getByTestId('open-modal').click()
    await modalRoot().locator('[data-wallet-id="walletConnect"]').click()
    const uri = await pairingUriFromQr(modalRoot())
    const wallet = await openMobileWallet(h.browser.context, appOrigin.replace('127.0.0.1', 'localhost'))
    await wallet.pair(uri)
    await wallet.decide('proposal', true)
    await modalRoot().getByTestId('account').waitFor({ timeout: 15_000 })
    await page.bringToFront()
    await page.keyboard.press('Escape')
    const before = await shown(page)
    expect(before).toMatchObject({ status: 'connected', address: h.sandbox.walletConnect.address })

    const started = await awayAndBack(page)
    expect(await shown(page)).toEqual(before)
    await page.getByTestId('sign').click()
    await wallet.decide('request', true, /Sign this message on eip155:31337/)
    await expect.poll(() => page.getByTestId('signature').innerText(), { timeout: 15_000 }).toMatch(/^0x[0-9a-f]{130}$/)
    measured.restoredWalletConnectSigned = Date.now() - started
    await wallet.page.close()
  })
})

/** The page records the lifecycle events it gets: a frozen page gets `freeze`, then `resume` when it runs again. */
const recordLifecycle = (page: Page) =>
  page.evaluate(() => {
    const seen: string[] = ((window as unknown as { lifecycle: string[] }).lifecycle = [])
    for (const type of ['freeze', 'resume']) document.addEventListener(type, () => seen.push(type))
    for (const type of ['pagehide', 'pageshow'] as const)
      window.addEventListener(type, (event) => seen.push(`${type}${event.persisted ? ' (persisted)' : ''}`))
  })
const lifecycle = (page: Page) => page.evaluate(() => (window as unknown as { lifecycle: string[] }).lifecycle)

/**
 * Visits another page of the origin and comes back; checks that the page came from the back-forward cache (its
 * `pageshow` says `persisted`, and Chromium names no reason it was not cached). Returns when it went back.
 */
async function awayAndBack(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page)
  await cdp.send('Page.enable')
  const notCached: unknown[] = []
  cdp.on('Page.backForwardCacheNotUsed', (event) => notCached.push(event.notRestoredExplanations))
  const shownFromCache = () => page.evaluate(() => (window as unknown as { shownFromCache?: boolean }).shownFromCache)
  await page.evaluate(() =>
    window.addEventListener('pageshow', (event) => ((window as unknown as { shownFromCache?: boolean }).shownFromCache = event.persisted)),
  )
  await recordLifecycle(page)
  await page.goto(`${h.sandbox.url}__elsewhere__`)
  const started = Date.now()
  // A page taken from the cache fires no `load` again: the navigation is waited for until it commits.
  await page.goBack({ waitUntil: 'commit' })
  await expect.poll(shownFromCache).not.toBeUndefined()
  expect(notCached, 'why the page was not kept in the back-forward cache').toEqual([])
  expect(await shownFromCache()).toBe(true)
  // Kept in the cache, the page was frozen, and resumed when shown again.
  expect(await lifecycle(page)).toEqual(['pagehide (persisted)', 'freeze', 'resume', 'pageshow (persisted)'])
  await cdp.detach()
  return started
}
