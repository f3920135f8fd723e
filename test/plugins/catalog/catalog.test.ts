// The catalog plugin in a headless modal over a fake provider API: when it fetches (on open, once per page per
// open), what the Connect view's sections hold, paging, failures and retry, exclusion, custom and recent wallets.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createKernel, type Modal } from '../../../kernel/kernel.js'
import { RemoteConnect } from '../../../kernel/wallets.js'
import type { PluginContext } from '../../../kernel/plugin.js'
import type { Connector } from '../../../kernel/chains.js'
import type { Platform } from '../../../kernel/platform.js'
import { walletCatalog, type CatalogController } from '../../../plugins/catalog/index.js'
import { CATALOG_RETRY_MS } from '../../../plugins/catalog/catalog.js'
import { MAX_PAGES, REQUEST_TIMEOUT_MS } from '../../../plugins/catalog/client.js'
import { catalogWallets, queryWallets, walletId } from '../../../sandbox/provider-api/catalog.mjs'
import { dummyView, fakeAdapter, recordingBackend } from '../../kernel/helpers.js'
import { walletSections } from '../../../kernel/wallet-list.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const SANDBOX: Connector = {
  id: 'dev.vestibule.sandbox',
  rdns: 'dev.vestibule.sandbox',
  name: 'Sandbox Wallet',
  type: 'ANNOUNCED',
  namespace: 'eip155',
  installed: true,
}
const OTHER: Connector = { id: 'io.other', rdns: 'io.other', name: 'Other Wallet', type: 'ANNOUNCED', namespace: 'eip155', installed: true }
const WC: Connector = { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', namespace: 'eip155', installed: false }

const device = (isMobile: boolean): Platform => ({
  isBrowser: () => true,
  isMobile: () => isMobile,
  isIos: () => false,
  isAndroid: () => false,
  isMac: () => false,
  isIphoneSafari: () => false,
  isTelegram: () => false,
})

type Recorded = { path: string; query: Record<string, string> }

/** The provider API over `wallets` (the sandbox catalog by default); `down` answers 500. */
function fakeApi(wallets: unknown[] = catalogWallets()) {
  const requests: Recorded[] = []
  const api = { down: false, requests, wallets }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input))
      const query = Object.fromEntries(url.searchParams)
      requests.push({ path: url.pathname, query })
      if (api.down) return new Response('{"message":"down"}', { status: 500 })
      if (url.pathname === '/getWallets') return new Response(JSON.stringify(queryWallets(api.wallets, query)), { status: 200 })
      return new Response('{}', { status: 404 })
    }),
  )
  return api
}

const catalogCalls = (api: { requests: Recorded[] }) => api.requests.filter((r) => r.path === '/getWallets')

interface Setup {
  options?: Record<string, unknown>
  connectors?: Connector[]
  mobile?: boolean
  noAdapters?: boolean
  walletConnectView?: boolean
  backend?: ReturnType<typeof recordingBackend>
}

function setup({
  options = {},
  connectors = [SANDBOX],
  mobile = false,
  noAdapters = false,
  walletConnectView = true,
  backend = recordingBackend(),
}: Setup = {}) {
  const fake = fakeAdapter({ connectors })
  const views: Record<string, typeof dummyView> = {
    Connect: dummyView,
    Account: dummyView,
    ConnectingExternal: dummyView,
    ConnectingWalletConnectBasic: dummyView,
  }
  // A remote-connect plugin (as WalletConnect is): its view, offered to the catalog under the RemoteConnect token.
  const remote = {
    name: 'remote',
    setup: (ctx: PluginContext) => (
      ctx.views.register('ConnectingWalletConnect', dummyView), ctx.services.provide(RemoteConnect, { view: 'ConnectingWalletConnect' })
    ),
  }
  const modal = createKernel(
    {
      projectId: 'p',
      apiUrl: 'https://api.test',
      storage: backend,
      ...options,
      plugins: [
        ...(noAdapters
          ? []
          : [{ name: 'eip155', setup: (ctx: { chains: { register(a: unknown): void } }) => ctx.chains.register(fake.adapter) }]),
        walletConnectView && remote,
        walletCatalog(),
      ],
    },
    { platform: device(mobile), views, walletViews: { connector: 'ConnectingExternal', multiChain: 'ConnectingMultiChain' } },
  )
  created.push(modal)
  return { modal, fake, backend }
}
const created: Modal[] = []

const section = (modal: Modal, name: string) =>
  walletSections(kernelOf(modal).wallets)
    .get()
    .find((s) => s.section === name)?.items ?? []
const names = (modal: Modal, name: string) => section(modal, name).map((i) => i.name)
const controllerOf = (modal: Modal) => modal.getPlugin('catalog').load() as Promise<CatalogController>
const settle = async (modal?: Modal) => {
  // The catalog's working part loads with import() on first open: wait for it, then for its requests.
  if (modal) await controllerOf(modal)
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0))
}

const FEATURED = [walletId(31), walletId(30)]
const EXCLUDED = [walletId(1)]

beforeEach(() => void vi.unstubAllGlobals())
afterEach(() => {
  vi.useRealTimers()
  created.splice(0).forEach((modal) => modal.destroy())
  vi.unstubAllGlobals()
})

describe('fetching', () => {
  it('nothing is requested before the first open', async () => {
    const api = fakeApi()
    setup({ options: { featuredWalletIds: FEATURED, excludeWalletIds: EXCLUDED } })
    await settle()
    expect(api.requests).toEqual([])
  })

  it('an open requests featured (entries = number of ids), recommended (4) and the excluded-wallet init (entries = number of ids), once each', async () => {
    const api = fakeApi()
    const { modal } = setup({ options: { featuredWalletIds: FEATURED, excludeWalletIds: EXCLUDED } })
    await modal.open()
    await settle(modal)
    const calls = catalogCalls(api)
    expect(calls).toHaveLength(3)
    const featured = calls.find((c) => c.query.include === FEATURED.join(','))!
    expect(featured.query).toMatchObject({ page: '1', entries: '2', projectId: 'p', st: 'vestibule' })
    const recommended = calls.find((c) => c.query.entries === '4')!
    expect(recommended.query).toMatchObject({ page: '1', exclude: [...EXCLUDED, ...FEATURED].join(','), chains: 'eip155:1,eip155:10' })
    const excluded = calls.find((c) => c.query.include === EXCLUDED.join(','))!
    expect(excluded.query).toMatchObject({ page: '1', entries: '1' })
  })

  it('without featured ids there is no featured request', async () => {
    const api = fakeApi()
    const { modal } = setup()
    await modal.open()
    await settle(modal)
    expect(catalogCalls(api).map((c) => c.query.entries)).toEqual(['4'])
  })

  it('each open requests each page once more; a connected user opens without catalog requests', async () => {
    const api = fakeApi()
    const { modal } = setup({ options: { featuredWalletIds: FEATURED } })
    await modal.open()
    await settle(modal)
    modal.close()
    await modal.open()
    await settle(modal)
    expect(catalogCalls(api)).toHaveLength(4)

    await modal.connect(SANDBOX.id)
    modal.close()
    await modal.open()
    await settle(modal)
    expect(catalogCalls(api)).toHaveLength(4)
  })

  it('the search text lasts for one open: kept within it, empty at the next', async () => {
    fakeApi()
    const { modal } = setup()
    await modal.open()
    const controller = await modal.getPlugin('catalog').load()
    controller.searchText = 'cobalt'
    expect((await modal.getPlugin('catalog').load()).searchText).toBe('cobalt')
    modal.close()
    await modal.open()
    expect((await modal.getPlugin('catalog').load()).searchText).toBe('')
  })

  it('concurrent callers share one request per page (prefetch and AllWallets at once)', async () => {
    const api = fakeApi()
    const { modal } = setup()
    await modal.open()
    const controller = await controllerOf(modal)
    await Promise.all([controller.loadNextPage(), controller.loadNextPage(), controller.prefetch()])
    await settle()
    const calls = catalogCalls(api)
    expect(calls.filter((c) => c.query.entries === '4')).toHaveLength(1)
    expect(calls.filter((c) => c.query.entries === '40')).toHaveLength(1)
  })
})

describe('Connect view sections', () => {
  it('featured in the host order, recommended without the installed Sandbox Wallet the catalog also lists', async () => {
    fakeApi()
    const { modal } = setup({ options: { featuredWalletIds: FEATURED } })
    await modal.open()
    await settle(modal)
    expect(names(modal, 'featured')).toEqual(['Cobalt Vault', 'Cedar Vault'])
    expect(names(modal, 'injected')).toEqual(['Sandbox Wallet'])
    // The catalog's first recommended entry is the Sandbox Wallet (same rdns): it is listed once, as installed.
    expect(names(modal, 'recommended')).toEqual(['Basalt Wallet', 'Cedar Wallet', 'Cobalt Wallet'])
    expect(
      walletSections(kernelOf(modal).wallets)
        .get()
        .map((s) => s.section),
    ).toEqual(['injected', 'featured', 'recommended'])
    const item = section(modal, 'featured')[0]!
    expect(item.view).toBe('ConnectingWalletConnect')
    expect(item.data).toEqual({
      wallet: {
        id: FEATURED[0],
        name: 'Cobalt Vault',
        imageUrl: item.imageUrl,
        links: {
          mobile: 'w31://',
          homepage: 'https://w31.wallets.example/',
          appStore: 'https://apps.example/w31',
          playStore: 'https://play.example/w31',
        },
      },
    })
    expect(item.imageUrl).toMatch(/^https:\/\/api\.test\/getWalletImage\/img-[0-9a-f]{24}\?projectId=p&st=vestibule&sv=/)
  })

  it('without a ConnectingWalletConnect view catalog wallets are shown disabled with a hint', async () => {
    fakeApi()
    const { modal } = setup({ walletConnectView: false })
    await modal.open()
    await settle(modal)
    expect(section(modal, 'recommended').every((i) => i.disabled && i.hint === 'catalog.needsWalletConnect')).toBe(true)
  })

  it('custom wallets appear in their section (unsafe links dropped); an excluded one does not', async () => {
    fakeApi()
    const customWallets = [
      { id: 'custom-1', name: 'My Custom', mobile_link: 'javascript:alert(1)', webapp_link: 'https://custom.example/' },
      { id: 'custom-2', name: 'Gone Custom' },
    ]
    const { modal } = setup({ options: { customWallets, excludeWalletIds: ['custom-2'] } })
    await modal.open()
    await settle(modal)
    expect(section(modal, 'custom').map((i) => [i.name, i.links])).toEqual([['My Custom', { webapp: 'https://custom.example/' }]])
  })

  it('excluded wallets: the catalog answer gives their rdns and names, which hide injected wallets (case-insensitive name)', async () => {
    fakeApi()
    // Catalog entry 120 is "SANDBOX WALLET" without an rdns.
    const { modal } = setup({ connectors: [SANDBOX, OTHER], options: { excludeWalletIds: [walletId(120)] } })
    await modal.open()
    await settle(modal)
    expect(names(modal, 'injected')).toEqual(['Other Wallet'])
    expect(kernelOf(modal).wallets.$excluded.get()).toEqual([
      { id: walletId(120) },
      { id: walletId(120), rdns: undefined, name: 'SANDBOX WALLET' },
    ])
  })

  it('an excluded catalog wallet appears nowhere', async () => {
    const api = fakeApi()
    const { modal } = setup({ options: { excludeWalletIds: EXCLUDED } })
    await modal.open()
    const controller = await controllerOf(modal)
    await controller.loadNextPage()
    await settle()
    expect(names(modal, 'recommended')).not.toContain('Basalt Wallet')
    expect(controller.$rows.get().map((r) => r.item.id)).not.toContain(EXCLUDED[0])
    // Even when the API ignored the exclusion.
    api.wallets = [{ id: EXCLUDED[0], name: 'Basalt Wallet', chains: ['eip155:1'] }]
    expect((await controller.search('basalt', new AbortController().signal)).map((r) => r.item.id)).toEqual([])
  })

  it('on mobile in universal-provider mode (no chain plugin) only wallets with links are offered', async () => {
    fakeApi()
    const { modal } = setup({ noAdapters: true, mobile: true })
    await modal.open()
    await settle(modal)
    // Opening rule 1: AllWallets on mobile when there is no chain plugin.
    expect(modal.getState().view).toBe('AllWallets')
    const controller = await controllerOf(modal)
    await controller.loadNextPage()
    const rows = controller.$rows.get()
    expect(rows.length).toBeGreaterThan(20)
    expect(rows.every((r) => r.item.links && Object.keys(r.item.links).length > 0)).toBe(true)
  })
})

describe('AllWallets data', () => {
  it('installed first, then featured, recommended and pages of 40 that leave out what is already listed', async () => {
    const api = fakeApi()
    const { modal } = setup({ options: { featuredWalletIds: FEATURED } })
    await modal.open()
    const controller = await controllerOf(modal)
    await controller.loadNextPage()
    await controller.loadNextPage()
    const pages = catalogCalls(api).filter((c) => c.query.entries === '40')
    expect(pages.map((c) => c.query.page)).toEqual(['1', '2'])
    const recommendedIds = controller.$state.get().recommended.map((w) => w.id)
    expect(pages[0]!.query.exclude).toBe([...recommendedIds, ...FEATURED].join(','))
    const rows = controller.$rows.get()
    expect(rows[0]!.item).toMatchObject({ name: 'Sandbox Wallet', installed: true, view: 'ConnectingExternal' })
    expect(rows.filter((r) => r.item.name === 'Sandbox Wallet')).toHaveLength(1)
    // "Sandbox Wallet Classic" shares the installed wallet's rdns: a duplicate, left out.
    expect(rows.some((r) => r.item.name === 'Sandbox Wallet Classic')).toBe(false)
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length)
    expect(controller.hasMorePages()).toBe(true)
  })

  it('paging stops at the count the API reported', async () => {
    // 4 recommended + 40 in the paged list: one page.
    const wallets = Array.from({ length: 44 }, (_, i) => ({ id: `w${i}`, name: `Wallet ${i}`, chains: ['eip155:1'] }))
    const api = fakeApi(wallets)
    const { modal } = setup()
    await modal.open()
    const controller = await controllerOf(modal)
    await controller.loadNextPage()
    expect(controller.hasMorePages()).toBe(false)
    await controller.loadNextPage()
    expect(catalogCalls(api).filter((c) => c.query.entries === '40')).toHaveLength(1)
    expect(controller.$rows.get()).toHaveLength(1 + 44)
  })

  it('a count far above what the pages hold: the list ends at the first page without a usable wallet', async () => {
    const api = fakeApi()
    // The real wallets, but a claimed total of a million: past the last real page every page is empty.
    const real = queryWallets
    vi.mocked(fetch).mockImplementation(async (input) => {
      const url = new URL(String(input))
      api.requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams) })
      return new Response(JSON.stringify({ ...real(api.wallets, Object.fromEntries(url.searchParams)), count: 1_000_000 }), { status: 200 })
    })
    const { modal } = setup()
    await modal.open()
    const controller = await controllerOf(modal)
    for (let i = 0; i < 100 && controller.hasMorePages(); i++) await controller.loadNextPage()
    await settle()
    const pages = catalogCalls(api).filter((c) => c.query.entries === '40').length
    // 17 pages hold the eip155 wallets, the 18th is empty and ends the list.
    expect(pages).toBe(Math.ceil(queryWallets(api.wallets, { chains: 'eip155:1,eip155:10', exclude: '' }).count / 40) + 1)
    expect(controller.hasMorePages()).toBe(false)
    expect(controller.$state.get().pagedCount).toBe(controller.$state.get().paged.length)
  })

  it('pages of only malformed entries: one page is requested, none follows on its own', async () => {
    const api = fakeApi(Array.from({ length: 400 }, (_, i) => ({ id: i, name: ['not a name'] })))
    const { modal } = setup()
    await modal.open()
    const controller = await controllerOf(modal)
    await controller.loadNextPage()
    await controller.loadNextPage()
    await settle()
    expect(catalogCalls(api).filter((c) => c.query.entries === '40')).toHaveLength(1)
    expect(controller.hasMorePages()).toBe(false)
  })

  it('whatever count is claimed, the list stops after MAX_PAGES pages', async () => {
    const api = fakeApi()
    // An endless catalog: every page is full of valid, distinct wallets.
    vi.mocked(fetch).mockImplementation(async (input) => {
      const url = new URL(String(input))
      const query = Object.fromEntries(url.searchParams)
      api.requests.push({ path: url.pathname, query })
      const data = Array.from({ length: Number(query.entries) }, (_, i) => ({
        id: `p${query.page}-${query.entries}-${i}`,
        name: `Wallet ${query.page}.${i}`,
      }))
      return new Response(JSON.stringify({ data, count: Number.MAX_SAFE_INTEGER }), { status: 200 })
    })
    const { modal } = setup()
    await modal.open()
    const controller = await controllerOf(modal)
    for (let i = 0; i < 200 && controller.hasMorePages(); i++) await controller.loadNextPage()
    expect(catalogCalls(api).filter((c) => c.query.entries === '40')).toHaveLength(MAX_PAGES)
    expect(controller.$state.get().pagedCount).toBe(MAX_PAGES * 40)
  })

  it('a closed modal requests no page', async () => {
    const api = fakeApi()
    const { modal } = setup()
    await modal.open()
    const controller = await controllerOf(modal)
    await controller.loadNextPage()
    modal.close()
    await controller.loadNextPage()
    await settle()
    expect(catalogCalls(api).filter((c) => c.query.entries === '40')).toHaveLength(1)
  })

  it('a hanging API shows the page error after one 10 s deadline, not one per request it waits for', async () => {
    vi.useFakeTimers()
    try {
      const api = fakeApi()
      vi.mocked(fetch).mockImplementation((input, init) => {
        api.requests.push({ path: new URL(String(input)).pathname, query: {} })
        return new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))
      })
      const { modal } = setup()
      await modal.open()
      const controller = await vi.waitFor(() => controllerOf(modal))
      // The user opens AllWallets a second after the modal: recommended is still pending.
      await vi.advanceTimersByTimeAsync(1_000)
      const page = controller.loadNextPage().catch((error: Error) => error)
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1)
      expect(controller.$state.get().pageStatus).toBe('loading')
      await vi.advanceTimersByTimeAsync(1)
      expect(controller.$state.get()).toMatchObject({ pageStatus: 'error', error: 'The wallet catalog did not answer within 10 s' })
      expect(((await page) as Error).message).toBe('The wallet catalog did not answer within 10 s')
    } finally {
      vi.useRealTimers()
    }
  })

  it('the API down: Connect keeps the browser wallets, the state carries a readable error, retry recovers', async () => {
    const api = fakeApi()
    api.down = true
    const { modal } = setup()
    await modal.open()
    await settle(modal)
    expect(names(modal, 'injected')).toEqual(['Sandbox Wallet'])
    expect(section(modal, 'recommended')).toEqual([])
    const controller = await controllerOf(modal)
    await controller.loadNextPage().catch(() => undefined)
    expect(controller.$state.get()).toMatchObject({ pageStatus: 'error', error: 'HTTP status code: 500', recommendedStatus: 'error' })

    api.down = false
    await controller.retry()
    expect(controller.$state.get()).toMatchObject({ pageStatus: 'ready', recommendedStatus: 'ready', error: undefined })
    expect(names(modal, 'recommended')).toHaveLength(3)
    // Installed, 3 recommended and page 1 (the catalog's malformed entries are left out).
    expect(controller.$rows.get().length).toBeGreaterThan(30)
  })
})

describe('automatic retries of a failed page', () => {
  /** Moves the fake clock to just before `pause` ends, proves nothing was asked, then to its end. */
  async function pauseOf(api: { requests: Recorded[] }, pause: number) {
    const before = catalogCalls(api).length
    await vi.advanceTimersByTimeAsync(pause - 1)
    expect(catalogCalls(api)).toHaveLength(before)
    await vi.advanceTimersByTimeAsync(1)
    expect(catalogCalls(api).length).toBeGreaterThan(before)
  }

  it('the API down: asked again after 5, 10, 20 and 40 s, then only on "Try again", which starts them over', async () => {
    vi.useFakeTimers()
    const api = fakeApi()
    api.down = true
    const { modal } = setup()
    await modal.open()
    const controller = await vi.waitFor(() => controllerOf(modal))
    await controller.loadNextPage().catch(() => undefined)
    expect(controller.$state.get()).toMatchObject({ pageStatus: 'error', error: 'HTTP status code: 500', retrying: true })
    for (const pause of CATALOG_RETRY_MS) {
      await pauseOf(api, pause)
      expect(controller.$state.get()).toMatchObject({ pageStatus: 'error', error: 'HTTP status code: 500' })
    }
    // The four pauses are used: no retry is planned, and an hour passes without a request.
    expect(controller.$state.get().retrying).toBe(false)
    const asked = catalogCalls(api).length
    await vi.advanceTimersByTimeAsync(3_600_000)
    expect(catalogCalls(api)).toHaveLength(asked)
    // The person's "Try again" asks at once and plans the retries anew.
    await controller.retry()
    expect(catalogCalls(api).length).toBeGreaterThan(asked)
    expect(controller.$state.get().retrying).toBe(true)
    api.down = false
    await pauseOf(api, CATALOG_RETRY_MS[0])
    await vi.waitFor(() => expect(controller.$state.get()).toMatchObject({ pageStatus: 'ready', error: undefined, retrying: false }))
    expect(controller.$rows.get().length).toBeGreaterThan(30)
  })

  it('the API back after the second retry: the list recovers by itself, and a later failure starts at 5 s again', async () => {
    vi.useFakeTimers()
    const api = fakeApi()
    api.down = true
    const { modal } = setup()
    await modal.open()
    const controller = await vi.waitFor(() => controllerOf(modal))
    await controller.loadNextPage().catch(() => undefined)
    await pauseOf(api, CATALOG_RETRY_MS[0])
    api.down = false
    await pauseOf(api, CATALOG_RETRY_MS[1])
    await vi.waitFor(() => expect(controller.$state.get()).toMatchObject({ pageStatus: 'ready', pagesLoaded: 1 }))
    api.down = true
    await controller.loadNextPage().catch(() => undefined)
    expect(controller.$state.get()).toMatchObject({ pageStatus: 'error', retrying: true })
    api.down = false
    await pauseOf(api, CATALOG_RETRY_MS[0])
    await vi.waitFor(() => expect(controller.$state.get()).toMatchObject({ pageStatus: 'ready', pagesLoaded: 2 }))
  })

  it('an answer that will not pass (404) and a closed modal are not asked again', async () => {
    vi.useFakeTimers()
    const api = fakeApi()
    vi.mocked(fetch).mockImplementation(async (input) => {
      api.requests.push({ path: new URL(String(input)).pathname, query: {} })
      return new Response('{}', { status: 404 })
    })
    const { modal } = setup()
    await modal.open()
    const controller = await vi.waitFor(() => controllerOf(modal))
    await controller.loadNextPage().catch(() => undefined)
    expect(controller.$state.get()).toMatchObject({ pageStatus: 'error', error: 'HTTP status code: 404', retrying: false })
    const asked = catalogCalls(api).length
    await vi.advanceTimersByTimeAsync(120_000)
    expect(catalogCalls(api)).toHaveLength(asked)

    api.down = true
    vi.mocked(fetch).mockImplementation(async (input) => {
      api.requests.push({ path: new URL(String(input)).pathname, query: {} })
      return new Response('{}', { status: 503 })
    })
    await controller.retry()
    expect(controller.$state.get()).toMatchObject({ error: 'HTTP status code: 503', retrying: true })
    modal.close()
    const closed = catalogCalls(api).length
    await vi.advanceTimersByTimeAsync(120_000)
    expect(catalogCalls(api)).toHaveLength(closed)
  })
})

describe('analytics', () => {
  it('a search is tracked as SEARCH_WALLET when the analytics plugin is registered', async () => {
    fakeApi()
    const track = vi.fn()
    const fake = fakeAdapter({ connectors: [SANDBOX] })
    const modal = createKernel(
      {
        projectId: 'p',
        apiUrl: 'https://api.test',
        storage: recordingBackend(),
        plugins: [
          { name: 'eip155', setup: (ctx) => ctx.chains.register(fake.adapter) },
          { name: 'analytics', setup: () => ({ track }) },
          walletCatalog(),
        ],
      },
      { platform: device(false), views: { Connect: dummyView } },
    )
    created.push(modal)
    await modal.open()
    const controller = await controllerOf(modal)
    await controller.search('  cobalt ', new AbortController().signal)
    expect(track).toHaveBeenCalledWith('SEARCH_WALLET', { search: 'cobalt' })
  })
})

describe('recent wallets (max 2)', () => {
  const recentStored = (backend: ReturnType<typeof recordingBackend>) =>
    JSON.parse(backend.data.get('@vestibule/v1/recentWallets') ?? '[]') as Array<{ id: string; name: string }>

  it('a connection the user made is remembered under the spec key; a restored session is not a new choice', async () => {
    fakeApi()
    const { modal, backend } = setup({ connectors: [SANDBOX, OTHER] })
    await modal.open()
    await settle(modal)
    await modal.connect(OTHER.id)
    await settle()
    // The catalog lists the Sandbox Wallet: its catalog id is kept.
    await modal.connect(SANDBOX.id)
    await settle()
    expect(recentStored(backend).map((w) => w.name)).toEqual(['Sandbox Wallet', 'Other Wallet'])
    expect(recentStored(backend)[0]!.id).toBe(walletId(0))
    // Both are installed: the injected section shows them, the recent section does not repeat them.
    expect(section(modal, 'recent')).toEqual([])

    const again = setup({ connectors: [SANDBOX, OTHER], backend })
    await again.modal.reconnect()
    await settle()
    expect(recentStored(backend).map((w) => w.name)).toEqual(['Sandbox Wallet', 'Other Wallet'])
  })

  it('a catalog wallet chosen for WalletConnect becomes recent, leaves the recommended list and shows in Recent', async () => {
    fakeApi()
    const { modal, fake, backend } = setup({ connectors: [SANDBOX, WC] })
    await modal.open()
    await settle(modal)
    const chosen = section(modal, 'recommended')[0]!
    kernelOf(modal).router.push(chosen.view, chosen.data)
    await modal.connect(WC.id)
    await settle()
    expect(fake.adapter.connect).toHaveBeenCalled()
    expect(recentStored(backend)).toEqual([expect.objectContaining({ id: chosen.id, name: chosen.name })])
    expect(names(modal, 'recent')).toEqual([chosen.name])
    expect(section(modal, 'recent')[0]).toMatchObject({ tag: 'catalog.recent', view: 'ConnectingWalletConnect' })
    expect(names(modal, 'recommended')).not.toContain(chosen.name)
  })

  it('a recent wallet without rdns is the installed one of that name only when that one has no rdns either', async () => {
    fakeApi()
    const backend = recordingBackend()
    backend.data.set(
      '@vestibule/v1/recentWallets',
      JSON.stringify([
        { id: 'std-wallet', name: 'Std Wallet' },
        { id: 'look-alike', name: 'Other Wallet' },
      ]),
    )
    // "Std Wallet" is installed without an rdns (a Wallet Standard wallet); "Other Wallet" has one, so a recent
    // entry merely named like it is not it.
    const standard: Connector = { id: 'std', name: 'std wallet', type: 'ANNOUNCED', namespace: 'eip155', installed: true }
    const { modal } = setup({ connectors: [standard, OTHER], backend })
    await modal.open()
    await settle(modal)
    expect(names(modal, 'recent')).toEqual(['Other Wallet'])
  })

  it('keeps at most two', async () => {
    fakeApi()
    const third: Connector = { ...OTHER, id: 'io.third', rdns: 'io.third', name: 'Third Wallet' }
    const { modal, backend } = setup({ connectors: [SANDBOX, OTHER, third] })
    await modal.open()
    for (const c of [SANDBOX, OTHER, third]) {
      await modal.connect(c.id)
      await settle()
    }
    expect(recentStored(backend).map((w) => w.name)).toEqual(['Third Wallet', 'Other Wallet'])
  })
})

describe('catalog ids of discovered wallets', () => {
  it('a discovered wallet the catalog lists carries its catalog id and image id once fetched', async () => {
    fakeApi()
    const entry = (catalogWallets() as Array<{ id: string; rdns?: string; image_id?: string }>).find((w) => w?.rdns === SANDBOX.rdns)!
    const { modal } = setup({ connectors: [SANDBOX, OTHER], options: { featuredWalletIds: [entry.id] } })
    expect(kernelOf(modal).chains.findConnector(SANDBOX.id)?.explorerId).toBeUndefined()
    await modal.open()
    await settle(modal)
    expect(kernelOf(modal).chains.findConnector(SANDBOX.id)).toMatchObject({ explorerId: entry.id, imageId: entry.image_id })
    expect(kernelOf(modal).chains.findConnector(OTHER.id)?.explorerId).toBeUndefined()
    // The wallet brought no icon: the list shows the catalog's image of it, not its initial.
    const listed = section(modal, 'injected').find((i) => i.name === 'Sandbox Wallet')!
    expect(listed.imageUrl).toBe(kernelOf(modal).http.url(`/getWalletImage/${entry.image_id}`))
    expect(listed.imageUrl).toMatch(/^https:\/\/api\.test\/getWalletImage\/img-/)
    // The featured entry is the installed wallet: listed once, as installed.
    expect(section(modal, 'featured').map((i) => i.id)).not.toContain(entry.id)
    expect(section(modal, 'injected').map((i) => i.name)).toContain('Sandbox Wallet')
  })
})
