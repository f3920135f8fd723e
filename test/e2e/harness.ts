/**
 * What every browser test needs: the sandbox (local chains, demo app, Sandbox Wallets) and Chromium started
 * once per file, a fresh app page before each test, the checks after each that nothing left loopback and that
 * React reported no rendering fault, and
 * locators for the modal and the Sandbox Wallets' prompt.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { startSandbox } from '../../sandbox/server.mjs'
import { launchBrowser, type LaunchOptions, type TestBrowser } from './browser.js'
import { motionSettled, nextFrames } from './settle.js'

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>

/**
 * Loads `url` with its origin's localStorage empty. The storage is cleared on a page of the origin that does not run
 * the app (the server's 404): cleared under a running app, a write the app still had in flight (a balance read, a
 * restored session) would fill it again before the reload.
 */
export async function loadFresh(page: Page, url: string) {
  await page.goto(new URL('/no-app', url).href)
  await page.evaluate(() => localStorage.clear())
  return page.goto(url)
}

export interface SandboxBrowser {
  /** Set in beforeAll. */
  sandbox: Sandbox
  /** Set in beforeAll. */
  browser: TestBrowser
  /** The running chain family `name` of the sandbox; throws when it was skipped (its tool is missing). */
  family<T>(name: string): T
  /** The modal's <dialog> (Playwright's CSS selectors pierce its shadow root). */
  modalRoot(page?: Page): Locator
  /** The button of the wallet named `name` in Connect's wallet list. */
  walletButton(name: string): Locator
  /** The prompt the Sandbox Wallets show in the page. */
  walletPrompt(): Locator
  /** Waits for the Sandbox Wallet's prompt, checks its text, and approves (or rejects). */
  answerWallet(expectText: RegExp | undefined, approve?: boolean): Promise<void>
  approveInWallet(expectText?: RegExp): Promise<void>
  /**
   * Waits until Connect's wallet list is complete: no wallet catalog request of the page in flight, the answers
   * drawn, the card's motion over. The catalog's wallets arrive after the list first shows and push down what is
   * below them; a click pressed before and released after they arrive is no click at all (the browser sends it to
   * the element both were on), as a person clicking at that instant would see too.
   */
  listSettled(page?: Page): Promise<void>
  /** Opens the modal, picks the wallet `name`, approves its connect prompt and waits for the page's "connected". */
  connectWallet(name?: string, prompt?: RegExp): Promise<void>
}

/**
 * Registers the hooks of a browser test file. Before each test the app is loaded with localStorage cleared and
 * reloaded (a fresh origin state: no stored session, wallet permissions revoked) unless `clearStorage` is false.
 */
export function useSandboxBrowser(
  options: {
    families?: string[]
    timeout?: number
    clearStorage?: boolean
    sandbox?: { walletConnectVerify?: boolean }
    browser?: () => Promise<LaunchOptions>
  } = {},
): SandboxBrowser {
  const { families = [], timeout = 60_000, clearStorage = true } = options
  const h = {} as SandboxBrowser
  // The page's wallet catalog requests still waiting for their answer (listSettled).
  const catalogInFlight = new Set<unknown>()

  beforeAll(async () => {
    // startSandbox's types come from its JavaScript defaults, where `families = []` reads as never[].
    h.sandbox = await startSandbox({ families: families as never[], ...options.sandbox })
    h.browser = await launchBrowser(await options.browser?.())
    const page = h.browser.page
    page.on('request', (request) => request.url().includes('/getWallets') && catalogInFlight.add(request))
    page.on('requestfinished', (request) => catalogInFlight.delete(request))
    page.on('requestfailed', (request) => catalogInFlight.delete(request))
  }, timeout)

  afterAll(async () => {
    await h.browser?.close()
    await h.sandbox?.stop()
  })

  // After every test: nothing the pages requested, over HTTP or WebSocket, left loopback. The list is emptied so
  // the next test answers only for itself.
  // And no page logged a rendering bug (an update loop still draws the view, while it keeps the CPU busy).
  afterEach(() => {
    if (h.browser) expect(h.browser.offLoopback.splice(0), 'requests that left loopback').toEqual([])
    if (h.browser) expect(h.browser.renderFaults.splice(0), 'React rendering faults').toEqual([])
  })

  if (clearStorage) {
    beforeEach(async () => {
      // Storage is cleared on a page of the app's origin that does not run the app (the server's 404), so the app
      // loads once, on empty storage.
      await loadFresh(h.browser.page, h.sandbox.url)
      // The app restores a session on load; a test starts once that has settled.
      await h.browser.page.evaluate(() =>
        (window as unknown as { modal?: { reconnect(): Promise<void> } }).modal?.reconnect().catch(() => undefined),
      )
    })
  }

  h.family = <T>(name: string) => {
    const family = (h.sandbox.families as Record<string, unknown>)[name] as (T & { skipped?: string }) | undefined
    if (!family || family.skipped) throw new Error(`The ${name} sandbox did not start: ${family?.skipped ?? 'not requested'}`)
    return family
  }
  h.modalRoot = (page = h.browser.page) => page.locator('div[data-vestibule] dialog')
  h.walletButton = (name) => h.modalRoot().locator('[data-testid="wallet-list"] button', { hasText: name })
  h.walletPrompt = () => h.browser.page.locator('[data-testid="sandbox-wallet-prompt"]')
  h.answerWallet = async (expectText, approve = true) => {
    await h.walletPrompt().waitFor({ state: 'visible' })
    if (expectText) await expect.poll(() => h.walletPrompt().innerText()).toMatch(expectText)
    await h.browser.page.locator(`[data-testid="sandbox-wallet-${approve ? 'approve' : 'reject'}"]`).click()
  }
  h.approveInWallet = (expectText) => h.answerWallet(expectText)
  h.listSettled = async (page = h.browser.page) => {
    // A catalog that never answers (a test's hanging API) leaves the list as it is: the click then goes ahead.
    if (page === h.browser.page)
      await expect
        .poll(() => catalogInFlight.size, { timeout: 10_000 })
        .toBe(0)
        .catch(() => undefined)
    await nextFrames(page)
    await motionSettled(h.modalRoot(page))
  }
  h.connectWallet = async (name = 'Sandbox Wallet', prompt = /connect/i) => {
    const { page } = h.browser
    // What happens from here is kept in the page (views, pointer events, the connect's events) for the report below.
    await page.evaluate(recordConnectSteps)
    await page.getByTestId('open-modal').click()
    await h.walletButton(name).waitFor()
    await h.listSettled()
    await h.walletButton(name).click()
    // A prompt that never comes is reported with what the page showed instead (the modal's view, the app's
    // status), so a failure on a loaded machine says where the connect stopped.
    await h
      .walletPrompt()
      .waitFor({ state: 'visible' })
      .catch(async (error: Error) => {
        const shown = (locator: Locator) => locator.innerText({ timeout: 1_000 }).catch(() => '(not shown)')
        const modal = (await shown(h.modalRoot())).replace(/\s+/g, ' ')
        const status = await shown(page.getByTestId('status'))
        const log = await page
          .evaluate(() => (window as unknown as { __vbConnectLog?: string[] }).__vbConnectLog?.join('\n'))
          .catch(() => '(page gone)')
        const report = `${error.message}\nAfter choosing ${name}, the modal showed: "${modal}"; the app's status: "${status}"\nIn the page since the open click:\n${log}`
        // Printed as well as thrown: a test that passes on its second run does not show its first error.
        console.log(report)
        throw new Error(report)
      })
    await h.approveInWallet(prompt)
    await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 15_000 }).toBe('connected')
  }
  return h
}

/** What the modal shows for a balance of `value` base units: truncated (not rounded) to 3 decimals, then the symbol. */
export function truncatedBalance(value: bigint, decimals: number, symbol: string): string {
  const unit = 10n ** BigInt(decimals)
  const fraction = (value % unit).toString().padStart(decimals, '0').slice(0, 3).replace(/0+$/, '')
  return `${value / unit}${fraction ? `.${fraction}` : ''} ${symbol}`
}

/** The Activity tab's rows as "title amounts" (whitespace collapsed), top to bottom. */
export const activityRows = (list: Locator) =>
  list
    .getByTestId('activity-row')
    .evaluateAll((items) =>
      items.map(
        (item) =>
          `${(item.querySelector('.vb-item-name') as HTMLElement).innerText} ${(item.querySelector('.vb-activity-amounts') as HTMLElement).innerText.replace(/\s+/g, ' ')}`,
      ),
    )

/**
 * In the page: keeps what happens from now on in `window.__vbConnectLog` (the views, the connect's events, the
 * pointer events with their targets) for the report of a connect whose wallet prompt never comes.
 */
function recordConnectSteps() {
  const w = window as unknown as { __vbConnectLog?: string[]; modalKernel?: Record<string, any> }
  const log: string[] = (w.__vbConnectLog = [])
  const t0 = performance.now()
  const at = () => Math.round(performance.now() - t0)
  w.modalKernel?.router?.$history?.listen((entries: { view: string }[]) =>
    log.push(`${at()} views ${entries.map((e) => e.view).join(' > ')}`),
  )
  for (const name of ['connect:start', 'connect:error', 'connect:success', 'error'])
    w.modalKernel?.events?.on(name, (payload: unknown) =>
      log.push(`${at()} ${name} ${String((payload as { error?: unknown })?.error ?? '')}`),
    )
  // Whether the element pressed is still in the page, and is the one released on: a click goes to the nearest
  // element both are in, so a button replaced or moved between the two gets no click.
  let pressed: HTMLElement | undefined
  for (const type of ['pointerdown', 'pointerup', 'click'])
    document.addEventListener(
      type,
      (event) => {
        const target = event.composedPath()[0] as HTMLElement | undefined
        if (type === 'pointerdown') pressed = target
        const same = type === 'pointerdown' ? '' : ` same-as-pressed:${target === pressed} pressed-connected:${pressed?.isConnected}`
        log.push(
          `${at()} ${type} ${target?.tagName ?? '?'} ${target?.className ?? ''} ${target?.closest?.('button')?.dataset.walletId ?? ''}${same}`,
        )
      },
      { capture: true },
    )
}
