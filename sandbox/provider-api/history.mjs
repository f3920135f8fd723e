// GET /v1/account/{address}/history, indexed from the blocks of the local chains: native transfers, and the
// Transfer events of the demo tokens (ERC-20) and collectibles (ERC-721). Newest first, pages of PAGE_SIZE with a
// `next` cursor; a spam-flagged collectible's transfers carry `flags.is_spam`. As the real API does, the metadata's
// sentFrom/sentTo are the transaction's own from/to (for a token transfer, `to` is the token contract), and each
// transfer carries its own `sender` and `recipient`. A swap on the sandbox exchange is a `trade` (the ETH it pays out,
// an internal transfer, read from its Swap event as a real indexer reads traces); a token approval alone is an
// `approve`, with the token, amount and spender in `approvals`.
import { keccak256, toHex } from 'viem'
import { ETH, PRICES, formatUnits, rpcCall } from './chain-data.mjs'
import { onrampHistory } from './onramp.mjs'

export const PAGE_SIZE = 20
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const ZERO = '0x0000000000000000000000000000000000000000'
const APPROVAL = keccak256(toHex('Approval(address,address,uint256)'))
const SWAP = keccak256(toHex('Swap(address,address,address,uint256,uint256,address)'))

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
      const record = {
        hash: tx.hash,
        from: tx.from.toLowerCase(),
        to: (tx.to ?? receipt.contractAddress ?? '').toLowerCase(),
        minedAt,
        status: receipt.status === '0x1' ? 'confirmed' : 'failed',
        nonce: Number.parseInt(tx.nonce, 16),
        transfers: [],
        approvals: [],
        swapped: false,
      }
      const value = BigInt(tx.value)
      if (value > 0n) record.transfers.push({ kind: 'native', from: record.from, to: record.to, amount: value })
      for (const log of receipt.logs) readLog(api, chainId, record, log)
      state.txs.set(tx.hash, record)
    }
  }
  return state
}

/** The token at `contract` on `chainId`: a demo asset or a token of the swap market. */
function tokenAt(api, chainId, contract) {
  const demo = api.assets.tokens.find((t) => t.chainId === chainId && t.address.toLowerCase() === contract)
  if (demo) return demo
  const market = api.convert?.markets?.get(chainId)
  if (market?.weth?.toLowerCase() === contract) return { name: 'Wrapped Ether', symbol: 'WETH', decimals: 18 }
  return market?.tokens?.find((t) => t.address.toLowerCase() === contract)
}

/** What one log of a mined transaction adds to its record: a token or collectible transfer, an approval, a swap. */
function readLog(api, chainId, record, log) {
  const contract = log.address.toLowerCase()
  const [topic, one, two, three] = log.topics
  if (topic === TRANSFER) {
    const token = tokenAt(api, chainId, contract)
    const nft = api.assets.nfts.find((n) => n.chainId === chainId && n.address.toLowerCase() === contract)
    if (token && log.topics.length === 3)
      record.transfers.push({ kind: 'token', token, from: topicAddress(one), to: topicAddress(two), amount: BigInt(log.data) })
    if (nft && log.topics.length === 4)
      record.transfers.push({ kind: 'nft', nft, from: topicAddress(one), to: topicAddress(two), id: BigInt(three) })
  }
  const token = topic === APPROVAL && log.topics.length === 3 && tokenAt(api, chainId, contract)
  if (token) record.approvals.push({ token, owner: topicAddress(one), spender: topicAddress(two), amount: BigInt(log.data) })
  const market = api.convert?.markets?.get(chainId)
  if (topic === SWAP && market?.exchange?.toLowerCase() === contract) {
    record.swapped = true
    // data: tokenIn, tokenOut, amountIn, amountOut (32 bytes each). ETH paid out (tokenOut zero) is an internal transfer.
    const words = log.data.slice(2).match(/.{64}/g) ?? []
    if (words.length === 4 && /^0+$/.test(words[1]))
      record.transfers.push({ kind: 'native', from: contract, to: topicAddress(two), amount: BigInt(`0x${words[3]}`) })
  }
}

/** The approvals `owner` gave in `record`, as the history API lists them (token, amount, spender). */
function approvalsOf(record, owner) {
  return record.approvals
    .filter((a) => a.owner === owner)
    .map((a) => ({
      spender: a.spender,
      quantity: { numeric: formatUnits(a.amount, a.token.decimals) },
      fungible_info: { name: a.token.name, symbol: a.token.symbol },
    }))
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
        nft_info: {
          name: `${t.nft.name} #${t.id}`,
          content: { preview: { url: `${api.url}/sandbox/nft/${t.nft.symbol}/${t.id}` } },
          flags: { is_spam: Boolean(t.nft.spam) },
        },
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
  const approvals = approvalsOf(record, owner)
  const traded = record.swapped && involved.some((t) => t.to === owner) && involved.some((t) => t.from === owner)
  const operationType = minted
    ? 'mint'
    : traded
      ? 'trade'
      : involved.length === 0
        ? approvals.length
          ? 'approve'
          : 'execute'
        : involved.every((t) => t.to === owner)
          ? 'receive'
          : 'send'
  return {
    id: record.hash,
    metadata: {
      operationType,
      hash: record.hash,
      minedAt: record.minedAt,
      sentFrom: record.from,
      sentTo: record.to,
      status: record.status,
      nonce: record.nonce,
      chain: chainId,
    },
    transfers,
    ...(approvals.length ? { approvals } : {}),
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
  const mine = [...state.txs.values()].filter(
    (r) => r.from === owner || r.to === owner || r.transfers.some((t) => t.from === owner || t.to === owner),
  )
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
