// The send controller over a real modal with the eip155 chain plugin, two anvil nodes and a Node wallet that signs
// with a real key: the fee is the chain's estimate, the ETH reaches the receiver, the confirmation links the
// transaction on the network that has a block explorer, and switching networks empties the form.
import { createPublicClient, http, type Hex } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { createSendController } from '../../../plugins/send/controller.js'
import { viewSendDeps } from '../../../plugins/send/wiring.js'
import { viewContext } from '../../../ui/shell/view-context.js'
import { WALLET_RDNS, balanceOf, rpc, setBalance, useHarness } from '../../chains/eip155/harness.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const h = useHarness()
const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const ETH = 10n ** 18n

async function connectedController(chainId: 31337 | 31338) {
  const url = chainId === 31337 ? h.anvilA.url : h.anvilB.url
  const wallet = h.wallet({ chains: { 31337: h.anvilA.url, 31338: h.anvilB.url }, chainId })
  await setBalance(url, wallet.address, 10n * ETH)
  await setBalance(h.anvilB.url, wallet.address, 10n * ETH)
  const modal = h.modal({ networks: chainId === 31337 ? [h.localA, h.localB] : [h.localB] })
  await modal.connect(WALLET_RDNS)
  await kernelOf(modal).connection.refreshBalance(undefined, { force: true })
  const controller = createSendController(viewSendDeps(viewContext(modal, 'send')))
  const stop = controller.start()
  return { modal, controller, stop, url }
}

describe('send controller on the eip155 chain plugin', () => {
  it('estimates the transfer on the node, sends it through the wallet, and confirms it (no link: no explorer)', async () => {
    const { controller, stop, url } = await connectedController(31337)
    expect(controller.$view.get().phase).toBe('form')
    const before = await balanceOf(url, RECEIVER)
    controller.setAmount(ETH / 2n)
    controller.setReceiver(RECEIVER)
    await vi.waitFor(() => expect(controller.$form.get().fee.status).toBe('ready'), { timeout: 10_000 })
    // A plain transfer is 21,000 gas at a price the node quotes (the next block's may be a little lower).
    const gasPrice = BigInt(await rpc(url, 'eth_gasPrice', []))
    const fee = controller.$form.get().fee.fee!
    expect(fee % 21_000n).toBe(0n)
    expect(fee / 21_000n).toBeGreaterThan(0n)
    expect(fee / 21_000n).toBeLessThanOrEqual(gasPrice * 2n)
    controller.review()
    expect(controller.$form.get().status).toBe('reviewing')
    await controller.confirm()
    expect(controller.$form.get()).toMatchObject({ status: 'sent', sent: { amount: ETH / 2n, receiver: RECEIVER } })
    expect(controller.$form.get().sent!.explorerUrl).toBeUndefined()
    // The node answers with the hash and mines the block after: the balance is read once it reports it mined.
    const { id } = controller.$form.get().sent!
    await vi.waitFor(async () => expect(await rpc(url, 'eth_getTransactionReceipt', [id])).toMatchObject({ status: '0x1' }))
    expect(await balanceOf(url, RECEIVER)).toBe(before + ETH / 2n)
    stop()
  })

  it('on a network with a block explorer, the confirmation links the transaction that moved the ETH', async () => {
    const { controller, stop, url } = await connectedController(31338)
    controller.setAmount(ETH / 4n)
    controller.setReceiver(RECEIVER)
    await vi.waitFor(() => expect(controller.$form.get().fee.status).toBe('ready'), { timeout: 10_000 })
    controller.review()
    await controller.confirm()
    const sent = controller.$form.get().sent!
    expect(sent.explorerUrl).toBe(`http://127.0.0.1:4000/tx/${sent.id}`)
    const tx = await createPublicClient({ transport: http(url) }).getTransaction({ hash: sent.id as Hex })
    expect([tx.to?.toLowerCase(), tx.value]).toEqual([RECEIVER.toLowerCase(), ETH / 4n])
    stop()
  })

  it('a network switch empties the form and drops the fee estimated for the old network', async () => {
    const { modal, controller, stop } = await connectedController(31337)
    controller.setAmount(ETH / 4n)
    controller.setReceiver(RECEIVER)
    await vi.waitFor(() => expect(controller.$form.get().fee.status).toBe('ready'), { timeout: 10_000 })
    await modal.switchNetwork('eip155:31338')
    expect(controller.$form.get()).toMatchObject({ status: 'editing', receiver: '', fee: { status: 'idle' } })
    expect(controller.$form.get().amount).toBeUndefined()
    expect(controller.$view.get().network?.caipNetworkId).toBe('eip155:31338')
    stop()
  })
})
