// The wallet list without a view: the Connect view's sections, the full list (installed first, then the catalog's
// pages of 40), its search (a pause before the request, installed wallets matched at once) and its failures,
// over the sandbox catalog's own query rules behind a stubbed fetch.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Connector } from '../../kernel/chains.js'
import type { Modal } from '../../kernel/index.js'
import { createHeadlessModal, walletList, SEARCH_PAUSE_MS } from '../../headless/index.js'
import { walletCatalog } from '../../plugins/catalog/index.js'
import { catalogWallets, queryWallets } from '../../sandbox/provider-api/catalog.mjs'
import { connectWallet } from '../../headless/index.js'
import { fakeAdapter, flush, recordingBackend } from '../kernel/helpers.js'

const SANDBOX: Connector = {
  id: 'dev.vestibule.sandbox',
  rdns: 'dev.vestibule.sandbox',
  name: 'Sandbox Wallet',
  type: 'ANNOUNCED',
  namespace: 'eip155',
  installed: true,
}

type Recorded = { path: string; query: Record<string, string> }
function fakeApi() {
  const api = { down: false, requests: [] as Recorded[] }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input))
      const query = Object.fromEntries(url.searchParams)
      api.requests.push({ path: url.pathname, query })
      if (api.down) return new Response('{"message":"down"}', { status: 500 })
      if (url.pathname === '/getWallets') return new Response(JSON.stringify(queryWallets(catalogWallets(), query)), { status: 200 })
      return new Response('{}', { status: 404 })
    }),
  )
  return api
}

const created: Modal[] = []
function setup({ catalog = true, storage = null as ReturnType<typeof recordingBackend> | null } = {}) {
  const fake = fakeAdapter({ connectors: [SANDBOX] })
  const modal = createHeadlessModal({
    projectId: 'p',
    apiUrl: 'https://api.test',
    storage,
    plugins: [{ name: 'eip155', setup: (ctx) => ctx.chains.register(fake.adapter) }, catalog && walletCatalog()],
  })
  created.push(modal)
  return { modal, fake }
}

afterEach(() => {
  created.splice(0).forEach((m) => m.destroy())
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('walletList', () => {
  it('starts a session on load, then lists the installed wallet first and the catalog after it, a page of 40 at a time', async () => {
    const api = fakeApi()
    const { modal } = setup()
    const list = walletList(modal)
    // Nothing is discovered or requested before the session starts.
    expect(list.$state.get().sections).toEqual([])
    expect(api.requests).toEqual([])
    await list.load()
    expect(modal.isOpen()).toBe(true)
    expect(
      list.$state
        .get()
        .sections.find((s) => s.section === 'injected')
        ?.items.map((i) => i.name),
    ).toEqual(['Sandbox Wallet'])
    const state = list.$state.get()
    expect(state.wallets[0]!.name).toBe('Sandbox Wallet')
    expect(state.status).toBe('ready')
    expect(state.hasMore).toBe(true)
    const pages = () => api.requests.filter((r) => r.query.entries === '40').map((r) => r.query.page)
    expect(pages()).toEqual(['1'])
    const before = state.wallets.length
    await list.loadMore()
    expect(pages()).toEqual(['1', '2'])
    // The rows the AllWallets view would show, in its order (a catalog page may hold a wallet this platform cannot open).
    const rows = (await modal.getPlugin('catalog').load()).$rows.get()
    expect(list.$state.get().wallets).toEqual(rows.map((r) => r.item))
    expect(list.$state.get().wallets.length).toBeGreaterThan(before)
    // A component mounted twice (React's strict mode) destroys the list and uses it again: it still follows the catalog.
    list.destroy()
    const off = list.$state.listen(() => undefined)
    const shown = list.$state.get().wallets.length
    await list.loadMore()
    expect(list.$state.get().wallets.length).toBeGreaterThan(shown)
    off()
  })

  it('searches once typing pauses, with the trimmed text; installed wallets match at once; empty text ends the search', async () => {
    const api = fakeApi()
    const { modal } = setup()
    const list = walletList(modal)
    await list.load()
    vi.useFakeTimers()
    const searches = () => api.requests.filter((r) => r.query.search !== undefined).map((r) => r.query.search)
    list.setSearch('  sand ')
    expect(list.$state.get()).toMatchObject({ search: 'sand', status: 'loading' })
    expect(list.$state.get().wallets.map((w) => w.name)).toEqual(['Sandbox Wallet'])
    await vi.advanceTimersByTimeAsync(SEARCH_PAUSE_MS - 1)
    expect(searches()).toEqual([])
    list.setSearch('vault')
    await vi.advanceTimersByTimeAsync(SEARCH_PAUSE_MS - 1)
    expect(searches()).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(searches()).toEqual(['vault'])
    // The catalog answers no sooner than 300 ms after the request.
    await vi.advanceTimersByTimeAsync(300)
    const found = list.$state.get()
    expect(found.status).toBe('ready')
    expect(found.wallets.length).toBeGreaterThan(0)
    expect(found.wallets.every((w) => /vault/i.test(w.name))).toBe(true)
    expect(found.hasMore).toBe(false)
    list.setSearch('   ')
    expect(list.$state.get()).toMatchObject({ search: '', status: 'ready' })
    expect(list.$state.get().wallets[0]!.name).toBe('Sandbox Wallet')
    list.destroy()
  })

  it('a failed page shows its reason, retry asks again, and loadMore asks for nothing while a search is typed', async () => {
    const api = fakeApi()
    api.down = true
    const { modal } = setup()
    const list = walletList(modal)
    await expect(list.load()).rejects.toThrow()
    expect(list.$state.get()).toMatchObject({ status: 'error', hasMore: false })
    expect(list.$state.get().error).toMatch(/500/)
    api.down = false
    await list.retry()
    expect(list.$state.get().status).toBe('ready')
    const count = api.requests.length
    list.setSearch('x')
    await list.loadMore()
    expect(api.requests.length).toBe(count)
    list.destroy()
  })

  it('without the catalog plugin lists the installed wallets and searches them by name, with no request', async () => {
    const api = fakeApi()
    const { modal } = setup({ catalog: false })
    const list = walletList(modal)
    await list.load()
    expect(list.$state.get().wallets.map((w) => w.name)).toEqual(['Sandbox Wallet'])
    list.setSearch('SANDBOX')
    expect(list.$state.get().wallets.map((w) => w.name)).toEqual(['Sandbox Wallet'])
    list.setSearch('nothing like it')
    expect(list.$state.get().wallets).toEqual([])
    await flush()
    expect(api.requests).toEqual([])
    list.destroy()
  })

  it('an installed wallet connected from the list becomes a recent wallet, as under the shell', async () => {
    fakeApi()
    const backend = recordingBackend()
    const { modal } = setup({ storage: backend })
    const list = walletList(modal)
    await list.load()
    await connectWallet(modal, list.$state.get().wallets.find((w) => w.name === 'Sandbox Wallet')!)
    await vi.waitFor(() => expect([...backend.data].find(([key]) => key.endsWith('recentWallets'))?.[1]).toContain('Sandbox Wallet'))
    list.destroy()
  })
})
