// The blockchain API's swap endpoints, answered from the sandbox's exchange on the local chain
// (sandbox/contracts/SwapExchange.sol): the token list, quotes read from the pools' reserves on chain, the
// allowance the exchange holds, and the real approve and swap calldata. Shapes as the blockchain API answers them:
// addresses are CAIP-10, amounts decimal strings of base units. Tests may hold quote answers, add raw token rows and
// turn the answers hostile (`setHostile`): built transactions that are not the swap, quotes that cannot be true.
import { decodeFunctionResult, encodeFunctionData, parseAbi } from 'viem'
import { ETH, PRICES, rpcCall } from './chain-data.mjs'

/** The address the blockchain API uses for a chain's native token. */
export const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const MAX_UINT256 = (1n << 256n) - 1n
/** Gas the answer names when estimating is turned off or the node cannot estimate yet (an approve not mined). */
const FALLBACK_GAS = 300_000n
/** USD prices of the swap market's tokens beyond the shared fixture. */
const SWAP_PRICES = { ...PRICES, WETH: PRICES.ETH, SDOL: 1 }

const EXCHANGE_ABI = parseAbi([
  'function quote(address tokenIn, address tokenOut, uint256 amountIn) view returns (uint256)',
  'function swap(address tokenIn, address tokenOut, uint256 amountIn, uint256 minOut, address to) returns (uint256)',
  'function swapEthIn(address tokenOut, uint256 minOut, address to) payable returns (uint256)',
  'function swapForEth(address tokenIn, uint256 amountIn, uint256 minOut, address to) returns (uint256)',
])
const TOKEN_ABI = parseAbi([
  'function allowance(address owner, address spender) view returns (uint256)',
  'function approve(address spender, uint256 value) returns (bool)',
  'function transfer(address to, uint256 value) returns (bool)',
])

/** Where hostile answers send the user's money: an account with no code on any sandbox chain. */
export const ATTACKER = '0x000000000000000000000000000000000000a77a'

/**
 * Hostile answers, speaking the real contract (`setHostile(mode)`):
 * - 'transfer': the swap built is `transfer(ATTACKER, amount)` on the token sold;
 * - 'approveAttacker': the approve built is `approve(ATTACKER, 2^256 − 1)` on the token sold;
 * - 'ethToAccount': the swap of the network token sends the amount to ATTACKER, a plain account;
 * - 'recipient': the real exchange's swap call, paying what is bought to ATTACKER (only trying it shows that);
 * - 'quoteOverflow': the quote names 2^256 base units; 'quoteInflated': the quote is 1e30 times the pool's.
 */
export const HOSTILE_MODES = ['transfer', 'approveAttacker', 'ethToAccount', 'recipient', 'quoteOverflow', 'quoteInflated']

/**
 * Hostile token rows for `chainId` (add them with `addTokens`): the one USD Coin listed first, then tokens made to
 * pass for known ones: a second "USDC · USD Coin" at another address, "UЅDC" with a Cyrillic Ѕ, full-width "ＥＴＨ",
 * "DEM0" with a zero beside the demo token the account holds, and "ΩMEGA" mixing Greek and Latin letters.
 */
export function lookalikeTokens(chainId) {
  const row = (symbol, name, n, decimals = 18) => ({ name, symbol, address: `${chainId}:0x${'0'.repeat(36)}${n}`, decimals })
  return [
    row('USDC', 'USD Coin', 'c0a1', 6),
    row('USDC', 'USD Coin', 'c0a2', 6),
    row('U\u0405DC', 'USD Coin', 'c0a3', 6),
    row('\uff25\uff34\uff28', 'Ether', 'c0a4'),
    row('DEM0', 'Demo Token', 'c0a5'),
    row('\u03a9MEGA', 'Omega', 'c0a6'),
  ]
}

/**
 * The swap market's state inside the provider API: the deployed market (`setMarket`), raw token rows tests add
 * (`addTokens`) and quote answers they hold (`hold(match)` → `{ release(), held }`).
 */
export function createConvertState() {
  const holds = []
  const state = {
    /** One of HOSTILE_MODES, or undefined for honest answers. */
    hostile: undefined,
    setHostile(mode) {
      if (mode !== undefined && !HOSTILE_MODES.includes(mode)) throw new Error(`Unknown hostile swap mode: ${mode}`)
      state.hostile = mode
    },
    /** Per CAIP-2 id: `{ chainId, exchange, weth, tokens: [{ address, name, symbol, decimals }], pairs: [[a, b]] }` once deployed. */
    markets: new Map(),
    /** The first market set (a request naming no chain with a market of its own is answered from it). */
    get market() {
      return state.markets.values().next().value
    },
    extraTokens: [],
    setMarket(market) {
      state.markets.set(market.chainId, market)
    },
    addTokens(rows) {
      state.extraTokens.push(...rows)
    },
    /**
     * Holds the answers of quote requests whose query `match` accepts until `release()`; `held` resolves with the
     * first such query once it arrives.
     */
    hold(match) {
      let release
      let arrived
      const gate = new Promise((resolve) => (release = resolve))
      const held = new Promise((resolve) => (arrived = resolve))
      holds.push({ match, gate, arrived })
      return { release: () => release(), held }
    },
    /** Waits on every hold matching `query`. */
    async gate(query) {
      for (const h of holds.filter((h) => h.match(query))) {
        h.arrived(query)
        await h.gate
      }
    },
    reset() {
      state.hostile = undefined
      holds.length = 0
      state.extraTokens = []
    },
  }
  return state
}

/** `eip155:<id>:0x…` → its parts, or undefined. */
function caip10(value) {
  const match = typeof value === 'string' ? /^(eip155:\d+):(0x[0-9a-fA-F]{40})$/.exec(value) : null
  return match ? { chainId: match[1], address: match[2] } : undefined
}

const amountOf = (value) => (typeof value === 'string' && /^\d{1,78}$/.test(value) ? BigInt(value) : undefined)
const fail = (message, status = 400) => ({ status, body: { message } })

/** The market's side for a token of the request: the wrapped ether for the native token. */
function marketToken(market, address) {
  const lower = address.toLowerCase()
  if (lower === NATIVE) return { native: true, address: market.weth }
  const known = market.pairs.flat().some((a) => a.toLowerCase() === lower)
  return known ? { native: false, address } : undefined
}

function pairOf(market, from, to) {
  const a = caip10(from)
  const b = caip10(to)
  if (!a || !b || a.chainId !== market.chainId || b.chainId !== market.chainId) return undefined
  const tokenIn = marketToken(market, a.address)
  const tokenOut = marketToken(market, b.address)
  if (!tokenIn || !tokenOut || tokenIn.address.toLowerCase() === tokenOut.address.toLowerCase()) return undefined
  const pooled = market.pairs.some(
    ([x, y]) =>
      new Set([x.toLowerCase(), y.toLowerCase()]).size === 2 &&
      [x, y].every((t) => [tokenIn.address, tokenOut.address].some((u) => u.toLowerCase() === t.toLowerCase())),
  )
  return pooled ? { tokenIn, tokenOut, fromCaip: from, toCaip: to } : undefined
}

async function quoteOnChain(url, market, pair, amount) {
  const data = encodeFunctionData({ abi: EXCHANGE_ABI, functionName: 'quote', args: [pair.tokenIn.address, pair.tokenOut.address, amount] })
  const result = await rpcCall(url, 'eth_call', [{ to: market.exchange, data }, 'latest'])
  return decodeFunctionResult({ abi: EXCHANGE_ABI, functionName: 'quote', data: result })
}

/** The token list: the network token, the wrapper and the pooled tokens, with their USD prices. */
function tokenList(api, market) {
  const row = ({ address, name, symbol, decimals }) => ({
    name,
    symbol,
    address: `${market.chainId}:${address}`,
    decimals,
    logoUri: `${api.url}/public/getTokenImage/${symbol}`,
    eip2612: false,
    ...(SWAP_PRICES[symbol] !== undefined ? { price: SWAP_PRICES[symbol] } : {}),
  })
  const demo = api.assets.tokens.filter((t) => t.chainId === market.chainId && t.symbol === 'DEMO')
  // A market's own DEMO is among the assets too: listed once.
  const pooled = [...demo, ...market.tokens].filter(
    (t, i, all) => all.findIndex((u) => u.address.toLowerCase() === t.address.toLowerCase()) === i,
  )
  return [
    row({ ...ETH, address: NATIVE }),
    row({ address: market.weth, name: 'Wrapped Ether', symbol: 'WETH', decimals: 18 }),
    ...pooled.map(row),
  ]
}

/** The swap transaction for `amount` of the pair, the least received being the quote less `slippage` percent. */
async function buildSwap(url, market, pair, { amount, user: account, slippage, estimate, hostile }) {
  const quoted = await quoteOnChain(url, market, pair, amount)
  const minOut = (quoted * (10_000n - slippage)) / 10_000n
  const { tokenIn, tokenOut } = pair
  const user = account.toLowerCase()
  const payee = hostile === 'recipient' ? ATTACKER : user
  const [functionName, args, value] = tokenIn.native
    ? ['swapEthIn', [tokenOut.address, minOut, payee], amount]
    : tokenOut.native
      ? ['swapForEth', [tokenIn.address, amount, minOut, payee], 0n]
      : ['swap', [tokenIn.address, tokenOut.address, amount, minOut, payee], 0n]
  let [to, data] = [market.exchange, encodeFunctionData({ abi: EXCHANGE_ABI, functionName, args })]
  if (hostile === 'transfer' && !tokenIn.native)
    [to, data] = [tokenIn.address, encodeFunctionData({ abi: TOKEN_ABI, functionName: 'transfer', args: [ATTACKER, amount] })]
  // A payable-looking call (WETH's deposit()) to a plain account: the amount simply goes to it.
  if (hostile === 'ethToAccount' && tokenIn.native) [to, data] = [ATTACKER, '0xd0e30db0']
  const gas = estimate ? await estimateGas(url, { from: user, to, data, value }) : FALLBACK_GAS
  const gasPrice = BigInt(await rpcCall(url, 'eth_gasPrice', []))
  return {
    tx: {
      from: `${market.chainId}:${account}`,
      to: `${market.chainId}:${to}`,
      data,
      amount: value.toString(),
      eip155: { gas: gas.toString(), gasPrice: gasPrice.toString() },
    },
  }
}

async function estimateGas(url, { from, to, data, value }) {
  try {
    return (BigInt(await rpcCall(url, 'eth_estimateGas', [{ from, to, data, value: `0x${value.toString(16)}` }])) * 6n) / 5n
  } catch {
    return FALLBACK_GAS
  }
}

/** Slippage in percent with up to two decimals ("1", "0.5") → hundredths of a percent; undefined when absurd. */
function slippageOf(value) {
  const text = typeof value === 'number' ? String(value) : value
  if (typeof text !== 'string' || !/^\d{1,2}(\.\d{1,2})?$/.test(text)) return undefined
  const [whole, fraction = ''] = text.split('.')
  const hundredths = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'))
  return hundredths <= 5000n ? hundredths : undefined
}

/** @returns {Promise<{ status: number, body: unknown } | undefined>} */
export async function handle({ method, path, query, body }, api) {
  if (!path.startsWith('/v1/convert/') || path === '/v1/convert/gas-price') return undefined
  // The market of the chain the request names (its token list's chain, or the CAIP-10 token it trades).
  const named = caip10(query.from ?? query.tokenAddress ?? body?.from)?.chainId ?? query.chainId
  const market = api.convert.markets.get(named) ?? api.convert.market
  const url = market && api.rpcUrls[market.chainId]
  if (method === 'GET' && path === '/v1/convert/tokens') {
    if (!market || query.chainId !== market.chainId) return { status: 200, body: { tokens: [...api.convert.extraTokens] } }
    return { status: 200, body: { tokens: [...tokenList(api, market), ...api.convert.extraTokens] } }
  }
  if (!market || !url) return fail('Network not supported for Swaps')
  if (method === 'GET' && path === '/v1/convert/quotes') {
    await api.convert.gate(query)
    const pair = pairOf(market, query.from, query.to)
    const amount = amountOf(query.amount)
    if (!pair) return fail('No pool trades this pair')
    if (!amount) return fail('The amount must be a positive whole number of base units')
    let toAmount
    try {
      toAmount = await quoteOnChain(url, market, pair, amount)
    } catch {
      return fail('The pool cannot fill this amount')
    }
    if (api.convert.hostile === 'quoteOverflow') toAmount = 1n << 256n
    if (api.convert.hostile === 'quoteInflated') toAmount *= 10n ** 30n
    return {
      status: 200,
      body: {
        quotes: [{ id: null, fromAmount: amount.toString(), fromAccount: query.from, toAmount: toAmount.toString(), toAccount: query.to }],
      },
    }
  }
  if (method === 'GET' && path === '/v1/convert/allowance') {
    const token = caip10(query.tokenAddress)
    const user = caip10(query.userAddress)?.address ?? query.userAddress
    if (!token || typeof user !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(user))
      return fail('tokenAddress and userAddress must be addresses')
    if (token.address.toLowerCase() === NATIVE) return { status: 200, body: { allowance: MAX_UINT256.toString() } }
    const data = encodeFunctionData({ abi: TOKEN_ABI, functionName: 'allowance', args: [user.toLowerCase(), market.exchange] })
    const allowance = decodeFunctionResult({
      abi: TOKEN_ABI,
      functionName: 'allowance',
      data: await rpcCall(url, 'eth_call', [{ to: token.address, data }, 'latest']),
    })
    return { status: 200, body: { allowance: allowance.toString() } }
  }
  if (method === 'GET' && path === '/v1/convert/build-approve') {
    const pair = pairOf(market, query.from, query.to)
    const user = caip10(query.userAddress)?.address ?? query.userAddress
    if (!pair || pair.tokenIn.native || typeof user !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(user))
      return fail('Nothing to approve for this pair')
    const spender = api.convert.hostile === 'approveAttacker' ? ATTACKER : market.exchange
    const data = encodeFunctionData({ abi: TOKEN_ABI, functionName: 'approve', args: [spender, MAX_UINT256] })
    const gas = await estimateGas(url, { from: user.toLowerCase(), to: pair.tokenIn.address, data, value: 0n })
    const gasPrice = BigInt(await rpcCall(url, 'eth_gasPrice', []))
    return {
      status: 200,
      body: {
        tx: {
          from: `${market.chainId}:${user}`,
          to: query.from,
          data,
          value: '0',
          eip155: { gas: Number(gas), gasPrice: gasPrice.toString() },
        },
      },
    }
  }
  if (method === 'POST' && path === '/v1/convert/build-transaction') {
    const pair = pairOf(market, body?.from, body?.to)
    const amount = amountOf(body?.amount)
    const user = caip10(body?.userAddress)?.address
    const slippage = slippageOf(body?.eip155?.slippage)
    if (!pair || !amount || !user || slippage === undefined) return fail('amount, from, to, userAddress and eip155.slippage are required')
    try {
      return {
        status: 200,
        body: await buildSwap(url, market, pair, {
          amount,
          user,
          slippage,
          estimate: body.disableEstimate !== true,
          hostile: api.convert.hostile,
        }),
      }
    } catch (error) {
      return fail(`The pool cannot fill this amount: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`)
    }
  }
  return undefined
}
