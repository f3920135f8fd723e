// The send controller without React: the states from editing to sent or failed, the fee for exactly what the form
// holds (estimated once typing pauses, 300 ms, at its boundary), the one error that matters and each error cleared
// with its cause, a network switch emptying the form and the public send state, a decline as one message, the
// confirmation with the explorer link, and "Unsupported chain" decided by the estimateFees chain feature alone.
import { atom } from 'nanostores'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AccountToken, BalancesSnapshot, CaipNetwork, ChainAdapter, FeeEstimate } from '../../../kernel/index.js'
import { VestibuleError } from '../../../kernel/index.js'
import { TYPING_PAUSE_MS, createSendController, transactionUrl, type SendContext, type SendDeps } from '../../../plugins/send/controller.js'
import type { SendState } from '../../../plugins/send/index.js'
import { ADDRESS, fakeAdapter, mainnet, optimism } from '../../kernel/helpers.js'

const RECEIVER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const ETH = 10n ** 18n
const withExplorer: CaipNetwork = { ...mainnet, blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io/' } } }
const native = (network: CaipNetwork, amount: bigint): AccountToken => ({
  name: 'Ether',
  symbol: 'ETH',
  chainId: network.caipNetworkId,
  decimals: 18,
  amount,
})
const TX = '0xabc123'

/** A chain plugin double that estimates a fixed fee and sends through `sendNative`. */
function chain(fee = 21_000n * 10n ** 9n, namespace = 'eip155') {
  const { adapter } = fakeAdapter({ namespace })
  const estimateFees = vi.fn(async (): Promise<FeeEstimate> => ({ fee, decimals: 18, symbol: 'ETH' }))
  const sendNative = vi.fn(async () => TX)
  return { adapter: { ...adapter, sendNative, features: { estimateFees } } as ChainAdapter, estimateFees, sendNative }
}

function setup(
  options: {
    adapter?: ChainAdapter
    network?: CaipNetwork
    balance?: bigint
    sendNative?: SendDeps['sendNative']
    names?: SendDeps['names']
  } = {},
) {
  const c = chain()
  const adapter = options.adapter ?? c.adapter
  const network = options.network ?? withExplorer
  const $context = atom<SendContext>({ adapter, network, address: ADDRESS, paysOwnGas: false })
  const $balances = atom<BalancesSnapshot>({ status: 'ready', tokens: [native(network, options.balance ?? ETH)] })
  const $send = atom<SendState>({ loading: false, tokenBalances: [] })
  const emitted: Array<[string, unknown]> = []
  const notified: Array<[string, string]> = []
  const refreshBalances = vi.fn<(force?: boolean) => void>()
  const deps: SendDeps = {
    $context,
    $balances,
    refreshBalances,
    sendNative: options.sendNative ?? ((p) => adapter.sendNative!({ ...p, address: ADDRESS, network: $context.get().network! })),
    emit: (event, payload) => void emitted.push([event, payload]),
    notify: (variant, key) => void notified.push([variant, key]),
    $send,
    names: options.names,
  }
  const controller = createSendController(deps)
  const stop = controller.start()
  return {
    controller,
    $context,
    $balances,
    $send,
    emitted,
    notified,
    stop,
    refreshBalances,
    estimateFees: c.estimateFees,
    sendNative: c.sendNative,
  }
}

/** Lets the fee's timer fire and its promise settle. */
const pause = async (ms = TYPING_PAUSE_MS) => {
  await vi.advanceTimersByTimeAsync(ms)
}

beforeEach(() => void vi.useFakeTimers())
afterEach(() => void vi.useRealTimers())

describe('the send flow', () => {
  it('editing → estimating → editing with the fee → reviewing → sending → sent, with the explorer link', async () => {
    const { controller, emitted, notified, sendNative, refreshBalances } = setup()
    // The balances are read when the form opens, and again (past their cache) after the send.
    expect(refreshBalances.mock.calls).toEqual([[false]])
    expect(controller.$form.get().status).toBe('editing')
    controller.setAmount(ETH / 4n)
    controller.setReceiver(RECEIVER)
    expect(controller.$form.get().status).toBe('estimating')
    await pause()
    expect(controller.$form.get()).toMatchObject({ status: 'editing', fee: { status: 'ready', fee: 21_000n * 10n ** 9n } })
    controller.review()
    expect(controller.$form.get().status).toBe('reviewing')
    const sent = controller.confirm()
    expect(controller.$form.get().status).toBe('sending')
    // One send per confirmation, however fast the clicks.
    void controller.confirm()
    await sent
    expect(sendNative).toHaveBeenCalledTimes(1)
    expect(sendNative).toHaveBeenCalledWith(expect.objectContaining({ to: RECEIVER, value: ETH / 4n }))
    expect(controller.$form.get()).toMatchObject({
      status: 'sent',
      sent: { amount: ETH / 4n, receiver: RECEIVER, id: TX, explorerUrl: `https://etherscan.io/tx/${TX}` },
    })
    expect(emitted.map(([, e]) => (e as { event: string }).event)).toEqual(['SEND_INITIATED', 'SEND_SUCCESS'])
    expect(notified).toEqual([['success', 'send.started']])
    expect(refreshBalances.mock.calls).toEqual([[false], [true]])
    // The form itself is empty again; Done leaves the confirmation for it.
    expect(controller.$form.get().amount).toBeUndefined()
    controller.done()
    expect(controller.$form.get()).toMatchObject({ status: 'editing', receiver: '' })
  })

  it('no explorer link where the network has no explorer (or an id or explorer that is not one)', () => {
    expect(transactionUrl(mainnet, TX)).toBeUndefined()
    expect(transactionUrl(withExplorer, 'a/../b')).toBeUndefined()
    expect(transactionUrl({ ...mainnet, blockExplorers: { default: { name: 'x', url: 'javascript:alert(1)' } } }, TX)).toBeUndefined()
    expect(transactionUrl(withExplorer, TX)).toBe(`https://etherscan.io/tx/${TX}`)
  })

  it('the fee is asked for 300 ms after typing pauses, not before', async () => {
    const { controller, estimateFees } = setup()
    controller.setAmount(ETH / 4n)
    controller.setReceiver(RECEIVER)
    await pause(TYPING_PAUSE_MS - 1)
    expect(estimateFees).not.toHaveBeenCalled()
    await pause(1)
    expect(estimateFees).toHaveBeenCalledTimes(1)
  })

  it('after editing the amount the old fee is gone at once, and a late answer for the old amount is dropped', async () => {
    const c = chain()
    let answer!: (fee: FeeEstimate) => void
    c.estimateFees.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)))
    const { controller } = setup({ adapter: c.adapter })
    controller.setAmount(ETH / 4n)
    controller.setReceiver(RECEIVER)
    await pause()
    controller.setAmount(ETH / 2n)
    expect(controller.$form.get().fee).toEqual({ status: 'loading' })
    answer({ fee: 1n, decimals: 18, symbol: 'ETH' })
    await pause(TYPING_PAUSE_MS - 1)
    expect(controller.$form.get().fee).toEqual({ status: 'loading' })
    await pause(1)
    expect(controller.$form.get().fee).toEqual({ status: 'ready', fee: 21_000n * 10n ** 9n })
  })

  it('an amount above the balance is the one error: no fee asked for, no fee or gas error', async () => {
    const { controller, estimateFees } = setup({ balance: ETH })
    controller.setAmount(99_999n * ETH)
    controller.setReceiver(RECEIVER)
    controller.blurReceiver()
    await pause()
    expect(estimateFees).not.toHaveBeenCalled()
    const view = controller.$view.get()
    expect(view.amountError).toEqual({ key: 'send.tooMuch' })
    expect([view.gasShort, view.receiverError, controller.$form.get().fee.status]).toEqual([false, undefined, 'idle'])
    controller.review()
    expect(controller.$view.get().formError).toBeUndefined()
    expect(controller.$form.get().status).toBe('editing')
  })

  it('"Please enter a valid amount and receiver address" goes once both are valid; an invalid receiver is its own one error', async () => {
    const { controller } = setup()
    controller.setReceiver(RECEIVER)
    controller.review()
    expect(controller.$view.get().formError).toEqual({ key: 'send.invalid' })
    controller.setAmount(ETH / 4n)
    controller.setReceiver('0x1234')
    controller.review()
    expect(controller.$view.get().receiverError).toBeDefined()
    expect(controller.$view.get().formError).toBeUndefined()
    controller.setReceiver(RECEIVER)
    expect(controller.$view.get().formError).toBeUndefined()
    await pause()
    expect(controller.$view.get().formError).toBeUndefined()
    // Reviewing before the fee is known: the review opens when the fee comes.
    controller.setAmount(ETH / 2n)
    controller.review()
    expect(controller.$view.get().formError).toEqual({ key: 'send.feeWaiting', values: { symbol: 'ETH' } })
    expect(controller.$form.get().status).toBe('estimating')
    await pause()
    expect(controller.$view.get().formError).toBeUndefined()
    expect(controller.$form.get().status).toBe('reviewing')
  })

  it('Max for the network token is offered once its fee is known, and is then the balance less the fee', async () => {
    const { controller } = setup({ balance: ETH })
    expect(controller.$view.get().maxReady).toBe(false)
    controller.setAmount(ETH / 4n)
    controller.setReceiver(RECEIVER)
    expect(controller.$view.get().maxReady).toBe(false)
    await pause()
    const { fee } = controller.$form.get().fee
    expect(controller.$view.get().maxReady).toBe(true)
    expect(controller.$view.get().max! < ETH - fee!).toBe(true)
  })

  it('a network token send waits for its fee; a failed estimate is asked for again on review', async () => {
    const c = chain()
    c.estimateFees.mockRejectedValue(new Error('execution reverted'))
    const { controller } = setup({ adapter: c.adapter })
    controller.setAmount(ETH / 4n)
    controller.setReceiver(RECEIVER)
    await pause()
    expect(controller.$form.get().fee).toMatchObject({ status: 'failed', error: 'execution reverted' })
    controller.review()
    expect(controller.$form.get().status).not.toBe('reviewing')
    await pause()
    expect(c.estimateFees).toHaveBeenCalledTimes(2)
    expect(controller.$view.get().formError).toEqual({ key: 'send.feeNeeded', values: { symbol: 'ETH' } })
  })

  it('a fee the network balance cannot pay is insufficient gas, and the form is not reviewed', async () => {
    const { controller } = setup({ adapter: chain(ETH).adapter, balance: ETH / 2n })
    controller.setAmount(ETH / 4n)
    controller.setReceiver(RECEIVER)
    await pause()
    expect(controller.$view.get().gasShort).toBe(true)
    controller.review()
    expect(controller.$form.get().status).toBe('editing')
  })
})

describe('a name as the receiver', () => {
  const names = {
    isName: (text: string) => text.endsWith('.test'),
    resolve: async (name: string) => ({ 'alice.test': RECEIVER, 'bad.test': 'not an address' })[name],
  }

  it('is looked up once typing pauses; the address it stands for is what the fee and the wallet get', async () => {
    const { controller, estimateFees } = setup({ names })
    controller.setAmount(ETH / 4n)
    controller.setReceiver('alice.test')
    expect(controller.$view.get()).toMatchObject({ isName: true, lookup: { status: 'loading' }, receiver: undefined })
    await pause(TYPING_PAUSE_MS - 1)
    expect(controller.$view.get().receiver).toBeUndefined()
    await pause(1)
    expect(controller.$view.get()).toMatchObject({
      lookup: { status: 'found', address: RECEIVER },
      receiver: RECEIVER,
      receiverBlocked: false,
    })
    await pause()
    expect(estimateFees).toHaveBeenCalledWith(expect.objectContaining({ to: RECEIVER }))
  })

  it('an answer that is not an address is "no address found"', async () => {
    const { controller } = setup({ names })
    controller.setReceiver('bad.test')
    controller.blurReceiver()
    await pause()
    expect(controller.$view.get().receiverError).toEqual({ key: 'send.nameNotFound', values: { name: 'bad.test' } })
  })
})

describe('the wallet answers', () => {
  const reviewed = async (sendNative: SendDeps['sendNative']) => {
    const s = setup({ sendNative })
    s.controller.setAmount(ETH / 4n)
    s.controller.setReceiver(RECEIVER)
    await pause()
    s.controller.review()
    await s.controller.confirm()
    return s
  }

  it('a decline is one message beside the form, no failure toast; the form is kept and can be confirmed again', async () => {
    const { controller, notified, emitted } = await reviewed(async () => {
      throw new VestibuleError('USER_REJECTED', 'Transaction declined in the wallet')
    })
    expect(controller.$form.get()).toMatchObject({ status: 'failed', amount: ETH / 4n, receiver: RECEIVER })
    expect(controller.$view.get().formError).toEqual({ key: 'send.declined' })
    expect(notified).toEqual([])
    expect(emitted.map(([, e]) => (e as { event: string }).event)).toEqual(['SEND_INITIATED', 'SEND_ERROR'])
  })

  it('a wallet error shows its words beside the form and one failure toast', async () => {
    const { controller, notified } = await reviewed(async () => {
      throw new Error('nonce too low')
    })
    expect(controller.$view.get().formError).toEqual({ key: 'send.walletSays', values: { message: 'nonce too low' } })
    expect(notified).toEqual([['error', 'send.somethingWrong']])
  })
})

describe('a network switch', () => {
  it('empties the form and the public send state, and nothing writes the old amount and receiver back', async () => {
    const { controller, $context, $send, $balances, refreshBalances } = setup()
    controller.setAmount(ETH / 4n)
    controller.setReceiver(RECEIVER)
    await pause()
    expect($send.get()).toMatchObject({ sendTokenAmount: ETH / 4n, receiverAddress: RECEIVER })
    const generation = controller.$form.get().generation
    $context.set({ ...$context.get(), network: optimism })
    $balances.set({ status: 'ready', tokens: [native(optimism, ETH)] })
    await pause()
    expect(controller.$form.get()).toMatchObject({ receiver: '', status: 'editing', fee: { status: 'idle' } })
    expect(controller.$form.get().amount).toBeUndefined()
    expect(controller.$form.get().generation).toBe(generation + 1)
    expect($send.get().sendTokenAmount).toBeUndefined()
    expect($send.get().receiverAddress).toBeUndefined()
    // The new network's balances are read.
    expect(refreshBalances.mock.calls).toEqual([[false], [false]])
  })

  it('during a send: a refusal arrives for a form that no longer applies, which is emptied', async () => {
    let answer!: (error: Error) => void
    const { controller, $context } = setup({ sendNative: () => new Promise((_, reject) => (answer = reject)) })
    controller.setAmount(ETH / 4n)
    controller.setReceiver(RECEIVER)
    await pause()
    controller.review()
    const sending = controller.confirm()
    $context.set({ ...$context.get(), network: optimism })
    answer(new Error('nonce too low'))
    await sending
    expect(controller.$form.get()).toMatchObject({ status: 'editing', receiver: '' })
    expect(controller.$form.get().amount).toBeUndefined()
    expect(controller.$view.get().formError).toBeUndefined()
  })
})

describe('the send state while the wallet is asked', () => {
  it('a network switch resets it at once; the form of the network left is never written back, and the confirmation stays', async () => {
    let answer!: (id: string) => void
    const { controller, $context, $send, $balances } = setup({ sendNative: () => new Promise((resolve) => (answer = resolve)) })
    const held = () => ({
      amount: $send.get().sendTokenAmount,
      receiver: $send.get().receiverAddress,
      fee: $send.get().gasPrice,
      loading: $send.get().loading,
    })
    controller.setAmount(ETH / 4n)
    controller.setReceiver(RECEIVER)
    await pause()
    controller.review()
    const sending = controller.confirm()
    expect(held()).toEqual({ amount: ETH / 4n, receiver: RECEIVER, fee: 21_000n * 10n ** 9n, loading: true })
    const empty = { amount: undefined, receiver: undefined, fee: undefined, loading: false }
    $context.set({ ...$context.get(), network: optimism })
    expect(held()).toEqual(empty)
    // The new network's balances arrive while the wallet is still asked: the old form stays out of the state.
    $balances.set({ status: 'ready', tokens: [native(optimism, ETH)] })
    await pause()
    expect(held()).toEqual(empty)
    expect($send.get().tokenBalances.map((t) => t.chainId)).toEqual([optimism.caipNetworkId])
    answer(TX)
    await sending
    expect(controller.$form.get()).toMatchObject({ status: 'sent', sent: { amount: ETH / 4n, receiver: RECEIVER } })
    expect(held()).toEqual(empty)
  })

  it('stopping the flow (the user left it) empties the form and the send state', async () => {
    const { controller, $send, stop } = setup()
    controller.setAmount(ETH / 4n)
    controller.setReceiver(RECEIVER)
    await pause()
    expect($send.get()).toMatchObject({ sendTokenAmount: ETH / 4n, receiverAddress: RECEIVER })
    stop()
    expect(controller.$form.get()).toMatchObject({ status: 'editing', receiver: '' })
    expect($send.get()).toEqual({ loading: false, tokenBalances: [] })
  })
})

describe('"Unsupported chain"', () => {
  it('is decided by the estimateFees chain feature, whatever the family', () => {
    const other: CaipNetwork = {
      ...mainnet,
      caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
      chainNamespace: 'polkadot',
      name: 'Polkadot',
    }
    const { adapter } = chain(1n, 'polkadot')
    expect(setup({ adapter, network: other }).controller.$view.get().phase).toBe('form')
    const without = { ...adapter, features: {} } as ChainAdapter
    expect(setup({ adapter: without, network: other }).controller.$view.get().phase).toBe('unsupported')
    const { adapter: evm } = chain()
    expect(setup({ adapter: { ...evm, features: {} } as ChainAdapter }).controller.$view.get().phase).toBe('unsupported')
  })
})
