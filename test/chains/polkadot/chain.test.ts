// The polkadot adapter against a real Substrate runtime: chopsticks on the Rococo Asset Hub genesis (ROC, 12
// decimals, prefix 2), @polkadot/api over WebSocket, transfers signed by the extension's real sr25519 key.
import { describe, expect, it } from 'vitest'
import { chainFeature, hasChainFeature } from '../../../kernel/index.js'
import { decodeAddress, defineNetwork, type PolkadotNetwork } from '../../../chains/polkadot/index.js'
import { encodeAddress } from '../../../chains/polkadot/ss58-encode.js'
import * as chain from '../../../sandbox/polkadot/chain.mjs'
import { toolAvailable } from '../../setup/tools.js'
import { afterAll, beforeAll } from 'vitest'
import { EXTENSION_ID, SEEDS, accountOf, adapterOf, until, useHarness } from './harness.js'

interface Node {
  http: string
  ws: string
  genesisHash: string
  stop(): Promise<void>
}
const installed = toolAvailable(chain.chopsticksInstalled(), 'chopsticks', chain.INSTALL_COMMAND)

const ROC = 1_000_000_000_000n
const freeOf = async (node: Node, address: string): Promise<bigint> => {
  const { ApiPromise, WsProvider } = await import('@polkadot/api')
  const api = await ApiPromise.create({ provider: new WsProvider(node.ws), noInitWarn: true })
  try {
    return ((await api.query.system!.account!(address)) as unknown as { data: { free: { toBigInt(): bigint } } }).data.free.toBigInt()
  } finally {
    await api.disconnect()
  }
}

describe.skipIf(!installed)('against chopsticks', () => {
  const h = useHarness()
  let node: Node
  let network: PolkadotNetwork

  beforeAll(async () => {
    node = await chain.startChopsticks()
    network = defineNetwork(chain.networkOf(node))
  }, 120_000)
  afterAll(async () => {
    await node?.stop()
  })

  /** A connected modal whose account holds exactly `balance`. */
  const connected = async (seed: string, balance: bigint) => {
    const extension = await h.extension({ seed })
    await chain.setBalance(node.http, extension.address, balance)
    const modal = h.modal([network])
    await modal.connect(EXTENSION_ID)
    return { extension, modal, address: modal.getAccount().address! }
  }

  it('connects with the chain prefix and shows the exact free balance, truncated to 3 decimals', async () => {
    const { extension, modal, address } = await connected(SEEDS[0], 1_234_567_891_234_567n)
    expect(address).toBe(encodeAddress(extension.publicKey, 2))
    expect(modal.getAccount().caipAddress).toBe(`polkadot:${'45'.repeat(16)}:${address}`)
    const account = await until(() => accountOf(modal)?.balanceStatus === 'ready' && accountOf(modal), 30_000)
    expect(account.balanceValue).toBe(1_234_567_891_234_567n)
    expect(account.balance).toBe('1234.567')
    expect(account.balanceSymbol).toBe('ROC')
    expect(await freeOf(node, address)).toBe(1_234_567_891_234_567n)
  })

  it('sends with balances.transferKeepAlive signed by the extension; the recipient gets exactly the amount', async () => {
    const { extension, modal, address } = await connected(SEEDS[1], 50n * ROC)
    const recipient = encodeAddress((await h.extension({ seed: SEEDS[2], inject: false })).publicKey, 2)
    await chain.setBalance(node.http, recipient, 2n * ROC)
    const value = 1_234_567_890_123n
    const hash = await adapterOf(modal).sendNative!({ to: recipient, value, address, network })
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await freeOf(node, recipient)).toBe(2n * ROC + value)
    const left = await freeOf(node, address)
    expect(left).toBeLessThan(50n * ROC - value) // the fee
    expect(left).toBeGreaterThan(50n * ROC - value - ROC / 10n)
    expect(extension.prompts.at(-1)).toBe('Approve transaction')
    const payload = extension.calls.at(-1)!.params as { method: string; genesisHash: string; address: string }
    expect(payload.genesisHash).toBe(node.genesisHash)
    expect(decodeAddress(payload.address)?.publicKey).toEqual(extension.publicKey)
  })

  it('sends nothing when the user declines the transaction', async () => {
    const { extension, modal, address } = await connected(SEEDS[1], 50n * ROC)
    const recipient = encodeAddress((await h.extension({ seed: SEEDS[2], inject: false })).publicKey, 2)
    await chain.setBalance(node.http, recipient, 2n * ROC)
    extension.answers.push(false)
    await expect(adapterOf(modal).sendNative!({ to: recipient, value: ROC, address, network })).rejects.toMatchObject({
      code: 'USER_REJECTED',
      walletCode: 4001,
    })
    expect(await freeOf(node, recipient)).toBe(2n * ROC)
  })

  it('refuses a transfer the account cannot pay (amount, fee and existential deposit) before the wallet is asked', async () => {
    const { extension, modal, address } = await connected(SEEDS[1], ROC)
    const recipient = encodeAddress((await h.extension({ seed: SEEDS[2], inject: false })).publicKey, 2)
    await chain.setBalance(node.http, recipient, 2n * ROC)
    const error = await adapterOf(modal).sendNative!({ to: recipient, value: 5n * ROC, address, network }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'WALLET_ERROR' })
    expect((error as Error).message).toMatch(
      /^Insufficient balance: 1 ROC available; the transfer needs 5 ROC plus a fee of about 0\.\d+ ROC and must leave 0\.000003333333 ROC \(the existential deposit\)$/,
    )
    expect(extension.calls.map((c) => c.method)).toEqual(['enable'])
    // Exactly the balance minus nothing: the account cannot keep itself alive after amount and fee.
    const all = await adapterOf(modal).sendNative!({ to: recipient, value: ROC, address, network }).catch((e: unknown) => e)
    expect((all as Error).message).toMatch(/^Insufficient balance/)
    expect(await freeOf(node, recipient)).toBe(2n * ROC)
  })

  it('estimates the fee of the transfer it sends (paymentInfo); the chain charges exactly that', async () => {
    // An account that has not sent yet: setting a balance resets the nonce a sender's next transfer needs.
    const { modal, address } = await connected(SEEDS[0], 50n * ROC)
    const adapter = adapterOf(modal)
    expect(hasChainFeature(adapter, 'estimateFees')).toBe(true)
    expect(adapter.nativeTokenAddress).toBe('0x')
    const recipient = encodeAddress((await h.extension({ seed: SEEDS[2], inject: false })).publicKey, 2)
    await chain.setBalance(node.http, recipient, 2n * ROC)
    const value = 3n * ROC
    const estimate = await chainFeature(adapter, 'estimateFees')({ from: address, to: recipient, value, network })
    expect(estimate).toMatchObject({ decimals: 12, symbol: 'ROC' })
    expect(estimate.fee).toBeGreaterThan(0n)
    // What the sender must keep: the runtime's existential deposit, which sendNative refuses to go below.
    const { ApiPromise, WsProvider } = await import('@polkadot/api')
    const api = await ApiPromise.create({ provider: new WsProvider(node.ws), noInitWarn: true })
    const deposit = BigInt(api.consts.balances!.existentialDeposit!.toString())
    await api.disconnect()
    expect(deposit).toBeGreaterThan(0n)
    expect(estimate.reserve).toBe(deposit)
    await adapter.sendNative!({ to: recipient, value, address, network })
    expect(await freeOf(node, address)).toBe(50n * ROC - value - estimate.fee)

    // What it cannot estimate says why, without asking the node.
    const estimateFees = chainFeature(adapter, 'estimateFees')
    await expect(estimateFees({ from: address, to: '0x0000000000000000000000000000000000000001', value, network })).rejects.toThrow(
      'Invalid Polkadot address (SS58 with a valid checksum expected): 0x0000000000000000000000000000000000000001',
    )
    await expect(estimateFees({ from: address, to: recipient, data: '0x00', network })).rejects.toMatchObject({ code: 'NOT_SUPPORTED' })
  })

  it('refuses a node that serves another chain than the network says', async () => {
    const { modal, address } = await connected(SEEDS[0], ROC)
    const wrong = defineNetwork({ ...chain.networkOf(node), name: 'Impostor', genesisHash: `0x${'12'.repeat(32)}` })
    await expect(adapterOf(modal).getBalance({ address, network: wrong })).rejects.toThrow(
      `The node at ${node.ws} serves the chain with genesis ${node.genesisHash}, not Impostor`,
    )
  })
})
