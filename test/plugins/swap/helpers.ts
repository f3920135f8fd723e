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

export const network = (id = 1) => ({ id, caipNetworkId: `eip155:${id}`, chainNamespace: 'eip155', name: `Chain ${id}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }) as never

export const TOKENS = {
  tokens: [
    { name: 'Dai', symbol: 'DAI', address: DAI, decimals: 18, price: 1 },
    { name: 'Ether', symbol: 'ETH', address: NATIVE, decimals: 18, price: 2000 },
    { name: 'Uniswap', symbol: 'UNI', address: UNI, decimals: 18, price: 10 },
  ],
}

type Call = { name: string; args: unknown[]; resolve(value: unknown): void; reject(error: unknown): void; signal?: AbortSignal }

export function setup(options: { balances?: { address?: string; amount: bigint; value?: number }[]; paysOwnGas?: boolean; autoAnswer?: boolean; network?: unknown } = {}) {
  const calls: Call[] = []
  const record =
    (name: string) =>
    (...args: unknown[]) =>
      new Promise((resolve, reject) => {
        const signal = args.find((a): a is AbortSignal => a instanceof AbortSignal)
        calls.push({ name, args, resolve, reject, ...(signal ? { signal } : {}) })
      })
  const $context = atom<SwapContext>({ network: (options.network ?? network()) as never, address: USER, paysOwnGas: options.paysOwnGas ?? false })
  const $balances = atom<BalancesSnapshot>({
    status: 'ready',
    tokens: (options.balances ?? [{ amount: 10n * E18, value: 20000 }]).map((b) => ({ name: 'x', symbol: 'x', chainId: CHAIN, decimals: 18, amount: b.amount, ...(b.address ? { address: b.address as never } : {}), ...(b.value !== undefined ? { value: b.value } : {}) })),
  })
  const events: { event: string; payload: any }[] = []
  const sent: unknown[] = []
  const wallet = { answer: (() => Promise.resolve('0xhash')) as () => Promise<string> }
  const refreshes: unknown[] = []
  const deps: SwapDeps = {
    $context,
    $balances,
    refreshBalances: (force) => void refreshes.push(force),
    client: { tokens: record('tokens'), quote: record('quote'), allowance: record('allowance'), gasPrice: record('gasPrice'), buildApprove: record('buildApprove'), buildTransaction: record('buildTransaction') },
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

export const quoteBody = (amount: bigint, toAmount: string, from = NATIVE, to = UNI) => ({ quotes: [{ fromAmount: amount.toString(), fromAccount: from, toAmount, toAccount: to }] })
