// The swap flow without a view: the swap plugin's controller from its API (createSwap, featureController), wired
// from the plugin's own context: tokens and quotes from the modal's blockchain API (a local HTTP server speaking
// its convert contract) for the connected account, the swap tried on the network's node (the same server speaking
// eth_simulateV1) and sent through the chain plugin's sendTransaction, and another network emptying the form.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ChainAdapter, Modal } from '../../kernel/index.js'
import { createHeadlessModal, createSwap, featureController, type SwapController } from '../../headless/index.js'
import { swap } from '../../plugins/swap/index.js'
import { ADDRESS, fakeAdapter, flush, mainnet, optimism } from '../kernel/helpers.js'

const NATIVE = 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const DEMO = 'eip155:1:0x5555555555555555555555555555555555555555'
const EXCHANGE = '0x6666666666666666666666666666666666666666'
const E18 = 10n ** 18n

let server: Server
let apiUrl = ''
const requests: URL[] = []
const bodies: unknown[] = []

/** The blockchain API's convert endpoints: a market where 1 ETH buys 2000 DEMO. */
function answer(url: URL, body: unknown): unknown {
  switch (url.pathname) {
    case '/v1/convert/tokens':
      return {
        tokens: [
          { name: 'Ether', symbol: 'ETH', address: NATIVE, decimals: 18 },
          { name: 'Demo', symbol: 'DEMO', address: DEMO, decimals: 18 },
        ],
      }
    case '/v1/convert/gas-price':
      return { standard: '1000000000', fast: '2000000000', instant: '3000000000' }
    case '/v1/convert/quotes': {
      const amount = BigInt(url.searchParams.get('amount')!)
      return {
        quotes: [
          {
            fromAccount: url.searchParams.get('from'),
            toAccount: url.searchParams.get('to'),
            fromAmount: String(amount),
            toAmount: String(amount * 2000n),
          },
        ],
      }
    }
    case '/v1/convert/build-transaction': {
      const b = body as { amount: string; userAddress: string }
      return { tx: { from: b.userAddress, to: `eip155:1:${EXCHANGE}`, data: '0x12345678', amount: b.amount, eip155: { gas: '150000' } } }
    }
    case '/rpc':
      return simulated(body as { id: number; method: string; params: any[] })
    default:
      return undefined
  }
}

/** The node: `eth_simulateV1` with the transfers of a swap through EXCHANGE paying 2000 DEMO per ETH sent. */
function simulated({ id, method, params }: { id: number; method: string; params: any[] }) {
  if (method !== 'eth_simulateV1') return { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }
  const topic = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`
  const word = (value: bigint) => `0x${value.toString(16).padStart(64, '0')}`
  const transfer = (asset: string, from: string, to: string, value: bigint) => ({
    address: asset,
    topics: ['0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef', topic(from), topic(to)],
    data: word(value),
  })
  const calls = params[0].blockStateCalls[0].calls.map((c: { from: string; to: string; value: string }) => ({
    status: '0x1',
    logs:
      c.to === EXCHANGE
        ? [
            transfer(NATIVE.split(':')[2]!, c.from, EXCHANGE, BigInt(c.value)),
            transfer(DEMO.split(':')[2]!, EXCHANGE, c.from, BigInt(c.value) * 2000n),
          ]
        : [],
  }))
  return { jsonrpc: '2.0', id, result: [{ calls }] }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => (raw += chunk))
    req.on('end', () => {
      const url = new URL(req.url!, 'http://127.0.0.1')
      requests.push(url)
      const body = raw ? JSON.parse(raw) : undefined
      if (body) bodies.push(body)
      const result = answer(url, body)
      res.writeHead(result === undefined ? 404 : 200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(result ?? { message: 'not found' }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const created: Modal[] = []
afterEach(() => {
  created.splice(0).forEach((m) => m.destroy())
  requests.length = 0
  bodies.length = 0
})

function setup() {
  const { adapter } = fakeAdapter({ networks: [{ ...mainnet, rpcUrls: { default: { http: [`${apiUrl}/rpc`] } } }, optimism] })
  const sendTransaction = vi.fn(async () => '0xswap')
  const chain = { ...adapter, features: { sendTransaction } } as ChainAdapter
  const modal = createHeadlessModal({
    projectId: 'p',
    storage: null,
    blockchainApiUrl: apiUrl,
    apiUrl,
    plugins: [{ name: 'eip155', setup: (ctx) => ctx.chains.register(chain) }, swap()],
  })
  created.push(modal)
  return { modal, sendTransaction }
}

/** Waits until the controller's form satisfies `ready` (answers come over HTTP). */
async function until(ready: () => boolean) {
  await expect.poll(ready, { timeout: 5_000, interval: 20 }).toBe(true)
}

describe('createSwap (headless)', () => {
  it('tokens and a quote for the connected account from the blockchain API, then the swap sent through the chain plugin', async () => {
    const { modal, sendTransaction } = setup()
    await modal.open()
    await modal.connect('io.fake', 'eip155')
    await flush()
    const controller = await createSwap(modal)
    const stop = controller.start()
    await until(() => controller.$form.get().tokens.status === 'ready')
    expect(controller.$form.get().tokens.list.map((t) => t.symbol)).toEqual(['ETH', 'DEMO'])
    // The network token is what is sold by default; DEMO is bought.
    expect(controller.$form.get().sell).toBe(NATIVE)
    controller.openPicker('buy')
    controller.pick(DEMO)
    controller.setAmount('0.5')
    // Asked once typing pauses (QUOTE_PAUSE_MS), then answered over HTTP.
    await until(() => controller.$form.get().quote.status === 'ready')
    expect(controller.$form.get().quote.toAmount).toBe(1000n * E18)
    const quote = requests.find((u) => u.pathname === '/v1/convert/quotes')!
    expect(Object.fromEntries(quote.searchParams)).toMatchObject({
      amount: String(E18 / 2n),
      from: NATIVE,
      to: DEMO,
      userAddress: `eip155:1:${ADDRESS}`,
      projectId: 'p',
    })

    expect(controller.$view.get().canReview).toBe(true)
    controller.review()
    await until(() => controller.$form.get().quote.status === 'ready')
    await controller.confirm()
    await until(() => controller.$form.get().status === 'done')
    expect(sendTransaction).toHaveBeenCalledWith(expect.objectContaining({ to: EXCHANGE, data: '0x12345678', value: E18 / 2n }))
    expect(controller.$form.get().done).toMatchObject({ sold: E18 / 2n, bought: 1000n * E18, id: '0xswap' })
    stop()
  })

  it('follows the account: a disconnect empties the form; featureController(modal, "swap") hands out a new controller', async () => {
    const { modal } = setup()
    await modal.open()
    await modal.connect('io.fake', 'eip155')
    await flush()
    const controller = await featureController<SwapController>(modal, 'swap')
    expect(controller).not.toBe(await createSwap(modal))
    const stop = controller.start()
    await until(() => controller.$form.get().tokens.status === 'ready')
    controller.setAmount('1')
    await modal.disconnect()
    await flush()
    expect(controller.$form.get()).toMatchObject({ amountText: '', tokens: { status: 'idle', list: [] } })
    stop()
  })
})
