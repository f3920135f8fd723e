/**
 * Where swaps are offered and how the token lists are ordered: the user's own balances on top (by USD value), then
 * the suggested tokens in their order, then the rest as the API lists them; a search matches a symbol (also as it
 * reads) or name, or a pasted address exactly. A suggested token is the first row the API lists under a suggested
 * symbol (the network token always is); a row the user neither holds nor is suggested is shown with its contract
 * address, and a symbol that reads like a held or suggested token's at another address, or has characters beyond
 * plain ASCII, is marked.
 */
import type { AccountToken, CaipNetwork } from 'vestibule/kernel'
import { tokenKey, type SwapToken } from './parse.js'

export { SWAP_CHAIN_IDS } from './networks.js'

/** The suggested tokens, in this order, after the user's own. */
export const SUGGESTED_SYMBOLS: readonly string[] = [
  'ETH',
  'UNI',
  '1INCH',
  'AAVE',
  'SOL',
  'USDC',
  'USDT',
  'DAI',
  'WBTC',
  'WETH',
  'LINK',
  'MATIC',
  'ARB',
  'OP',
]

export { swapSupported } from './networks.js'

/** Why a token's symbol needs a second look: it reads like another (`of`) token's, or has unusual characters. */
export type SymbolWarning = { kind: 'lookalike'; of: string } | { kind: 'unusual' }

/** A list token with what the account holds of it (base units; 0 when none). */
export interface HeldToken extends SwapToken {
  balance: bigint
  /** USD value of the balance, from the balances service (display order only). */
  value?: number
  /** Where the picker lists it: the user's own, a suggested token, or any other (shown with its address). */
  rank?: 'held' | 'suggested' | 'other'
  warning?: SymbolWarning
}

/** The balance the balances service reports for `token` (native: the entry without address). */
export function balanceOf(token: SwapToken, balances: readonly AccountToken[]): AccountToken | undefined {
  return balances.find((b) => (token.native ? !b.address : b.address?.toLowerCase() === token.caip.toLowerCase()))
}

/** Letters of other scripts drawn like Latin ones (Cyrillic, Greek, Armenian, Latin beyond ASCII), by their look. */
const HOMOGLYPHS: Record<string, string> = Object.fromEntries(
  [
    ['АΑ', 'A'],
    ['ВΒ', 'B'],
    ['СϹ', 'C'],
    ['Ԁ', 'D'],
    ['ЕΕ', 'E'],
    ['Ԍ', 'G'],
    ['НΗ', 'H'],
    ['ІΙӀ', 'I'],
    ['Ј', 'J'],
    ['КΚ', 'K'],
    ['МΜ', 'M'],
    ['Ν', 'N'],
    ['ОΟՕ', 'O'],
    ['РΡ', 'P'],
    ['Ԛ', 'Q'],
    ['Ѕ', 'S'],
    ['ТΤ', 'T'],
    ['ՍԱ', 'U'],
    ['Ѵ', 'V'],
    ['Ԝ', 'W'],
    ['ХΧ', 'X'],
    ['УΥҮ', 'Y'],
    ['Ζ', 'Z'],
    ['а', 'a'],
    ['с', 'c'],
    ['ԁ', 'd'],
    ['еҽ', 'e'],
    ['ɡ', 'g'],
    ['һ', 'h'],
    ['іιı', 'i'],
    ['ј', 'j'],
    ['κ', 'k'],
    ['ӏ', 'l'],
    ['ոп', 'n'],
    ['оοօ', 'o'],
    ['рρ', 'p'],
    ['ԛ', 'q'],
    ['ѕ', 's'],
    ['ս', 'u'],
    ['νѵ', 'v'],
    ['ԝ', 'w'],
    ['хχ', 'x'],
    ['уү', 'y'],
  ].flatMap(([from, to]) => [...from!].map((c) => [c, to!])),
)

/**
 * `symbol` as it reads: compatibility forms (full-width, styled letters) and accents folded, look-alike letters of
 * other scripts read as Latin, upper case, and the ASCII characters mistaken for letters (0 O, 1 I, $ S) made one.
 */
export function foldSymbol(symbol: string): string {
  const latin = [...symbol.normalize('NFKD').replace(/\p{M}/gu, '')].map((c) => HOMOGLYPHS[c] ?? c).join('')
  return latin.toUpperCase().replace(/0/g, 'O').replace(/1/g, 'I').replace(/\$/g, 'S')
}

/** A symbol with anything beyond plain ASCII (letters of another script, mixed scripts, invisible or styled forms). */
export const unusualSymbol = (symbol: string) => /[^\x21-\x7e]/.test(symbol)

/**
 * The list ordered for the picker: held tokens first (largest value first), suggested next (in their order), then
 * the rest as listed; each with its rank and, when its symbol needs a second look, a warning.
 */
export function orderTokens(tokens: readonly SwapToken[], balances: readonly AccountToken[]): HeldToken[] {
  const firstOf = new Map<string, string>()
  for (const t of tokens) if (SUGGESTED_SYMBOLS.includes(t.symbol) && !firstOf.has(t.symbol)) firstOf.set(t.symbol, tokenKey(t))
  const held = tokens.map((t): HeldToken => {
    const b = balanceOf(t, balances)
    const balance = b?.amount ?? 0n
    const rank = balance > 0n ? 'held' : t.native || firstOf.get(t.symbol) === tokenKey(t) ? 'suggested' : 'other'
    return { ...t, balance, ...(b?.value !== undefined ? { value: b.value } : {}), rank }
  })
  // Symbols of the tokens the user can tell by sight: a row reading the same at another address is a look-alike.
  const known = held.filter((t) => t.rank !== 'other').map((t) => ({ key: tokenKey(t), symbol: t.symbol, folded: foldSymbol(t.symbol) }))
  for (const t of held) {
    if (t.native) continue
    const folded = foldSymbol(t.symbol)
    const like = known.find((k) => k.key !== tokenKey(t) && k.folded === folded)
    if (like) t.warning = { kind: 'lookalike', of: like.symbol }
    else if (unusualSymbol(t.symbol)) t.warning = { kind: 'unusual' }
  }
  const order = { held: 0, suggested: 1, other: 2 }
  const suggested = (t: HeldToken) => {
    const i = SUGGESTED_SYMBOLS.indexOf(t.symbol)
    return i < 0 ? SUGGESTED_SYMBOLS.length : i
  }
  return held
    .map((t, i) => ({ t, i }))
    .sort(
      (a, b) =>
        order[a.t.rank!] - order[b.t.rank!] ||
        (a.t.rank === 'held' ? (b.t.value ?? 0) - (a.t.value ?? 0) : 0) ||
        (a.t.rank === 'suggested' ? suggested(a.t) - suggested(b.t) : 0) ||
        a.i - b.i,
    )
    .map(({ t }) => t)
}

/** The tokens matching `search`: a pasted address (plain or CAIP-10) exactly, else symbol (also as it reads) or name containing it. */
export function searchTokens<T extends SwapToken>(tokens: readonly T[], search: string): T[] {
  const q = search.trim().toLowerCase()
  if (!q) return [...tokens]
  if (/^(eip155:\d+:)?0x[0-9a-f]{40}$/.test(q)) return tokens.filter((t) => t.address === q.slice(-42) || tokenKey(t) === q)
  // A symbol matches as it reads too: a look-alike of the token searched for is listed beside it, marked.
  const folded = foldSymbol(q)
  return tokens.filter(
    (t) => t.symbol.toLowerCase().includes(q) || t.name.toLowerCase().includes(q) || foldSymbol(t.symbol).includes(folded),
  )
}
