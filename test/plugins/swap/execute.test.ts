// A reviewed swap: the approve (only when the allowance is short) and the swap built at 1 % slippage, bound to each
// other and to what the user chose, tried on the network's node, and only then sent through the chain plugin;
// hostile built transactions never reach the wallet; a decline keeps the form, a failure and a network switch empty
// it; success reports on the bus and refreshes balances and Activity.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { QUOTE_PAUSE_MS } from '../../../plugins/swap/controller.js'
import { CHAIN, DAI, E18, NATIVE, TOKENS, UNI, USER, flush, network, quoteBody, setup, startNode } from './helpers.js'

const EXCHANGE = '0x9999999999999999999999999999999999999999'
const ATTACKER = '0x000000000000000000000000000000000000a77a'
const word = (v: bigint | string) => BigInt(v).toString(16).padStart(64, '0')
const approveData = (spender: string, amount: bigint) => `0x095ea7b3${word(spender)}${word(amount)}`
const swapTx = (value = '0', to = EXCHANGE, data = '0xabcdef01') => ({
  tx: { from: `${CHAIN}:${USER}`, to: `${CHAIN}:${to}`, data, amount: value, eip155: { gas: '200000', gasPrice: '1' } },
})
const approveTx = (spender = EXCHANGE, amount = (1n << 256n) - 1n) => ({
  tx: { from: `${CHAIN}:${USER}`, to: DAI, data: approveData(spender, amount), value: '0', eip155: { gas: 50000 } },
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
afterEach(() => vi.useRealTimers())

/** Real time passes until `check` holds (the node answers over HTTP). */
const until = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 5 })

/** A form selling `amount` of `sell` for UNI with its quote answered, under review. */
async function reviewing(sell: string, amount = '1') {
  const s = setup({ balances: [{ amount: 10n * E18 }, { address: DAI, amount: 100n * E18 }], network: network(1, node.url) })
  s.controller.start()
  await s.answer('tokens', TOKENS)
  await s.answer('gasPrice', { standard: '1000000000' })
  s.controller.openPicker('sell')
  s.controller.pick(sell.toLowerCase())
  s.controller.openPicker('buy')
  s.controller.pick(UNI.toLowerCase())
  s.controller.setAmount(amount)
  await vi.advanceTimersByTimeAsync(QUOTE_PAUSE_MS)
  const quote = s.pending('quote').at(-1)!
  quote.resolve(quoteBody(BigInt(amount) * E18, String(150n * E18), sell, UNI))
  await flush()
  s.controller.review()
  expect(s.controller.$form.get().status).toBe('reviewing')
  if (sell === NATIVE) node.sell = NATIVE.split(':')[2]!
  return s
}

const failure = (s: Awaited<ReturnType<typeof reviewing>>) => s.controller.$form.get().failure?.values?.reason

describe('confirming a swap', () => {
  it('a short allowance: approve and swap built, tried together on the node, then the approve (for the amount sold only) and the swap are sent', async () => {
    const s = await reviewing(DAI)
    const done = s.controller.confirm()
    await s.answer('allowance', { allowance: '0' })
    await s.answer('buildApprove', approveTx())
    // Built before the approve is mined: the node cannot estimate it yet.
    expect(s.pending('buildTransaction')[0]!.args[0]).toEqual({
      amount: String(E18),
      eip155: { slippage: '1' },
      from: DAI,
      to: UNI,
      userAddress: `${CHAIN}:${USER}`,
      disableEstimate: true,
    })
    expect(s.sent).toEqual([])
    await s.answer('buildTransaction', swapTx())
    await until(() => expect(s.controller.$form.get().status).toBe('approving'))
    const simulated = node.requests.filter((r) => r.method === 'eth_simulateV1').at(-1)!.params[0].blockStateCalls[0].calls
    expect(simulated.map((c: { to: string; data: string }) => [c.to, c.data])).toEqual([
      [DAI.split(':')[2], approveData(EXCHANGE, E18)],
      [EXCHANGE, '0xabcdef01'],
    ])
    expect(s.sent).toEqual([
      { from: USER, to: DAI.split(':')[2], data: approveData(EXCHANGE, E18), value: 0n, network: network(1, node.url) },
    ])
    await s.answer('allowance', { allowance: String(E18 - 1n) })
    await vi.advanceTimersByTimeAsync(10)
    await s.answer('allowance', { allowance: String(E18) })
    await done
    expect(s.sent).toHaveLength(2)
    expect(s.controller.$form.get()).toMatchObject({
      status: 'done',
      amountText: '',
      done: { sold: E18, bought: 150n * E18, id: '0xhash' },
    })
    expect(s.events.map((e) => (e.event === 'track' ? e.payload.event : e.event))).toEqual([
      'SWAP_INITIATED',
      'swap:initiated',
      'transaction',
      'SWAP_SUCCESS',
      'swap:success',
    ])
    expect(s.refreshes).toContain(true)
  })

  it('an allowance that covers the amount skips the approve; the swap is estimated', async () => {
    const s = await reviewing(DAI)
    const done = s.controller.confirm()
    await s.answer('allowance', { allowance: String(E18) })
    expect((s.pending('buildTransaction')[0]!.args[0] as { disableEstimate: boolean }).disableEstimate).toBe(false)
    await s.answer('buildTransaction', swapTx())
    await done
    expect(s.pending('buildApprove')).toHaveLength(0)
    expect(s.sent).toHaveLength(1)
  })

  it('the network token needs no allowance; its swap may send at most the amount sold', async () => {
    const s = await reviewing(NATIVE)
    const done = s.controller.confirm()
    await flush()
    await s.answer('buildTransaction', swapTx(String(E18 + 1n)))
    await done
    expect(s.pending('allowance')).toHaveLength(0)
    expect(s.sent).toEqual([])
    expect(s.controller.$form.get().failure).toEqual({
      key: 'swap.failed',
      values: { reason: 'The built transaction would send more than the amount being swapped' },
    })
    expect(s.controller.$form.get().amountText).toBe('')
  })

  it('a built swap that is not from the user never reaches the wallet', async () => {
    const s = await reviewing(DAI)
    const done = s.controller.confirm()
    await s.answer('allowance', { allowance: String(E18) })
    await s.answer('buildTransaction', { tx: { ...swapTx().tx, from: `${CHAIN}:${EXCHANGE}` } })
    await done
    expect(s.sent).toEqual([])
    expect(s.events.at(-1)).toMatchObject({ event: 'swap:error', payload: { message: 'The built transaction is not from your account' } })
  })

  it('selling 1 DAI, DAI.transfer(attacker, 1e18) offered as the swap never reaches the wallet', async () => {
    const s = await reviewing(DAI)
    const done = s.controller.confirm()
    await s.answer('allowance', { allowance: String(E18) })
    await s.answer('buildTransaction', swapTx('0', DAI.split(':')[2], `0xa9059cbb${word(ATTACKER)}${word(E18)}`))
    await done
    expect(s.sent).toEqual([])
    expect(failure(s)).toBe('The swap transaction calls a token directly instead of an exchange')
  })

  it('approve(attacker, 2^256 − 1) on the token sold never reaches the wallet: the swap calls another contract', async () => {
    const s = await reviewing(DAI)
    const done = s.controller.confirm()
    await s.answer('allowance', { allowance: '0' })
    await s.answer('buildApprove', approveTx(ATTACKER))
    await s.answer('buildTransaction', swapTx())
    await done
    expect(s.sent).toEqual([])
    expect(failure(s)).toBe('The swap transaction calls another contract than the one the approval is for')
  })

  it('an approve that is not an approval of the token sold is refused before the swap is built', async () => {
    const s = await reviewing(DAI)
    const done = s.controller.confirm()
    await s.answer('allowance', { allowance: '0' })
    await s.answer('buildApprove', { tx: { ...approveTx().tx, to: UNI } })
    await done
    expect(s.sent).toEqual([])
    expect(s.pending('buildTransaction')).toHaveLength(0)
    expect(failure(s)).toBe('The approve transaction is not an approval of the token being sold')
  })

  it('a swap whose binding is fine but which pays less than the minimum when tried is refused', async () => {
    const s = await reviewing(DAI)
    node.payout = (150n * E18 * 99n) / 100n - 1n
    const done = s.controller.confirm()
    await s.answer('allowance', { allowance: String(E18) })
    await s.answer('buildTransaction', swapTx())
    await done
    expect(s.sent).toEqual([])
    expect(failure(s)).toBe('The swap would pay you less UNI than the minimum received')
  })

  it('a declined swap keeps the form as it was, with the reason', async () => {
    const s = await reviewing(DAI)
    s.wallet.answer = () => Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 }))
    const done = s.controller.confirm()
    await s.answer('allowance', { allowance: String(E18) })
    await s.answer('buildTransaction', swapTx())
    await done
    expect(s.controller.$form.get()).toMatchObject({
      status: 'editing',
      amountText: '1',
      sell: DAI.toLowerCase(),
      buy: UNI.toLowerCase(),
      failure: { key: 'swap.declined' },
    })
  })

  it('a declined approve keeps the form too', async () => {
    const s = await reviewing(DAI)
    s.wallet.answer = () => Promise.reject(Object.assign(new Error('User denied transaction signature'), { code: 4001 }))
    const done = s.controller.confirm()
    await s.answer('allowance', { allowance: '0' })
    await s.answer('buildApprove', approveTx())
    await s.answer('buildTransaction', swapTx())
    await done
    expect(s.sent).toHaveLength(1)
    expect(s.controller.$form.get()).toMatchObject({ status: 'editing', amountText: '1', failure: { key: 'swap.declined' } })
  })

  it('one swap per confirmation however fast the clicks', async () => {
    const s = await reviewing(DAI)
    const first = s.controller.confirm()
    void s.controller.confirm()
    await s.answer('allowance', { allowance: String(E18) })
    await s.answer('buildTransaction', swapTx())
    await first
    expect(s.sent).toHaveLength(1)
    expect(s.pending('allowance')).toHaveLength(1)
  })

  it('a network switch empties the form and loads the new network’s tokens', async () => {
    const s = await reviewing(DAI)
    s.$context.set({ ...s.$context.get(), network: network(10) })
    const form = s.controller.$form.get()
    expect([form.status, form.amountText, form.sell, form.buy, form.quote.status]).toEqual(['editing', '', undefined, undefined, 'idle'])
    expect(s.pending('tokens').at(-1)!.args[0]).toBe('eip155:10')
  })
})

describe('a node that cannot simulate', () => {
  it('the review says so before the wallet is asked, then the swap to a contract is sent on the binding rules', async () => {
    node.simulates = false
    const s = await reviewing(DAI)
    const first = s.controller.confirm()
    await s.answer('allowance', { allowance: String(E18) })
    await s.answer('buildTransaction', swapTx())
    await first
    // Not sent yet: the review now says the swap was checked against the quote only, and is confirmed again.
    expect(s.sent).toEqual([])
    expect(s.controller.$form.get()).toMatchObject({ status: 'reviewing', checks: 'quoteOnly' })
    const second = s.controller.confirm()
    await s.answer('allowance', { allowance: String(E18) })
    await s.answer('buildTransaction', swapTx())
    await second
    expect(s.sent).toHaveLength(1)
    expect(node.requests.some((r) => r.method === 'eth_getCode' && r.params[0] === EXCHANGE)).toBe(true)
  })

  it('selling ETH to a plain account is refused there for want of a contract at the receiver', async () => {
    node.simulates = false
    const s = await reviewing(NATIVE)
    const done = s.controller.confirm()
    await flush()
    await s.answer('buildTransaction', swapTx(String(E18), ATTACKER, '0xd0e30db0'))
    await done
    expect(s.sent).toEqual([])
    expect(failure(s)).toBe('The swap transaction pays an account, not an exchange contract')
  })
})
