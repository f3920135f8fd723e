/**
 * Client of the wallet catalog API: `GET /getWallets` and the image endpoints, on the modal's
 * provider API (`options.apiUrl`; `projectId`, `st` and `sv` are added by the kernel's HTTP client).
 */
import { VestibuleError, nodeFaultOf, type HttpClient } from 'vestibule/kernel'
import { parseWalletList, type CatalogWallet } from './filter.js'

/** Page sizes. Featured = the number of featured ids; excluded-wallet init = the number of ids. */
export const PAGE_SIZES = { featuredDefault: 4, recommended: 4, page: 40, search: 100 } as const
/**
 * The paged list ends after this many pages (2,000 wallets, three times today's catalog), whatever total the API
 * reports: a count no page fills cannot make the list ask forever.
 */
export const MAX_PAGES = 50
/** A search answers no sooner than this, however fast the API is. */
export const SEARCH_MIN_WAIT_MS = 300
/** A catalog request that takes longer fails with a readable error (and can be retried). */
export const REQUEST_TIMEOUT_MS = 10_000

export interface GetWalletsParams {
  page: number
  entries: number
  include?: readonly string[]
  exclude?: readonly string[]
  chains?: readonly string[]
  search?: string
  badge?: string
}

export interface WalletPage {
  data: CatalogWallet[]
  count: number
}

export interface CatalogClient {
  /** How long a catalog answer may take, in ms: the deadline of one request, or of one page with what it waits for. */
  readonly timeoutMs: number
  /**
   * `GET /getWallets`; fails when `signal` aborts or when no answer came by `deadline` (a `Date.now()` time; by
   * default `timeoutMs` from the call).
   */
  getWallets(params: GetWalletsParams, options?: { signal?: AbortSignal; deadline?: number }): Promise<WalletPage>
  /** Search: trimmed text, page 1 of 100; resolves no sooner than 300 ms after the call. */
  search(
    params: { search: string; include?: readonly string[]; exclude?: readonly string[]; chains?: readonly string[]; badge?: string },
    signal?: AbortSignal,
  ): Promise<WalletPage>
  walletImageUrl(imageId: string): string
  assetImageUrl(imageId: string): string
  currencyImageUrl(id: string): string
  tokenImageUrl(id: string): string
}

const join = (list: readonly string[] | undefined) => (list?.length ? list.join(',') : undefined)

/** An AbortError for a wait that was cancelled. */
const aborted = () => new DOMException('The search was replaced by a newer one', 'AbortError')

export function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(aborted())
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(aborted())
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

export function isAbort(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'AbortError'
}

export function createCatalogClient(http: HttpClient, options: { timeoutMs?: number } = {}): CatalogClient {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS
  const image = (path: string, id: string) => http.url(`${path}/${encodeURIComponent(id)}`)
  const walletImageUrl = (id: string) => image('/getWalletImage', id)

  const getWallets = async (
    params: GetWalletsParams,
    { signal, deadline = Date.now() + timeoutMs }: { signal?: AbortSignal; deadline?: number } = {},
  ): Promise<WalletPage> => {
    // The caller's signal (a newer search) and the deadline both end the request.
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(
      () => {
        timedOut = true
        controller.abort()
      },
      Math.max(0, deadline - Date.now()),
    )
    const forward = () => controller.abort()
    if (signal?.aborted) controller.abort()
    signal?.addEventListener('abort', forward, { once: true })
    try {
      const body = await http.get<unknown>('/getWallets', {
        signal: controller.signal,
        query: {
          page: params.page,
          entries: params.entries,
          include: join(params.include),
          exclude: join(params.exclude),
          chains: join(params.chains),
          search: params.search,
          badge_type: params.badge,
        },
      })
      return parseWalletList(body, walletImageUrl)
    } catch (error) {
      if (timedOut) throw new VestibuleError('HTTP', `The wallet catalog did not answer within ${Math.round(timeoutMs / 1000)} s`, error)
      throw error
    } finally {
      clearTimeout(timer)
      signal?.removeEventListener('abort', forward)
    }
  }

  return {
    timeoutMs,
    getWallets,
    async search(params, signal) {
      const text = params.search.trim()
      const [page] = await Promise.all([
        getWallets(
          {
            page: 1,
            entries: PAGE_SIZES.search,
            search: text,
            include: params.include,
            exclude: params.exclude,
            chains: params.chains,
            badge: params.badge,
          },
          { signal },
        ),
        wait(SEARCH_MIN_WAIT_MS, signal),
      ])
      return page
    },
    walletImageUrl,
    assetImageUrl: (id) => image('/public/getAssetImage', id),
    currencyImageUrl: (id) => image('/public/getCurrencyImage', id),
    tokenImageUrl: (id) => image('/public/getTokenImage', id),
  }
}

/** Whether a request failed without a connection (the browser's "Failed to fetch"), not with an answer. */
export const isUnreachable = (error: unknown) => nodeFaultOf(error).kind === 'unreachable'
