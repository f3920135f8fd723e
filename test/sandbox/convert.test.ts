// The sandbox's swap endpoints: the token list, quotes read from the pools on chain (x * y = k with a 0.3 % fee),
// the allowance, and approve and swap calldata that the local chain executes as quoted.
import { decodeFunctionResult, encodeFunctionData, parseAbi } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { rpc, startAnvil } from '../../sandbox/anvil.mjs'
import { deployDemoAssets, DEPLOYER } from '../../sandbox/assets.mjs'
import { deploySwapPools } from '../../sandbox/contracts/pools.mjs'
import { ATTACKER, NATIVE } from '../../sandbox/provider-api/convert.mjs'
import { startProviderApi } from '../../sandbox/provider-api/server.mjs'
import { balanceOf } from '../../sandbox/provider-api/chain-data.mjs'

let anvil: Awaited<ReturnType<typeof startAnvil>>
let api: Awaited<ReturnType<typeof startProviderApi>>
let market: Awaited<ReturnType<typeof deploySwapPools>> & { chainId: string }
let demo: string
/** anvil's second development account: unlocked, 10 000 ETH, no tokens. */
let USER: string
const CHAIN = 'eip155:31337'
const caip = (address: string) => `${CHAIN}:${address}`

const get = async (path: string) => {
  const response = await fetch(`${api.url}${path}`)
  return { status: response.status, body: (await response.json()) as any }
}
const post = async (path: string, body: unknown) => {
  const response = await fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as any }
}
/** Sends a built transaction from USER as a wallet would, and waits for it to be mined. */
async function execute(tx: { to: string; data: string; amount?: string; value?: string }) {
  const value = BigInt(tx.amount ?? tx.value ?? '0')
  const hash = await rpc(anvil.url, 'eth_sendTransaction', [
    { from: USER, to: tx.to.split(':')[2], data: tx.data, value: `0x${value.toString(16)}` },
  ])
  const receipt = await vi.waitFor(
    async () => {
      const found = await rpc(anvil.url, 'eth_getTransactionReceipt', [hash])
      if (!found) throw new Error(`${hash} is not mined yet`)
      return found
    },
    { timeout: 10_000, interval: 25 },
  )
  return receipt.status
}
const amountOut = (amountIn: bigint, reserveIn: bigint, reserveOut: bigint) =>
  (amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n)
const RESERVES_ABI = parseAbi(['function getReserves(address tokenIn, address tokenOut) view returns (uint256, uint256)'])
/** A pool's reserves as the chain holds them now (the swaps other tests make move them). */
async function reserves(tokenIn: string, tokenOut: string) {
  const data = encodeFunctionData({
    abi: RESERVES_ABI,
    functionName: 'getReserves',
    args: [tokenIn as `0x${string}`, tokenOut as `0x${string}`],
  })
  const result = await rpc(anvil.url, 'eth_call', [{ to: market.exchange, data }, 'latest'])
  return decodeFunctionResult({ abi: RESERVES_ABI, functionName: 'getReserves', data: result as `0x${string}` })
}

beforeAll(async () => {
  anvil = await startAnvil()
  USER = ((await rpc(anvil.url, 'eth_accounts')) as string[])[1]!
  api = await startProviderApi({ rpcUrls: { [CHAIN]: anvil.url } })
  const assets = await deployDemoAssets({ url: anvil.url, owner: DEPLOYER, imageBase: api.url })
  api.setAssets({ tokens: assets.tokens.map((t) => ({ ...t, chainId: CHAIN })), nfts: [] })
  demo = assets.tokens.find((t) => t.symbol === 'DEMO')!.address
  market = { chainId: CHAIN, ...(await deploySwapPools({ url: anvil.url, demo })) }
  api.convert.setMarket(market)
}, 60_000)
afterAll(async () => {
  await api?.stop()
  await anvil?.stop()
})

describe('convert endpoints', () => {
  it('lists ETH, the wrapper and the pooled tokens with CAIP-10 addresses, decimals and prices; another chain gets none', async () => {
    const { body } = await get(`/v1/convert/tokens?chainId=${CHAIN}`)
    expect(body.tokens.map((t: any) => t.symbol)).toEqual(['ETH', 'WETH', 'DEMO', 'SDOL'])
    expect(body.tokens[0]).toMatchObject({ address: caip(NATIVE), decimals: 18, price: 3012.45 })
    expect(body.tokens[2]).toMatchObject({ address: caip(demo), decimals: 18, price: 1.25 })
    expect((await get('/v1/convert/tokens?chainId=eip155:1')).body.tokens).toEqual([])
  })

  it('quotes ETH → DEMO from the pool reserves with the 0.3 % fee', async () => {
    const [eth, demoReserve] = await reserves(market.weth, demo)
    const amount = 10n ** 17n
    const { body } = await get(
      `/v1/convert/quotes?amount=${amount}&userAddress=${caip(USER)}&from=${caip(NATIVE)}&to=${caip(demo)}&gasPrice=1`,
    )
    expect(body.quotes, JSON.stringify(body)).toEqual([
      {
        id: null,
        fromAmount: String(amount),
        fromAccount: caip(NATIVE),
        toAmount: String(amountOut(amount, eth, demoReserve)),
        toAccount: caip(demo),
      },
    ])
  })

  it('refuses a pair no pool trades, an amount that is not base units, and answers "Network not supported for Swaps" without a market', async () => {
    const other = '0x0000000000000000000000000000000000000001'
    expect((await get(`/v1/convert/quotes?amount=1&userAddress=${caip(USER)}&from=${caip(NATIVE)}&to=${caip(other)}`)).status).toBe(400)
    expect((await get(`/v1/convert/quotes?amount=1.5&userAddress=${caip(USER)}&from=${caip(NATIVE)}&to=${caip(demo)}`)).status).toBe(400)
    const bare = await startProviderApi({ rpcUrls: {} })
    try {
      const response = await fetch(`${bare.url}/v1/convert/quotes?amount=1`)
      expect([response.status, ((await response.json()) as any).message]).toEqual([400, 'Network not supported for Swaps'])
    } finally {
      await bare.stop()
    }
  })

  it('ETH → DEMO: no approve needed; the built swap pays at least the quote less 1 % and moves the balance by the quote', async () => {
    const amount = 10n ** 17n
    expect((await get(`/v1/convert/allowance?tokenAddress=${caip(NATIVE)}&userAddress=${caip(USER)}`)).body.allowance).toBe(
      String((1n << 256n) - 1n),
    )
    const quote = BigInt(
      (await get(`/v1/convert/quotes?amount=${amount}&userAddress=${caip(USER)}&from=${caip(NATIVE)}&to=${caip(demo)}`)).body.quotes[0]
        .toAmount,
    )
    const built = await post('/v1/convert/build-transaction', {
      projectId: 'p',
      userAddress: caip(USER),
      amount: String(amount),
      from: caip(NATIVE),
      to: caip(demo),
      eip155: { slippage: 1 },
      disableEstimate: false,
    })
    expect(built.status, JSON.stringify(built.body)).toBe(200)
    expect(built.body.tx).toMatchObject({ from: caip(USER), to: caip(market.exchange), amount: String(amount) })
    expect(BigInt(built.body.tx.eip155.gas)).toBeGreaterThan(21_000n)
    const before = await balanceOf(anvil.url, demo, USER)
    expect(await execute(built.body.tx)).toBe('0x1')
    expect((await balanceOf(anvil.url, demo, USER)) - before).toBe(quote)
  })

  it('DEMO → SDOL: allowance short, build-approve approves the exchange, then the swap runs; the allowance is then enough', async () => {
    const amount = 50n * 10n ** 18n
    const allowance = async () =>
      BigInt((await get(`/v1/convert/allowance?tokenAddress=${caip(demo)}&userAddress=${caip(USER)}`)).body.allowance)
    expect(await allowance()).toBe(0n)
    const approve = await get(
      `/v1/convert/build-approve?userAddress=${caip(USER)}&from=${caip(demo)}&to=${caip(market.tokens[0]!.address)}`,
    )
    expect(approve.body.tx).toMatchObject({ from: caip(USER), to: caip(demo), value: '0' })
    expect(await execute(approve.body.tx)).toBe('0x1')
    expect(await allowance()).toBeGreaterThanOrEqual(amount)
    const built = await post('/v1/convert/build-transaction', {
      projectId: 'p',
      userAddress: caip(USER),
      amount: String(amount),
      from: caip(demo),
      to: caip(market.tokens[0]!.address),
      eip155: { slippage: 1 },
    })
    expect(built.body.tx.amount).toBe('0')
    const sdol = market.tokens[0]!.address
    const before = await balanceOf(anvil.url, sdol, USER)
    const quote = BigInt(
      (await get(`/v1/convert/quotes?amount=${amount}&userAddress=${caip(USER)}&from=${caip(demo)}&to=${caip(sdol)}`)).body.quotes[0]
        .toAmount,
    )
    expect(await execute(built.body.tx)).toBe('0x1')
    expect((await balanceOf(anvil.url, sdol, USER)) - before).toBe(quote)
  })

  it('a held quote answers only once released', async () => {
    const hold = api.convert.hold((q: any) => q.amount === '777')
    let answered = false
    const request = get(`/v1/convert/quotes?amount=777&userAddress=${caip(USER)}&from=${caip(NATIVE)}&to=${caip(demo)}`).then(
      (r) => ((answered = true), r),
    )
    expect((await hold.held).amount).toBe('777')
    // A quote asked after it is answered first: the held one is still waiting.
    expect((await get(`/v1/convert/quotes?amount=778&userAddress=${caip(USER)}&from=${caip(NATIVE)}&to=${caip(demo)}`)).status).toBe(200)
    expect(answered).toBe(false)
    hold.release()
    expect((await request).status).toBe(200)
  })

  it('hostile answers in the real shapes: a transfer as the swap, an approval for the attacker, ETH to a plain account, the attacker paid by the exchange, impossible quotes; reset() ends them', async () => {
    const build = (from: string, to: string, amount: bigint) =>
      post('/v1/convert/build-transaction', {
        amount: String(amount),
        eip155: { slippage: '1' },
        from: caip(from),
        to: caip(to),
        userAddress: caip(USER),
        disableEstimate: true,
      })
    const word = (address: string) => address.slice(2).toLowerCase().padStart(64, '0')
    try {
      api.convert.setHostile('transfer')
      expect((await build(demo, market.tokens[0]!.address, 10n)).body.tx).toMatchObject({
        to: caip(demo),
        data: `0xa9059cbb${word(ATTACKER)}${10n.toString(16).padStart(64, '0')}`,
      })
      api.convert.setHostile('approveAttacker')
      expect(
        (await get(`/v1/convert/build-approve?userAddress=${caip(USER)}&from=${caip(demo)}&to=${caip(market.tokens[0]!.address)}`)).body.tx
          .data,
      ).toBe(`0x095ea7b3${word(ATTACKER)}${'f'.repeat(64)}`)
      api.convert.setHostile('ethToAccount')
      expect((await build(NATIVE, demo, 5n)).body.tx).toMatchObject({ to: caip(ATTACKER), amount: '5' })
      api.convert.setHostile('recipient')
      const paid = (await build(NATIVE, demo, 5n)).body.tx
      expect([paid.to, paid.data.endsWith(word(ATTACKER))]).toEqual([caip(market.exchange), true])
      api.convert.setHostile('quoteOverflow')
      const quote = async () =>
        (await get(`/v1/convert/quotes?amount=1000&userAddress=${caip(USER)}&from=${caip(NATIVE)}&to=${caip(demo)}`)).body.quotes[0]
          .toAmount
      expect(await quote()).toBe(String(1n << 256n))
      expect(() => api.convert.setHostile('nonsense')).toThrow('Unknown hostile swap mode')
    } finally {
      api.reset()
    }
    expect((await build(NATIVE, demo, 5n)).body.tx.to).toBe(caip(market.exchange))
  })
})
