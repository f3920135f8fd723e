// The Activity controller in a headless modal over a local history server: pages by cursor, the empty flag, a
// failure's snack and event, chain families without the history capability.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createKernel, type Modal } from '../../../kernel/kernel.js'
import { activity, type ActivityApi } from '../../../plugins/activity/index.js'
import { ACTIVITY_RETRY_MS } from '../../../plugins/activity/history.js'
import { dummyView, fakeAdapter, recordingBackend } from '../../kernel/helpers.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const api = {
  failed: 0,
  down: false,
  pages: [] as { data: unknown[]; next: string | null }[],
  requests: [] as Record<string, string>[],
  onramp: [] as unknown[],
  onrampDown: false,
}
let server: Server
let baseUrl = ''
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const send = (status: number, body: unknown) => (
      res.writeHead(status, { 'content-type': 'application/json' }), res.end(JSON.stringify(body))
    )
    if (url.pathname === '/v1/supported-chains') return send(200, { http: ['eip155:1'], ws: [] })
    if (api.down) return (api.failed++, send(500, { message: 'down' }))
    api.requests.push(Object.fromEntries(url.searchParams))
    // The on-ramp entries: the purchases a provider credited, listed apart.
    if (url.searchParams.has('onramp')) return api.onrampDown ? send(500, { message: 'down' }) : send(200, { data: api.onramp, next: null })
    const cursor = Number(url.searchParams.get('cursor') ?? '0')
    send(200, api.pages[cursor] ?? { data: [], next: null })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
const created: Modal[] = []
afterEach(() => {
  created.splice(0).forEach((m) => m.destroy())
  vi.useRealTimers()
  api.down = false
  api.failed = 0
  api.pages = []
  api.requests.length = 0
  api.onramp = []
  api.onrampDown = false
})

/** A transaction that brought the account `amount` ETH from `from`. */
const received = (id: string, amount: string, from = '0x5555555555555555555555555555555555555555', chain = 'eip155:1') => ({
  id,
  metadata: { operationType: 'receive', minedAt: '2026-11-02T00:00:00Z', chain, status: 'confirmed', sentFrom: from },
  transfers: [{ direction: 'in', sender: from, quantity: { numeric: amount }, fungible_info: { name: 'Ether', symbol: 'ETH' } }],
})
/** An on-ramp entry: the purchase credited by transaction `id`. */
const purchase = (id: string, amount: string, chain = 'eip155:1') => ({
  ...received(id, amount, undefined, chain),
  metadata: { operationType: 'buy', minedAt: '2026-11-02T00:00:00Z', chain, status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS' },
})
const tx = (id: string) => ({
  id,
  metadata: { operationType: 'send', minedAt: '2026-11-01T00:00:00Z', chain: 'eip155:1', status: 'confirmed' },
  transfers: [],
})

async function setup(capabilities = ['signMessage', 'history']) {
  const fake = fakeAdapter()
  ;(fake.adapter as { capabilities: Set<string> }).capabilities = new Set(capabilities)
  const modal = createKernel(
    {
      projectId: 'p',
      blockchainApiUrl: baseUrl,
      storage: recordingBackend(),
      plugins: [
        { name: 'eip155', setup: (ctx: { chains: { register(a: unknown): void } }) => ctx.chains.register(fake.adapter) },
        activity(),
      ],
    },
    { views: { Connect: dummyView, Account: dummyView, ConnectingExternal: dummyView } },
  )
  created.push(modal)
  kernelOf(modal).chains.startDiscovery()
  await kernelOf(modal).connection.connect('io.fake')
  const plugin = modal.getPlugin('activity') as ActivityApi
  const events: string[] = []
  kernelOf(modal).events.on('track', ({ event }) => events.push(event))
  return { modal, plugin, controller: await plugin.controller(), events }
}

/**
 * Resolves once the list's status is `status` (a store event: unlike a polled expectation, waiting moves no fake
 * clock on).
 */
const reaches = (plugin: ActivityApi, status: string) =>
  new Promise<void>((resolve) => {
    const off = plugin.$activity.subscribe((state) => {
      if (state.status !== status) return
      queueMicrotask(() => off())
      resolve()
    })
  })

describe('activity controller', () => {
  it('loads the first page with the chain id, then the next by its cursor, until there is none', async () => {
    api.pages = [
      { data: [tx('a'), tx('b')], next: '1' },
      { data: [tx('b'), tx('c')], next: null },
    ]
    const { plugin, controller } = await setup()
    await controller.load()
    expect(api.requests).toEqual([expect.objectContaining({ chainId: 'eip155:1', projectId: 'p' })])
    expect(api.requests[0]).not.toHaveProperty('cursor')
    expect(plugin.$activity.get()).toMatchObject({ status: 'ready', next: '1', empty: false })
    await controller.more()
    expect(api.requests[1]).toMatchObject({ cursor: '1' })
    // "b" came on both pages: listed once.
    expect(plugin.$activity.get().transactions.map((t) => t.id)).toEqual(['a', 'b', 'c'])
    expect(plugin.$activity.get().next).toBeUndefined()
    await controller.more()
    expect(api.requests).toHaveLength(2)
  })

  it('the empty flag is set when the first page returns nothing, not when rows were only filtered out', async () => {
    const { plugin, controller } = await setup()
    await controller.load()
    expect(plugin.$activity.get()).toMatchObject({ status: 'ready', empty: true, transactions: [] })
    api.pages = [{ data: [{ ...tx('x'), metadata: { ...tx('x').metadata, chain: 'eip155:10' } }], next: null }]
    await controller.load({ force: true })
    expect(plugin.$activity.get()).toMatchObject({ status: 'ready', empty: false, transactions: [] })
  })

  it('a failure: "Failed to fetch transactions", ERROR_FETCH_TRANSACTIONS, marked empty', async () => {
    api.down = true
    const { modal, plugin, controller, events } = await setup()
    await controller.load()
    expect(plugin.$activity.get()).toMatchObject({ status: 'error', empty: true, transactions: [] })
    expect(kernelOf(modal).feedback.$snackbar.get()).toMatchObject({ variant: 'error', message: 'Failed to fetch transactions' })
    expect(events).toEqual(['ERROR_FETCH_TRANSACTIONS'])
  })

  it('the API down: read again by itself after 5, 10, 20 and 40 s (the reason shown, one snack), then only on "Try again"', async () => {
    api.down = true
    const { modal, plugin, controller } = await setup()
    await modal.open()
    // Only the planned retries run on the fake clock; the requests go to the local server for real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    await controller.load()
    expect(plugin.$activity.get()).toMatchObject({ status: 'error', reason: 'HTTP status code: 500', retrying: true })
    const snacks = vi.spyOn(kernelOf(modal).feedback, 'showSnackbar')
    for (const [i, pause] of ACTIVITY_RETRY_MS.entries()) {
      // A retry starts by marking the list loading: not a millisecond before its pause ends.
      vi.advanceTimersByTime(pause - 1)
      expect(plugin.$activity.get().status, `${i}`).toBe('error')
      vi.advanceTimersByTime(1)
      expect(plugin.$activity.get().status).toBe('loading')
      await reaches(plugin, 'error')
      expect(api.failed).toBe(i + 2)
    }
    expect(plugin.$activity.get()).toMatchObject({ reason: 'HTTP status code: 500', retrying: false })
    // A retry failing again shows no new snack; after the last one nothing is planned.
    expect(snacks).not.toHaveBeenCalled()
    vi.advanceTimersByTime(3_600_000)
    expect(plugin.$activity.get().status).toBe('error')
    expect(api.failed).toBe(ACTIVITY_RETRY_MS.length + 1)
    api.down = false
    await controller.load({ force: true })
    expect(plugin.$activity.get()).toMatchObject({ status: 'ready' })
    expect(plugin.$activity.get()).not.toHaveProperty('retrying')
  })

  it('the API back after the first retry: the list shows by itself; a closed modal is not read again', async () => {
    api.down = true
    api.pages = [{ data: [tx('a')], next: null }]
    const { modal, plugin, controller } = await setup()
    await modal.open()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    await controller.load()
    vi.advanceTimersByTime(ACTIVITY_RETRY_MS[0])
    await reaches(plugin, 'error')
    api.down = false
    vi.advanceTimersByTime(ACTIVITY_RETRY_MS[1])
    await reaches(plugin, 'ready')
    expect(plugin.$activity.get().transactions.map((t) => t.id)).toEqual(['a'])

    api.down = true
    await controller.load({ force: true })
    expect(plugin.$activity.get()).toMatchObject({ status: 'error', retrying: true })
    modal.close()
    vi.advanceTimersByTime(ACTIVITY_RETRY_MS[0])
    expect(plugin.$activity.get().status).toBe('error')
  })

  it('a chain plugin without the history capability gets no request and an "unavailable" state', async () => {
    const { plugin, controller } = await setup(['signMessage'])
    await controller.load()
    expect(api.requests).toEqual([])
    expect(plugin.$activity.get().status).toBe('unavailable')
  })

  it('a transaction the on-ramp entries list is a purchase ("buy", the amount bought); the rest stay as they are', async () => {
    api.pages = [
      { data: [received('0xbought', '0.0325'), received('0xgift', '1'), tx('0xsent')], next: '1' },
      { data: [received('0xbought2', '0.5')], next: null },
    ]
    api.onramp = [purchase('0xbought', '0.0325'), purchase('0xbought2', '0.5'), purchase('0xgift', '1', 'eip155:10')]
    const { plugin, controller } = await setup()
    await controller.load()
    const shown = () =>
      plugin.$activity
        .get()
        .transactions.map((t) => [t.id, t.operationType, t.transfers.map((x) => `${x.direction} ${x.quantity} ${x.symbol}`).join()])
    expect(shown()).toEqual([
      ['0xbought', 'buy', 'in 0.0325 ETH'],
      // A purchase on another network is not this transaction.
      ['0xgift', 'receive', 'in 1 ETH'],
      ['0xsent', 'send', ''],
    ])
    expect(api.requests.filter((r) => r.onramp)).toEqual([expect.objectContaining({ onramp: 'coinbase', chainId: 'eip155:1' })])
    // The next page is matched against the entries already read.
    await controller.more()
    expect(shown().at(-1)).toEqual(['0xbought2', 'buy', 'in 0.5 ETH'])
    expect(api.requests.filter((r) => r.onramp)).toHaveLength(1)
  })

  it('no token received: the on-ramp entries are not asked for; when they cannot be read, the list shows without them', async () => {
    api.pages = [{ data: [tx('a')], next: null }]
    const first = await setup()
    await first.controller.load()
    expect(api.requests).toHaveLength(1)
    api.pages = [{ data: [received('0xbought', '0.0325')], next: null }]
    api.onrampDown = true
    await first.controller.load({ force: true })
    expect(first.plugin.$activity.get()).toMatchObject({ status: 'ready', transactions: [{ id: '0xbought', operationType: 'receive' }] })
  })

  it('a disconnect clears the list', async () => {
    api.pages = [{ data: [tx('a')], next: null }]
    const { modal, plugin, controller } = await setup()
    await controller.load()
    await kernelOf(modal).connection.disconnect()
    await vi.waitFor(() => expect(plugin.$activity.get()).toEqual({ status: 'idle', transactions: [], empty: false }))
  })
})
