// The catalog API client: the query, search timing (trimmed, ≥ 300 ms), aborts and timeouts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createHttpClient } from '../../../kernel/http.js'
import { PAGE_SIZES, REQUEST_TIMEOUT_MS, SEARCH_MIN_WAIT_MS, createCatalogClient, isAbort } from '../../../plugins/catalog/client.js'

type Call = { url: URL; signal: AbortSignal | null | undefined }

function fakeApi(answer: (url: URL) => unknown | Promise<unknown> = () => ({ data: [], count: 0 })) {
  const calls: Call[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input))
    calls.push({ url, signal: init?.signal })
    const body = await new Promise<unknown>((resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
      Promise.resolve(answer(url)).then(resolve, reject)
    })
    return new Response(JSON.stringify(body), { status: 200 })
  })
  const http = createHttpClient({
    baseUrl: 'https://api.test/',
    defaultQuery: { projectId: 'p', st: 'vestibule', sv: 'v1' },
    fetch: fetch as typeof globalThis.fetch,
  })
  return { calls, client: createCatalogClient(http), http }
}

describe('GET /getWallets', () => {
  it('sends page, entries, include, exclude, chains, search and badge_type with projectId, st and sv; empty values are skipped', async () => {
    const { calls, client } = fakeApi(() => ({ data: [{ id: 'a', name: 'A', image_id: 'i/1' }], count: 9 }))
    const page = await client.getWallets({
      page: 2,
      entries: 40,
      include: ['a', 'b'],
      exclude: ['c'],
      chains: ['eip155:1', 'eip155:10'],
      badge: 'certified',
    })
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      projectId: 'p',
      st: 'vestibule',
      sv: 'v1',
      page: '2',
      entries: '40',
      include: 'a,b',
      exclude: 'c',
      chains: 'eip155:1,eip155:10',
      badge_type: 'certified',
    })
    expect(calls[0]!.url.pathname).toBe('/getWallets')
    expect(page).toEqual({
      count: 9,
      data: [
        {
          id: 'a',
          name: 'A',
          chains: [],
          links: {},
          imageId: 'i/1',
          imageUrl: 'https://api.test/getWalletImage/i%2F1?projectId=p&st=vestibule&sv=v1',
        },
      ],
    })

    await client.getWallets({ page: 1, entries: 4, include: [], exclude: [] })
    expect([...calls[1]!.url.searchParams.keys()]).toEqual(['projectId', 'st', 'sv', 'page', 'entries'])
  })

  it('the page sizes are those of the catalog contract', () => {
    expect(PAGE_SIZES).toEqual({ featuredDefault: 4, recommended: 4, page: 40, search: 100 })
  })

  it('image endpoints', () => {
    const { client } = fakeApi()
    expect(client.walletImageUrl('w 1')).toBe('https://api.test/getWalletImage/w%201?projectId=p&st=vestibule&sv=v1')
    expect(client.assetImageUrl('n')).toBe('https://api.test/public/getAssetImage/n?projectId=p&st=vestibule&sv=v1')
    expect(client.currencyImageUrl('USD')).toBe('https://api.test/public/getCurrencyImage/USD?projectId=p&st=vestibule&sv=v1')
    expect(client.tokenImageUrl('ETH')).toBe('https://api.test/public/getTokenImage/ETH?projectId=p&st=vestibule&sv=v1')
  })

  it('an HTTP failure says its status', async () => {
    const fetch = vi.fn(async () => new Response('down', { status: 500 }))
    const client = createCatalogClient(createHttpClient({ baseUrl: 'https://api.test', fetch: fetch as typeof globalThis.fetch }))
    await expect(client.getWallets({ page: 1, entries: 4 })).rejects.toThrow('HTTP status code: 500')
  })
})

describe('timing', () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())

  it('a search sends the trimmed text, 100 entries, and answers no sooner than 300 ms however fast the API is', async () => {
    const { calls, client } = fakeApi(() => ({ data: [{ id: 'x', name: 'X' }], count: 1 }))
    let result: unknown
    void client.search({ search: '  meta mask  ' }).then((r) => (result = r))
    await vi.advanceTimersByTimeAsync(SEARCH_MIN_WAIT_MS - 1)
    expect(calls[0]!.url.searchParams.get('search')).toBe('meta mask')
    expect(calls[0]!.url.searchParams.get('entries')).toBe('100')
    expect(calls[0]!.url.searchParams.get('page')).toBe('1')
    expect(result).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(result).toEqual({ count: 1, data: [{ id: 'x', name: 'X', chains: [], links: {} }] })
  })

  it('a slower API answer is not delayed further', async () => {
    const { client } = fakeApi(() => new Promise((resolve) => setTimeout(() => resolve({ data: [], count: 0 }), 1000)))
    let done = false
    void client.search({ search: 'x' }).then(() => (done = true))
    await vi.advanceTimersByTimeAsync(999)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(done).toBe(true)
  })

  it('aborting a search (a newer one started) cancels its request and rejects with an AbortError', async () => {
    const { calls, client } = fakeApi(() => new Promise(() => {}))
    const controller = new AbortController()
    const search = client.search({ search: 'old' }, controller.signal)
    const outcome = search.catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(10)
    controller.abort()
    expect(isAbort(await outcome)).toBe(true)
    expect(calls[0]!.signal?.aborted).toBe(true)
  })

  it('a catalog request that does not answer within 10 s fails with a readable error', async () => {
    const { client } = fakeApi(() => new Promise(() => {}))
    const outcome = client.getWallets({ page: 1, entries: 40 }).catch((error: Error) => error)
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1)
    let settled = false
    void outcome.then(() => (settled = true))
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(((await outcome) as Error).message).toBe('The wallet catalog did not answer within 10 s')
  })
})
