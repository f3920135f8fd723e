// Hostile wallets, APIs, storage and options in Chromium against the sandbox. Every scenario counts the requests
// it caused, checks that nothing hostile ran (a script-execution canary every hostile string tries to feed) and
// that the modal is still usable afterwards.
import { createPublicClient, http } from 'viem'
import type { Page, Request } from 'playwright-core'
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { launchBrowser } from './browser.js'
import { truncatedBalance, useSandboxBrowser } from './harness.js'
import { countRequests, counted } from './page-requests.js'
import { nextFrames, schedulerSettled } from './settle.js'

const h = useSandboxBrowser()
const { modalRoot, walletButton, approveInWallet } = h
const walletList = () => modalRoot().locator('[data-testid="wallet-list"]')
const injectedNames = () => walletList().locator('li[data-section="injected"] .vb-item-name').allInnerTexts()
const injected = (name: string) =>
  walletList()
    .locator('li[data-section="injected"] button')
    .filter({ has: h.browser.page.locator('.vb-item-name', { hasText: new RegExp(`^${name}$`) }) })
const pages = () => h.sandbox.providerApi.catalogRequests({ entries: '40' }).length
const status = () => h.browser.page.getByTestId('status').innerText()
const isOpen = async (page: Page = h.browser.page) =>
  (await h.modalRoot(page).count()) > 0 && (await h.modalRoot(page).evaluate((d: HTMLDialogElement) => d.open))
const LATE_ADDRESS = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'

/**
 * Wallets a hostile page or extension could announce: a name that reads "MetaMask" backwards, a name of only
 * zero-width characters, a wallet whose error is a megabyte of markup, one that answers 1.5 s late, and
 * announcements whose detail throws when read. Every icon is one the modal must not load.
 */
function announceHostileWallets() {
  const win = window as unknown as { __vbCanary: unknown[] }
  win.__vbCanary = []
  const feed = (n: number) => `window.__vbCanary.push(${n})`
  const announce = (info: Record<string, string>, request: (args: { method: string }) => Promise<unknown>) => {
    const detail = Object.freeze({ info: Object.freeze(info), provider: { request, on() {}, removeListener() {} } })
    const send = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
    window.addEventListener('eip6963:requestProvider', send)
    send()
  }
  const never = () => new Promise(() => {})
  announce({ uuid: 's', rdns: 'test.spoof', name: '\u202eksaMateM', icon: `javascript:${feed(1)}` }, never)
  announce({ uuid: 'b', rdns: 'test.blank', name: '\u200b\u200c\u200d\u2060\ufeff', icon: 'http://evil.example/pixel.png' }, never)
  announce({ uuid: 'l', rdns: 'test.loud', name: `Loud <img src=x onerror="${feed(2)}"> Wallet`, icon: '//evil.example/pixel.png' }, () =>
    Promise.reject(Object.assign(new Error(`<img src=x onerror="${feed(3)}">${'A'.repeat(1_000_000)}`), { code: -32000 })),
  )
  announce({ uuid: 't', rdns: 'test.late', name: 'Late Wallet', icon: `data:text/html,<script>${feed(4)}</script>` }, ({ method }) =>
    method === 'eth_requestAccounts'
      ? new Promise((resolve) => setTimeout(() => resolve(['0x70997970c51812dc3a010c7d01b50e0d17dc79c8']), 1500)).finally(() =>
          Object.assign(window, { __vbLateAnswered: true }),
        )
      : Promise.resolve(method === 'eth_chainId' ? '0x7a69' : null),
  )
  // Five announcements whose detail throws when it is read, on every request.
  const throwing = () => {
    for (let i = 0; i < 5; i++) {
      const event = new CustomEvent('eip6963:announceProvider')
      Object.defineProperty(event, 'detail', {
        get() {
          throw new Error('hostile detail')
        },
      })
      window.dispatchEvent(event)
    }
  }
  window.addEventListener('eip6963:requestProvider', throwing)
  throwing()
}

beforeAll(async () => {
  await h.browser.context.addInitScript(announceHostileWallets)
  await h.browser.context.addInitScript(countRequests, [new URL(h.sandbox.providerApi.url).port])
})

const pageErrors: string[] = []
const dialogs: string[] = []
let requests: string[] = []
const record = (request: Request) => void requests.push(request.url())
beforeEach(() => {
  h.sandbox.providerApi.reset()
  pageErrors.length = 0
  dialogs.length = 0
  requests = []
  const { page } = h.browser
  page.removeAllListeners('pageerror')
  page.removeAllListeners('dialog')
  page.on('pageerror', (error) => void pageErrors.push(error.message))
  page.on('dialog', (dialog) => void (dialogs.push(dialog.message()), dialog.dismiss()))
  page.on('request', record)
})
afterEach(() => void h.browser.page.off('request', record))

/** The requests the scenario made, by kind, for the log. */
function count(scenario: string) {
  const api = new URL(h.sandbox.providerApi.url).port
  const rpc = new Set([new URL(h.sandbox.chain.url).port, new URL(h.sandbox.l2.url).port])
  const kinds = { catalog: 0, images: 0, rpc: 0, other: 0 }
  for (const url of requests) {
    const { port, pathname } = new URL(url)
    if (port === api && pathname === '/getWallets') kinds.catalog++
    else if (port === api && /Image\//.test(pathname)) kinds.images++
    else if (rpc.has(port)) kinds.rpc++
    else kinds.other++
  }
  console.log(
    `${scenario}: ${requests.length} requests (catalog ${kinds.catalog}, images ${kinds.images}, rpc ${kinds.rpc}, page and code ${kinds.other}), ${h.browser.offLoopback.length} off loopback`,
  )
  return kinds
}

/** Nothing hostile ran, nothing left loopback, no page error, and the modal still opens and lists or shows the account. */
async function stillUsable(page: Page = h.browser.page) {
  expect(await page.evaluate(() => (window as unknown as { __vbCanary: unknown[] }).__vbCanary)).toEqual([])
  expect(dialogs).toEqual([])
  expect(pageErrors).toEqual([])
  if (!(await isOpen(page))) await page.getByTestId('open-modal').click()
  await expect.poll(() => h.modalRoot(page).locator('[data-testid="wallet-list"], [data-testid="account"]').count()).toBe(1)
  expect(h.browser.offLoopback).toEqual([])
}

async function connectSandboxWallet() {
  await h.browser.page.getByTestId('open-modal').click()
  await walletButton('Sandbox Wallet').click()
  await approveInWallet(/Connect/)
  await expect.poll(status).toBe('connected')
}

/** Resolves once the page has no counted request open and ran what it had queued without starting another. */
async function quiet(page: Page) {
  for (;;) {
    const { started } = await counted(page)
    await schedulerSettled(page)
    const now = await counted(page)
    if (now.started === started && now.open === 0) return
  }
}
/** Moves a paused page clock on by `ms`, in steps shorter than the requests' 10 s timeouts, `quiet` after each. */
async function advance(page: Page, ms: number) {
  for (let left = ms; left > 0; left -= 9_000) {
    await page.clock.runFor(Math.min(9_000, left))
    await quiet(page)
  }
}

describe('a hostile catalog API', () => {
  test.each(['malformed', 'inflated'] as const)(
    'a catalog answering a count of a million (%s pages) is paged a bounded number of times, and not at all after close',
    async (mode) => {
      const { page } = h.browser
      h.sandbox.providerApi.setCatalog(mode)
      const list = modalRoot().getByTestId('all-wallets-list')
      if (mode === 'inflated') {
        // Closed while pages remain, a page just asked for: no page is asked for once closed, whatever answers.
        await page.getByTestId('open-modal').click()
        await modalRoot().getByTestId('footer-allWallets').click()
        await expect.poll(() => pages()).toBeGreaterThanOrEqual(1)
        await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
        await expect.poll(() => pages()).toBeGreaterThanOrEqual(2)
        await page.keyboard.press('Escape')
        await expect.poll(() => isOpen()).toBe(false)
        const startedAt = (await counted(page)).started
        await quiet(page)
        await nextFrames(page, 10)
        await quiet(page)
        expect((await counted(page)).started - startedAt, 'requests to the API started after a close mid-list').toBe(0)
      }
      const before = pages()
      await page.getByTestId('open-modal').click()
      await modalRoot().getByTestId('footer-allWallets').click()
      // The user scrolls to the end again and again.
      for (let i = 0; i < 25; i++) {
        await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
        // The next scroll once this one is drawn (a scroll a frame or two: faster than any person).
        await nextFrames(page)
      }
      const open = pages() - before
      await page.keyboard.press('Escape')
      await expect.poll(() => isOpen()).toBe(false)
      const closedAt = pages()
      const startedAt = (await counted(page)).started
      // After the close: every request to the API answered, what the answers queued ran, ten frames drawn (a page
      // the list asks for after a scroll or an answer is asked by then), and again nothing open or started.
      await quiet(page)
      await nextFrames(page, 10)
      await quiet(page)
      const afterClose = pages() - closedAt
      expect((await counted(page)).started - startedAt, 'requests to the API started after the close').toBe(0)
      console.log(`catalog storm (${mode}): ${open} page requests while open, ${afterClose} more after close`)
      count(`catalog storm (${mode})`)
      // Malformed: the first page holds no usable wallet and ends the list. Inflated: the real pages, then one empty.
      expect(open).toBeLessThanOrEqual(mode === 'malformed' ? 1 : 18)
      expect(afterClose).toBe(0)
      h.sandbox.providerApi.setCatalog('ok')
      await stillUsable()
    },
    60_000,
  )
})

describe('hostile wallets', () => {
  test('spoofed and blank names, unsafe icons and announcements that throw: listed cleanly, nothing loads or runs', async () => {
    const { page } = h.browser
    await page.getByTestId('open-modal').click()
    await expect.poll(() => injectedNames().then((names) => names.length)).toBe(5)
    const names = await injectedNames()
    expect(names.sort()).toEqual([
      'Late Wallet',
      'Loud <img src=x onerror="window.__vbCanary.push(2)"> Wallet',
      'Sandbox Wallet',
      'Wallet',
      'ksaMateM',
    ])
    // No name carries a hidden or direction-changing character, and none reads "MetaMask".
    expect(names.join('')).not.toMatch(/[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/)
    expect(names).not.toContain('MetaMask')
    // Every hostile icon was refused: only the Sandbox Wallet's inline image is an <img>.
    expect(
      await walletList()
        .locator('li[data-section="injected"] img')
        .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src.slice(0, 15))),
    ).toEqual(['data:image/svg+'])

    // The spoofed wallet's connecting view reads as what it is.
    await injected('ksaMateM').click()
    const view = modalRoot().getByTestId('connecting-external')
    await expect.poll(() => view.innerText()).toContain('Continue in ksaMateM')
    expect(await modalRoot().locator('#vb-title').innerText()).toBe('ksaMateM')
    await view.getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(status).toBe('disconnected')
    count('hostile wallets')
    await stillUsable()
  })

  test("a wallet error of 1 MB of markup is shown as the wallet's words, 200 characters of text", async () => {
    const { page } = h.browser
    await page.getByTestId('open-modal').click()
    await injected('Loud <img src=x onerror="window.__vbCanary.push\\(2\\)"> Wallet').click()
    const view = modalRoot().getByTestId('connecting-external')
    await expect.poll(() => view.getAttribute('data-phase')).toBe('error')
    const words = await view.locator('.vb-muted').innerText()
    expect(words.startsWith('Wallet says: <img src=x onerror="window.__vbCanary.push(3)">AAAA')).toBe(true)
    expect(Array.from(words.slice('Wallet says: '.length))).toHaveLength(200)
    expect(words.endsWith('…')).toBe(true)
    // The text stays inside the view.
    expect(await view.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
    expect(await modalRoot().locator('img[src="x"]').count()).toBe(0)
    count('1 MB wallet error')
    await modalRoot().getByRole('button', { name: 'Back' }).click()
    await stillUsable()
  })

  test('closing the modal while a wallet has not answered cancels like Cancel: its late answer connects nothing', async () => {
    const { page } = h.browser
    await page.getByTestId('open-modal').click()
    await injected('Late Wallet').click()
    await expect.poll(status).toBe('connecting')
    await page.keyboard.press('Escape')
    await expect.poll(() => isOpen()).toBe(false)
    expect(await status()).toBe('disconnected')
    // The wallet answers 1.5 s after it was asked; its answer is handled.
    await page.waitForFunction(() => (window as unknown as { __vbLateAnswered?: boolean }).__vbLateAnswered, null, { timeout: 10_000 })
    await nextFrames(page)
    expect(await status()).toBe('disconnected')
    expect(await page.getByTestId('caip-address').innerText()).not.toContain(LATE_ADDRESS)
    expect(await isOpen()).toBe(false)
    await page.getByTestId('open-modal').click()
    await expect.poll(() => modalRoot().locator('#vb-title').innerText()).toBe('Connect Wallet')
    count('close while connecting')
    await stillUsable()
  })

  test('1,000 chainChanged events with the RPC failing read the balance a handful of times; unsupported then supported a tick later leaves no UnsupportedChain', async () => {
    // A browser of its own: its page's clock is stopped and moved on by the test, through every retry and timeout.
    const own = await launchBrowser()
    const { page } = own
    const rpcPorts = [new URL(h.sandbox.chain.url).port, new URL(h.sandbox.l2.url).port]
    page.on('pageerror', (error) => void pageErrors.push(error.message))
    page.on('dialog', (dialog) => void (dialogs.push(dialog.message()), dialog.dismiss()))
    page.on('request', record)
    try {
      await own.context.addInitScript(announceHostileWallets)
      await own.context.addInitScript(countRequests, rpcPorts)
      await page.clock.install()
      await page.goto(h.sandbox.url)
      await page.getByTestId('open-modal').click()
      await h.modalRoot(page).locator('[data-testid="wallet-list"] button', { hasText: 'Sandbox Wallet' }).first().click()
      await page.locator('[data-testid="sandbox-wallet-prompt"]').waitFor({ state: 'visible' })
      await page.locator('[data-testid="sandbox-wallet-approve"]').click()
      await expect.poll(() => page.getByTestId('status').innerText()).toBe('connected')
      await page.keyboard.press('Escape')
      await expect.poll(() => isOpen(page)).toBe(false)
      await page.route(
        (url) => rpcPorts.includes(url.port),
        (route) => route.abort(),
      )
      // The balance read at the connection is cached for 30 s: the clock stops 31 s later, so the events' network
      // has none.
      await quiet(page)
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 31_000)
      await quiet(page)
      const balanceReads = async () => (await counted(page)).methods.filter((m) => m === 'eth_getBalance').length
      const before = await balanceReads()
      await page.evaluate(() => {
        const wallet = (window as unknown as { sandboxWallet: { emit(event: string, value: unknown): void } }).sandboxWallet
        for (let i = 0; i < 1000; i++) wallet.emit('chainChanged', i % 2 ? '0x7a69' : '0x7a6a')
      })
      // 29 s on the page's clock: every retry and timeout of the read runs, short of the 30 s after its failure.
      await advance(page, 29_000)
      const burst = (await balanceReads()) - before
      // The same thousand, one task each (a message the page posts to itself; timers would wait on the clock).
      await page.evaluate(async () => {
        const wallet = (window as unknown as { sandboxWallet: { emit(event: string, value: unknown): void } }).sandboxWallet
        const task = () =>
          new Promise<void>((resolve) => {
            const channel = new MessageChannel()
            channel.port1.onmessage = () => resolve()
            channel.port2.postMessage(0)
          })
        for (let i = 0; i < 1000; i++) {
          wallet.emit('chainChanged', i % 2 ? '0x7a6a' : '0x7a69')
          await task()
        }
      })
      await advance(page, 29_000)
      const apart = (await balanceReads()) - before - burst
      console.log(`chainChanged storm: ${burst} balance requests for 1,000 events in one task, ${apart} for 1,000 more in separate tasks`)
      // One read per network (an RPC client retries once; with the RPC down, the wallet's own node is asked too, and
      // the Sandbox Wallet forwards that to the same node), then nothing for 30 s after the failure.
      expect(burst).toBeGreaterThan(0)
      expect(burst).toBeLessThanOrEqual(3)
      expect(apart).toBeGreaterThan(0)
      expect(apart).toBeLessThanOrEqual(3)
      expect(await isOpen(page)).toBe(false)

      // A move to an unrequested chain and back on the next tick, then the failing RPC's retries and timeouts.
      const back = await balanceReads()
      await page.evaluate(() => {
        const wallet = (window as unknown as { sandboxWallet: { emit(event: string, value: unknown): void } }).sandboxWallet
        wallet.emit('chainChanged', '0x1')
        setTimeout(() => wallet.emit('chainChanged', '0x7a69'), 0)
      })
      await advance(page, 29_000)
      expect(await balanceReads(), 'the balance read again, and failed, on the way back').toBeGreaterThan(back)
      expect(await isOpen(page)).toBe(false)
      expect(await page.getByTestId('modal-open').innerText()).toBe('closed')
      expect(await page.getByTestId('network').innerText()).toBe('Localhost (eip155:31337)')
      // The next open shows the account, not a leftover UnsupportedChain.
      await page.unrouteAll()
      await page.clock.resume()
      await page.getByTestId('open-modal').click()
      await expect.poll(() => h.modalRoot(page).getByTestId('account').count()).toBe(1)
      expect(await h.modalRoot(page).getByTestId('unsupported-chain').count()).toBe(0)
      count('chainChanged storm')
      await stillUsable(page)
      expect(own.offLoopback).toEqual([])
    } finally {
      await own.close()
    }
  }, 60_000)
})

describe('hostile storage', () => {
  test('tampered entries (a far-future cached balance, "__proto__" namespaces, spoofed recent wallets) are checked, not trusted', async () => {
    const { page } = h.browser
    await page.evaluate((address) => {
      const set = (key: string, value: unknown) => localStorage.setItem(`@vestibule/v1/${key}`, JSON.stringify(value))
      // The Sandbox Wallet remembers its grant, as after an earlier visit.
      localStorage.setItem('sandbox-wallet', JSON.stringify({ granted: true, chainId: 31337, chains: {} }))
      set('connectedNamespaces', ['__proto__', 'eip155'])
      set('activeNamespace', '__proto__')
      set('connectorId:eip155', 'dev.vestibule.sandbox')
      set('connectorId:__proto__', 'dev.vestibule.sandbox')
      set('preferredAccountTypes', JSON.parse('{"__proto__": "x", "eip155": "eoa"}'))
      set(`nativeBalance:eip155:31337:${address}`, { at: Date.now() + 1e12, value: { value: '9'.repeat(70), decimals: 18, symbol: 'ETH' } })
      set('recentWallets', [
        {
          id: 'recent-spoof',
          name: '\u202eksaMateM',
          imageUrl: 'javascript:window.__vbCanary.push(5)',
          links: { mobile: 'javascript:window.__vbCanary.push(6)' },
        },
        { id: 'recent-blank', name: '\u200b\u200b', imageUrl: 'http://evil.example/pixel.png' },
      ])
    }, h.sandbox.address)
    await page.reload()
    // reconnect() with the tampered entries resolves and restores the real session.
    expect(
      await page.evaluate(() =>
        (window as any).modal.reconnect().then(
          () => 'resolved',
          (e: Error) => `${e.name}: ${e.message}`,
        ),
      ),
    ).toBe('resolved')
    await expect.poll(status).toBe('connected')
    await page.getByTestId('open-modal').click()
    const balance = modalRoot().getByTestId('account-balance')
    await expect.poll(() => balance.getAttribute('data-status'), { timeout: 10_000 }).toBe('ready')
    const real = await createPublicClient({ transport: http(h.sandbox.chain.url) }).getBalance({ address: h.sandbox.address })
    expect(await balance.innerText()).toBe(truncatedBalance(real, 18, 'ETH'))
    // The recent wallets, as the catalog shows them to a user who is not connected.
    await modalRoot().getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(status).toBe('disconnected')
    await page.keyboard.press('Escape')
    await page.getByTestId('open-modal').click()
    await expect.poll(() => walletList().locator('li[data-section="recent"] .vb-item-name').allInnerTexts()).toEqual(['ksaMateM', 'Wallet'])
    expect(await walletList().locator('li[data-section="recent"] img').count()).toBe(0)
    count('hostile storage')
    await stillUsable()
  })
})

describe('hostile options', () => {
  test('theme values that would fetch or escape their declaration are refused at runtime too', async () => {
    const { page } = h.browser
    await page.getByTestId('open-modal').click()
    const outcomes = await page.evaluate(() => {
      const modal = (window as any).modal
      return [
        'url(http://evil.example/x.png)',
        'image-set("http://evil.example/x.png" 1x)',
        'red; background: url(//evil.example/x.png)',
        '\\75 rl(//evil.example/x.png)',
      ].map((value) => {
        try {
          modal.setThemeVariables({ '--vb-color-accent': value })
          return 'accepted'
        } catch (error) {
          return (error as { code?: string }).code
        }
      })
    })
    expect(outcomes).toEqual(['INVALID_OPTIONS', 'INVALID_OPTIONS', 'INVALID_OPTIONS', 'INVALID_OPTIONS'])
    expect(
      await page.locator('div[data-vestibule]').evaluate((host) => (host as HTMLElement).style.getPropertyValue('--vb-color-accent')),
    ).toBe('')
    count('hostile theme values')
    await stillUsable()
  })

  test('container: a selector mounts the modal in that element; one matching nothing makes open() reject naming it', async () => {
    const { page } = h.browser
    await page.goto(`${h.sandbox.url}?container=%23modal-host`)
    await page.getByTestId('open-modal').click()
    await expect.poll(() => page.locator('#modal-host > div[data-vestibule] dialog').evaluate((d: HTMLDialogElement) => d.open)).toBe(true)
    await page.keyboard.press('Escape')

    await page.goto(`${h.sandbox.url}?container=%23missing`)
    const outcome = await page.evaluate(() =>
      (window as any).modal.open().then(
        () => 'opened',
        (e: { code?: string; message: string }) => `${e.code}: ${e.message}`,
      ),
    )
    expect(outcome).toBe('INVALID_OPTIONS: `container`: no element matches "#missing"')
    expect(await page.locator('div[data-vestibule]').count()).toBe(0)
    count('container option')
    await page.goto(h.sandbox.url)
    await stillUsable()
  })
})

describe('the balance does not go stale', () => {
  test('after a transaction the modal sends, and on open once the 30 s cache expired (the wallet sending on its own)', async () => {
    // A browser of its own: the page clock jumps 30 s ahead.
    const own = await launchBrowser()
    const page = own.page
    const balanceOf = async () =>
      truncatedBalance(
        await createPublicClient({ transport: http(h.sandbox.chain.url) }).getBalance({ address: h.sandbox.address }),
        18,
        'ETH',
      )
    const shown = h.modalRoot(page).getByTestId('account-balance')
    const approve = async (text: RegExp) => {
      const prompt = page.locator('[data-testid="sandbox-wallet-prompt"]')
      await prompt.waitFor({ state: 'visible' })
      await expect.poll(() => prompt.innerText()).toMatch(text)
      await page.locator('[data-testid="sandbox-wallet-approve"]').click()
    }
    const balanceReads = async () => (await counted(page)).methods.filter((m) => m === 'eth_getBalance').length
    try {
      await own.context.addInitScript(countRequests, [new URL(h.sandbox.chain.url).port, new URL(h.sandbox.l2.url).port])
      await page.clock.install()
      await page.goto(h.sandbox.url)
      await page.getByTestId('open-modal').click()
      await h.modalRoot(page).locator('[data-testid="wallet-list"] button', { hasText: 'Sandbox Wallet' }).first().click()
      await approve(/Connect/)
      await expect.poll(() => shown.getAttribute('data-status'), { timeout: 10_000 }).toBe('ready')
      expect(await shown.innerText()).toBe(await balanceOf())
      await page.keyboard.press('Escape')

      // Sent through the modal: the balance is read again at once.
      const before = await balanceOf()
      await page.getByTestId('send-native').click()
      await approve(/Send/)
      await expect.poll(() => page.getByTestId('send-result').innerText()).toMatch(/^0x[0-9a-f]{64}$/)
      // The node answers with the hash before it mines the transaction.
      await expect.poll(() => balanceOf()).not.toBe(before)
      const after = await balanceOf()
      await page.getByTestId('open-modal').click()
      await expect.poll(() => shown.innerText()).toBe(after)
      await page.keyboard.press('Escape')

      // Sent by the wallet on its own: within 30 s the cached balance stands; after that, an open reads again.
      const sent = page.evaluate(() =>
        (window as any).ethereum.request({
          method: 'eth_sendTransaction',
          params: [{ to: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', value: '0x2386f26fc10000' }],
        }),
      )
      await approve(/Send/)
      await sent
      await expect.poll(() => balanceOf()).not.toBe(after)
      const later = await balanceOf()
      await quiet(page)
      const reads = await balanceReads()
      await page.getByTestId('open-modal').click()
      // The open has run its course: what it queued ran, and no request to the node is open or was started since.
      await expect.poll(() => shown.innerText()).toBe(after)
      await quiet(page)
      expect(await balanceReads(), 'balance reads on an open within 30 s').toBe(reads)
      expect(await shown.innerText()).toBe(after)
      await page.keyboard.press('Escape')
      await page.clock.fastForward(30_000)
      await page.getByTestId('open-modal').click()
      await expect.poll(() => shown.innerText(), { timeout: 10_000 }).toBe(later)
      expect(own.offLoopback).toEqual([])
    } finally {
      await own.close()
    }
  }, 60_000)
})
