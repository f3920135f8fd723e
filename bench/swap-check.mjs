/**
 * `node bench/swap-check.mjs`: what trying a swap on the network's node adds before the wallet is asked
 * (plugins/swap/simulate.ts, `eth_simulateV1` on a local anvil with the sandbox's exchange): the time of `checkSwap`
 * for an ETH swap alone and for an approve + swap tried together, median of RUNS after one cold call, and the gzip
 * size of the check's code (it loads with the confirmation). Budget: ≤ 150 ms median each. Prints the numbers;
 * exits 1 when the budget is missed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { encodeFunctionData, parseAbi } from 'viem'
import { rpc, startAnvil } from '../sandbox/anvil.mjs'
import { deploySwapPools } from '../sandbox/contracts/pools.mjs'
import { root, vestibuleSource } from '../sandbox/resolve.mjs'

const RUNS = 15
const BUDGET_MS = 150
const E18 = 10n ** 18n
const DEPLOYER = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const USER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const ABI = parseAbi([
  'function approve(address spender, uint256 value) returns (bool)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function quote(address tokenIn, address tokenOut, uint256 amountIn) view returns (uint256)',
  'function swap(address tokenIn, address tokenOut, uint256 amountIn, uint256 minOut, address to) returns (uint256)',
  'function swapEthIn(address tokenOut, uint256 minOut, address to) payable returns (uint256)',
])
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const call = (to, functionName, args, value = 0n) => ({
  to: to.toLowerCase(),
  data: encodeFunctionData({ abi: ABI, functionName, args }),
  value,
})

// The check as the plugin ships it, bundled for Node from the sources.
const bundled = await build({
  entryPoints: [join(root, 'plugins/swap/simulate.ts')],
  bundle: true,
  format: 'esm',
  platform: 'node',
  write: false,
  plugins: [vestibuleSource],
  logLevel: 'silent',
})
const browserChunk = await build({
  entryPoints: [join(root, 'plugins/swap/simulate.ts')],
  bundle: true,
  format: 'esm',
  platform: 'browser',
  minify: true,
  write: false,
  external: ['vestibule/*'],
  logLevel: 'silent',
})
const dir = mkdtempSync(join(tmpdir(), 'swap-check-'))
writeFileSync(join(dir, 'simulate.mjs'), bundled.outputFiles[0].contents)
const { checkSwap } = await import(pathToFileURL(join(dir, 'simulate.mjs')).href)

const anvil = await startAnvil()
try {
  const market = await deploySwapPools({ url: anvil.url })
  const demo = market.tokens.find((t) => t.symbol === 'DEMO').address.toLowerCase()
  const sdol = market.tokens.find((t) => t.symbol === 'SDOL').address.toLowerCase()
  await rpc(anvil.url, 'eth_sendTransaction', [{ from: DEPLOYER, to: demo, data: call(demo, 'transfer', [USER, 100n * E18]).data }])
  const network = {
    id: 31337,
    caipNetworkId: 'eip155:31337',
    chainNamespace: 'eip155',
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.url] } },
  }
  const token = (address, symbol, native = false) => ({
    caip: `eip155:31337:${address}`,
    address,
    native,
    name: symbol,
    symbol,
    decimals: 18,
  })
  const [ETH, DEMO, SDOL] = [token('0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', 'ETH', true), token(demo, 'DEMO'), token(sdol, 'SDOL')]
  const quote = async (a, b, amount) =>
    BigInt(await rpc(anvil.url, 'eth_call', [{ to: market.exchange, data: call(market.exchange, 'quote', [a, b, amount]).data }, 'latest']))

  const ethAmount = E18 / 100n
  const ethMin = ((await quote(market.weth, demo, ethAmount)) * 99n) / 100n
  const ethSwap = {
    network,
    user: USER,
    calls: [call(market.exchange, 'swapEthIn', [demo, ethMin, USER], ethAmount)],
    sell: ETH,
    buy: DEMO,
    amount: ethAmount,
    minimum: ethMin,
    spender: market.exchange.toLowerCase(),
  }
  const demoAmount = 10n * E18
  const demoMin = ((await quote(demo, sdol, demoAmount)) * 99n) / 100n
  const demoSwap = {
    network,
    user: USER,
    calls: [call(demo, 'approve', [market.exchange, demoAmount]), call(market.exchange, 'swap', [demo, sdol, demoAmount, demoMin, USER])],
    sell: DEMO,
    buy: SDOL,
    amount: demoAmount,
    minimum: demoMin,
    spender: market.exchange.toLowerCase(),
  }

  const timed = async (p) => {
    const start = performance.now()
    const result = await checkSwap(p)
    if (result !== 'simulated') throw new Error(`expected the swap to be simulated, got ${result}`)
    return performance.now() - start
  }
  const results = {}
  for (const [name, p] of [
    ['ETH → DEMO (swap alone)', ethSwap],
    ['DEMO → SDOL (approve + swap)', demoSwap],
  ]) {
    const cold = await timed(p)
    const runs = []
    for (let i = 0; i < RUNS; i++) runs.push(await timed(p))
    results[name] = { cold, median: median(runs), max: Math.max(...runs) }
  }
  const chunk = gzipSync(browserChunk.outputFiles[0].contents, { level: 9 }).length
  console.log(`check code, loaded with the confirmation: ${chunk} B gzip (its own chunk; eager cost 0)`)
  for (const [name, r] of Object.entries(results))
    console.log(
      `${name}: cold ${r.cold.toFixed(1)} ms, median ${r.median.toFixed(1)} ms, max ${r.max.toFixed(1)} ms (budget ${BUDGET_MS} ms)`,
    )
  const missed = Object.values(results).some((r) => r.median > BUDGET_MS)
  if (missed) console.log('BUDGET MISSED')
  process.exitCode = missed ? 1 : 0
} finally {
  await anvil.stop()
  rmSync(dir, { recursive: true, force: true })
}
