// GET /v1/account/{address}/history, indexed from the blocks of the local chains: native transfers, and the
// Transfer events of the demo tokens (ERC-20) and collectibles (ERC-721). Newest first, pages of PAGE_SIZE with a
// `next` cursor; a spam-flagged collectible's transfers carry `flags.is_spam`. As the real API does, the metadata's
// sentFrom/sentTo are the transaction's own from/to (for a token transfer, `to` is the token contract), and each
// transfer carries its own `sender` and `recipient`.
import { ETH, PRICES, formatUnits, rpcCall } from './chain-data.mjs'
import { onrampHistory } from './onramp.mjs'

export const PAGE_SIZE = 20
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const ZERO = '0x0000000000000000000000000000000000000000'

/** Per chain: the blocks indexed so far and the transactions found, by hash. */
const indexes = new WeakMap()

const topicAddress = (topic) => `0x${topic.slice(26)}`.toLowerCase()

/**
 * Indexes `chainId` up to its latest block. Requests arrive together (a list and its purchases, a reload after a
 * send): one run at a time per chain, each after the one before, so no block is skipped or read twice.
 */
function index(api, chainId) {
  if (!indexes.has(api)) indexes.set(api, {})
  const chains = indexes.get(api)
  const state = (chains[chainId] ??= { next: 0, txs: new Map(), queue: Promise.resolve() })
  const run = state.queue.then(() => indexBlocks(api, chainId, state))
  state.queue = run.catch(() => undefined)
  return run
}

async function indexBlocks(api, chainId, state) {
  const url = api.rpcUrls[chainId]
  const latest = Number.parseInt(await rpcCall(url, 'eth_blockNumber', []), 16)
  for (; state.next <= latest; state.next++) {
    const block = await rpcCall(url, 'eth_getBlockByNumber', [`0x${state.next.toString(16)}`, true])
    if (!block) break
    const minedAt = new Date(Number.parseInt(block.timestamp, 16) * 1000).toISOString()
    for (const tx of block.transactions) {
      const receipt = await rpcCall(url, 'eth_getTransactionReceipt', [tx.hash])
      const record = { hash: tx.hash, from: tx.from.toLowerCase(), to: (tx.to ?? receipt.contractAddress ?? '').toLowerCase(), minedAt, status: receipt.status === '0x1' ? 'confirmed' : 'failed', nonce: Number.parseInt(tx.nonce, 16), transfers: [] }
      const value = BigInt(tx.value)
      if (value > 0n) record.transfers.push({ kind: 'native', from: record.from, to: record.to, amount: value })
      for (const log of receipt.logs) {
        if (log.topics[0] !== TRANSFER) continue
        const contract = log.address.toLowerCase()
        const token = api.assets.tokens.find((t) => t.chainId === chainId && t.address.toLowerCase() === contract)
        const nft = api.assets.nfts.find((n) => n.chainId === chainId && n.address.toLowerCase() === contract)
        if (token && log.topics.length === 3) record.transfers.push({ kind: 'token', token, from: topicAddress(log.topics[1]), to: topicAddress(log.topics[2]), amount: BigInt(log.data) })
        if (nft && log.topics.length === 4) record.transfers.push({ kind: 'nft', nft, from: topicAddress(log.topics[1]), to: topicAddress(log.topics[2]), id: BigInt(log.topics[3]) })
      }
      state.txs.set(tx.hash, record)
    }
  }
  return state
}

/** One transaction as the history API answers it, seen from `owner`. */
function shape(record, owner, chainId, api) {
  const involved = record.transfers.filter((t) => t.from === owner || t.to === owner)
  const direction = (t) => (t.to === owner ? 'in' : 'out')
  const transfers = involved.map((t) => {
    if (t.kind === 'nft') {
      return {
        direction: direction(t),
        sender: t.from,
        recipient: t.to,
        quantity: { numeric: '1' },
        nft_info: { name: `${t.nft.name} #${t.id}`, content: { preview: { url: `${api.url}/sandbox/nft/${t.nft.symbol}/${t.id}` } }, flags: { is_spam: Boolean(t.nft.spam) } },
      }
    }
    const asset = t.kind === 'native' ? ETH : t.token
    const numeric = formatUnits(t.amount, asset.decimals)
    return {
      direction: direction(t),
      sender: t.from,
      recipient: t.to,
      quantity: { numeric },
      price: PRICES[asset.symbol] ?? 0,
      fungible_info: { name: asset.name, symbol: asset.symbol, icon: { url: `${api.url}/public/getTokenImage/${asset.symbol}` } },
    }
  })
  const minted = involved.some((t) => t.from === ZERO)
  const operationType = minted ? 'mint' : involved.length === 0 ? 'execute' : involved.every((t) => t.to === owner) ? 'receive' : 'send'
  return {
    id: record.hash,
    metadata: { operationType, hash: record.hash, minedAt: record.minedAt, sentFrom: record.from, sentTo: record.to, status: record.status, nonce: record.nonce, chain: chainId },
    transfers,
  }
}

/** @returns {Promise<{ status: number, body: unknown } | undefined>} */
export async function handle({ method, path, query }, api) {
  const match = /^\/v1\/account\/([^/]+)\/history$/.exec(path)
  if (method !== 'GET' || !match) return undefined
  const owner = decodeURIComponent(match[1]).toLowerCase()
  const chainId = query.chainId
  // The `onramp` query lists the purchases an on-ramp provider credited to the account (sandbox/onramp).
  if (query.onramp) return { status: 200, body: { data: onrampHistory(api, chainId, decodeURIComponent(match[1])), next: null } }
  const extra = api.extraHistory(chainId, owner)
  if (!api.rpcUrls[chainId] || !/^0x[0-9a-f]{40}$/.test(owner)) return { status: 200, body: { data: extra, next: null } }
  const state = await index(api, chainId)
  const mine = [...state.txs.values()].filter((r) => r.from === owner || r.to === owner || r.transfers.some((t) => t.from === owner || t.to === owner))
  const all = [...extra, ...mine.reverse().map((r) => shape(r, owner, chainId, api))]
  const start = Math.max(0, Number.parseInt(query.cursor ?? '0', 10) || 0)
  const size = api.historyPageSize ?? PAGE_SIZE
  const data = all.slice(start, start + size)
  return { status: 200, body: { data, next: start + size < all.length ? String(start + size) : null } }
}

/** A collectible's picture: a shape coloured by its id (an SVG), for `/sandbox/nft/<SYMBOL>/<id>`. */
export function nftImage(path) {
  const match = /^\/sandbox\/nft\/([A-Z]{1,12})\/(\d{1,6})$/.exec(path)
  if (!match) return undefined
  const hue = (Number(match[2]) * 97) % 360
  const body = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" fill="hsl(${hue} 60% 85%)"/><circle cx="50" cy="50" r="${20 + (Number(match[2]) % 3) * 8}" fill="hsl(${hue} 70% 45%)"/><text x="50" y="92" font-size="12" text-anchor="middle" font-family="sans-serif">${match[1]} #${match[2]}</text></svg>`
  return { status: 200, body, type: 'image/svg+xml' }
}
