// The tokens plugin in a headless modal over a local blockchain API server: when balances are asked for, the 30 s
// cache and the 30 s wait after a failure (at their boundaries), the on-chain fallback, and what a failure shows.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createKernel, type Modal } from '../../../kernel/kernel.js'
import { Capabilities, type BalancesService } from '../../../kernel/index.js'
import { tokens } from '../../../plugins/tokens/index.js'
import { ADDRESS, dummyView, fakeAdapter, flush, mainnet, recordingBackend } from '../../kernel/helpers.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7'

/** The blockchain API: supported chains, balances and prices as the real one answers them; `down` answers 500. */
const api = {
  down: false,
  supported: ['eip155:1'],
  rows: [] as unknown[],
  prices: [] as unknown[],
  requests: [] as { path: string; query: Record<string, string>; body?: unknown }[],
}
let server: Server
let baseUrl = ''
beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    let body: unknown
    if (req.method === 'POST') {
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      body = JSON.parse(Buffer.concat(chunks).toString())
    }
    api.requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), body })
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(payload))
    }
    if (url.pathname === '/v1/supported-chains') return send(200, { http: api.supported, ws: [] })
    if (api.down) return send(500, { message: 'down' })
    if (/^\/v1\/account\/[^/]+\/balance$/.test(url.pathname)) return send(200, { balances: api.rows })
    if (url.pathname === '/v1/fungible/price') return send(200, { fungibles: api.prices })
    send(404, {})
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
  api.supported = ['eip155:1']
  api.rows = []
  api.prices = []
  api.requests.length = 0
})

const ROW = {
  name: 'Tether USD',
  symbol: 'USDT',
  chainId: 'eip155:1',
  address: `eip155:1:${USDT}`,
  value: 250.75,
  price: 1,
  quantity: { decimals: '6', numeric: '250.75' },
  iconUrl: 'https://img.example/usdt.png',
}
const ETH_ROW = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:1',
  value: 3012.45,
  price: 3012.45,
  quantity: { decimals: '18', numeric: '1' },
}

async function setup(options: Record<string, unknown> = {}, backend = recordingBackend()) {
  const fake = fakeAdapter({
    networks: [mainnet, { ...mainnet, caipNetworkId: 'eip155:11155111', id: 11155111, name: 'Sepolia', testnet: true }],
  })
  const getTokenBalances = vi.fn(async ({ tokens: list }: { tokens: readonly string[] }) =>
    list.map((token) => ({ token, value: 5_000_000n, decimals: 6, symbol: 'USDT' })),
  )
  ;(fake.adapter as Record<string, unknown>).features = { getTokenBalances }
  ;(fake.adapter as Record<string, unknown>).nativeTokenAddress = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
  const modal = createKernel(
    {
      projectId: 'p',
      blockchainApiUrl: baseUrl,
      storage: backend,
      ...options,
      plugins: [
        { name: 'eip155', setup: (ctx: { chains: { register(a: unknown): void } }) => ctx.chains.register(fake.adapter) },
        tokens(),
      ],
    },
    { views: { Connect: dummyView, Account: dummyView, ConnectingExternal: dummyView } },
  )
  created.push(modal)
  kernelOf(modal).chains.startDiscovery()
  await kernelOf(modal).connection.connect('io.fake')
  const service = kernelOf(modal).services.get(Capabilities.Balances) as BalancesService
  return { modal, fake, service, getTokenBalances, backend }
}
const balanceCalls = () => api.requests.filter((r) => r.path.endsWith('/balance'))

describe('when balances are read', () => {
  it('nothing before the first open; opening while connected reads the balance endpoint once', async () => {
    api.rows = [ETH_ROW, ROW]
    const { modal, service } = await setup()
    await flush()
    expect(balanceCalls()).toHaveLength(0)
    await modal.open()
    await vi.waitFor(() => expect(service.$balances.get().status).toBe('ready'))
    expect(balanceCalls()).toEqual([
      expect.objectContaining({
        path: `/v1/account/${ADDRESS}/balance`,
        query: expect.objectContaining({ currency: 'usd', chainId: 'eip155:1', projectId: 'p' }),
      }),
    ])
    expect(service.$balances.get().tokens.map((t) => [t.symbol, t.amount])).toEqual([
      ['ETH', 10n ** 18n],
      ['USDT', 250_750_000n],
    ])
    expect(service.$balances.get().source).toBe('api')
    // Other plugins and the host see them in the account state too.
    expect(
      kernelOf(modal)
        .state.$chains.get()
        .eip155?.accountState.tokenBalance?.map((t) => t.symbol),
    ).toEqual(['ETH', 'USDT'])
  })

  it('cached 30 s: no request at 29 999 ms, a new one at 30 000 ms; force reads at once with forceUpdate', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(1_000_000)
    api.rows = [ROW]
    const { service } = await setup()
    await service.refresh()
    expect(balanceCalls()).toHaveLength(1)
    vi.setSystemTime(1_029_999)
    await service.refresh()
    expect(balanceCalls()).toHaveLength(1)
    vi.setSystemTime(1_030_000)
    await service.refresh()
    expect(balanceCalls()).toHaveLength(2)
    await service.refresh({ force: true })
    expect(balanceCalls()).toHaveLength(3)
    expect(balanceCalls()[2]!.query.forceUpdate).toBe('eip155:1')
    expect(balanceCalls()[1]!.query).not.toHaveProperty('forceUpdate')
  })

  it('reads running together for the same account share one request', async () => {
    api.rows = [ROW]
    const { service } = await setup()
    await Promise.all([service.refresh(), service.refresh(), service.refresh()])
    expect(balanceCalls()).toHaveLength(1)
  })

  it('a stored cache entry stamped in the future is not believed (nor one with an impossible amount)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(1_000_000)
    api.rows = [ROW]
    const first = await setup()
    await first.service.refresh()
    const stored = [...first.backend.data.entries()].find(([key]) => key.includes('tokens'))!
    const entry = JSON.parse(stored[1])
    first.modal.destroy()
    const tampered = recordingBackend({
      [stored[0]]: JSON.stringify({ ...entry, at: 9_999_999_999_999, tokens: [{ ...entry.tokens[0], amount: '1' }] }),
    })
    api.requests.length = 0
    const second = await setup({}, tampered)
    await second.service.refresh()
    expect(balanceCalls()).toHaveLength(1)
    expect(second.service.$balances.get().tokens[0]!.amount).toBe(250_750_000n)
  })
})

describe('when the API cannot answer', () => {
  it("the chain answers: the native balance and the host's tokens for the network, priced when the price endpoint can", async () => {
    api.down = true
    const { service, getTokenBalances, fake } = await setup({
      tokens: { 'eip155:1': { address: USDT, image: 'https://img.example/usdt.png' } },
    })
    const list = await service.refresh()
    expect(fake.adapter.getBalance).toHaveBeenCalled()
    expect(getTokenBalances).toHaveBeenCalledWith(expect.objectContaining({ owner: ADDRESS, tokens: [USDT] }))
    expect(list.map((t) => [t.symbol, t.amount, t.value])).toEqual([
      ['ETH', 1_234_567_890_000_000_000n, 0],
      ['USDT', 5_000_000n, 0],
    ])
    expect(list[1]!.iconUrl).toBe('https://img.example/usdt.png')
    expect(service.$balances.get()).toMatchObject({ status: 'ready', source: 'chain' })
  })

  it('a network the API does not support is read on chain without asking the balance endpoint', async () => {
    api.supported = []
    const { service } = await setup()
    await service.refresh()
    expect(balanceCalls()).toHaveLength(0)
    expect(service.$balances.get().source).toBe('chain')
  })

  it('when the chain fails too: "Token Balance Unavailable", empty balances, and no new try before 30 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(5_000_000)
    api.down = true
    const { modal, service, fake } = await setup()
    fake.adapter.getBalance.mockRejectedValue(new Error('RPC down'))
    await service.refresh()
    expect(service.$balances.get()).toMatchObject({ status: 'error', tokens: [] })
    expect(kernelOf(modal).feedback.$snackbar.get()).toMatchObject({ variant: 'error', message: 'Token Balance Unavailable' })
    expect(kernelOf(modal).state.$chains.get().eip155?.accountState.tokenBalance).toEqual([])
    const calls = fake.adapter.getBalance.mock.calls.length
    vi.setSystemTime(5_029_999)
    await service.refresh()
    expect(fake.adapter.getBalance.mock.calls.length).toBe(calls)
    vi.setSystemTime(5_030_000)
    await service.refresh()
    expect(fake.adapter.getBalance.mock.calls.length).toBe(calls + 1)
  })
})

describe('test networks and disconnect', () => {
  it('balances on a test network are worth 0.00', async () => {
    api.supported = ['eip155:1', 'eip155:11155111']
    api.rows = [{ ...ROW, chainId: 'eip155:11155111', address: `eip155:11155111:${USDT}` }]
    const { modal, service } = await setup()
    await kernelOf(modal).connection.switchNetwork('eip155:11155111')
    const list = await service.refresh()
    expect(list.map((t) => [t.symbol, t.value])).toEqual([['USDT', 0]])
  })

  it('a disconnect empties the balances', async () => {
    api.rows = [ROW]
    const { modal, service } = await setup()
    await service.refresh()
    await kernelOf(modal).connection.disconnect()
    await expect.poll(() => service.$balances.get()).toEqual({ status: 'idle', tokens: [] })
  })

  it('a tokens option of the wrong shape fails at createModal, naming the problem', () => {
    expect(() =>
      createKernel({ projectId: 'p', tokens: { mainnet: '0x1' }, plugins: [tokens()] } as never, { views: { Connect: dummyView } }),
    ).toThrow(/tokens.*CAIP-2/)
  })
})
