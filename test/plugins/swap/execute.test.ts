// A reviewed swap: approve only when the allowance is short, the swap built at 1 % slippage and sent through the
// chain plugin; hostile built transactions never reach the wallet; a decline keeps the form, a failure and a network
// switch empty it; success reports on the bus and refreshes balances and Activity.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { QUOTE_PAUSE_MS } from '../../../plugins/swap/controller.js'
import { CHAIN, DAI, E18, NATIVE, TOKENS, UNI, USER, flush, network, quoteBody, setup } from './helpers.js'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

const EXCHANGE = '0x9999999999999999999999999999999999999999'
const swapTx = (value = '0') => ({ tx: { from: `${CHAIN}:${USER}`, to: `${CHAIN}:${EXCHANGE}`, data: '0xabcdef01', amount: value, eip155: { gas: '200000', gasPrice: '1' } } })
const approveTx = { tx: { from: `${CHAIN}:${USER}`, to: DAI, data: `0x095ea7b3${'0'.repeat(128)}`, value: '0', eip155: { gas: 50000 } } }

/** A form selling `amount` of `sell` for UNI with its quote answered, under review. */
async function reviewing(sell: string, amount = '1') {
  const s = setup({ balances: [{ amount: 10n * E18 }, { address: DAI, amount: 100n * E18 }] })
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
  return s
}

describe('confirming a swap', () => {
  it('a token with a short allowance is approved first, then swapped; success empties the form and reports', async () => {
    const s = await reviewing(DAI)
    const done = s.controller.confirm()
    await s.answer('allowance', { allowance: '0' })
    expect(s.controller.$form.get().status).toBe('approving')
    await s.answer('buildApprove', approveTx)
    expect(s.sent).toEqual([{ from: USER, to: DAI.split(':')[2], data: approveTx.tx.data, value: 0n, network: network() }])
    await s.answer('allowance', { allowance: String(E18 - 1n) })
    await vi.advanceTimersByTimeAsync(10)
    await s.answer('allowance', { allowance: String(E18) })
    expect(s.pending('buildTransaction')[0]!.args[0]).toEqual({ amount: String(E18), eip155: { slippage: '1' }, from: DAI, to: UNI, userAddress: `${CHAIN}:${USER}`, disableEstimate: false })
    await s.answer('buildTransaction', swapTx())
    await done
    expect(s.sent).toHaveLength(2)
    expect(s.controller.$form.get()).toMatchObject({ status: 'done', amountText: '', done: { sold: E18, bought: 150n * E18, id: '0xhash' } })
    expect(s.events.map((e) => (e.event === 'track' ? e.payload.event : e.event))).toEqual(['SWAP_INITIATED', 'swap:initiated', 'transaction', 'SWAP_SUCCESS', 'swap:success'])
    expect(s.refreshes).toContain(true)
  })

  it('an allowance that covers the amount skips the approve', async () => {
    const s = await reviewing(DAI)
    const done = s.controller.confirm()
    await s.answer('allowance', { allowance: String(E18) })
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
    expect(s.controller.$form.get().failure).toEqual({ key: 'swap.failed', values: { reason: 'The built transaction would send more than the amount being swapped' } })
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

  it('a declined swap keeps the form as it was, with the reason', async () => {
    const s = await reviewing(DAI)
    s.wallet.answer = () => Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 }))
    const done = s.controller.confirm()
    await s.answer('allowance', { allowance: String(E18) })
    await s.answer('buildTransaction', swapTx())
    await done
    expect(s.controller.$form.get()).toMatchObject({ status: 'editing', amountText: '1', sell: DAI.toLowerCase(), buy: UNI.toLowerCase(), failure: { key: 'swap.declined' } })
  })

  it('a declined approve keeps the form too', async () => {
    const s = await reviewing(DAI)
    s.wallet.answer = () => Promise.reject(Object.assign(new Error('User denied transaction signature'), { code: 4001 }))
    const done = s.controller.confirm()
    await s.answer('allowance', { allowance: '0' })
    await s.answer('buildApprove', approveTx)
    await done
    expect(s.pending('buildTransaction')).toHaveLength(0)
    expect(s.controller.$form.get()).toMatchObject({ status: 'editing', amountText: '1', failure: { key: 'swap.declined' } })
  })

  it('an approve that is not an approval of the token sold is refused', async () => {
    const s = await reviewing(DAI)
    const done = s.controller.confirm()
    await s.answer('allowance', { allowance: '0' })
    await s.answer('buildApprove', { tx: { ...approveTx.tx, to: UNI } })
    await done
    expect(s.sent).toEqual([])
    expect(s.controller.$form.get().failure?.values?.reason).toBe('The approve transaction is not an approval of the token being sold')
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
