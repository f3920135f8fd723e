// The Send view's flow, kept by the modal's router (`router.flow`): a view pushed over Send (the wallet's approval) leaves the send under
// way, so the wallet's answer (the confirmation, or the reason) is there when the user is back on Send; the flow
// ends, its form and the send state emptied, once Send leaves the history, and the next Send starts a new one.
import { atom } from 'nanostores'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AccountToken, BalancesSnapshot, ChainAdapter, FeeEstimate } from '../../../kernel/index.js'
import { VestibuleError } from '../../../kernel/index.js'
import { createRouter } from '../../../kernel/router.js'
import { TYPING_PAUSE_MS, createSendController, type SendContext } from '../../../plugins/send/controller.js'
import type { SendState } from '../../../plugins/send/index.js'
import { ADDRESS, fakeAdapter, mainnet } from '../../kernel/helpers.js'

/** The view id the send plugin registers. */
const SEND_VIEW = 'Send'

const RECEIVER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const ETH = 10n ** 18n
const TX = '0xabc123'
const APPROVE = 'ApproveTransaction'

function setup() {
  const { adapter: base } = fakeAdapter()
  const estimateFees = vi.fn(async (): Promise<FeeEstimate> => ({ fee: 21_000n, decimals: 18, symbol: 'ETH' }))
  const adapter = { ...base, sendNative: vi.fn(), features: { estimateFees } } as unknown as ChainAdapter
  const token: AccountToken = { name: 'Ether', symbol: 'ETH', chainId: mainnet.caipNetworkId, decimals: 18, amount: ETH }
  const $send = atom<SendState>({ loading: false, tokenBalances: [] })
  const answers: Array<{ resolve(id: string): void; reject(error: unknown): void }> = []
  const router = createRouter({ isRegistered: () => true, close: () => undefined })
  let created = 0
  const create = () => {
    created++
    return createSendController({
      $context: atom<SendContext>({ adapter, network: mainnet, address: ADDRESS, paysOwnGas: false }),
      $balances: atom<BalancesSnapshot>({ status: 'ready', tokens: [token] }),
      // The wallet answers once the user approved or declined in the view pushed over Send.
      sendNative: () => new Promise<string>((resolve, reject) => answers.push({ resolve, reject })),
      emit: () => undefined,
      notify: () => undefined,
      $send,
    })
  }
  router.reset('Account')
  router.push(SEND_VIEW)
  /** What the Send view gets each time it is mounted. */
  const mount = () => router.flow([SEND_VIEW], create)
  return { router, mount, $send, answers, created: () => created }
}

/** Fills the form, reviews it and confirms: the wallet is asked, and shows its approval over Send. */
async function confirmSend(s: ReturnType<typeof setup>) {
  const flow = s.mount()
  flow.setAmount(ETH / 4n)
  flow.setReceiver(RECEIVER)
  await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS)
  flow.review()
  const sending = flow.confirm()
  s.router.push(APPROVE)
  return { flow, sending }
}

beforeEach(() => void vi.useFakeTimers())
afterEach(() => void vi.useRealTimers())

describe('the Send view’s flow', () => {
  it('outlives the view while the approval is shown over it: back on Send, the confirmation is there', async () => {
    const s = setup()
    const { flow, sending } = await confirmSend(s)
    expect(flow.$form.get().status).toBe('sending')
    expect(s.$send.get().loading).toBe(true)
    s.answers[0]!.resolve(TX)
    await sending
    s.router.goBack()
    const back = s.mount()
    expect(back).toBe(flow)
    expect(s.created()).toBe(1)
    expect(back.$form.get()).toMatchObject({ status: 'sent', sent: { amount: ETH / 4n, receiver: RECEIVER, id: TX } })
    // The send state was reset by the success; the confirmation is the view's alone.
    expect(s.$send.get().sendTokenAmount).toBeUndefined()
  })

  it('a decline in the approval: back on Send, the form is kept with the reason', async () => {
    const s = setup()
    const { sending } = await confirmSend(s)
    s.answers[0]!.reject(new VestibuleError('USER_REJECTED', 'declined'))
    await sending
    s.router.goBack()
    const back = s.mount()
    expect(back.$form.get()).toMatchObject({ status: 'failed', amount: ETH / 4n, receiver: RECEIVER })
    expect(back.$view.get().formError).toEqual({ key: 'send.declined' })
  })

  it('ends when Send leaves the history: the form and the send state are emptied, the next Send is a new flow', async () => {
    const s = setup()
    const flow = s.mount()
    flow.setAmount(ETH / 4n)
    flow.setReceiver(RECEIVER)
    await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS)
    expect(s.$send.get().sendTokenAmount).toBe(ETH / 4n)
    s.router.push(APPROVE)
    expect(s.mount()).toBe(flow)
    s.router.goBack()
    s.router.goBack()
    expect(flow.$form.get()).toMatchObject({ status: 'editing', receiver: '' })
    expect(s.$send.get()).toEqual({ loading: false, tokenBalances: [] })
    s.router.push(SEND_VIEW)
    const next = s.mount()
    expect(next).not.toBe(flow)
    expect(s.created()).toBe(2)
    expect(next.$form.get()).toMatchObject({ status: 'editing', receiver: '' })
  })

  it('a send the user left while the wallet was asked does not come back with the next Send', async () => {
    const s = setup()
    const { sending } = await confirmSend(s)
    s.router.reset('Account')
    s.answers[0]!.resolve(TX)
    await sending
    s.router.push(SEND_VIEW)
    expect(s.mount().$form.get()).toMatchObject({ status: 'editing', receiver: '' })
  })
})
