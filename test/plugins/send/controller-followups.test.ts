// The send controller with the chain's own rules: the receiver checked by the chain plugin's strict address rules
// (the eip155 EIP-55 checksum) and handed to the wallet in its canonical form, the review held whenever the fee
// could not be estimated (the estimate's words beside it), the minimum balance a fee estimate reports kept (also by
// Max), the explorer's own transaction page, and the balances read again after a send until they show it.
import { atom } from 'nanostores'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AccountToken, BalancesSnapshot, CaipNetwork, ChainAdapter, FeeEstimate } from '../../../kernel/index.js'
import { rules as evmRules } from '../../../chains/eip155/address-rules.js'
import {
  BALANCE_REREAD_MS,
  TYPING_PAUSE_MS,
  createSendController,
  transactionUrl,
  type SendContext,
  type SendDeps,
} from '../../../plugins/send/controller.js'
import { FEE_MARGIN_PERCENT } from '../../../plugins/send/rules.js'
import { ADDRESS, fakeAdapter, mainnet } from '../../kernel/helpers.js'

const CHECKSUMMED = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
// One letter's case changed: structurally an address, but not its checksum.
const MISTYPED = '0x90f79bf6EB2c4f870365E785982E1f101E93b906'
const ETH = 10n ** 18n
const FEE = 21_000n * 10n ** 9n
const TX = '0xabc123'
const TOKEN = `eip155:1:0x${'d'.repeat(40)}` as const
const native = (amount: bigint): AccountToken => ({ name: 'Ether', symbol: 'ETH', chainId: mainnet.caipNetworkId, decimals: 18, amount })
const token = (amount: bigint): AccountToken => ({
  name: 'Demo',
  symbol: 'DEMO',
  chainId: mainnet.caipNetworkId,
  decimals: 18,
  amount,
  address: TOKEN,
})

function setup(
  options: {
    estimate?: () => Promise<FeeEstimate>
    tokens?: AccountToken[]
    refresh?: SendDeps['refreshBalances']
    features?: Record<string, unknown>
    network?: CaipNetwork
  } = {},
) {
  const { adapter: base } = fakeAdapter()
  const estimateFees = vi.fn(options.estimate ?? (async (): Promise<FeeEstimate> => ({ fee: FEE, decimals: 18, symbol: 'ETH' })))
  const sendToken = vi.fn(async () => TX)
  const adapter = {
    ...base,
    sendNative: async () => TX,
    addressRules: async () => evmRules,
    features: { estimateFees, sendToken, ...options.features },
  } as ChainAdapter
  const $context = atom<SendContext>({ adapter, network: options.network ?? mainnet, address: ADDRESS, paysOwnGas: false })
  const $balances = atom<BalancesSnapshot>({ status: 'ready', tokens: options.tokens ?? [native(ETH)] })
  const sendNative = vi.fn<SendDeps['sendNative']>(async () => TX)
  const refreshBalances = vi.fn(options.refresh ?? (() => undefined))
  const controller = createSendController({
    $context,
    $balances,
    refreshBalances,
    sendNative,
    emit: () => undefined,
    notify: () => undefined,
  })
  controller.start()
  return { controller, $balances, estimateFees, sendNative, sendToken, refreshBalances }
}

const pause = (ms = TYPING_PAUSE_MS) => vi.advanceTimersByTimeAsync(ms)

beforeEach(() => void vi.useFakeTimers())
afterEach(() => void vi.useRealTimers())

describe('the receiver, by the chain plugin’s strict address rules', () => {
  it('a wrong-checksum EVM address is refused with the rule’s words; no fee is asked, no review', async () => {
    const { controller, estimateFees } = setup()
    await pause(0)
    controller.setAmount(ETH / 4n)
    controller.setReceiver(MISTYPED)
    controller.blurReceiver()
    await pause()
    expect(controller.$view.get().receiverBlocked).toBe(true)
    expect(controller.$view.get().receiverError).toEqual({
      key: 'send.receiverRule',
      values: { reason: expect.stringContaining('does not match its EIP-55 checksum') },
    })
    expect(estimateFees).not.toHaveBeenCalled()
    controller.review()
    expect(controller.$form.get().status).toBe('editing')
    // The receiver's error is the one shown: no review reason repeats it.
    expect(controller.$view.get().formError).toBeUndefined()
  })

  it('an all-lowercase EVM address is estimated and sent in its checksummed form', async () => {
    const { controller, estimateFees, sendNative } = setup()
    await pause(0)
    controller.setAmount(ETH / 4n)
    controller.setReceiver(CHECKSUMMED.toLowerCase())
    expect(controller.$view.get().receiver).toBe(CHECKSUMMED)
    await pause()
    expect(estimateFees).toHaveBeenCalledWith(expect.objectContaining({ to: CHECKSUMMED }))
    controller.review()
    await controller.confirm()
    expect(sendNative).toHaveBeenCalledWith({ to: CHECKSUMMED, value: ETH / 4n })
    expect(controller.$form.get().sent?.receiver).toBe(CHECKSUMMED)
  })

  it('typed before the rules are loaded: the fee is asked again for the canonical form once they are', async () => {
    const { controller, estimateFees, sendNative } = setup()
    controller.setAmount(ETH / 4n)
    controller.setReceiver(CHECKSUMMED.toLowerCase())
    await pause()
    expect(controller.$view.get().receiver).toBe(CHECKSUMMED)
    expect(estimateFees.mock.calls.map((call) => (call as unknown as [{ to: string }])[0].to)).toEqual([CHECKSUMMED])
    controller.review()
    await controller.confirm()
    expect(sendNative).toHaveBeenCalledWith({ to: CHECKSUMMED, value: ETH / 4n })
  })
})

describe('a fee that could not be estimated holds the review, on every token', () => {
  it('the network token: the estimate’s words show beside Review ("Insufficient funds …")', async () => {
    const reason = 'Insufficient funds: 0.5 LTC available, 0.5001 LTC needed for 0.5 LTC and the fee'
    const { controller } = setup({ estimate: () => Promise.reject(new Error(reason)) })
    controller.setAmount(ETH / 2n)
    controller.setReceiver(CHECKSUMMED)
    await pause()
    controller.review()
    await pause()
    expect(controller.$form.get().status).toBe('editing')
    expect(controller.$view.get().formError).toEqual({ key: 'send.feeNeeded', values: { symbol: 'ETH' } })
    expect(controller.$view.get().formReason).toEqual({ key: 'send.feeReason', values: { reason } })
  })

  it('a token: its transfer’s estimate failed, so it is not reviewed; the estimate’s words show', async () => {
    const { controller, sendToken } = setup({
      tokens: [native(ETH), token(5n * ETH)],
      estimate: () => Promise.reject(new Error('transfer amount exceeds balance')),
    })
    controller.selectToken(TOKEN)
    controller.setAmount(ETH)
    controller.setReceiver(CHECKSUMMED)
    await pause()
    expect(controller.$form.get().fee).toMatchObject({ status: 'failed', error: 'transfer amount exceeds balance' })
    controller.review()
    expect(controller.$form.get().status).not.toBe('reviewing')
    await pause()
    expect(controller.$form.get().status).toBe('editing')
    expect(controller.$view.get().formError).toEqual({ key: 'send.feeHeld' })
    expect(controller.$view.get().formReason).toEqual({ key: 'send.feeReason', values: { reason: 'transfer amount exceeds balance' } })
    await controller.confirm()
    expect(sendToken).not.toHaveBeenCalled()
  })
})

describe('what the sender must keep (a minimum balance the estimate reports)', () => {
  const RESERVE = ETH / 100n
  const estimate = async (): Promise<FeeEstimate> => ({ fee: FEE, reserve: RESERVE, decimals: 18, symbol: 'ETH' })

  it('a send that would leave less is caught in the form and not reviewed; one that leaves it is', async () => {
    const { controller } = setup({ estimate })
    controller.setReceiver(CHECKSUMMED)
    controller.setAmount(ETH - FEE - RESERVE + 1n)
    await pause()
    expect(controller.$view.get().keepShort).toEqual({ key: 'send.mustKeep', values: { amount: expect.stringMatching(/ ETH$/) } })
    expect(controller.$view.get().gasShort).toBe(false)
    controller.review()
    expect(controller.$form.get().status).toBe('editing')
    controller.setAmount(ETH - FEE - RESERVE)
    await pause()
    expect(controller.$view.get().keepShort).toBeUndefined()
    controller.review()
    expect(controller.$form.get().status).toBe('reviewing')
  })

  it('Max leaves it too, with the fee and its margin', async () => {
    const { controller } = setup({ estimate })
    controller.setReceiver(CHECKSUMMED)
    controller.setAmount(ETH / 2n)
    await pause()
    expect(controller.$view.get().max).toBe(ETH - FEE - (FEE * FEE_MARGIN_PERCENT) / 100n - RESERVE)
  })
})

describe('the explorer’s transaction page', () => {
  const explorer = (transactionPath?: string): CaipNetwork => ({
    ...mainnet,
    blockExplorers: { default: { name: 'X', url: 'https://x.example/', ...(transactionPath ? { transactionPath } : {}) } },
  })

  it('is the explorer’s transactionPath, else /tx/{id}; a path that leaves the explorer counts as none', () => {
    expect(transactionUrl(explorer('/extrinsic/{id}'), 'abc')).toBe('https://x.example/extrinsic/abc')
    expect(transactionUrl(explorer('/#/tx/{id}?tab=overview'), 'abc')).toBe('https://x.example/#/tx/abc?tab=overview')
    expect(transactionUrl(explorer(), 'abc')).toBe('https://x.example/tx/abc')
    for (const hostile of ['//evil.example/{id}', '/../{id}', 'javascript:{id}', '/tx/', '@evil.example/{id}']) {
      expect(transactionUrl(explorer(hostile), 'abc')).toBe('https://x.example/tx/abc')
    }
  })

  it('the confirmation links the explorer’s own page', async () => {
    const { controller } = setup({ network: explorer('/extrinsic/{id}') })
    controller.setAmount(ETH / 4n)
    controller.setReceiver(CHECKSUMMED)
    await pause()
    controller.review()
    await controller.confirm()
    expect(controller.$form.get().sent?.explorerUrl).toBe(`https://x.example/extrinsic/${TX}`)
  })
})

describe('the balances after a send', () => {
  const sent = async (s: ReturnType<typeof setup>) => {
    s.controller.setAmount(ETH / 4n)
    s.controller.setReceiver(CHECKSUMMED)
    await pause()
    s.controller.review()
    await s.controller.confirm()
  }

  it('are read again, past their cache, until the sent token no longer shows the amount from before', async () => {
    let reads = 0
    const s = setup({
      refresh: async (force) => {
        // The source answers with the old balance twice, then with the new one.
        if (force && ++reads === 3) s.$balances.set({ status: 'ready', tokens: [native((ETH * 3n) / 4n - FEE)] })
      },
    })
    await sent(s)
    // While the wallet was asked, the form showed the balance from before.
    expect(s.refreshBalances.mock.calls).toEqual([[false], [true]])
    await pause(BALANCE_REREAD_MS[0] - 1)
    expect(s.refreshBalances).toHaveBeenCalledTimes(2)
    await pause(1)
    expect(s.refreshBalances).toHaveBeenCalledTimes(3)
    await pause(BALANCE_REREAD_MS[1])
    expect(s.refreshBalances).toHaveBeenCalledTimes(4)
    expect(s.controller.$view.get().tokens[0]!.amount).toBe((ETH * 3n) / 4n - FEE)
    await pause(60_000)
    expect(s.refreshBalances).toHaveBeenCalledTimes(4)
  })

  it('once read with the send in them, they are not read again', async () => {
    const s = setup({ refresh: async (force) => void (force && s.$balances.set({ status: 'ready', tokens: [native(ETH / 2n)] })) })
    await sent(s)
    await pause(60_000)
    expect(s.refreshBalances.mock.calls).toEqual([[false], [true]])
    expect(s.controller.$view.get().tokens[0]!.amount).toBe(ETH / 2n)
  })
})
