/**
 * What the swap endpoints answer, checked before anything uses it: every answer is treated as hostile. A token
 * row that is not a clean token of the active network is dropped; a quote, allowance or built transaction that is
 * not exactly what was asked for is refused with a clear error, so it never reaches the wallet. Amounts are base
 * units as bigint, read from decimal strings; they never pass through a JavaScript number.
 */
import { VestibuleError } from 'vestibule/kernel'
import { cleanText, safeImageUrl } from 'vestibule/utils'

/** The address the blockchain API uses for a chain's native token. */
export const NATIVE_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
/** At most this many rows of a token list are read. */
export const TOKEN_LIST_MAX = 2000
/** Decimals a token may declare (ERC-20 tokens use 0 to 18; 36 leaves room and refuses absurd values). */
export const DECIMALS_MAX = 36
/** A uint256 in decimal: at most 78 digits (and at most 2^256 − 1). */
const UINT = /^\d{1,78}$/
const MAX_UINT256 = (1n << 256n) - 1n
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const SYMBOL = /^[\p{L}\p{N}._$+\-*]{1,16}$/u
/** Text with markup is not a token name. */
const MARKUP = /[<>]/

/** A token of the swap list, on the active network. */
export interface SwapToken {
  /** CAIP-10 address (`eip155:1:0x…`); the native token's is the API's 0xeee…e address. */
  caip: string
  /** The contract address, lowercased. */
  address: string
  native: boolean
  name: string
  symbol: string
  decimals: number
  /** USD per whole token (display only), when the list gives one. */
  price?: number
  iconUrl?: string
}

export const tokenKey = (t: { caip: string }) => t.caip.toLowerCase()

const fail = (message: string) => new VestibuleError('HTTP', message)

/** `eip155:<id>:0x…` on `chainId` → the lowercased address, or undefined. */
export function caipOn(value: unknown, chainId: string): string | undefined {
  if (typeof value !== 'string') return undefined
  const at = value.lastIndexOf(':')
  const address = value.slice(at + 1)
  return value.slice(0, at) === chainId && ADDRESS.test(address) ? address.toLowerCase() : undefined
}

/** One row of a token list, or undefined when it is not a clean token of `chainId`. */
function tokenRow(row: unknown, chainId: string): SwapToken | undefined {
  if (!row || typeof row !== 'object') return undefined
  const r = row as Record<string, unknown>
  const address = caipOn(r.address, chainId)
  const symbol = typeof r.symbol === 'string' ? r.symbol.trim() : ''
  const name = typeof r.name === 'string' ? cleanText(r.name, 48) : ''
  const decimals = r.decimals
  if (!address || !SYMBOL.test(symbol) || MARKUP.test(name)) return undefined
  if (typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > DECIMALS_MAX) return undefined
  const price = typeof r.price === 'number' && Number.isFinite(r.price) && r.price >= 0 && r.price < 1e12 ? r.price : undefined
  const iconUrl = safeImageUrl(r.logoUri)
  return {
    caip: `${chainId}:${address}`,
    address,
    native: address === NATIVE_ADDRESS,
    name: name || symbol,
    symbol,
    decimals,
    ...(price !== undefined ? { price } : {}),
    ...(iconUrl ? { iconUrl } : {}),
  }
}

/** `GET v1/convert/tokens`: `{ tokens: [...] }` → the clean tokens of `chainId`, the first of each address kept. */
export function parseTokens(body: unknown, chainId: string): SwapToken[] {
  const rows = body && typeof body === 'object' ? (body as { tokens?: unknown }).tokens : undefined
  if (!Array.isArray(rows)) throw fail('The swap token list is not a list of tokens')
  const seen = new Set<string>()
  const tokens: SwapToken[] = []
  for (const row of rows.slice(0, TOKEN_LIST_MAX)) {
    const token = tokenRow(row, chainId)
    if (!token || seen.has(token.address)) continue
    seen.add(token.address)
    tokens.push(token)
  }
  return tokens
}

/** A base-unit amount: a decimal string (or a safe non-negative integer) no token can exceed (≤ 2^256 − 1). */
export function units(value: unknown): bigint | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : undefined
  return typeof value === 'string' && UINT.test(value) && BigInt(value) <= MAX_UINT256 ? BigInt(value) : undefined
}

/** `GET v1/convert/quotes`: the amount of `to` that `amount` of `from` buys; refused unless it answers exactly that. */
export function parseQuote(body: unknown, request: { amount: bigint; from: string; to: string }): bigint {
  const quotes = body && typeof body === 'object' ? (body as { quotes?: unknown }).quotes : undefined
  const quote = Array.isArray(quotes) ? (quotes[0] as Record<string, unknown> | undefined) : undefined
  if (!quote || typeof quote !== 'object') throw fail('No quote for this pair')
  if (typeof quote.toAmount === 'string' && /^\d+$/.test(quote.toAmount) && units(quote.toAmount) === undefined)
    throw fail('The quote names more than any token can hold')
  const toAmount = units(quote.toAmount)
  if (toAmount === undefined || toAmount === 0n) throw fail('The quote is not a valid amount')
  const fromAmount = units(quote.fromAmount)
  if (fromAmount !== undefined && fromAmount !== request.amount) throw fail('The quote is for another amount')
  const same = (a: unknown, b: string) => a === undefined || (typeof a === 'string' && a.toLowerCase() === b.toLowerCase())
  if (!same(quote.fromAccount, request.from) || !same(quote.toAccount, request.to)) throw fail('The quote is for other tokens')
  return toAmount
}

/** `GET v1/convert/allowance`: `{ allowance }` in base units. */
export function parseAllowance(body: unknown): bigint {
  const value = units(body && typeof body === 'object' ? (body as { allowance?: unknown }).allowance : undefined)
  if (value === undefined) throw fail('The allowance answer is not an amount')
  return value
}

/** A transaction the wallet may be asked to send. */
export interface BuiltTransaction {
  to: string
  data: string
  value: bigint
  /** Gas units the API expects it to use, when it says. */
  gas?: bigint
}

/** `0x…` or CAIP-10 → the lowercased address, when on `chainId` (CAIP-10) or plain. */
const addressOf = (value: unknown, chainId: string) =>
  typeof value === 'string' && ADDRESS.test(value) ? value.toLowerCase() : caipOn(value, chainId)

/** A hex value or a decimal string of base units. */
function quantityOf(value: unknown): bigint | undefined {
  if (value === undefined || value === null || value === '') return 0n
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(value)) return BigInt(value)
  return units(value)
}

/** approve(address,uint256)'s selector. */
const APPROVE = '0x095ea7b3'
/**
 * Selectors no swap may call: ERC-20 `transfer`, `transferFrom`, `approve`, `increaseAllowance` and ERC-721/1155
 * `setApprovalForAll`. Such a call moves or hands over the user's tokens directly instead of trading them.
 */
const TOKEN_MOVES = new Set(['0xa9059cbb', '0x23b872dd', APPROVE, '0x39509351', '0xa22cb465'])
const word = (value: bigint) => value.toString(16).padStart(64, '0')

/**
 * `GET v1/convert/build-approve` and `POST v1/convert/build-transaction`: `{ tx: { from, to, data, value | amount,
 * eip155: { gas } } }`. Refused when it is not from `user` on `chainId`, or when it would send more of the network
 * token than the swap sells (`maxValue`: the amount when selling the native token, else nothing).
 */
export function parseTransaction(body: unknown, expect: { user: string; chainId: string; maxValue: bigint }): BuiltTransaction {
  const tx = body && typeof body === 'object' ? (body as { tx?: unknown }).tx : undefined
  if (!tx || typeof tx !== 'object') throw fail('The built transaction is missing')
  const t = tx as Record<string, unknown>
  const from = addressOf(t.from, expect.chainId)
  const to = addressOf(t.to, expect.chainId)
  const data =
    typeof t.data === 'string' && /^0x(?:[0-9a-fA-F]{2}){4,}$/.test(t.data) && t.data.length <= 100_000 ? t.data.toLowerCase() : undefined
  const value = quantityOf(t.amount ?? t.value)
  if (from !== expect.user.toLowerCase()) throw fail('The built transaction is not from your account')
  if (!to || !data) throw fail('The built transaction has no valid receiver or call data')
  if (value === undefined || value > expect.maxValue) throw fail('The built transaction would send more than the amount being swapped')
  const eip155 = t.eip155 && typeof t.eip155 === 'object' ? (t.eip155 as Record<string, unknown>) : undefined
  const gas = units(eip155?.gas)
  return { to, data, value, ...(gas !== undefined && gas > 0n && gas < 100_000_000n ? { gas } : {}) }
}

/** An approval to send: the spender the provider named, for exactly the amount sold. */
export interface Approval extends BuiltTransaction {
  spender: string
  amount: bigint
}

/**
 * A built approve, checked and bound to what the user chose: an `approve(spender, amount)` call with no value on
 * the token being sold, naming a spender that is neither token of the swap nor the zero address. The approval sent
 * is for exactly the amount sold whatever amount the answer names: nothing beyond the swap stays approved.
 */
export function parseApprove(
  body: unknown,
  expect: { user: string; chainId: string; sell: SwapToken; buy: SwapToken; amount: bigint },
): Approval {
  const tx = parseTransaction(body, { user: expect.user, chainId: expect.chainId, maxValue: 0n })
  const match = /^0x095ea7b3(0{24}([0-9a-f]{40}))([0-9a-f]{64})$/.exec(tx.data)
  if (tx.to !== expect.sell.address || !match) throw fail('The approve transaction is not an approval of the token being sold')
  const spender = `0x${match[2]!}`
  if (spender === expect.sell.address || spender === expect.buy.address || spender === NATIVE_ADDRESS || /^0x0{40}$/.test(spender))
    throw fail('The approval names a token, not an exchange, as the spender')
  const amount = expect.amount > MAX_UINT256 ? MAX_UINT256 : expect.amount
  return { ...tx, data: `${APPROVE}${word(BigInt(spender))}${word(amount)}`, spender, amount }
}

/**
 * A built swap bound to what the user chose: it calls a contract that is neither token of the swap (nor the
 * network token's placeholder), is not an ERC-20 `transfer`, `transferFrom` or approval of any token, and, when an
 * approve comes first, calls exactly the spender that approve names.
 */
export function bindSwap(tx: BuiltTransaction, expect: { sell: SwapToken; buy: SwapToken; spender?: string }): BuiltTransaction {
  if (tx.to === expect.sell.address || tx.to === expect.buy.address || tx.to === NATIVE_ADDRESS)
    throw fail('The swap transaction calls a token directly instead of an exchange')
  if (TOKEN_MOVES.has(tx.data.slice(0, 10))) throw fail('The swap transaction moves or approves tokens directly instead of swapping them')
  if (expect.spender !== undefined && tx.to !== expect.spender)
    throw fail('The swap transaction calls another contract than the one the approval is for')
  return tx
}

/** `GET v1/convert/gas-price`: the standard price in wei per gas unit. */
export function parseGasPrice(body: unknown): bigint {
  const standard = units(body && typeof body === 'object' ? (body as { standard?: unknown }).standard : undefined)
  if (standard === undefined || standard === 0n) throw fail('The gas price answer is not a gas price')
  return standard
}
