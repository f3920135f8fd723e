/**
 * The history API's transactions, checked: what is malformed is dropped, text is cleaned, images follow the image
 * rule, amounts stay decimal strings (never a JavaScript number). Then the filters: a transaction whose every
 * transfer is a spam collectible is removed (one without transfers stays), and only the active network's show. A
 * transaction the history's on-ramp entries list is a purchase: "buy", with the amount bought.
 */
import type { CaipNetworkId } from 'vestibule/kernel'
import { cleanText, safeImageUrl, truncateDecimals } from 'vestibule/utils'

export interface Transfer {
  direction: 'in' | 'out' | 'self'
  /** A decimal string as the API wrote it (digits, an optional fraction). */
  quantity: string
  symbol?: string
  name: string
  imageUrl?: string
  nft: boolean
  spam: boolean
  /** Who sent and who received this transfer (for a token, not the contract the transaction called). */
  sender?: string
  recipient?: string
}

/** A token allowance the account gave in a transaction: what the spender may move. */
export interface Approval {
  symbol: string
  /** A decimal string as the API wrote it. */
  quantity: string
  spender?: string
}

export interface Transaction {
  id: string
  minedAt: Date
  chain: string
  operationType: string
  status: string
  sentFrom?: string
  sentTo?: string
  transfers: Transfer[]
  approvals?: Approval[]
}

const DECIMAL = /^\d{1,78}(\.\d{1,78})?$/
const obj = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
const text = (value: unknown, max: number) => (typeof value === 'string' ? cleanText(value, max) : '')
const address = (value: unknown) => (typeof value === 'string' && /^[-.:a-zA-Z0-9]{1,128}$/.test(value) ? value : undefined)
const ZERO_ADDRESS = /^0x0{40}$/i

function parseTransfer(raw: unknown): Transfer | undefined {
  const t = obj(raw)
  if (!t) return undefined
  const direction = t.direction === 'in' || t.direction === 'out' || t.direction === 'self' ? t.direction : undefined
  const quantity = obj(t.quantity)?.numeric
  if (!direction || typeof quantity !== 'string' || !DECIMAL.test(quantity)) return undefined
  const nft = obj(t.nft_info)
  const fungible = obj(t.fungible_info)
  const sender = address(t.sender)
  const recipient = address(t.recipient)
  const parties = { ...(sender ? { sender } : {}), ...(recipient ? { recipient } : {}) }
  if (nft) {
    const imageUrl = safeImageUrl(obj(obj(nft.content)?.preview)?.url)
    return {
      direction,
      quantity,
      name: text(nft.name, 60) || 'NFT',
      nft: true,
      spam: obj(nft.flags)?.is_spam === true,
      ...parties,
      ...(imageUrl ? { imageUrl } : {}),
    }
  }
  if (fungible) {
    const symbol = text(fungible.symbol, 12)
    if (!symbol) return undefined
    const imageUrl = safeImageUrl(obj(fungible.icon)?.url)
    return {
      direction,
      quantity,
      symbol,
      name: text(fungible.name, 40) || symbol,
      nft: false,
      spam: false,
      ...parties,
      ...(imageUrl ? { imageUrl } : {}),
    }
  }
  return undefined
}

function parseApproval(raw: unknown): Approval | undefined {
  const a = obj(raw)
  const quantity = obj(a?.quantity)?.numeric
  const symbol = text(obj(a?.fungible_info)?.symbol, 12)
  if (!a || typeof quantity !== 'string' || !DECIMAL.test(quantity) || !symbol) return undefined
  const spender = address(a.spender)
  return { symbol, quantity, ...(spender ? { spender } : {}) }
}

/** One row of the API's `data`, or undefined when it lacks an id, a valid time, its metadata or any valid transfer. */
export function parseTransaction(raw: unknown): Transaction | undefined {
  const row = obj(raw)
  const metadata = obj(row?.metadata)
  if (!row || !metadata || typeof row.id !== 'string' || !row.id || row.id.length > 200) return undefined
  const minedAt = typeof metadata.minedAt === 'string' && metadata.minedAt.length <= 40 ? new Date(metadata.minedAt) : undefined
  if (!minedAt || Number.isNaN(minedAt.getTime())) return undefined
  const listed = Array.isArray(row.transfers) ? row.transfers.slice(0, 50) : []
  const transfers = listed.map(parseTransfer).filter((t): t is Transfer => t !== undefined)
  // Transfers that were all malformed leave nothing true to show: the transaction goes with them.
  if (listed.length > 0 && transfers.length === 0) return undefined
  const sentFrom = address(metadata.sentFrom)
  const sentTo = address(metadata.sentTo)
  const approvals = (Array.isArray(row.approvals) ? row.approvals.slice(0, 10) : [])
    .map(parseApproval)
    .filter((a): a is Approval => a !== undefined)
  return {
    id: row.id,
    minedAt,
    chain: typeof metadata.chain === 'string' ? metadata.chain : '',
    operationType: text(metadata.operationType, 20).toLowerCase() || 'other',
    status: text(metadata.status, 20).toLowerCase(),
    ...(sentFrom ? { sentFrom } : {}),
    ...(sentTo ? { sentTo } : {}),
    transfers,
    ...(approvals.length ? { approvals } : {}),
  }
}

/**
 * The transaction with every address in the chain's canonical form (`canonical`: eip155's EIP-55 checksum), so
 * the list writes addresses as wallets and explorers do. An address the rule refuses stays as the API wrote it.
 */
export function withCanonicalAddresses(tx: Transaction, canonical: (address: string) => string): Transaction {
  const fix = (value: string | undefined) => {
    if (value === undefined) return undefined
    try {
      return canonical(value)
    } catch {
      return value
    }
  }
  const parties = <T extends { sender?: string; recipient?: string; spender?: string }>(item: T): T => ({
    ...item,
    ...(item.sender ? { sender: fix(item.sender) } : {}),
    ...(item.recipient ? { recipient: fix(item.recipient) } : {}),
    ...(item.spender ? { spender: fix(item.spender) } : {}),
  })
  return {
    ...tx,
    ...(tx.sentFrom ? { sentFrom: fix(tx.sentFrom) } : {}),
    ...(tx.sentTo ? { sentTo: fix(tx.sentTo) } : {}),
    transfers: tx.transfers.map(parties),
    ...(tx.approvals ? { approvals: tx.approvals.map(parties) } : {}),
  }
}

/** What a swap sold and bought (the first token out and the first in), when its transfers name both. */
export function swapPair(tx: Transaction): { sold: string; bought: string } | undefined {
  const label = (t: Transfer | undefined) => (t ? (t.nft ? t.name : t.symbol) : undefined)
  const sold = label(tx.transfers.find((t) => t.direction === 'out'))
  const bought = label(tx.transfers.find((t) => t.direction === 'in'))
  return sold && bought ? { sold, bought } : undefined
}

/** An approval's amount as the row shows it: "Unlimited" for the all-you-can-move amounts (over 10^30). */
export const approvalAmount = (a: Approval, unlimited: string) =>
  a.quantity.split('.')[0]!.length > 30 ? `${unlimited} ${a.symbol}` : `${truncateDecimals(a.quantity, 3)} ${a.symbol}`

/**
 * Who the account dealt with: the other side of the first transfer (its recipient when sent, its sender when
 * received), never the contract the transaction called; a mint (sent by the zero address) names nobody. Only a
 * transaction without transfers falls back to the transaction's own from/to.
 */
export function counterparty(tx: Transaction): { role: 'to' | 'from'; address: string } | undefined {
  const first = tx.transfers[0]
  if (first) {
    const role = first.direction === 'in' ? 'from' : 'to'
    const other = role === 'from' ? first.sender : first.recipient
    return other && !ZERO_ADDRESS.test(other) && first.direction !== 'self' ? { role, address: other } : undefined
  }
  if (tx.operationType === 'receive') return tx.sentFrom ? { role: 'from', address: tx.sentFrom } : undefined
  return tx.sentTo ? { role: 'to', address: tx.sentTo } : undefined
}

/** Whether `tx` received a token (the transfers an on-ramp purchase could be). */
export const receivesToken = (tx: Transaction) => tx.transfers.some((t) => t.direction === 'in' && !t.nft)

/**
 * The transactions with each one the on-ramp entries (`purchases`, by id) list as a purchase: operation "buy", the
 * purchase's incoming transfers (what was bought) where it has any, the transaction's own otherwise.
 */
export function markPurchases(list: readonly Transaction[], purchases: ReadonlyMap<string, Transaction>): Transaction[] {
  return list.map((tx) => {
    const purchase = purchases.get(tx.id)
    if (!purchase || purchase.chain !== tx.chain) return tx
    const bought = purchase.transfers.filter((t) => t.direction === 'in' && !t.nft)
    return { ...tx, operationType: 'buy', transfers: bought.length ? bought : tx.transfers }
  })
}

/** Spam transactions (every transfer a spam collectible) and other networks' transactions are left out. */
export function visibleTransactions(list: readonly Transaction[], chainId: CaipNetworkId): Transaction[] {
  return list.filter((tx) => tx.chain === chainId && !(tx.transfers.length > 0 && tx.transfers.every((t) => t.nft && t.spam)))
}

/** Transactions by month of their time, newest month first, in the order given within a month. */
export function groupByMonth(
  list: readonly Transaction[],
  locale = 'en-US',
): { key: string; label: string; transactions: Transaction[] }[] {
  const format = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' })
  const groups = new Map<string, { key: string; label: string; transactions: Transaction[] }>()
  for (const tx of list) {
    const key = `${tx.minedAt.getUTCFullYear()}-${String(tx.minedAt.getUTCMonth() + 1).padStart(2, '0')}`
    let group = groups.get(key)
    if (!group) groups.set(key, (group = { key, label: format.format(tx.minedAt), transactions: [] }))
    group.transactions.push(tx)
  }
  return [...groups.values()].sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0))
}

/** "+1.5 DEMO", "−0.25 ETH", "+1 Sandbox Shapes #3": a transfer as the row shows it (3 decimals, cut). */
export function transferText(t: Transfer): string {
  const sign = t.direction === 'in' ? '+' : t.direction === 'out' ? '−' : ''
  return t.nft ? `${sign}${t.name}` : `${sign}${truncateDecimals(t.quantity, 3)} ${t.symbol}`
}
