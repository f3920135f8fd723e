/** The swap controller's dependencies, read from a view's context or the plugin's own: the active chain, the balances, the API. */
import { chainFeature, HttpError, type BlockchainApi, type ViewContext } from 'vestibule/kernel'
import { accountWithBalances, cleanText } from 'vestibule/utils'
import type { SwapClient, SwapDeps } from './controller.js'
import { checkMessages } from './check-messages.js'
import type { SwapApi } from './index.js'

/**
 * The swap endpoints over the blockchain API's HTTP client (its default query: st, sv, projectId; whatever fetch and
 * headers the host gave it). A failed call rejects with the API's own reason when its body gives one, else with the
 * HTTP status.
 */
export function swapClient(api: BlockchainApi): SwapClient {
  const reason = (error: unknown) => {
    if (!(error instanceof HttpError)) return error
    let body: unknown
    try {
      body = JSON.parse(error.body ?? '')
    } catch {
      return error
    }
    const text = body && typeof body === 'object' ? cleanText((body as { message?: unknown }).message, 160) : ''
    // The status stays on the error: a 5xx or 429 is worth asking again, a 4xx is not.
    return text ? Object.assign(new Error(text), { status: error.status }) : error
  }
  const answer = (request: Promise<unknown>) =>
    request.catch((error: unknown) => {
      throw reason(error)
    })
  const get = (path: string, query: Record<string, string>, signal?: AbortSignal) =>
    answer(api.http.get(path, { query, ...(signal ? { signal } : {}) }))
  return {
    tokens: (chainId) => get('v1/convert/tokens', { chainId }),
    quote: (query, signal) => get('v1/convert/quotes', query, signal),
    allowance: (query) => get('v1/convert/allowance', query),
    gasPrice: (chainId) => get('v1/convert/gas-price', { chainId }),
    buildApprove: (query) => get('v1/convert/build-approve', query),
    buildTransaction: (body) => answer(api.http.post('v1/convert/build-transaction', body)),
  }
}

/** What the controller is wired from: a view's context, or the plugin's own (the headless controller). */
export type SwapWiring = Pick<ViewContext, 'state' | 'services' | 'blockchainApi' | 'events' | 'feedback' | 'i18n'> & {
  chains: Pick<ViewContext['chains'], 'get' | 'findConnector'>
}

export function viewSwapDeps(k: SwapWiring, api?: Pick<SwapApi, 'extraNetworks'>): SwapDeps {
  // The checks' texts load with this part, not with the plugin.
  k.i18n.add(checkMessages, () => import('./locales/index.js'))
  const account = accountWithBalances(k)
  return {
    ...account,
    client: swapClient(k.blockchainApi),
    sendTransaction: (tx) => chainFeature(account.$context.get().adapter, 'sendTransaction')(tx),
    emit: (event, payload) => k.events.emit(event, payload as never),
    notify: (variant, key) => k.feedback.showSnackbar(variant, k.i18n.t(key)),
    extraChainIds: api?.extraNetworks ?? [],
  }
}
