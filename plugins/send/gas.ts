import { VestibuleError, type BlockchainApi, type CaipNetwork } from 'vestibule/kernel'
import { createRequestCache, type RequestCache } from 'vestibule/utils'

/** The blockchain API's gas price for a network, in its smallest unit (wei per gas unit; lamports per signature). */
export interface GasPrice {
  standard: bigint
  fast: bigint
  instant: bigint
}

/** The families the blockchain API prices gas for. */
const PRICED = new Set(['eip155', 'solana'])
/** An answer is kept this long per network. */
export const GAS_PRICE_TTL_MS = 30_000
/** A gas price is a non-negative integer of at most 78 digits (2^256). */
const UNITS = /^\d{1,78}$/

/** Answers per blockchain API client (one per modal), per network. */
const caches = new WeakMap<BlockchainApi, RequestCache<GasPrice>>()

/** One field of the answer: a decimal string (or a safe integer) of base units; anything else is refused. */
function units(value: unknown): bigint | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  return typeof value === 'string' && UNITS.test(value) ? BigInt(value) : undefined
}

/** Reads `{ standard, fast, instant }`; `fast` and `instant` fall back to `standard` when absent. */
export function parseGasPrice(body: unknown): GasPrice | undefined {
  if (!body || typeof body !== 'object') return undefined
  const { standard, fast, instant } = body as Record<string, unknown>
  const base = units(standard)
  if (base === undefined || base === 0n) return undefined
  const faster = fast === undefined ? base : units(fast)
  const fastest = instant === undefined ? base : units(instant)
  return faster === undefined || fastest === undefined ? undefined : { standard: base, fast: faster, instant: fastest }
}

/**
 * `GET v1/convert/gas-price?chainId`: the network's gas price from the blockchain API, kept 30 s per network.
 * Rejects with "Network not supported for Gas Price" for a family or network the API does not price, and with a
 * clear error for an answer that is not a gas price.
 */
export function fetchGasPrice(api: BlockchainApi, network: CaipNetwork, now: () => number = Date.now): Promise<GasPrice> {
  const chainId = network.caipNetworkId
  let cache = caches.get(api)
  if (!cache) caches.set(api, (cache = createRequestCache({ ttl: GAS_PRICE_TTL_MS, now })))
  return cache.get(chainId, async () => {
    const unsupported = () => new VestibuleError('NOT_SUPPORTED', 'Network not supported for Gas Price')
    if (!PRICED.has(network.chainNamespace)) throw unsupported()
    const body = await api.get<unknown>(chainId, 'v1/convert/gas-price', undefined, { query: { chainId } })
    if (body === undefined) throw unsupported()
    const price = parseGasPrice(body)
    if (!price) throw new VestibuleError('HTTP', `The gas price answer for ${chainId} is not a gas price`)
    return price
  })
}
