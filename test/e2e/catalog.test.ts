// The wallet catalog and the networks views in Chromium against the sandbox and its local provider API.
import { beforeEach, describe, expect, test } from 'vitest'
import type { Locator } from 'playwright-core'
import { walletId } from '../../sandbox/provider-api/catalog.mjs'
import { launchBrowser } from './browser.js'
import { useSandboxBrowser } from './harness.js'
import { answered, schedulerSettled } from './settle.js'

const h = useSandboxBrowser()
const { modalRoot, walletPrompt, approveInWallet } = h
const walletList = () => modalRoot().locator('[data-testid="wallet-list"]')
const sectionNames = (section: string) => walletList().locator(`li[data-section="${section}"] .vb-item-name`).allInnerTexts()
const allWallets = () => modalRoot().getByTestId('all-wallets-view')
const rowNames = () => modalRoot().locator('[data-testid="all-wallets-list"] [data-row-index] .vb-item-name').allInnerTexts()
const pages = () => h.sandbox.providerApi.catalogRequests({ entries: '40' }).map((r) => r.query.page)

/** Whether an IntersectionObserver made now sees `element` in view (told at the page's next rendering step). */
const inView = (element: Locator) =>
  element.evaluate(
    (el) =>
      new Promise<boolean>((resolve) => {
        const observer = new IntersectionObserver((entries) => {
          observer.disconnect()
          resolve(entries.some((e) => e.isIntersecting))
        })
        observer.observe(el)
      }),
  )

async function openConnect(path = '') {
  if (path) await h.browser.page.goto(h.sandbox.url + path)
  await h.browser.page.getByTestId('open-modal').click()
  await expect.poll(() => modalRoot().evaluate((d: HTMLDialogElement) => d.open)).toBe(true)
  await h.listSettled()
}

const connectSandboxWallet = () => h.connectWallet('Sandbox Wallet', /Connect/)

beforeEach(() => {
  h.sandbox.providerApi.reset()
})

describe('Connect view with the catalog', () => {
  test('featured, custom and recommended on open, one request per catalog page per open; the Sandbox Wallet once; excluded absent', async () => {
    await openConnect()
    await expect.poll(() => sectionNames('recommended')).toEqual(['Cedar Wallet', 'Cobalt Wallet', 'Coral Wallet'])
    expect(await sectionNames('injected')).toEqual(['Sandbox Wallet'])
    expect(await sectionNames('featured')).toEqual(['Cedar Vault', 'Cobalt Vault'])
    expect(await sectionNames('custom')).toEqual(['Vestibule Custom Wallet'])
    // Connector-type order (walletConnect, recent, injected, featured, custom, external, recommended); "All wallets" last.
    const order = await walletList()
      .locator('li')
      .evaluateAll((items) => [...new Set(items.map((i) => i.getAttribute('data-section')))])
    expect(order.filter((s) => s !== 'walletConnect')).toEqual(['injected', 'featured', 'custom', 'recommended'])
    expect(await modalRoot().getByTestId('footer-allWallets').innerText()).toContain('All wallets')
    // The catalog's first recommended entry is the Sandbox Wallet (same rdns): listed once, as installed.
    expect(
      await walletList()
        .locator('button', { hasText: /^S\s*Sandbox Wallet/ })
        .count(),
    ).toBe(1)
    // "Basalt Wallet" is in excludeWalletIds.
    expect(await walletList().locator('button', { hasText: 'Basalt Wallet' }).count()).toBe(0)

    const firstOpen = h.sandbox.providerApi.catalogRequests()
    expect(firstOpen.map((r) => `${r.query.page}/${r.query.entries}/${r.query.include ? 'include' : 'list'}`).sort()).toEqual([
      '1/1/include',
      '1/2/include',
      '1/4/list',
    ])
    // Images load from the image endpoint on 127.0.0.1.
    await expect.poll(() => walletList().locator('img[data-loaded]').count()).toBeGreaterThanOrEqual(5)

    // A second open: featured and recommended once more; the excluded wallets were resolved for good.
    await h.browser.page.keyboard.press('Escape')
    await openConnect()
    await expect.poll(() => h.sandbox.providerApi.catalogRequests().length).toBe(5)
    // The page holds all five answers and has handled them: a request they would lead to was made by now.
    await answered(h.browser.page, '/getWallets', 5)
    expect(
      h.sandbox.providerApi
        .catalogRequests()
        .slice(3)
        .map((r) => r.query.entries)
        .sort(),
    ).toEqual(['2', '4'])

    // A catalog wallet that is not installed goes to WalletConnect with its (safe) links.
    await walletList().locator('li[data-section="recommended"] button', { hasText: 'Cedar Wallet' }).click()
    const route = await h.browser.page.evaluate(() => (window as any).modalKernel.router.current)
    expect(route).toEqual({
      view: 'ConnectingWalletConnect',
      data: {
        wallet: {
          id: walletId(2),
          name: 'Cedar Wallet',
          imageUrl: expect.stringContaining('/getWalletImage/img-'),
          links: expect.any(Object),
        },
      },
    })
    // Its app link, and where to get it.
    const { mobile, desktop, webapp, homepage } = route.data.wallet.links
    expect({ mobile, desktop, webapp }).toEqual({ mobile: undefined, desktop: 'w2-desktop://', webapp: undefined })
    expect(homepage).toMatch(/^https:\/\/[-a-z0-9]+\.wallets\.example\/$/)
    expect(h.browser.offLoopback).toEqual([])
  })

  test('features.allWallets off hides the All wallets entry while the catalog sections stay', async () => {
    await openConnect('?allWallets=off')
    await expect.poll(() => walletList().locator('button', { hasText: 'Cedar Vault' }).count()).toBe(1)
    expect(await modalRoot().getByTestId('footer-allWallets').count()).toBe(0)
    await openConnect('?')
    await expect.poll(() => modalRoot().getByTestId('footer-allWallets').count()).toBe(1)
  })

  test('an excluded wallet hides the installed one of the same name (case-insensitive) everywhere', async () => {
    // Catalog entry 120 is "SANDBOX WALLET" (no rdns): excluding it hides the announced "Sandbox Wallet".
    await openConnect(`?exclude=${walletId(120)}`)
    await expect.poll(() => sectionNames('recommended')).toEqual(['Basalt Wallet', 'Cedar Wallet', 'Cobalt Wallet'])
    await expect.poll(() => sectionNames('injected')).toEqual([])
    await modalRoot().getByTestId('footer-allWallets').click()
    await modalRoot().getByTestId('wallet-search').fill('sandbox')
    await expect.poll(() => modalRoot().getByTestId('all-wallets-status').innerText()).toBe('')
    await expect.poll(() => rowNames()).toEqual([])
    expect(await modalRoot().getByTestId('all-wallets-empty').innerText()).toBe('No wallet matches "sandbox"')
  })

  test('catalog API down: Connect still lists the Sandbox Wallet; AllWallets shows a readable error and its retry works', async () => {
    h.sandbox.providerApi.setMode('down')
    await openConnect()
    await expect.poll(() => h.sandbox.providerApi.catalogRequests().length).toBe(3)
    expect(await sectionNames('injected')).toEqual(['Sandbox Wallet'])
    expect(await sectionNames('recommended')).toEqual([])
    expect(await sectionNames('featured')).toEqual([])
    expect(await sectionNames('walletConnect')).toEqual(['WalletConnect'])

    await modalRoot().getByTestId('footer-allWallets').click()
    const error = modalRoot().getByTestId('all-wallets-error')
    await expect.poll(() => error.innerText()).toContain('The wallet list could not be loaded')
    expect(await error.innerText()).toContain('HTTP status code: 500')
    expect(await rowNames()).toEqual(['Sandbox Wallet'])

    h.sandbox.providerApi.setMode('ok')
    await modalRoot().getByTestId('all-wallets-retry').click()
    await expect.poll(() => error.count()).toBe(0)
    await expect
      .poll(async () => (await rowNames()).slice(0, 5))
      .toEqual(['Sandbox Wallet', 'Cedar Vault', 'Cobalt Vault', 'Cedar Wallet', 'Cobalt Wallet'])
    expect(h.browser.offLoopback).toEqual([])
  })

  test('an image that does not load within 2 s gives way to the generated tile', async () => {
    // A browser of its own: Playwright's fake clock stays installed on the whole context.
    const own = await launchBrowser()
    const page = own.page
    try {
      h.sandbox.providerApi.setImages('hang')
      await page.clock.install()
      await page.goto(h.sandbox.url)
      // The clock stands still from before the open: the 2 s start at the paused instant the image comes into view,
      // however long a loaded machine takes to get there.
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000))
      await page.getByTestId('open-modal').click()
      const avatar = page.locator('div[data-vestibule] dialog li[data-section="recommended"] .vb-avatar').first()
      await expect.poll(() => avatar.getAttribute('data-image')).toBe('loading')
      // The 2 s start when the image's observer (made in an effect, which has run once the page's scheduler is
      // drained) sees it in view. Observers of one element are told in the same rendering step, which ends before
      // the clock is moved: once an observer made after the image's own sees it in view, its 2 s have begun.
      await schedulerSettled(page)
      await expect.poll(() => inView(avatar.locator('img'))).toBe(true)
      await page.clock.runFor(1_990)
      expect(await avatar.getAttribute('data-image')).toBe('loading')
      await page.clock.runFor(20)
      await expect.poll(() => avatar.getAttribute('data-image')).toBe('failed')
      expect(await avatar.innerText()).toBe('C')
      expect(await avatar.locator('img').count()).toBe(0)
      expect(own.offLoopback).toEqual([])
    } finally {
      await own.close()
    }
  })

  test('search waits for a 150 ms pause in typing: a key within the pause restarts it, one request for the whole text', async () => {
    // A browser of its own: Playwright's fake clock stays installed on the whole context.
    const own = await launchBrowser()
    const page = own.page
    const searches = () => h.sandbox.providerApi.catalogRequests({ entries: '100' }).map((r) => r.query.search)
    try {
      await page.clock.install()
      await page.goto(h.sandbox.url)
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000))
      await page.getByTestId('open-modal').click()
      const root = page.locator('div[data-vestibule] dialog')
      await root.getByTestId('footer-allWallets').click()
      await expect.poll(() => pages()).toEqual(['1'])
      await root.getByTestId('wallet-search').click()
      await page.keyboard.insertText('co')
      // React applies the deferred text on its own schedule: once the page's scheduler ran what it queued, the text
      // is rendered and its pause has begun, before the clock moves.
      await schedulerSettled(page)
      await page.clock.runFor(100)
      await page.keyboard.insertText('b')
      await schedulerSettled(page)
      await page.clock.runFor(149)
      await schedulerSettled(page)
      // 249 ms after the first key but only 149 ms after the last one: nothing asked yet, not even "co".
      expect(searches()).toEqual([])
      await page.clock.runFor(2)
      await expect.poll(() => searches()).toEqual(['cob'])
      expect(own.offLoopback).toEqual([])
    } finally {
      await own.close()
    }
  })

  test('after disconnecting a session restored on open, the Connect view lists featured, custom and recommended at once', async () => {
    const { page } = h.browser
    await connectSandboxWallet()
    await page.reload()
    await page.evaluate(() => (window as unknown as { modal: { reconnect(): Promise<void> } }).modal.reconnect())
    await expect.poll(() => page.getByTestId('status').innerText()).toBe('connected')
    await page.getByTestId('open-modal').click()
    await modalRoot().getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => page.getByTestId('status').innerText()).toBe('disconnected')
    await expect.poll(() => sectionNames('recommended')).toEqual(['Cedar Wallet', 'Cobalt Wallet', 'Coral Wallet'])
    expect(await sectionNames('featured')).toEqual(['Cedar Vault', 'Cobalt Vault'])
    expect(await sectionNames('custom')).toEqual(['Vestibule Custom Wallet'])
  })
})

describe('AllWallets', () => {
  test('installed first, first rows at once, pages of 40 on scroll, each page requested once', async () => {
    const { page } = h.browser
    await openConnect()
    await expect.poll(() => sectionNames('recommended')).toHaveLength(3)
    // Click to first row painted, measured in the page. The sandbox runs React's development build; the 50 ms
    // budget is measured on a production build by bench/catalog.mjs (median about 22 ms there).
    const elapsed = await modalRoot().evaluate(async (dialog) => {
      const root = dialog.getRootNode() as ShadowRoot
      const button = root.querySelector<HTMLButtonElement>('[data-testid="footer-allWallets"]')!
      const start = performance.now()
      button.click()
      await new Promise<void>((resolve) => {
        const check = () => (root.querySelector('[data-row-index] .vb-item-name') ? resolve() : requestAnimationFrame(check))
        check()
      })
      await new Promise((resolve) => requestAnimationFrame(resolve))
      return performance.now() - start
    })
    // A speed budget, reported here and enforced by bench/catalog.mjs on a production build, not asserted in a
    // browser test that shares two cores with the rest of the suite.
    console.log(`AllWallets: first rows after ${elapsed.toFixed(1)} ms`)

    const first = modalRoot().locator('[data-row-index="0"] button')
    expect(await first.innerText()).toContain('Sandbox Wallet')
    expect(await first.getAttribute('data-installed')).toBe('')
    await expect.poll(() => pages()).toEqual(['1'])
    await expect.poll(() => modalRoot().getByTestId('all-wallets-count').innerText()).toMatch(/^\d{3} wallets$/)
    // Only the rows near the viewport are in the DOM.
    expect(await modalRoot().locator('[data-row-index]').count()).toBeLessThan(20)

    const list = modalRoot().getByTestId('all-wallets-list')
    for (const expected of [
      ['1', '2'],
      ['1', '2', '3'],
      ['1', '2', '3', '4'],
    ]) {
      await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
      await expect.poll(() => pages()).toEqual(expected)
      await expect.poll(() => modalRoot().getByTestId('all-wallets-status').innerText()).toBe('')
    }
    expect(h.sandbox.providerApi.catalogRequests({ entries: '40' }).every((r) => r.query.exclude?.includes(walletId(2)))).toBe(true)
    expect(await modalRoot().locator('[data-row-index]').count()).toBeLessThan(30)
    // The rdns twin of the Sandbox Wallet on page 2 ("Sandbox Wallet Classic") is not listed.
    await list.evaluate((el) => el.scrollTo({ top: 0 }))
    const names = await page.evaluate(async () => {
      const controller = await (window as any).modal.getPlugin('catalog').load()
      return controller.$rows.get().map((r: { item: { name: string } }) => r.item.name)
    })
    expect(names.filter((n: string) => n.startsWith('Sandbox Wallet'))).toEqual(['Sandbox Wallet'])
    expect(h.browser.offLoopback).toEqual([])
  })

  test('search: trimmed text, results no sooner than 300 ms after the request, installed first', async () => {
    const { page } = h.browser
    await openConnect()
    await modalRoot().getByTestId('footer-allWallets').click()
    await expect.poll(() => pages()).toEqual(['1'])
    await page.evaluate(() => {
      const w = window as unknown as { longTasks: number[] }
      w.longTasks = []
      new PerformanceObserver((list) => list.getEntries().forEach((e) => w.longTasks.push(e.duration))).observe({
        type: 'longtask',
        buffered: false,
      })
    })
    const search = modalRoot().getByTestId('wallet-search')
    await search.click()
    // One input event: key-by-key typing on a loaded machine can pause longer than the 150 ms typing debounce
    // between two keys, which rightly starts a search for the prefix and makes the count below vary.
    await page.keyboard.insertText('  sandbox  ')
    await expect.poll(() => rowNames()).toEqual(['Sandbox Wallet', 'SANDBOX WALLET'])
    // While searching, the count is the results found (it does not vanish).
    await expect.poll(() => modalRoot().getByTestId('all-wallets-count').innerText()).toBe('2 found')
    const searches = h.sandbox.providerApi.catalogRequests({ entries: '100' })
    expect(searches.map((r) => r.query.search)).toEqual(['sandbox'])
    expect(searches[0]!.query.page).toBe('1')
    // "SANDBOX WALLET" is another wallet (another id, no rdns); "Sandbox Wallet Classic" shares the installed
    // wallet's rdns and is a duplicate.
    expect(await modalRoot().locator('[data-row-index="0"] button').getAttribute('data-installed')).toBe('')

    // Looking at a result and coming back keeps the search.
    await modalRoot().locator('[data-row-index] button[title="SANDBOX WALLET"]').click()
    await modalRoot().getByRole('button', { name: 'Back' }).first().click()
    await expect.poll(() => modalRoot().getByTestId('wallet-search').inputValue()).toBe('  sandbox  ')
    await expect.poll(() => rowNames()).toEqual(['Sandbox Wallet', 'SANDBOX WALLET'])

    // The 300 ms minimum, measured in the page: request start → results rendered.
    const timing = await page.evaluate(async () => {
      const root = document.querySelector('div[data-vestibule]')!.shadowRoot!
      const input = root.querySelector<HTMLInputElement>('[data-testid="wallet-search"]')!
      // An observer sees every resource entry, even when the page's timing buffer is full of image loads.
      const seen: PerformanceEntry[] = []
      const observer = new PerformanceObserver((list) => seen.push(...list.getEntries()))
      observer.observe({ type: 'resource' })
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
      setter.call(input, 'cobalt vault')
      input.dispatchEvent(new Event('input', { bubbles: true }))
      const rendered = await new Promise<number>((resolve) => {
        const check = () =>
          [...root.querySelectorAll('[data-row-index] .vb-item-name')].some((e) => e.textContent === 'Cobalt Vault')
            ? resolve(performance.now())
            : requestAnimationFrame(check)
        check()
      })
      // The request's timing entry reaches the observer in a task of its own: wait for it, frame by frame.
      for (let i = 0; i < 300 && !seen.some((e) => e.name.includes('search=cobalt')); i++)
        await new Promise((resolve) => requestAnimationFrame(resolve))
      const entries = [...seen, ...observer.takeRecords()]
      observer.disconnect()
      const request = entries.filter((e) => e.name.includes('search=cobalt')).at(-1) as PerformanceResourceTiming | undefined
      if (!request)
        return {
          names: entries.map((e) => e.name),
          rows: [...root.querySelectorAll('[data-row-index] .vb-item-name')].map((e) => e.textContent),
        }
      return { sinceRequest: rendered - request.startTime, response: request.responseEnd - request.startTime }
    })
    console.log(
      `search: results ${timing.sinceRequest!.toFixed(0)} ms after the request (API answered in ${timing.response!.toFixed(0)} ms)`,
    )
    // Results never show sooner than 300 ms after the request, however fast the API answers; a loaded machine may
    // make the API slower, never the results sooner, so no upper bound is asserted here.
    expect(timing.sinceRequest!).toBeGreaterThanOrEqual(300)

    const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks)
    // Reported only: bench/catalog.mjs is where "no long task while typing" is measured and enforced.
    console.log(`search typing: long tasks ${JSON.stringify(longTasks)}`)

    // Clearing the text shows the full list again without a request.
    const before = h.sandbox.providerApi.catalogRequests().length
    await search.fill('')
    await expect.poll(async () => (await rowNames())[0]).toBe('Sandbox Wallet')
    expect((await rowNames()).length).toBeGreaterThan(5)
    expect(h.sandbox.providerApi.catalogRequests().length).toBe(before)
  })

  test('malformed catalog entries render as text, never run, keep the layout and lose unsafe links', async () => {
    const { page } = h.browser
    const dialogs: string[] = []
    page.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss()))
    await openConnect()
    await modalRoot().getByTestId('footer-allWallets').click()
    await expect.poll(() => rowNames()).toContain('Cedar Wallet')
    const list = modalRoot().getByTestId('all-wallets-list')
    // Page 1 of the paged list holds the malformed entries.
    await expect.poll(async () => (await rowNames()).some((n) => n.startsWith('<img src=x'))).toBe(true)
    const markup = list.locator('[data-row-index] button', { hasText: '<img src=x' })
    const shown = await markup.locator('.vb-item-name').innerText()
    expect(shown.startsWith('<img src=x onerror="window.__vbXss=1"><b>Bold</b> Markup Wallet')).toBe(true)
    expect(shown.endsWith('…') && shown.length <= 64).toBe(true)
    // The markup stayed text: no element came from it.
    expect(await list.locator('b, script, img[src="x"]').count()).toBe(0)
    const huge = list.locator('[data-row-index] button', { hasText: 'Huge WWW' })
    const box = await huge.evaluate((button) => {
      const name = button.querySelector<HTMLElement>('.vb-item-name')!
      return {
        button: button.scrollWidth <= button.clientWidth,
        name: name.scrollWidth > name.clientWidth,
        ellipsis: getComputedStyle(name).textOverflow,
        height: button.getBoundingClientRect().height,
      }
    })
    expect(box).toEqual({ button: true, name: true, ellipsis: 'ellipsis', height: 56 })
    expect(await list.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
    expect(await rowNames()).not.toContain('Nameless Id Wallet')
    expect(await rowNames()).not.toContain('Huge Id Wallet')

    // In the browser's own URL parser: every unsafe link is gone.
    const links = await page.evaluate(async () => {
      const controller = await (window as any).modal.getPlugin('catalog').load()
      const rows = await controller.search('link wallet', new AbortController().signal)
      // The app links (every entry here also has a safe homepage, kept).
      return Object.fromEntries(
        rows.map((r: { item: { name: string; links: Record<string, string> } }) => [
          r.item.name,
          Object.fromEntries(Object.entries(r.item.links).filter(([key]) => ['mobile', 'desktop', 'webapp'].includes(key))),
        ]),
      )
    })
    expect(links).toEqual({ 'Script Link Wallet': {}, 'Data Link Wallet': {}, 'File Link Wallet': {} })
    // Nothing ran.
    expect(await page.evaluate(() => (window as unknown as { __vbXss?: unknown }).__vbXss)).toBeUndefined()
    expect(dialogs).toEqual([])
    expect(await modalRoot().locator('a[href^="javascript:"], a[href^="data:"]').count()).toBe(0)
    expect(h.browser.offLoopback).toEqual([])
  })
})

describe('networks', () => {
  test('enableNetworkSwitch: false shows the network without offering a switch; the Networks view cannot switch', async () => {
    const { page } = h.browser
    await page.goto(`${h.sandbox.url}?networkSwitch=off`)
    await connectSandboxWallet()
    await expect.poll(() => modalRoot().getByTestId('network-readonly').innerText()).toContain('Localhost')
    expect(await modalRoot().getByTestId('network-button').count()).toBe(0)
    expect(await modalRoot().getByTestId('network-select').count()).toBe(0)
    await page.evaluate(() => (window as unknown as { modal: { open(view: string): Promise<void> } }).modal.open('Networks'))
    const target = modalRoot().getByTestId('networks').locator('[data-network-id="eip155:31338"]')
    await target.waitFor()
    expect(await target.isDisabled()).toBe(true)
    await target.click({ force: true })
    expect(await walletPrompt().count()).toBe(0)
    expect(await page.getByTestId('network').innerText()).toBe('Localhost (eip155:31337)')
  })

  test('Networks view: images, the active one marked, switching (adding the chain) and back; unapproved networks disabled', async () => {
    const { page } = h.browser
    await connectSandboxWallet()
    await modalRoot().getByTestId('network-button').click()
    const networks = modalRoot().getByTestId('networks')
    await expect.poll(() => networks.locator('.vb-item-name').allInnerTexts()).toEqual(['Localhost', 'Sandbox L2'])
    expect(await networks.locator('[data-active]').getAttribute('data-network-id')).toBe('eip155:31337')
    expect(await networks.locator('[aria-current="true"] .vb-item-name').innerText()).toBe('Localhost')
    await expect.poll(() => networks.locator('img[data-loaded]').count()).toBe(2)
    expect(await networks.locator('img').first().getAttribute('src')).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/public\/getAssetImage\/eip155-31337\?projectId=sandbox/,
    )

    // The wallet does not know the Sandbox L2: it answers 4902 and the chain plugin adds it.
    await networks.locator('[data-network-id="eip155:31338"]').click()
    await approveInWallet(/Add network "Sandbox L2"/)
    await expect.poll(() => page.getByTestId('network').innerText()).toBe('Sandbox L2 (eip155:31338)')
    await expect.poll(() => modalRoot().getByTestId('account').count()).toBe(1)
    expect(await modalRoot().getByTestId('network-button').innerText()).toContain('Sandbox L2')

    await modalRoot().getByTestId('network-button').click()
    await expect.poll(() => networks.locator('[data-active]').getAttribute('data-network-id')).toBe('eip155:31338')
    // Back to Localhost: the wallet knows it, no prompt.
    await networks.locator('[data-network-id="eip155:31337"]').click()
    await expect.poll(() => page.getByTestId('network').innerText()).toBe('Localhost (eip155:31337)')
    expect(await walletPrompt().count()).toBe(0)

    // A WalletConnect session that approved only Localhost (held to what it approved): Sandbox L2 is shown disabled.
    await page.evaluate(() => {
      const { $chains } = (window as any).modalKernel.state
      const eip155 = $chains.get().eip155
      $chains.setKey('eip155', {
        ...eip155,
        networkState: { ...eip155.networkState, approvedCaipNetworkIds: ['eip155:31337'], supportsAllNetworks: false },
      })
    })
    await modalRoot().getByTestId('network-button').click()
    const l2 = networks.locator('[data-network-id="eip155:31338"]')
    await expect.poll(() => l2.isDisabled()).toBe(true)
    expect(await l2.innerText()).toContain('Not approved by the connected wallet')
    expect(h.browser.offLoopback).toEqual([])
  })

  test('UnsupportedChain when the wallet moves to a chain the app did not request; switching back closes it', async () => {
    const { page } = h.browser
    await connectSandboxWallet()
    await page.keyboard.press('Escape')
    // The wallet learns chain 1 (served by the local node) and moves to it: the app requested 31337 and 31338 only.
    const added = page.evaluate(
      (rpc) =>
        (window as any).ethereum.request({
          method: 'wallet_addEthereumChain',
          params: [
            { chainId: '0x1', chainName: 'Elsewhere', rpcUrls: [rpc], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
          ],
        }),
      h.sandbox.chain.url,
    )
    await approveInWallet(/Add network "Elsewhere"/)
    await added
    await page.evaluate(() => (window as any).ethereum.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }))

    const view = modalRoot().getByTestId('unsupported-chain')
    await expect.poll(() => view.count()).toBe(1)
    expect(await modalRoot().locator('#vb-title').innerText()).toBe('Switch Network')
    expect(await view.locator('.vb-item-name').allInnerTexts()).toEqual(['Localhost', 'Sandbox L2'])
    expect(await page.getByTestId('network').innerText()).toBe('eip155:1')

    await view.locator('[data-network-id="eip155:31337"]').click()
    await expect.poll(() => page.getByTestId('network').innerText()).toBe('Localhost (eip155:31337)')
    // Back on a requested network: the view closes (it was opened on its own, so goBack closes the modal).
    await expect.poll(() => modalRoot().evaluate((d: HTMLDialogElement) => d.open)).toBe(false)
    expect(await page.getByTestId('status').innerText()).toBe('connected')
  })

  test('UnsupportedChain offers a disconnect', async () => {
    const { page } = h.browser
    await connectSandboxWallet()
    await page.keyboard.press('Escape')
    await page.evaluate(() => (window as any).sandboxWallet.emit('chainChanged', '0x1'))
    const view = modalRoot().getByTestId('unsupported-chain')
    await expect.poll(() => view.count()).toBe(1)
    await view.getByTestId('unsupported-disconnect').click()
    await expect.poll(() => page.getByTestId('status').innerText()).toBe('disconnected')
    await expect.poll(() => walletList().count()).toBe(1)
    expect(h.browser.offLoopback).toEqual([])
  })
})
