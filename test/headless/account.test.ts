// Balances and send without a view: the balances service a plugin provides, else the network token the kernel
// reads; the send plugin's controller created from its API and driven from the form to a sent transfer.
import { atom } from 'nanostores'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  Capabilities,
  type BalancesService,
  type BalancesSnapshot,
  type ChainAdapter,
  type FeeEstimate,
  type Modal,
} from '../../kernel/index.js'
import { accountBalances, createHeadlessModal, createSend, featureController } from '../../headless/index.js'
import { send, type SendApi } from '../../plugins/send/index.js'
import { TYPING_PAUSE_MS } from '../../plugins/send/controller.js'
import { ADDRESS, fakeAdapter, flush } from '../kernel/helpers.js'

const RECEIVER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const created: Modal[] = []
afterEach(() => {
  created.splice(0).forEach((m) => m.destroy())
  vi.useRealTimers()
})

/** A chain plugin double that estimates a fixed fee and sends the network token. */
function setup(plugins: unknown[] = []) {
  const { adapter } = fakeAdapter()
  const estimateFees = vi.fn(async (): Promise<FeeEstimate> => ({ fee: 21_000n * 10n ** 9n, decimals: 18, symbol: 'ETH' }))
  const sendNative = vi.fn(async () => '0xabc123')
  const chain = { ...adapter, sendNative, features: { estimateFees } } as ChainAdapter
  const modal = createHeadlessModal({
    projectId: 'p',
    storage: null,
    plugins: [{ name: 'eip155', setup: (ctx) => ctx.chains.register(chain) }, ...(plugins as never[])],
  })
  created.push(modal)
  return { modal, sendNative, adapter }
}

const connected = async (modal: Modal) => {
  await modal.open()
  await modal.connect('io.fake', 'eip155')
  await flush()
}

describe('accountBalances', () => {
  it('without a balances plugin: the network token the kernel read, for the connected account only', async () => {
    const { modal } = setup()
    const balances = accountBalances(modal)
    expect(balances.$balances.get()).toEqual({ status: 'idle', tokens: [] })
    await connected(modal)
    await balances.refresh()
    expect(balances.$balances.get()).toMatchObject({
      status: 'ready',
      caipAddress: `eip155:1:${ADDRESS}`,
      source: 'chain',
      tokens: [{ symbol: 'ETH', decimals: 18, chainId: 'eip155:1', amount: 1_234_567_890_000_000_000n }],
    })
    await modal.disconnect()
    expect(balances.$balances.get().tokens).toEqual([])
  })

  it("with a plugin providing Capabilities.Balances: that service's snapshot and refresh", async () => {
    const $balances = atom<BalancesSnapshot>({ status: 'loading', tokens: [] })
    const refresh = vi.fn(async () => [])
    const service: BalancesService = { $balances, refresh }
    const { modal } = setup([
      {
        name: 'balances',
        setup: (ctx: { services: { provide(t: unknown, v: unknown): void } }) => ctx.services.provide(Capabilities.Balances, service),
      },
    ])
    const balances = accountBalances(modal)
    expect(balances.$balances).toBe($balances)
    await balances.refresh({ force: true })
    expect(refresh).toHaveBeenCalledWith({ force: true })
  })
})

describe('createSend', () => {
  it("drives the send plugin's controller from the form to a sent transfer, mirrored in the plugin's send state", async () => {
    const { modal, sendNative } = setup([send()])
    await connected(modal)
    const controller = await createSend(modal)
    const stop = controller.start()
    expect(controller.$view.get()).toMatchObject({ phase: 'form', token: { symbol: 'ETH' } })
    vi.useFakeTimers()
    controller.setAmount(10n ** 17n)
    controller.setReceiver(RECEIVER)
    await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS)
    expect(controller.$form.get().fee).toMatchObject({ status: 'ready', fee: 21_000n * 10n ** 9n })
    expect((modal.getPlugin('send') as SendApi).$send.get()).toMatchObject({ receiverAddress: RECEIVER, sendTokenAmount: 10n ** 17n })
    controller.review()
    expect(controller.$form.get().status).toBe('reviewing')
    await controller.confirm()
    expect(sendNative).toHaveBeenCalledWith(expect.objectContaining({ to: RECEIVER, value: 10n ** 17n, address: ADDRESS }))
    expect(controller.$form.get()).toMatchObject({ status: 'sent', sent: { receiver: RECEIVER, amount: 10n ** 17n, id: '0xabc123' } })
    stop()
  })

  it('needs the send plugin', async () => {
    const { modal } = setup()
    await expect(createSend(modal)).rejects.toMatchObject({ code: 'MISSING_PLUGIN' })
  })

  it("reaches any feature plugin's controller by name, and says when a plugin hands out none", async () => {
    const flow = { $view: atom('v'), $form: atom('f'), start: () => () => undefined }
    const { modal } = setup([
      { name: 'flowing', setup: () => ({ createController: async () => flow }) },
      { name: 'plain', setup: () => ({ createController: 'not a function' }) },
    ])
    await expect(featureController(modal, 'flowing')).resolves.toBe(flow)
    await expect(featureController(modal, 'plain')).rejects.toMatchObject({
      code: 'NOT_SUPPORTED',
      message: 'The "plain" plugin hands out no controller',
    })
    await expect(featureController(modal, 'swap')).rejects.toMatchObject({ code: 'MISSING_PLUGIN' })
  })
})
