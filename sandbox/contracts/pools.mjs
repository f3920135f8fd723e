// The sandbox's swap market on a local EVM chain: a WETH-style wrapper, a second demo token (SDOL) and one
// exchange holding three constant-product pools (WETH/DEMO, DEMO/SDOL, WETH/SDOL), seeded by anvil's first account
// at the fixture's USD prices (ETH 3012.45, DEMO 1.25, SDOL 1), so the quoted rates and the USD values agree.
// The local chain pools the demo assets' DEMO; the sandbox L2 gets a DEMO of its own.
import { encodeDeployData, encodeFunctionData } from 'viem'
import { compileContracts } from './compile.mjs'
import { rpc } from '../net.mjs'

/** anvil's first development account: unlocked on every anvil. */
const DEPLOYER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const E18 = 10n ** 18n
const MAX = (1n << 256n) - 1n

/** Liquidity per pool, in whole tokens of each side (18 decimals each). */
export const POOL_SEEDS = [
  ['WETH', 'DEMO', 20n * E18, 48_199_200_000_000_000_000_000n],
  ['DEMO', 'SDOL', 40_000n * E18, 50_000n * E18],
  ['WETH', 'SDOL', 20n * E18, 60_249n * E18],
]

async function send(url, tx) {
  const hash = await rpc(url, 'eth_sendTransaction', [{ from: DEPLOYER, ...tx }])
  for (let tries = 0; tries < 200; tries++) {
    const receipt = await rpc(url, 'eth_getTransactionReceipt', [hash])
    if (receipt) {
      if (receipt.status !== '0x1') throw new Error(`Sandbox pool setup reverted: ${hash}`)
      return receipt
    }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`Sandbox pool setup was not mined within 5 s: ${hash}`)
}

const deploy = async (url, contract, args) =>
  (await send(url, { data: encodeDeployData({ abi: contract.abi, bytecode: contract.bytecode, args }) })).contractAddress
const call = (url, contract, to, functionName, args, value) =>
  send(url, {
    to,
    data: encodeFunctionData({ abi: contract.abi, functionName, args }),
    ...(value ? { value: `0x${value.toString(16)}` } : {}),
  })

/**
 * Deploys the wrapper, SDOL and the exchange and its pools on the chain at `url`, next to the DEMO token at `demo` (held by the
 * deployer), or a DEMO deployed here when `demo` is not given. Resolves to `{ exchange, weth, tokens, pairs }`:
 * `tokens` (SDOL, and the DEMO deployed here) as the provider API lists them, `pairs` the token addresses of each pool.
 */
export async function deploySwapPools({ url, demo }) {
  const { DemoToken, WrappedEther, SwapExchange } = await compileContracts()
  const ownDemo = demo ? undefined : await deploy(url, DemoToken, ['Demo Token', 'DEMO', 18, 1_000_000n * E18])
  demo ??= ownDemo
  const weth = await deploy(url, WrappedEther, [])
  const sdol = await deploy(url, DemoToken, ['Sandbox Dollar', 'SDOL', 18, 1_000_000n * E18])
  await call(url, WrappedEther, weth, 'deposit', [], 40n * E18)
  const addresses = { WETH: weth, DEMO: demo, SDOL: sdol }
  const exchange = await deploy(url, SwapExchange, [weth])
  for (const token of Object.values(addresses)) await call(url, DemoToken, token, 'approve', [exchange, MAX])
  const pairs = []
  for (const [a, b, amountA, amountB] of POOL_SEEDS) {
    await call(url, SwapExchange, exchange, 'addLiquidity', [addresses[a], addresses[b], amountA, amountB])
    pairs.push([addresses[a], addresses[b]])
  }
  const tokens = [
    ...(ownDemo ? [{ address: ownDemo, name: 'Demo Token', symbol: 'DEMO', decimals: 18 }] : []),
    { address: sdol, name: 'Sandbox Dollar', symbol: 'SDOL', decimals: 18 },
  ]
  return { exchange, weth, tokens, pairs }
}
