// The swap tried on a real node (anvil, eth_simulateV1) before the wallet is asked: an honest swap passes, alone or
// after its approve; one that pays someone else, pays less than the minimum, takes other tokens, approves another
// spender or reverts is refused. A node without eth_simulateV1 (anvil behind a proxy that refuses the method) is
// named as unable to simulate, and the swap then needs a contract at its receiver.
import { createServer, type Server } from 'node:http'
import { encodeFunctionData, parseAbi } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { rpc, startAnvil } from '../../../sandbox/anvil.mjs'
import { deploySwapPools } from '../../../sandbox/contracts/pools.mjs'
import { canSimulate, checkSwap, type SimulatedCall } from '../../../plugins/swap/simulate.js'
import type { SwapToken } from '../../../plugins/swap/parse.js'

const DEPLOYER = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
/** anvil's second development account: 10 000 ETH; given DEMO and WETH below. */
const USER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const ATTACKER = '0x000000000000000000000000000000000000a77a'
const E18 = 10n ** 18n
const ABI = parseAbi([
  'function approve(address spender, uint256 value) returns (bool)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function quote(address tokenIn, address tokenOut, uint256 amountIn) view returns (uint256)',
  'function swap(address tokenIn, address tokenOut, uint256 amountIn, uint256 minOut, address to) returns (uint256)',
  'function swapEthIn(address tokenOut, uint256 minOut, address to) payable returns (uint256)',
  'function deposit() payable',
])

let anvil: Awaited<ReturnType<typeof startAnvil>>
let market: Awaited<ReturnType<typeof deploySwapPools>>
let proxy: Server
let proxyUrl: string
let tokens: Record<'ETH' | 'DEMO' | 'SDOL', SwapToken>

const network = (url: string, id = 31337) =>
  ({
    id,
    caipNetworkId: `eip155:${id}`,
    chainNamespace: 'eip155',
    name: `Chain ${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  }) as never
const token = (address: string, symbol: string): SwapToken => ({
  caip: `eip155:31337:${address.toLowerCase()}`,
  address: address.toLowerCase(),
  native: false,
  name: symbol,
  symbol,
  decimals: 18,
})
const call = (to: string, functionName: string, args: readonly unknown[], value = 0n): SimulatedCall => ({
  to: to.toLowerCase(),
  data: encodeFunctionData({ abi: ABI, functionName: functionName as never, args: args as never }),
  value,
})
const mined = (hash: string) =>
  vi.waitFor(
    async () => {
      const receipt = await rpc(anvil.url, 'eth_getTransactionReceipt', [hash])
      if (!receipt) throw new Error(`${hash} is not mined yet`)
      return receipt
    },
    { timeout: 10_000, interval: 20 },
  )
const sendAs = async (from: string, tx: SimulatedCall) =>
  mined(await rpc(anvil.url, 'eth_sendTransaction', [{ from, to: tx.to, data: tx.data, value: `0x${tx.value.toString(16)}` }]))
const quote = async (from: SwapToken, to: string, amount: bigint) => {
  const read = call(market.exchange, 'quote', [from.native ? market.weth : from.address, to, amount])
  return BigInt(await rpc(anvil.url, 'eth_call', [{ to: read.to, data: read.data }, 'latest']))
}

beforeAll(async () => {
  anvil = await startAnvil()
  market = await deploySwapPools({ url: anvil.url, demo: undefined })
  const demo = market.tokens.find((t) => t.symbol === 'DEMO')!.address
  const sdol = market.tokens.find((t) => t.symbol === 'SDOL')!.address
  tokens = {
    ETH: {
      caip: 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
      address: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
      native: true,
      name: 'Ether',
      symbol: 'ETH',
      decimals: 18,
    },
    DEMO: token(demo, 'DEMO'),
    SDOL: token(sdol, 'SDOL'),
  }
  await sendAs(DEPLOYER, call(demo, 'transfer', [USER, 100n * E18]))
  await sendAs(USER, call(market.weth, 'deposit', [], E18))
  // A node without eth_simulateV1: the same anvil behind a proxy that answers "method not found" for it.
  proxy = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: number; method: string }
    const answer =
      body.method === 'eth_simulateV1'
        ? { jsonrpc: '2.0', id: body.id, error: { code: -32601, message: 'the method eth_simulateV1 does not exist/is not available' } }
        : await (
            await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
          ).json()
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer))
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`
})

afterAll(async () => {
  proxy?.closeAllConnections()
  await new Promise((resolve) => proxy?.close(resolve))
  await anvil?.stop()
})

describe('the swap tried on anvil', () => {
  const sellDemo = async (payee = USER, approveTo = market.exchange) => {
    const amount = 10n * E18
    const quoted = await quote(tokens.DEMO, tokens.SDOL.address, amount)
    const minimum = (quoted * 99n) / 100n
    const calls = [
      call(tokens.DEMO.address, 'approve', [approveTo, amount]),
      call(market.exchange, 'swap', [tokens.DEMO.address, tokens.SDOL.address, amount, minimum, payee]),
    ]
    return {
      network: network(anvil.url),
      user: USER,
      calls,
      sell: tokens.DEMO,
      buy: tokens.SDOL,
      amount,
      minimum,
      spender: market.exchange.toLowerCase(),
    }
  }

  it('an honest approve + swap, simulated together in one block, passes; so does an ETH swap alone', async () => {
    expect(await checkSwap(await sellDemo())).toBe('simulated')
    const amount = E18 / 100n
    const minimum = ((await quote(tokens.ETH, tokens.DEMO.address, amount)) * 99n) / 100n
    const swap = call(market.exchange, 'swapEthIn', [tokens.DEMO.address, minimum, USER], amount)
    expect(
      await checkSwap({
        network: network(anvil.url),
        user: USER,
        calls: [swap],
        sell: tokens.ETH,
        buy: tokens.DEMO,
        amount,
        minimum,
        spender: market.exchange.toLowerCase(),
      }),
    ).toBe('simulated')
    expect(await canSimulate(network(anvil.url), USER)).toBe(true)
  })

  it('the real exchange paying someone else: the binding rules pass it, the simulation refuses it', async () => {
    await expect(checkSwap(await sellDemo(ATTACKER))).rejects.toThrow('The swap would pay you less SDOL than the minimum received')
  })

  it('a minimum above what the pool pays (a quote that cannot be true) is refused', async () => {
    const p = await sellDemo()
    await expect(checkSwap({ ...p, minimum: p.minimum * 2n })).rejects.toThrow('less SDOL than the minimum received')
  })

  it('more of the sold token, another token leaving, another spender approved, or a revert: refused', async () => {
    const p = await sellDemo()
    await expect(checkSwap({ ...p, amount: p.amount - 1n })).rejects.toThrow('The swap would take more DEMO than you chose')
    await expect(checkSwap({ ...p, calls: [...p.calls, call(market.weth, 'transfer', [ATTACKER, 1n])] })).rejects.toThrow(
      'The swap would take other tokens from your account',
    )
    await expect(checkSwap({ ...p, calls: [call(tokens.DEMO.address, 'approve', [ATTACKER, p.amount]), ...p.calls] })).rejects.toThrow(
      'The swap would let another account spend your tokens',
    )
    await expect(checkSwap({ ...p, calls: p.calls.slice(1) })).rejects.toThrow(/^The swap fails when tried on the network/)
  })

  it('selling ETH to a plain account: refused by the simulation, and where the node cannot simulate, by the missing contract', async () => {
    const amount = E18 / 100n
    const toAccount = {
      network: network(anvil.url),
      user: USER,
      calls: [{ to: ATTACKER, data: '0xd0e30db0', value: amount }],
      sell: tokens.ETH,
      buy: tokens.DEMO,
      amount,
      minimum: 1n,
      spender: ATTACKER,
    }
    await expect(checkSwap(toAccount)).rejects.toThrow('less DEMO than the minimum received')
    await expect(checkSwap({ ...toAccount, network: network(proxyUrl, 31338) })).rejects.toThrow(
      'The swap transaction pays an account, not an exchange contract',
    )
  })

  it('a node without eth_simulateV1 is named as such; a swap calling a contract then rests on the binding rules', async () => {
    expect(await canSimulate(network(proxyUrl, 31339), USER)).toBe(false)
    expect(await checkSwap({ ...(await sellDemo()), network: network(proxyUrl, 31340) })).toBe('unsupported')
  })
})
