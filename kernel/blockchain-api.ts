import type { CaipNetworkId } from './caip.js'
import type { HttpClient, RequestOptions } from './http.js'
import { lazyOnce } from './lazy-once.js'

export const DEFAULT_BLOCKCHAIN_API_URL = 'https://rpc.walletconnect.org'

export interface SupportedChains {
  http: readonly string[]
  ws: readonly string[]
}

/**
 * The provider's blockchain API. Every query carries `st`, `sv` and `projectId` (the client's
 * default query). Calls for a network the API does not support resolve to the caller's empty result
 * without a request.
 */
export interface BlockchainApi {
  /** `GET v1/supported-chains`, fetched once per modal; a failure is retried on the next call. */
  supportedChains(): Promise<SupportedChains>
  isSupported(caipNetworkId: CaipNetworkId | undefined): Promise<boolean>
  get<T>(caipNetworkId: CaipNetworkId | undefined, path: string, empty: T, options?: RequestOptions): Promise<T>
  post<T>(caipNetworkId: CaipNetworkId | undefined, path: string, body: unknown, empty: T, options?: RequestOptions): Promise<T>
  readonly http: HttpClient
}

export function createBlockchainApi(http: HttpClient): BlockchainApi {
  const supportedChains = lazyOnce(() =>
    http
      .get<Partial<SupportedChains>>('v1/supported-chains')
      .then((body): SupportedChains => ({ http: Array.isArray(body?.http) ? body.http : [], ws: Array.isArray(body?.ws) ? body.ws : [] })),
  )
  const isSupported = async (caipNetworkId: CaipNetworkId | undefined) => {
    if (!caipNetworkId) return false
    try {
      return (await supportedChains()).http.includes(caipNetworkId)
    } catch {
      return false
    }
  }
  return {
    http,
    supportedChains,
    isSupported,
    async get(caipNetworkId, path, empty, options) {
      return (await isSupported(caipNetworkId)) ? http.get(path, options) : empty
    },
    async post(caipNetworkId, path, body, empty, options) {
      return (await isSupported(caipNetworkId)) ? http.post(path, body, options) : empty
    },
  }
}
