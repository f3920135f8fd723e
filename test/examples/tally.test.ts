// The fifth chain family example against a real node: a local Tally node that keeps balances and checks ed25519
// signatures with node:crypto, and a Wallet Standard wallet holding a real key.
import { generateKeyPairSync } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createModal } from 'vestibule'
import { chainFeature, registerChainNamespace } from 'vestibule/kernel'
import { createSiwxMessage, parseSiwxMessage } from 'vestibule/plugins/siwx/messages'
import { createTallyAdapter, defineNetwork, isAddress, tally } from '../../examples/tally/index.js'
import { startTallyNode, type TallyNode } from './tally-node.js'
import { createTallyWallet } from './tally-wallet.js'

const key = () => generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }) as JsonWebKey
const connector = {
  id: 'tally-test-wallet',
  name: 'Tally Test Wallet',
  type: 'ANNOUNCED' as const,
  namespace: 'tally' as const,
  installed: true,
}
const OTHER = 'ab'.repeat(32)
let node: TallyNode
let network: ReturnType<typeof defineNetwork>
let privateKey: JsonWebKey
let address: string

beforeAll(async () => {
  privateKey = key()
  address = (await createTallyWallet({ privateKey, chains: [] })).address
  node = await startTallyNode({ chain: 'tally:local', balances: { [address]: 5_000_000n } })
  network = defineNetwork({ reference: 'local', name: 'Tally Local', rpcUrl: node.url })
})
afterAll(() => node.stop())

async function connected(approve?: (what: string) => boolean) {
  const adapter = createTallyAdapter([network])
  const { wallet } = await createTallyWallet({ privateKey, chains: ['tally:local'], approve })
  adapter.addConnector!(connector, wallet)
  const result = await adapter.connect({ connectorId: connector.id, network })
  return { adapter, result }
}

describe('example chain family: tally', () => {
  it('connects a Wallet Standard wallet and reads the balance from the node', async () => {
    const { adapter, result } = await connected()
    expect(result).toEqual({ address, caipNetworkId: 'tally:local', supportsAllNetworks: true })
    expect(await adapter.getBalance({ address, network })).toEqual({ value: node.balance(address), decimals: 6, symbol: 'TLY' })
    expect(adapter.formatAmount(5_000_000n, network)).toBe('5')
  })

  it('signs a message the family verifies, and refuses another message or key', async () => {
    const { adapter } = await connected()
    const signature = await adapter.signMessage({ message: 'Hello Tally', address, network })
    const verify = chainFeature(adapter, 'verifyMessage')
    expect(await verify({ address, message: 'Hello Tally', signature, network })).toBe(true)
    expect(await verify({ address, message: 'Hello Tally!', signature, network })).toBe(false)
    expect(await verify({ address: OTHER, message: 'Hello Tally', signature, network })).toBe(false)
    expect(await verify({ address, message: 'Hello Tally', signature: 'zz', network })).toBe(false)
  })

  it('sends: the node checks the signature, moves the amount and charges the fee', async () => {
    const { adapter } = await connected()
    const before = node.balance(address)
    expect(await chainFeature(adapter, 'estimateFees')({ from: address, to: OTHER, network })).toEqual({
      fee: 1000n,
      decimals: 6,
      symbol: 'TLY',
    })
    const id = await adapter.sendNative!({ to: OTHER, value: 250_000n, address, network })
    expect(id).toMatch(/^[0-9a-f]{64}$/)
    expect(node.balance(OTHER)).toBe(250_000n)
    expect(node.balance(address)).toBe(before - 250_000n - 1000n)
  })

  it('a declined signature, a bad receiver and an overdraft move nothing and say why', async () => {
    const { adapter } = await connected((what) => what !== 'signTransfer')
    const before = node.balance(address)
    await expect(adapter.sendNative!({ to: OTHER, value: 1n, address, network })).rejects.toMatchObject({ code: 'USER_REJECTED' })
    await expect(adapter.sendNative!({ to: 'nope', value: 1n, address, network })).rejects.toThrow('Not a Tally address: nope')
    const rich = await connected()
    await expect(rich.adapter.sendNative!({ to: OTHER, value: 10n ** 12n, address, network })).rejects.toThrow(
      'The Tally node refused tally_sendTransfer: insufficient balance',
    )
    expect(node.balance(address)).toBe(before)
  })

  it('a node answering garbage is an error naming what it expected', async () => {
    const broken = defineNetwork({ reference: 'local', name: 'Tally Local', rpcUrl: `${node.url}nothing-here` })
    const adapter = createTallyAdapter([broken])
    await expect(adapter.getBalance({ address: 'nope', network: broken })).rejects.toThrow('Not a Tally address')
    const down = defineNetwork({ reference: 'local', name: 'Down', rpcUrl: 'http://127.0.0.1:9/' })
    await expect(createTallyAdapter([down]).getBalance({ address, network: down })).rejects.toThrow('did not answer tally_getBalance')
  })

  it('gives sign-in its scheme and its name: the message names a Tally account and parses back', async () => {
    createModal({ projectId: 'p', storage: null, plugins: [tally({ networks: [network] })] })
    const text = createSiwxMessage({
      domain: 'example.com',
      accountAddress: address,
      chainId: 'tally:local',
      uri: 'https://example.com',
      version: '1',
      nonce: 'abcdefgh12',
      issuedAt: '2026-01-01T00:00:00Z',
    })
    expect(text.split('\n')[0]).toBe('example.com wants you to sign in with your Tally account:')
    // Read back by the name the family gives, once its rule is among the reader's.
    expect(parseSiwxMessage(text, { addresses: { tally: isAddress } }).chainId).toBe('tally:local')
    expect(() => parseSiwxMessage(text)).toThrow('"Tally" accounts have no sign-in message format here')
  })

  it("a family's sign-in name that another family uses, or that is not a short word, gives it no sign-in message", () => {
    for (const [namespace, name] of [
      ['evil', 'Ethereum'],
      ['weird', 'Tally\nURI: https://evil.example'],
    ] as const) {
      registerChainNamespace(namespace)
      const net = { ...network, chainNamespace: namespace, caipNetworkId: `${namespace}:local` } as never
      const adapter = { ...createTallyAdapter([net]), namespace, networks: [net], features: { signInName: () => name } } as never
      createModal({
        projectId: 'p',
        storage: null,
        plugins: [{ name: namespace, order: 'pre', setup: (ctx) => ctx.chains.register(adapter) }],
      })
      const fields = {
        domain: 'example.com',
        accountAddress: address,
        chainId: `${namespace}:local`,
        uri: 'https://example.com',
        version: '1',
        nonce: 'abcdefgh12',
        issuedAt: '2026-01-01T00:00:00Z',
      }
      expect(() => createSiwxMessage(fields)).toThrow('is not a CAIP-2 id of a namespace with a sign-in message')
    }
  })

  it('gives Receive a payment URI, and refuses an address of the wrong shape', async () => {
    const pay = chainFeature(createTallyAdapter([network]), 'paymentUri')
    expect(await pay({ address, network })).toBe(`tally:${address}`)
    await expect(pay({ address: address.toUpperCase(), network })).rejects.toThrow('is not a Tally address')
  })

  it('refuses networks of another family, naming the plugin', () => {
    expect(() =>
      createModal({ projectId: 'p', storage: null, plugins: [tally({ networks: [{ ...network, chainNamespace: 'solana' } as never] })] }),
    ).toThrow(/tally network #1 \("Tally Local"\) is not a Tally network/)
  })
})
