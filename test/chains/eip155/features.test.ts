// The eip155 chain features on a real anvil node, with tokens compiled from sandbox/contracts and a wallet that
// signs with a real key: token balances in one batched call, ERC-20 and Tether-style transfers, fee estimates,
// contract reads, EIP-712 signatures, generic wallet requests, and the clear error for an absent feature.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createPublicClient, createWalletClient, http, verifyTypedData, type Abi, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, it } from 'vitest'
import { defineNetwork } from '../../../chains/eip155/index.js'
import { chainFeature, hasChainFeature, VestibuleError, type ChainAdapter } from '../../../kernel/index.js'
import { compileContracts } from '../../../sandbox/contracts/compile.mjs'
import { ETH, KEYS, WALLET_RDNS, adapterOf, setBalance, useHarness } from './harness.js'
import type { ChainFeature } from '../../../kernel/chain-features.js'

const h = useHarness()
const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const ALL: ChainFeature[] = [
  'request',
  'sendTransaction',
  'estimateFees',
  'readContract',
  'getTokenBalances',
  'sendToken',
  'signTypedData',
  'onChainNames',
]

let demo: { address: Address; abi: Abi }
let tether: { address: Address; abi: Abi }

/** Deploys a compiled contract from KEYS[0] (the Node wallet's first account) and waits for it. */
async function deploy(name: string, args: unknown[]) {
  const { [name]: contract } = await compileContracts()
  const account = privateKeyToAccount(KEYS[0]!)
  const chain = { id: 31337, name: 'Anvil A', nativeCurrency: ETH, rpcUrls: { default: { http: [h.anvilA.url] } } }
  const wallet = createWalletClient({ account, chain, transport: http(h.anvilA.url) })
  const client = createPublicClient({ chain, transport: http(h.anvilA.url) })
  const hash = await wallet.deployContract({ abi: contract!.abi as Abi, bytecode: contract!.bytecode, args })
  const receipt = await client.waitForTransactionReceipt({ hash })
  return { address: receipt.contractAddress!, abi: contract!.abi as Abi }
}

const publicClient = () => createPublicClient({ transport: http(h.anvilA.url) })
const tokenBalance = (token: { address: Address; abi: Abi }, owner: string) =>
  publicClient().readContract({ address: token.address, abi: token.abi, functionName: 'balanceOf', args: [owner] }) as Promise<bigint>
const mined = (hash: string) => publicClient().waitForTransactionReceipt({ hash: hash as Hex })

/** An HTTP proxy in front of anvil A that counts the requests it forwards. */
async function countingProxy(): Promise<{ url: string; count: () => number; close: () => void }> {
  let count = 0
  const server: Server = createServer(async (req, res) => {
    count++
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const upstream = await fetch(h.anvilA.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.concat(chunks),
    })
    res.writeHead(upstream.status, { 'content-type': 'application/json' })
    res.end(await upstream.text())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, count: () => count, close: () => server.close() }
}

async function connected() {
  const wallet = h.wallet()
  await setBalance(h.anvilA.url, wallet.address, 10n ** 20n)
  const modal = h.modal()
  await modal.connect(WALLET_RDNS)
  return { wallet, modal, adapter: adapterOf(modal), network: h.localA }
}

describe('eip155 chain features', () => {
  beforeAll(async () => {
    await setBalance(h.anvilA.url, privateKeyToAccount(KEYS[0]!).address, 10n ** 20n)
    demo = await deploy('DemoToken', ['Demo Token', 'DEMO', 18, 1_000n * 10n ** 18n])
    tether = await deploy('TetherStyleToken', [1_000_000n * 10n ** 6n])
  }, 120_000)

  it('declares every feature and the native token address', () => {
    const { adapter } = { adapter: adapterOf(h.modal()) }
    expect(ALL.filter((f) => hasChainFeature(adapter, f))).toEqual(ALL)
    expect(adapter.nativeTokenAddress).toBe('0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee')
  })

  it('names on chain only where the network names a universal resolver that is an address', () => {
    const adapter = adapterOf(h.modal())
    const onChainNames = adapter.features!.onChainNames!
    expect(onChainNames(h.localA)).toBeUndefined()
    expect(onChainNames({ ...h.localA, contracts: { ensUniversalResolver: { address: 'javascript:alert(1)' } } } as never)).toBeUndefined()
    expect(
      Object.keys(onChainNames({ ...h.localA, contracts: { ensUniversalResolver: { address: `0x${'ab'.repeat(20)}` } } } as never)!),
    ).toEqual(['address', 'name', 'avatar'])
  })

  it('token balances of several tokens in one HTTP request; an address that is not a token is left out', async () => {
    const proxy = await countingProxy()
    try {
      const { adapter, wallet } = await connected()
      const network = defineNetwork({ ...h.localA, rpcUrls: { default: { http: [proxy.url] } } })
      const before = proxy.count()
      const balances = await chainFeature(
        adapter,
        'getTokenBalances',
      )({ owner: wallet.address, tokens: [demo.address, tether.address, RECIPIENT], network })
      expect(proxy.count() - before).toBe(1)
      expect(balances).toEqual([
        { token: demo.address, value: await tokenBalance(demo, wallet.address), decimals: 18, symbol: 'DEMO' },
        { token: tether.address, value: await tokenBalance(tether, wallet.address), decimals: 6, symbol: 'tUSD' },
      ])
      expect(balances[0]!.value).toBeGreaterThan(0n)
    } finally {
      proxy.close()
    }
  })

  it('sends an ERC-20 transfer and a Tether-style one (no return value) through the wallet', async () => {
    const { adapter, wallet, network } = await connected()
    const send = chainFeature(adapter, 'sendToken')
    const [demoBefore, tetherBefore] = await Promise.all([tokenBalance(demo, RECIPIENT), tokenBalance(tether, RECIPIENT)])
    const first = await send({ from: wallet.address, token: demo.address, to: RECIPIENT, amount: 5n * 10n ** 17n, network })
    expect((await mined(first)).status).toBe('success')
    const second = await send({ from: wallet.address, token: tether.address, to: RECIPIENT, amount: 1_250_000n, network })
    expect((await mined(second)).status).toBe('success')
    expect(await tokenBalance(demo, RECIPIENT)).toBe(demoBefore + 5n * 10n ** 17n)
    expect(await tokenBalance(tether, RECIPIENT)).toBe(tetherBefore + 1_250_000n)
    expect(wallet.callsOf('eth_sendTransaction').map((c) => (c.params as [{ to: string }])[0].to.toLowerCase())).toEqual([
      demo.address.toLowerCase(),
      tether.address.toLowerCase(),
    ])
  })

  it('estimates fees as gas × gas price in the native token (21 000 gas for a plain transfer)', async () => {
    const { adapter, wallet, network } = await connected()
    const estimate = await chainFeature(adapter, 'estimateFees')({ from: wallet.address, to: RECIPIENT, value: 1n, network })
    const gasPrice = await publicClient().getGasPrice()
    expect(estimate).toEqual({ fee: 21_000n * gasPrice, gas: 21_000n, gasPrice, decimals: 18, symbol: 'ETH' })
  })

  it('sends a transaction with data and value; reads a contract', async () => {
    const { adapter, wallet, network } = await connected()
    const hash = await chainFeature(adapter, 'sendTransaction')({ from: wallet.address, to: RECIPIENT, value: 7n, data: '0x', network })
    expect((await mined(hash)).status).toBe('success')
    expect(await chainFeature(adapter, 'readContract')({ address: demo.address, abi: demo.abi, functionName: 'name', network })).toBe(
      'Demo Token',
    )
    expect(await chainFeature(adapter, 'request')({ method: 'eth_chainId' })).toBe('0x7a69')
  })

  it('signs EIP-712 typed data that verifies for the connected address (bigints travel as strings)', async () => {
    const { adapter, wallet } = await connected()
    const typedData = {
      domain: { name: 'Vestibule', version: '1', chainId: 31337 },
      types: {
        Mail: [
          { name: 'to', type: 'address' },
          { name: 'amount', type: 'uint256' },
          { name: 'note', type: 'string' },
        ],
      },
      primaryType: 'Mail' as const,
      message: { to: RECIPIENT as Address, amount: 10n ** 30n, note: 'hello' },
    }
    const signature = await chainFeature(adapter, 'signTypedData')({ address: wallet.address, typedData })
    expect(await verifyTypedData({ address: wallet.address as Address, signature: signature as Hex, ...typedData })).toBe(true)
  })

  it('bad input is refused before the wallet is asked', async () => {
    const { adapter, wallet, network } = await connected()
    await expect(chainFeature(adapter, 'sendTransaction')({ from: wallet.address, to: RECIPIENT, data: '0xzz', network })).rejects.toThrow(
      'Transaction data must be hex',
    )
    await expect(
      chainFeature(adapter, 'sendToken')({ from: wallet.address, token: demo.address, to: 'not-an-address', amount: 1n, network }),
    ).rejects.toThrow('Invalid EVM address')
    await expect(
      chainFeature(adapter, 'sendToken')({ from: wallet.address, token: demo.address, to: RECIPIENT, amount: 0n, network }),
    ).rejects.toThrow('more than 0')
    expect(wallet.callsOf('eth_sendTransaction')).toEqual([])
  })

  it('an absent feature is a NOT_SUPPORTED error naming the chain and the feature', () => {
    const bare = { namespace: 'bip122' } as ChainAdapter
    expect(hasChainFeature(bare, 'sendToken')).toBe(false)
    const error = (() => {
      try {
        chainFeature(bare, 'sendToken')
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(VestibuleError)
    expect(error).toMatchObject({ code: 'NOT_SUPPORTED', message: 'The bip122 chain plugin cannot sendToken' })
    expect(() => chainFeature(undefined, 'request')).toThrow('No chain plugin to request with')
  })
})
