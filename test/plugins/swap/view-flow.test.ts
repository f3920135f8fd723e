// The Swap view's flow, kept by the modal's router (`router.flow`) as the Send view's is: a view pushed over Swap (a
// wallet's own approval while it signs) leaves the swap under way, so its result is there when the user is back on
// Swap; the flow ends once Swap leaves the history, and the next Swap starts a new one, even when the wallet was
// still asked about the swap left.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createRouter } from '../../../kernel/router.js'
import { QUOTE_PAUSE_MS } from '../../../plugins/swap/controller.js'
import { CHAIN, DAI, E18, TOKENS, UNI, USER, flush, network, quoteBody, setup, startNode } from './helpers.js'

/** The view id the swap plugin registers, and a view a wallet shows over it. */
const SWAP_VIEW = 'Swap'
const APPROVE = 'ApproveTransaction'
const EXCHANGE = '0x9999999999999999999999999999999999999999'
const swapTx = () => ({
  tx: { from: `${CHAIN}:${USER}`, to: `${CHAIN}:${EXCHANGE}`, data: '0xabcdef01', amount: '0', eip155: { gas: '200000', gasPrice: '1' } },
})

let node: Awaited<ReturnType<typeof startNode>>
beforeAll(async () => {
  node = await startNode(EXCHANGE)
})
afterAll(() => node.stop())
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  Object.assign(node, { simulates: true, sell: DAI.split(':')[2], buy: UNI.split(':')[2], amount: E18, payout: 150n * E18, requests: [] })
})
afterEach(() => void vi.useRealTimers())

/** A router showing Account then Swap, and the Swap view's flow as the view gets it each time it is drawn. */
function flows() {
  const router = createRouter({ isRegistered: () => true, close: () => undefined })
  const made: ReturnType<typeof setup>[] = []
  const create = () => {
    const s = setup({ balances: [{ amount: 10n * E18 }, { address: DAI, amount: 100n * E18 }], network: network(1, node.url) })
    made.push(s)
    return s.controller
  }
  router.reset('Account')
  router.push(SWAP_VIEW)
  const mount = () => router.flow([SWAP_VIEW], create)
  return { router, made, mount }
}

/** Answers the token list, picks DAI → UNI for 1 DAI, answers the quote and opens the review. */
async function review(s: ReturnType<typeof setup>) {
  await s.answer('tokens', TOKENS)
  await s.answer('gasPrice', { standard: '1000000000' })
  s.controller.openPicker('sell')
  s.controller.pick(DAI.toLowerCase())
  s.controller.openPicker('buy')
  s.controller.pick(UNI.toLowerCase())
  s.controller.setAmount('1')
  await vi.advanceTimersByTimeAsync(QUOTE_PAUSE_MS)
  s.pending('quote')
    .at(-1)!
    .resolve(quoteBody(E18, String(150n * E18), DAI, UNI))
  await flush()
  s.controller.review()
}

/** Confirms the review; the wallet shows its approval over Swap and answers when the test says. */
async function confirmSwap(f: ReturnType<typeof flows>) {
  const flow = f.mount()
  const s = f.made.at(-1)!
  await review(s)
  let answer!: (id: string) => void
  s.wallet.answer = () => new Promise<string>((resolve) => (answer = resolve))
  const swapping = flow.confirm()
  await s.answer('allowance', { allowance: String(E18) })
  await s.answer('buildTransaction', swapTx())
  await vi.waitFor(() => expect(s.sent).toHaveLength(1), { timeout: 5000, interval: 5 })
  f.router.push(APPROVE)
  return { flow, s, swapping, answer: (id: string) => answer(id) }
}

describe('the Swap view’s flow', () => {
  it('outlives the view while the wallet’s approval is shown over it: back on Swap, the result is there', async () => {
    const f = flows()
    const { flow, swapping, answer } = await confirmSwap(f)
    expect(flow.$form.get().status).toBe('swapping')
    answer('0xhash')
    await swapping
    f.router.goBack()
    expect(f.mount()).toBe(flow)
    expect(f.made).toHaveLength(1)
    expect(flow.$form.get()).toMatchObject({ status: 'done', done: { sold: E18, bought: 150n * E18, id: '0xhash' } })
  })

  it('keeps the form as it was when a view pushed over Swap is left', async () => {
    const f = flows()
    const flow = f.mount()
    await review(f.made[0]!)
    f.router.push('Help')
    f.router.goBack()
    expect(f.mount()).toBe(flow)
    expect(flow.$form.get()).toMatchObject({ status: 'reviewing', amountText: '1', sell: DAI.toLowerCase(), buy: UNI.toLowerCase() })
  })

  it('a swap the user left while the wallet was asked does not come back with the next Swap', async () => {
    const f = flows()
    const { flow, swapping, answer } = await confirmSwap(f)
    f.router.reset('Account')
    answer('0xhash')
    await swapping
    f.router.push(SWAP_VIEW)
    const next = f.mount()
    expect(next).not.toBe(flow)
    expect(f.made).toHaveLength(2)
    expect(next.$form.get()).toMatchObject({ status: 'editing', amountText: '' })
  })

  it('a flow that ended no longer follows the chain', async () => {
    const f = flows()
    f.mount()
    const s = f.made[0]!
    await review(s)
    f.router.goBack()
    const asked = s.calls.length
    s.$context.set({ ...s.$context.get(), network: network(10) })
    await flush()
    expect(s.calls.length).toBe(asked)
  })
})
