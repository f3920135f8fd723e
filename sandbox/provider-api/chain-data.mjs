// What the sandbox's blockchain API knows about the local chains: JSON-RPC reads, unit formatting and the price
// fixture. Route modules (balance.mjs, …) share it.

export const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }

/** USD prices of the local chains' assets (a fixture: nothing here trades). Keys are symbols. */
export const PRICES = { ETH: 3012.45, DEMO: 1.25, tUSD: 1, SOL: 187.3, sUSDC: 1 }

export const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 }

/** Base units → a decimal string with every digit (`1234.567891234567891234`). */
export function formatUnits(value, decimals) {
  if (decimals === 0) return value.toString()
  const text = value.toString().padStart(decimals + 1, '0')
  const whole = text.slice(0, -decimals) || '0'
  const fraction = text.slice(-decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

export async function rpcCall(url, method, params) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = await response.json()
  if (body.error) throw new Error(body.error.message)
  return body.result
}

/** `balanceOf(owner)` of an ERC-20 or ERC-721 contract. */
export async function balanceOf(url, contract, owner) {
  const data = `0x70a08231${owner.slice(2).toLowerCase().padStart(64, '0')}`
  return BigInt(await rpcCall(url, 'eth_call', [{ to: contract, data }, 'latest']))
}

/** USD value of `quantity` base units at `price`, rounded to cents (a display value, never used for amounts). */
export const usdValue = (quantity, decimals, price) => Math.round(Number(formatUnits(quantity, decimals)) * price * 100) / 100
