/**
 * The swap flow without a UI: the token list of the active network, the form (tokens, amount), a quote for what the
 * form holds once typing pauses, the review (its quote refreshed, and marked stale when old), then the approve when
 * the allowance is short and the swap itself. An answer for inputs the form no longer holds is dropped, and its
 * request cancelled. Another network or account empties the form. A view renders `$view` and calls the actions.
 */
import { atom, computed, type ReadableAtom } from 'nanostores'
import { errorMessage, type BalancesSnapshot, type CaipNetwork, type ChainAdapter, type TransactionRequest } from 'vestibule/kernel'
import { cleanText, formatUnits } from 'vestibule/utils'
import { swapSupported } from './networks.js'
import { parseTokens, tokenKey, type SwapToken } from './parse.js'
import { createQuotes, QUOTE_PAUSE_MS } from './quotes.js'
import { deriveView, type Message, type SwapView } from './view-model.js'
import { executeSwap } from './execute.js'

export { GAS_PRICE_TTL_MS, QUOTE_PAUSE_MS, QUOTE_REFRESH_MS, QUOTE_STALE_MS } from './quotes.js'

export interface SwapContext {
  adapter?: ChainAdapter
  network?: CaipNetwork
  address?: string
  nativeBalance?: bigint
  /** The account's fees are paid for it: no insufficient-gas rule. */
  paysOwnGas: boolean
}

/** The swap endpoints; each resolves with the raw answer (checked here) or rejects with the API's reason. */
export interface SwapClient {
  tokens(chainId: string): Promise<unknown>
  quote(query: { amount: string; userAddress: string; from: string; to: string; gasPrice: string }, signal: AbortSignal): Promise<unknown>
  allowance(query: { tokenAddress: string; userAddress: string }): Promise<unknown>
  gasPrice(chainId: string): Promise<unknown>
  buildApprove(query: { userAddress: string; from: string; to: string }): Promise<unknown>
  buildTransaction(body: {
    amount: string
    eip155: { slippage: string }
    from: string
    to: string
    userAddress: string
    disableEstimate: boolean
  }): Promise<unknown>
}

export interface SwapDeps {
  $context: ReadableAtom<SwapContext>
  $balances?: ReadableAtom<BalancesSnapshot>
  refreshBalances?(force?: boolean): Promise<unknown> | void
  client: SwapClient
  /** The chain plugin's `sendTransaction`; resolves with the transaction id. */
  sendTransaction(tx: TransactionRequest): Promise<string>
  emit(event: 'track' | 'transaction' | 'swap:initiated' | 'swap:success' | 'swap:error', payload: unknown): void
  notify(variant: 'success' | 'error', key: string): void
  /** Chain ids the host adds to the swap networks. */
  extraChainIds?: readonly (number | string)[]
  now?(): number
  /** Pause between allowance reads after an approve (tests shorten it). */
  allowancePollMs?: number
}

export type QuoteState = {
  status: 'idle' | 'waiting' | 'loading' | 'ready' | 'failed'
  for?: string
  toAmount?: bigint
  at?: number
  stale?: boolean
  error?: string
  unreachable?: boolean
}
export type TokensState = { status: 'idle' | 'loading' | 'ready' | 'failed'; list: readonly SwapToken[]; chainId?: string; error?: string }
export type SwapStatus = 'editing' | 'reviewing' | 'approving' | 'swapping' | 'done'
export interface SwapResult {
  from: SwapToken
  to: SwapToken
  sold: bigint
  bought: bigint
  id: string
}

export interface SwapForm {
  status: SwapStatus
  tokens: TokensState
  sell?: string
  buy?: string
  amountText: string
  quote: QuoteState
  gasPrice?: { value: bigint; at: number; chainId: string }
  /** The allowance asked for before the approve (the sold token's key → base units). */
  allowance?: { key: string; value: bigint }
  picker?: 'sell' | 'buy'
  /** The side whose token button takes the focus back when its picker closes. */
  returnFocus?: 'sell' | 'buy'
  search: string
  /**
   * `quoteOnly` once the network's node turned out unable to try the swap before the wallet signs: the review says
   * so, and the swap is checked against the quote and the binding rules only.
   */
  checks?: 'quoteOnly'
  failure?: Message
  done?: SwapResult
}

const initial = (tokens: TokensState = { status: 'idle', list: [] }): SwapForm => ({
  status: 'editing',
  tokens,
  amountText: '',
  quote: { status: 'idle' },
  search: '',
})

export type SwapController = ReturnType<typeof createSwapController>

export function createSwapController(deps: SwapDeps) {
  const now = deps.now ?? Date.now
  const $form = atom<SwapForm>(initial())
  const $view: ReadableAtom<SwapView> = computed([$form, deps.$context, deps.$balances ?? atom(undefined)], (form, context, balances) =>
    deriveView(form, context, balances, deps.extraChainIds),
  )
  const patch = (changes: Partial<SwapForm>) => $form.set({ ...$form.get(), ...changes })
  const quotes = createQuotes(deps, { $form, $view, patch, now })
  const { stop: stopQuote, request: requestQuote, key: quoteKey, gasPrice: currentGasPrice } = quotes
  let tokensRound = 0

  /** Loads the token list of the active network (when swaps are offered there) and its gas price. */
  function loadTokens() {
    const round = ++tokensRound
    const { network, address } = deps.$context.get()
    if (!network || !address || !swapSupported(network, deps.extraChainIds)) return patch({ tokens: { status: 'idle', list: [] } })
    const chainId = network.caipNetworkId
    patch({ tokens: { status: 'loading', list: [], chainId } })
    deps.client
      .tokens(chainId)
      .then((body) => {
        if (round !== tokensRound) return
        const list = parseTokens(body, chainId)
        patch({ tokens: { status: 'ready', list, chainId }, sell: $form.get().sell ?? list.find((t) => t.native)?.caip.toLowerCase() })
      })
      .catch(
        (error: unknown) =>
          round === tokensRound && patch({ tokens: { status: 'failed', list: [], chainId, error: cleanText(errorMessage(error), 160) } }),
      )
    void currentGasPrice(network).catch(() => undefined)
  }

  /** An edit: what was reviewed or failed no longer applies; the quote follows. */
  function edit(changes: Partial<SwapForm>, delay = QUOTE_PAUSE_MS) {
    patch({ ...changes, failure: undefined, status: 'editing' })
    requestQuote(delay)
  }

  function reset() {
    stopQuote()
    const { tokens, gasPrice } = $form.get()
    $form.set({ ...initial(tokens), gasPrice, sell: tokens.list.find((t) => t.native)?.caip.toLowerCase() })
  }

  /** Asks (once per network) whether its node can try the swap; the review says so when it cannot. */
  function probeChecks() {
    const context = deps.$context.get()
    const { network, address } = context
    if (!network || !address) return
    import('./simulate.js')
      .then((m) => m.canSimulate(network, address.toLowerCase()))
      .then((can) => !can && placeOf(deps.$context.get()) === placeOf(context) && patch({ checks: 'quoteOnly' }))
      .catch(() => undefined)
  }

  const run = executeSwap(deps, { $form, $view, patch, reset, requestQuote, now })

  const actions = {
    $form,
    $view,
    setAmount: (text: string) => edit({ amountText: text }),
    openPicker: (side: 'sell' | 'buy') => patch({ picker: side, search: '' }),
    closePicker: () => patch({ picker: undefined, search: '', returnFocus: $form.get().picker }),
    setSearch: (search: string) => patch({ search }),
    /** Picks a token for the open picker's side; picking the other side's token flips them. */
    pick(key: string) {
      const form = $form.get()
      const side = form.picker ?? 'buy'
      const other = side === 'sell' ? form.buy : form.sell
      if (other === key) return actions.flip()
      edit({ [side]: key, picker: undefined, search: '', returnFocus: side, ...(side === 'sell' ? { amountText: '' } : {}) }, 0)
    },
    /** Swaps direction: the quoted amount becomes what is sold, when there is one. */
    flip() {
      const form = $form.get()
      const view = $view.get()
      const bought =
        form.quote.status === 'ready' && form.quote.for === quoteKey() && view.buy
          ? formatUnits(form.quote.toAmount!, view.buy.decimals)
          : ''
      edit({ sell: form.buy, buy: form.sell, amountText: bought, picker: undefined, search: '', returnFocus: undefined }, 0)
    },
    /** Fills in the most that can be sold (the network token keeps its fee). */
    max() {
      const view = $view.get()
      if (view.max !== undefined && view.sell) edit({ amountText: formatUnits(view.max, view.sell.decimals) })
    },
    review() {
      if (!$view.get().canReview) return
      patch({ status: 'reviewing', failure: undefined })
      if ($form.get().quote.stale) requestQuote(0, true)
      probeChecks()
    },
    backToForm: () => patch({ status: 'editing' }),
    confirm: () => run(),
    retryTokens: () => loadTokens(),
    done: () => reset(),
    reset,
    /** Loads the tokens and follows the chain: another network or account empties the form. Returns the stop. */
    start() {
      let where = placeOf(deps.$context.get())
      void deps.refreshBalances?.(false)
      loadTokens()
      const stop = deps.$context.listen((context) => {
        const next = placeOf(context)
        if (next === where) return
        where = next
        $form.set(initial())
        stopQuote()
        void deps.refreshBalances?.(false)
        loadTokens()
      })
      return () => (stop(), stopQuote())
    },
  }
  return actions
}

/** The network and account a form belongs to. */
export const placeOf = (context: SwapContext) => `${context.network?.caipNetworkId ?? ''}|${context.address ?? ''}`

export { tokenKey }
