// GET /v1/account/{address}/balance and POST /v1/fungible/price, answered from what the local chains hold.
import { ETH, PRICES, SOL, balanceOf, formatUnits, rpcCall, usdValue } from './chain-data.mjs'
/** The address the blockchain API uses for a chain's native token. */

const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
/** The wrapped-SOL address Solana token lists use for SOL. */
const SOL_NATIVE = 'So11111111111111111111111111111111111111111'

/** A balance row as the blockchain API answers it; `address` is the token's CAIP-10 address (none for native). */
function row(chainId, { name, symbol, decimals, address, iconUrl }, quantity) {
  const price = PRICES[symbol] ?? 0
  return {
    name,
    symbol,
    chainId,
    ...(address ? { address: `${chainId}:${address}` } : {}),
    value: usdValue(quantity, decimals, price),
    price,
    quantity: { decimals: String(decimals), numeric: formatUnits(quantity, decimals) },
    iconUrl,
  }
}

/** @returns {Promise<{ status: number, body: unknown } | undefined>} */
export async function handle({ method, path, query, body }, api) {
  const balance = /^\/v1\/account\/([^/]+)\/balance$/.exec(path)
  if (method === 'GET' && balance) {
    const chainId = query.chainId
    const url = api.rpcUrls[chainId]
    const owner = decodeURIComponent(balance[1])
    const icon = (symbol) => `${api.url}/public/getTokenImage/${symbol}`
    if (url && chainId.startsWith('solana:') && /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(owner)) {
      // Solana: SOL and the SPL tokens the sandbox knows, from the local cluster.
      const rows = []
      const lamports = BigInt((await rpcCall(url, 'getBalance', [owner])).value)
      if (lamports > 0n) rows.push(row(chainId, { ...SOL, iconUrl: icon(SOL.symbol) }, lamports))
      for (const token of api.assets.tokens.filter((t) => t.chainId === chainId)) {
        const { value } = await rpcCall(url, 'getTokenAccountsByOwner', [owner, { mint: token.address }, { encoding: 'jsonParsed' }])
        const held = value.reduce((sum, a) => sum + BigInt(a.account.data.parsed.info.tokenAmount.amount), 0n)
        if (held > 0n) rows.push(row(chainId, { ...token, iconUrl: icon(token.symbol) }, held))
      }
      return { status: 200, body: { balances: [...rows, ...api.extraBalances(chainId, owner)] } }
    }
    if (!url || !/^0x[0-9a-fA-F]{40}$/.test(owner)) return { status: 200, body: { balances: [] } }
    const rows = []
    const wei = BigInt(await rpcCall(url, 'eth_getBalance', [owner, 'latest']))
    if (wei > 0n) rows.push(row(chainId, { ...ETH, iconUrl: icon(ETH.symbol) }, wei))
    for (const token of api.assets.tokens.filter((t) => t.chainId === chainId)) {
      const held = await balanceOf(url, token.address, owner)
      if (held > 0n) rows.push(row(chainId, { ...token, iconUrl: icon(token.symbol) }, held))
    }
    return { status: 200, body: { balances: [...rows, ...api.extraBalances(chainId, owner)] } }
  }
  if (method === 'POST' && path === '/v1/fungible/price') {
    const addresses = Array.isArray(body?.addresses) ? body.addresses.filter((a) => typeof a === 'string') : []
    const fungibles = addresses.flatMap((caip) => {
      const [namespace, reference, address] = caip.split(':')
      const chainId = `${namespace}:${reference}`
      const native = !address || address.toLowerCase() === NATIVE || address === SOL_NATIVE
      const known = native
        ? namespace === 'solana'
          ? { ...SOL }
          : { ...ETH }
        : api.assets.tokens.find((t) => t.chainId === chainId && t.address.toLowerCase() === address.toLowerCase())
      const price = known && PRICES[known.symbol]
      return price === undefined || !known
        ? []
        : [{ name: known.name, symbol: known.symbol, iconUrl: `${api.url}/public/getTokenImage/${known.symbol}`, price }]
    })
    return { status: 200, body: { fungibles } }
  }
  return undefined
}
