/**
 * Where swaps are offered and how the token lists are ordered: the user's own balances on top (by USD value), then
 * the suggested tokens in their order, then the rest as the API lists them; a search matches a symbol or name, or
 * a pasted address exactly.
 */
import type { AccountToken, CaipNetwork } from 'vestibule/kernel'
import { tokenKey, type SwapToken } from './parse.js'

/** The eip155 networks the provider's swap API serves. */
export const SWAP_CHAIN_IDS: readonly number[] = [1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554]

/** The suggested tokens, in this order, after the user's own. */
export const SUGGESTED_SYMBOLS: readonly string[] = ['ETH', 'UNI', '1INCH', 'AAVE', 'SOL', 'USDC', 'USDT', 'DAI', 'WBTC', 'WETH', 'LINK', 'MATIC', 'ARB', 'OP']

/** Whether swaps are offered on `network`: an eip155 network among SWAP_CHAIN_IDS or the host's `extra` ids. */
export function swapSupported(network: CaipNetwork | undefined, extra: readonly (number | string)[] = []): boolean {
  if (!network || network.chainNamespace !== 'eip155') return false
  const id = String(network.caipNetworkId).split(':')[1]
  return [...SWAP_CHAIN_IDS, ...extra].some((known) => String(known) === id || String(known) === network.caipNetworkId)
}

/** A list token with what the account holds of it (base units; 0 when none). */
export interface HeldToken extends SwapToken {
  balance: bigint
  /** USD value of the balance, from the balances service (display order only). */
  value?: number
}

/** The balance the balances service reports for `token` (native: the entry without address). */
export function balanceOf(token: SwapToken, balances: readonly AccountToken[]): AccountToken | undefined {
  return balances.find((b) => (token.native ? !b.address : b.address?.toLowerCase() === token.caip.toLowerCase()))
}

/** The list ordered for the picker: held tokens first (largest value first), suggested next, then the rest. */
export function orderTokens(tokens: readonly SwapToken[], balances: readonly AccountToken[]): HeldToken[] {
  const held = tokens.map((t): HeldToken => {
    const b = balanceOf(t, balances)
    return { ...t, balance: b?.amount ?? 0n, ...(b?.value !== undefined ? { value: b.value } : {}) }
  })
  const rank = (t: HeldToken) => {
    if (t.balance > 0n) return 0
    return SUGGESTED_SYMBOLS.includes(t.symbol.toUpperCase()) ? 1 : 2
  }
  const suggested = (t: HeldToken) => {
    const i = SUGGESTED_SYMBOLS.indexOf(t.symbol.toUpperCase())
    return i < 0 ? SUGGESTED_SYMBOLS.length : i
  }
  return held
    .map((t, i) => ({ t, i }))
    .sort((a, b) => rank(a.t) - rank(b.t) || (rank(a.t) === 0 ? (b.t.value ?? 0) - (a.t.value ?? 0) : 0) || (rank(a.t) === 1 ? suggested(a.t) - suggested(b.t) : 0) || a.i - b.i)
    .map(({ t }) => t)
}

/** The tokens matching `search`: a pasted address (plain or CAIP-10) exactly, else symbol or name containing it. */
export function searchTokens<T extends SwapToken>(tokens: readonly T[], search: string): T[] {
  const q = search.trim().toLowerCase()
  if (!q) return [...tokens]
  if (/^(eip155:\d+:)?0x[0-9a-f]{40}$/.test(q)) return tokens.filter((t) => t.address === q.slice(-42) || tokenKey(t) === q)
  return tokens.filter((t) => t.symbol.toLowerCase().includes(q) || t.name.toLowerCase().includes(q))
}
