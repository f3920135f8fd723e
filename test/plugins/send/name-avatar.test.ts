// A receiver typed as a name whose names service knows an avatar: the avatar follows the address (never holding
// it up), passes the image rule, and shows in the public send state; a failing or hostile avatar is simply none.
import { atom } from 'nanostores'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { BalancesSnapshot, ChainAdapter, FeeEstimate, NamesService } from '../../../kernel/index.js'
import { TYPING_PAUSE_MS, createSendController, type SendContext } from '../../../plugins/send/controller.js'
import type { SendState } from '../../../plugins/send/index.js'
import { ADDRESS, fakeAdapter, mainnet } from '../../kernel/helpers.js'

const RECEIVER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'

function setup(avatar: NamesService['avatar']) {
  const { adapter: base } = fakeAdapter()
  const estimateFees = vi.fn(async (): Promise<FeeEstimate> => ({ fee: 1n, decimals: 18, symbol: 'ETH' }))
  const adapter = { ...base, sendNative: async () => '0x1', features: { estimateFees } } as ChainAdapter
  const $send = atom<SendState>({ loading: false, tokenBalances: [] })
  const names: NamesService = { isName: (text) => text.endsWith('.test'), resolve: async () => RECEIVER, avatar }
  const controller = createSendController({
    $context: atom<SendContext>({ adapter, network: mainnet, address: ADDRESS, paysOwnGas: false }),
    $balances: atom<BalancesSnapshot>({
      status: 'ready',
      tokens: [{ name: 'Ether', symbol: 'ETH', chainId: mainnet.caipNetworkId, decimals: 18, amount: 10n ** 18n }],
    }),
    sendNative: async () => '0x1',
    emit: () => undefined,
    notify: () => undefined,
    $send,
    names,
  })
  controller.start()
  return { controller, $send, estimateFees }
}

beforeEach(() => void vi.useFakeTimers())
afterEach(() => void vi.useRealTimers())

describe("a name's avatar in send", () => {
  it('arrives after the address, which is usable before it; it is in the public send state with the name', async () => {
    let answer: (value: string) => void = () => undefined
    const { controller, $send, estimateFees } = setup(() => new Promise((resolve) => (answer = resolve)))
    controller.setAmount(10n ** 16n)
    controller.setReceiver('alice.test')
    await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS)
    expect(controller.$view.get()).toMatchObject({ lookup: { status: 'found', address: RECEIVER }, receiver: RECEIVER })
    expect(controller.$view.get().lookup?.avatar).toBeUndefined()
    answer('https://img.example/alice.png')
    await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS)
    expect(controller.$view.get().lookup).toEqual({
      name: 'alice.test',
      status: 'found',
      address: RECEIVER,
      avatar: 'https://img.example/alice.png',
    })
    expect($send.get()).toMatchObject({
      receiverAddress: RECEIVER,
      receiverProfileName: 'alice.test',
      receiverProfileImageUrl: 'https://img.example/alice.png',
    })
    // The avatar does not restart the fee: it was estimated once, for the address.
    expect(estimateFees).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['a script URL', async () => 'javascript:alert(1)'],
    ['plain http to another host', async () => 'http://tracker.example/pixel.png'],
    ['a number', async () => 7 as unknown as string],
    ['a failure', async () => Promise.reject(new Error('down'))],
    [
      'a throw',
      () => {
        throw new Error('broken')
      },
    ],
  ])('%s is no avatar; the name still resolves', async (_, avatar) => {
    const { controller, $send } = setup(avatar)
    controller.setReceiver('alice.test')
    await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS * 2)
    expect(controller.$view.get().lookup).toEqual({ name: 'alice.test', status: 'found', address: RECEIVER })
    expect($send.get().receiverProfileImageUrl).toBeUndefined()
  })

  it('an avatar for a name no longer typed is dropped', async () => {
    let answer: (value: string) => void = () => undefined
    const { controller } = setup(() => new Promise((resolve) => (answer = resolve)))
    controller.setReceiver('alice.test')
    await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS)
    controller.setReceiver(RECEIVER)
    answer('https://img.example/alice.png')
    await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS)
    expect(controller.$form.get().lookup).toBeUndefined()
    expect(controller.$view.get().lookup).toBeUndefined()
  })
})
