// Where the native balance comes from when the network's public RPC cannot be reached: the host's RPC URLs in
// order, then the connected wallet (its node through eth_getBalance, or its EIP-7811 asset list when its
// EIP-5792 capabilities offer one). Real anvil nodes; the unreachable RPC is a closed 127.0.0.1 port.
import { createServer } from 'node:net'
import { beforeAll, describe, expect, it } from 'vitest'
import { defineNetwork, type Eip155Network } from '../../../chains/eip155/index.js'
import { ETH, WALLET_RDNS, accountOf, adapterOf, setBalance, useHarness } from './harness.js'
import type { NodeWallet } from './node-wallet.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const h = useHarness()
let closed: string
/** Chain 31337 whose only RPC URL refuses connections, and one that lists that URL before anvil A's. */
let unreachable: Eip155Network
let closedThenAnvil: Eip155Network

/** A local port nothing listens on: bound once, then released. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

beforeAll(async () => {
  closed = `http://127.0.0.1:${await closedPort()}`
  unreachable = defineNetwork({ id: 31337, name: 'Anvil A', nativeCurrency: ETH, rpcUrls: { default: { http: [closed] } }, testnet: true })
  closedThenAnvil = defineNetwork({
    id: 31337,
    name: 'Anvil A',
    nativeCurrency: ETH,
    rpcUrls: { default: { http: [closed, h.anvilA.url] } },
    testnet: true,
  })
})

/** Answers `method` itself instead of the wallet; other calls go on to the wallet (and are recorded). */
function answer(wallet: NodeWallet, answers: Record<string, (params: unknown) => unknown>) {
  const original = wallet.provider.request
  wallet.provider.request = async (args) => {
    const own = answers[args.method]
    if (!own) return original(args)
    wallet.calls.push(args)
    return own(args.params)
  }
}

async function balanceWith(wallet: NodeWallet, network: Eip155Network) {
  const modal = h.modal({ networks: [network] })
  await modal.connect(WALLET_RDNS)
  await kernelOf(modal).connection.refreshBalance('eip155', { force: true })
  return { modal, account: accountOf(modal) }
}

describe('the native balance when the public RPC cannot be reached', () => {
  it("asks the wallet's node (eth_getBalance) while the wallet is on that network", async () => {
    const wallet = h.wallet()
    await setBalance(h.anvilA.url, wallet.address, 1_234_500_000_000_000_000n)
    const { account } = await balanceWith(wallet, unreachable)
    expect(account).toMatchObject({
      balanceStatus: 'ready',
      balanceValue: 1_234_500_000_000_000_000n,
      balance: '1.234',
      balanceSymbol: 'ETH',
    })
    expect(wallet.callsOf('eth_getBalance').at(-1)?.params).toEqual([wallet.address, 'latest'])
  })

  it("the host's RPC URLs come first: the second URL answers and the wallet is not asked", async () => {
    const wallet = h.wallet()
    await setBalance(h.anvilA.url, wallet.address, 7n * 10n ** 18n)
    const { account } = await balanceWith(wallet, closedThenAnvil)
    expect(account).toMatchObject({ balanceStatus: 'ready', balanceValue: 7n * 10n ** 18n })
    expect(wallet.callsOf('eth_getBalance')).toEqual([])
  })

  it('asks wallet_getAssets (EIP-7811) when the wallet offers assetDiscovery and its node cannot answer', async () => {
    const wallet = h.wallet()
    answer(wallet, {
      eth_getBalance: () => Promise.reject({ code: -32603, message: 'node down' }),
      wallet_getCapabilities: () => ({ '0x7a69': { assetDiscovery: { supported: true } } }),
      wallet_getAssets: () => ({
        '0x7a69': [
          { address: '0x0000000000000000000000000000000000000001', balance: '0x1', type: 'erc20' },
          { address: 'native', balance: '0x29a2241af62c0000', type: 'native', metadata: null },
        ],
      }),
    })
    const { account } = await balanceWith(wallet, unreachable)
    expect(account).toMatchObject({ balanceStatus: 'ready', balanceValue: 3n * 10n ** 18n, balance: '3' })
    expect(wallet.callsOf('wallet_getCapabilities')[0]?.params).toEqual([wallet.address, ['0x7a69']])
    expect(wallet.callsOf('wallet_getAssets')[0]?.params).toEqual([
      { account: wallet.address, chainFilter: ['0x7a69'], assetTypeFilter: ['native'] },
    ])
  })

  it('does not take the balance of another chain from a wallet on that other chain; without assetDiscovery it is unavailable', async () => {
    const wallet = h.wallet({ chains: { 31337: h.anvilA.url, 31338: h.anvilB.url }, chainId: 31337 })
    answer(wallet, { wallet_getCapabilities: () => ({ '0x7a69': { atomic: { status: 'supported' } } }) })
    const modal = h.modal({ networks: [unreachable] })
    await modal.connect(WALLET_RDNS)
    wallet.chainId = 31338 // moved in the wallet; the page has not been told yet
    await kernelOf(modal).connection.refreshBalance('eip155', { force: true })
    expect(accountOf(modal)?.balanceStatus).toBe('unavailable')
    expect(wallet.callsOf('eth_getBalance')).toEqual([])
    expect(wallet.callsOf('wallet_getAssets')).toEqual([])
  })

  it.each<[string, unknown]>([
    ['a balance that is not hex', { '0x7a69': [{ address: 'native', balance: '1000000000000000000', type: 'native' }] }],
    ['a balance over 256 bits', { '0x7a69': [{ address: 'native', balance: `0x1${'0'.repeat(64)}`, type: 'native' }] }],
    ['no native entry', { '0x7a69': [{ address: '0x0000000000000000000000000000000000000001', balance: '0x1', type: 'erc20' }] }],
    ['a list where the chain should be', [{ address: 'native', balance: '0x1', type: 'native' }]],
    ['another chain only', { '0x1': [{ address: 'native', balance: '0x1', type: 'native' }] }],
    ['an inherited key', Object.create({ '0x7a69': [{ address: 'native', balance: '0x1', type: 'native' }] })],
  ])('a hostile asset answer (%s) leaves the balance unavailable and the modal usable', async (_what, assets) => {
    const wallet = h.wallet()
    answer(wallet, {
      eth_getBalance: () => '0xZZ',
      wallet_getCapabilities: () => ({ '0x0': { assetDiscovery: { supported: true } } }),
      wallet_getAssets: () => assets,
    })
    const { modal, account } = await balanceWith(wallet, unreachable)
    expect(account?.balanceStatus).toBe('unavailable')
    expect(wallet.callsOf('wallet_getAssets').length).toBeGreaterThan(0)
    expect(await modal.signMessage('still usable')).toMatch(/^0x[0-9a-f]{130}$/)
  })

  it('without a connected wallet the RPC error stands', async () => {
    const adapter = adapterOf(h.modal({ networks: [unreachable] }))
    await expect(adapter.getBalance({ address: '0x0000000000000000000000000000000000000001', network: unreachable })).rejects.toThrow()
  })
})
