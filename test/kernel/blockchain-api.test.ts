/** Calls to the provider APIs: st, sv and projectId on every query; unsupported networks skip the request. */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createBlockchainApi } from '../../kernel/blockchain-api.js'
import { createHttpClient } from '../../kernel/http.js'
import { createKernel } from '../../kernel/kernel.js'
import { DEFAULT_SDK_VERSION } from '../../kernel/options.js'
import { recordingBackend } from './helpers.js'
import { kernelOf } from '../../kernel/kernel-of.js'

/** A real local blockchain API: records every request; supported-chains can be made to fail. */
let server: Server
let base: string
const received: Array<{ method: string; path: string; query: URLSearchParams; body: string }> = []
let supportedChainsFailures = 0

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const url = new URL(req.url!, 'http://x')
      received.push({ method: req.method!, path: url.pathname, query: url.searchParams, body })
      res.setHeader('content-type', 'application/json')
      if (url.pathname === '/v1/supported-chains') {
        if (supportedChainsFailures > 0) {
          supportedChainsFailures--
          res.writeHead(503)
          res.end('{}')
          return
        }
        res.end(JSON.stringify({ http: ['eip155:1', 'eip155:10', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'], ws: ['eip155:1'] }))
        return
      }
      res.end(JSON.stringify({ path: url.pathname, method: req.method, balances: [{ symbol: 'ETH' }] }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => {
  received.length = 0
  supportedChainsFailures = 0
})

const apiOf = (options: { projectId?: string; sdkType?: string; sdkVersion?: string } = { projectId: 'p1' }) =>
  kernelOf(createKernel({ ...options, blockchainApiUrl: base, storage: recordingBackend() })).blockchainApi

describe('blockchain API: query parameters', () => {
  it('every call carries st, sv and projectId (supported-chains, GET and POST)', async () => {
    const api = apiOf({ projectId: 'p1', sdkType: 'appkit', sdkVersion: 'html-vestibule-9.9.9' })
    await api.get('eip155:1', 'v1/account/0xabc/balance', { balances: [] }, { query: { currency: 'usd', chainId: 'eip155:1' } })
    await api.post('eip155:1', 'v1/fungible/price', { currency: 'usd', addresses: [] }, { fungibles: [] })
    expect(received.map((r) => r.path)).toEqual(['/v1/supported-chains', '/v1/account/0xabc/balance', '/v1/fungible/price'])
    for (const r of received) {
      expect(r.query.get('projectId'), r.path).toBe('p1')
      expect(r.query.get('st'), r.path).toBe('appkit')
      expect(r.query.get('sv'), r.path).toBe('html-vestibule-9.9.9')
    }
    expect(received[1]!.query.get('currency')).toBe('usd')
    expect(received[2]!.method).toBe('POST')
    expect(JSON.parse(received[2]!.body)).toEqual({ currency: 'usd', addresses: [] })
  })

  it('without sdk options the defaults go out: st=vestibule, sv=the default sdk version label', async () => {
    const api = apiOf({ projectId: 'p1' })
    await api.supportedChains()
    expect(received[0]!.query.get('st')).toBe('vestibule')
    expect(received[0]!.query.get('sv')).toBe(DEFAULT_SDK_VERSION)
  })

  it('falsy query values are skipped', async () => {
    const api = apiOf()
    await api.get(
      'eip155:1',
      'v1/account/0xabc/history',
      { data: [] },
      { query: { cursor: '', onramp: undefined, chainId: 'eip155:1', forceUpdate: null, page: 0, flag: false } },
    )
    const history = received.find((r) => r.path === '/v1/account/0xabc/history')!
    expect([...history.query.keys()].sort()).toEqual(['chainId', 'projectId', 'sv', 'st'].sort())
  })

  it('a missing project id is not sent as an empty parameter', async () => {
    const api = apiOf({})
    await api.supportedChains()
    expect(received[0]!.query.has('projectId')).toBe(false)
  })

  it('the provider API (wallet catalog) also carries st, sv and projectId', async () => {
    const modal = createKernel({ projectId: 'p2', apiUrl: base, storage: recordingBackend() })
    await kernelOf(modal).http.get('/getWallets', { query: { page: 1, entries: 40, search: '' } })
    expect(received[0]!.path).toBe('/getWallets')
    expect(Object.fromEntries(received[0]!.query)).toEqual({
      projectId: 'p2',
      st: 'vestibule',
      sv: DEFAULT_SDK_VERSION,
      page: '1',
      entries: '40',
    })
  })
})

describe('blockchain API: unsupported networks', () => {
  it('an unsupported active network returns the empty result without a request to the endpoint', async () => {
    const api = apiOf()
    await api.supportedChains()
    received.length = 0
    const empty = { balances: [] as unknown[] }
    expect(await api.get('eip155:56', 'v1/account/0xabc/balance', empty)).toBe(empty)
    expect(await api.post('eip155:56', 'v1/fungible/price', {}, empty)).toBe(empty)
    expect(received).toEqual([])
  })

  it('no active network returns the empty result without any request', async () => {
    const api = apiOf()
    expect(await api.get(undefined, 'v1/identity/0xabc', null)).toBeNull()
    expect(received).toEqual([])
  })

  it('a supported network makes the request and returns its answer', async () => {
    const api = apiOf()
    expect(await api.get('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'v1/account/abc/balance', null)).toMatchObject({
      path: '/v1/account/abc/balance',
    })
    expect(await api.isSupported('eip155:10')).toBe(true)
    expect(await api.isSupported('eip155:56')).toBe(false)
  })

  it('supported-chains is fetched once per modal', async () => {
    const api = apiOf()
    await Promise.all([api.get('eip155:1', 'a', null), api.get('eip155:10', 'b', null), api.isSupported('eip155:56')])
    await api.get('eip155:1', 'c', null)
    expect(received.filter((r) => r.path === '/v1/supported-chains')).toHaveLength(1)
    expect(await api.supportedChains()).toEqual({
      http: ['eip155:1', 'eip155:10', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
      ws: ['eip155:1'],
    })
  })

  it('a failed supported-chains fetch gives the empty result, and is fetched again on the next call', async () => {
    supportedChainsFailures = 1
    const api = apiOf()
    expect(await api.get('eip155:1', 'v1/account/0xabc/balance', 'empty')).toBe('empty')
    expect(received.map((r) => r.path)).toEqual(['/v1/supported-chains'])
    expect(await api.get('eip155:1', 'v1/account/0xabc/balance', 'empty')).toMatchObject({ path: '/v1/account/0xabc/balance' })
    expect(received.map((r) => r.path)).toEqual(['/v1/supported-chains', '/v1/supported-chains', '/v1/account/0xabc/balance'])
  })

  it('supportedChains() itself rejects with the HTTP error on failure', async () => {
    supportedChainsFailures = 1
    const api = createBlockchainApi(createHttpClient({ baseUrl: base }))
    await expect(api.supportedChains()).rejects.toThrow('HTTP status code: 503')
    await expect(api.supportedChains()).resolves.toMatchObject({ ws: ['eip155:1'] })
  })

  it('two modals each fetch their own supported-chains', async () => {
    await apiOf().supportedChains()
    await apiOf().supportedChains()
    expect(received.filter((r) => r.path === '/v1/supported-chains')).toHaveLength(2)
  })
})
