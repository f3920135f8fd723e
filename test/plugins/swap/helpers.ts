// A swap controller over a scripted swap API: every call is recorded and answered when the test says.
import { atom } from 'nanostores'
import type { BalancesSnapshot } from '../../../kernel/account-data.js'
import { createSwapController, type SwapContext, type SwapDeps } from '../../../plugins/swap/controller.js'

export const CHAIN = 'eip155:1'
export const USER = '0x3333333333333333333333333333333333333333'
export const NATIVE = `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`
export const UNI = `${CHAIN}:0x1111111111111111111111111111111111111111`
export const DAI = `${CHAIN}:0x2222222222222222222222222222222222222222`
export const E18 = 10n ** 18n

export const network = (id = 1, rpcUrl?: string) =>
  ({
    id,
    caipNetworkId: `eip155:${id}`,
    chainNamespace: 'eip155',
    name: `Chain ${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    ...(rpcUrl ? { rpcUrls: { default: { http: [rpcUrl] } } } : {}),
  }) as never

export const TOKENS = {
  tokens: [
    { name: 'Dai', symbol: 'DAI', address: DAI, decimals: 18, price: 1 },
    { name: 'Ether', symbol: 'ETH', address: NATIVE, decimals: 18, price: 2000 },
    { name: 'Uniswap', symbol: 'UNI', address: UNI, decimals: 18, price: 10 },
  ],
}

type Call = { name: string; args: unknown[]; resolve(value: unknown): void; reject(error: unknown): void; signal?: AbortSignal }

export function setup(
  options: {
    balances?: { address?: string; amount: bigint; value?: number }[]
    paysOwnGas?: boolean
    autoAnswer?: boolean
    network?: unknown
  } = {},
) {
  const calls: Call[] = []
  const record =
    (name: string) =>
    (...args: unknown[]) =>
      new Promise((resolve, reject) => {
        const signal = args.find((a): a is AbortSignal => a instanceof AbortSignal)
        calls.push({ name, args, resolve, reject, ...(signal ? { signal } : {}) })
      })
  const $context = atom<SwapContext>({
    network: (options.network ?? network()) as never,
    address: USER,
    paysOwnGas: options.paysOwnGas ?? false,
  })
  const $balances = atom<BalancesSnapshot>({
    status: 'ready',
    tokens: (options.balances ?? [{ amount: 10n * E18, value: 20000 }]).map((b) => ({
      name: 'x',
      symbol: 'x',
      chainId: CHAIN,
      decimals: 18,
      amount: b.amount,
      ...(b.address ? { address: b.address as never } : {}),
      ...(b.value !== undefined ? { value: b.value } : {}),
    })),
  })
  const events: { event: string; payload: any }[] = []
  const sent: unknown[] = []
  const wallet = { answer: (() => Promise.resolve('0xhash')) as () => Promise<string> }
  const refreshes: unknown[] = []
  const deps: SwapDeps = {
    $context,
    $balances,
    refreshBalances: (force) => void refreshes.push(force),
    client: {
      tokens: record('tokens'),
      quote: record('quote'),
      allowance: record('allowance'),
      gasPrice: record('gasPrice'),
      buildApprove: record('buildApprove'),
      buildTransaction: record('buildTransaction'),
    },
    sendTransaction: (tx) => (sent.push(tx), wallet.answer()),
    emit: (event, payload) => void events.push({ event, payload }),
    notify: () => undefined,
    allowancePollMs: 10,
  }
  const controller = createSwapController(deps)
  const pending = (name: string) => calls.filter((c) => c.name === name)
  /** Answers the oldest unanswered call of `name`. */
  const answer = async (name: string, value: unknown) => {
    const call = calls.find((c) => c.name === name && !(c as { done?: boolean }).done)
    if (!call) throw new Error(`no pending ${name} call`)
    ;(call as { done?: boolean }).done = true
    call.resolve(value)
    await flush()
  }
  return { controller, calls, pending, answer, $context, $balances, events, sent, wallet, refreshes }
}

export const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve()
}

export const quoteBody = (amount: bigint, toAmount: string, from = NATIVE, to = UNI) => ({
  quotes: [{ fromAmount: amount.toString(), fromAccount: from, toAmount, toAccount: to }],
})

/**
 * A JSON-RPC node on 127.0.0.1 for the swap's check before the wallet: `eth_simulateV1` answered with the transfer
 * logs of a swap through `exchange` that takes what each call sends and pays `payout` of `buy` back (or
 * "method not found" when `simulates` is false), `eth_getCode` with code at `exchange` only. Every call is recorded.
 */
export async function startNode(exchange: string) {
  const { createServer } = await import('node:http')
  const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
  const topic = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`
  const word = (value: bigint) => `0x${value.toString(16).padStart(64, '0')}`
  const node = {
    url: '',
    simulates: true,
    sell: NATIVE.split(':')[2]!,
    buy: UNI.split(':')[2]!,
    amount: 0n,
    payout: 0n,
    requests: [] as { method: string; params: any[] }[],
    stop: () => new Promise<void>((r) => server.close(() => r())),
  }
  const logsOf = (c: { from: string; to: string; value: string }) => {
    if (c.to.toLowerCase() !== exchange) return []
    const log = (asset: string, from: string, to: string, value: bigint) => ({
      address: asset,
      topics: [TRANSFER, topic(from), topic(to)],
      data: word(value),
    })
    return [log(node.sell, c.from, exchange, BigInt(c.value) || node.amount), log(node.buy, exchange, c.from, node.payout)]
  }
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const { id, method, params } = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    node.requests.push({ method, params })
    const answer =
      method === 'eth_simulateV1'
        ? node.simulates
          ? {
              result: [
                {
                  calls: params[0].blockStateCalls[0].calls.map((c: any) => ({
                    status: '0x1',
                    returnData: '0x',
                    gasUsed: '0x1',
                    logs: logsOf(c),
                  })),
                },
              ],
            }
          : { error: { code: -32601, message: 'Method not found' } }
        : method === 'eth_getCode'
          ? { result: params[0].toLowerCase() === exchange ? '0x6080' : '0x' }
          : { error: { code: -32601, message: 'Method not found' } }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, ...answer }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  node.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  return node
}
