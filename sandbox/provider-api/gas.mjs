// GET /v1/convert/gas-price?chainId: the network's gas price as the blockchain API reports it, `{ standard, fast,
// instant }` as decimal strings in the smallest unit (wei per gas on eip155, lamports per signature on solana),
// read from the local nodes. Tests may pin an answer per chain (raw: odd or hostile bodies too).
import { rpcCall } from './chain-data.mjs'

/** Solana's base fee per signature, in lamports. */
const LAMPORTS_PER_SIGNATURE = 5000n

/** @returns {Promise<{ status: number, body: unknown } | undefined>} */
export async function handle({ method, path, query }, api) {
  if (method !== 'GET' || path !== '/v1/convert/gas-price') return undefined
  const chainId = typeof query.chainId === 'string' ? query.chainId : ''
  if (api.gasPrices.has(chainId)) return { status: 200, body: api.gasPrices.get(chainId) }
  const url = api.rpcUrls[chainId]
  if (!url) return { status: 400, body: { message: 'Network not supported for Gas Price' } }
  const standard = chainId.startsWith('solana:') ? LAMPORTS_PER_SIGNATURE : BigInt(await rpcCall(url, 'eth_gasPrice', []))
  // Faster inclusion costs more: a quarter and a half on top.
  return { status: 200, body: { standard: String(standard), fast: String((standard * 5n) / 4n), instant: String((standard * 3n) / 2n) } }
}
