/**
 * The buy flow without a UI: options for the account's network, the typed fiat amount checked against the chosen
 * payment method's limits, a quote once typing pauses (an answer for inputs the form no longer holds is dropped),
 * and a provider's page opened only for an amount within the limits and a page address that passes the https
 * rule. After a page opened, the account's on-ramp history is read again every few seconds until the purchase
 * shows up; then the balances are read again. Another network or account starts the form over.
 */
import { atom, computed, type ReadableAtom } from 'nanostores'
import { errorMessage, nodeFaultOf, type CaipNetwork } from 'vestibule/kernel'
import { cleanText, createRequestCache } from 'vestibule/utils'
import { networkName, presetCrypto, type OnrampClient, type OnrampOptions, type Purchase, type PurchaseCurrency } from './api.js'
import type { OnrampProvider } from './index.js'
import { widgetUrl } from './providers.js'
import { deriveView, type OnrampContext, type OnrampForm, type OnrampView } from './view-model.js'

/** After a quote failed for a passing reason it is asked again after each of these pauses, then on the next edit. */
export const QUOTE_RETRY_MS = [5_000, 10_000, 20_000, 40_000, 60_000] as const
/** Whether a failed request may succeed when asked again unchanged: a 5xx or 429 answer, a timeout, no connection. */
function passing(error: unknown): boolean {
  const fault = nodeFaultOf(error)
  return (
    fault.kind === 'timeout' || fault.kind === 'unreachable' || (fault.kind === 'http' && (fault.status! >= 500 || fault.status === 429))
  )
}
/** Typing pauses this long before a quote is asked for. */
export const QUOTE_PAUSE_MS = 300
/** After a provider's page opened, the on-ramp history is read again this often … */
export const PURCHASE_POLL_MS = 5000
/** … this many times at most (ten minutes). */
export const PURCHASE_POLLS = 120

export interface OnrampDeps {
  $context: ReadableAtom<OnrampContext>
  client: OnrampClient
  providers: readonly OnrampProvider[]
  purchases(network: CaipNetwork, address: string): Promise<Purchase[]>
  /** Opens `url` in a new tab without a handle back to this page (`noopener`). */
  open(url: string): void
  /** Reads the balances again past their cache (a purchase was credited). */
  refreshBalances(): void
  /** The provider's images of payment currencies and tokens (by id); without them nothing shows an image. */
  images?: OnrampImages
}

export interface OnrampImages {
  currency(id: string): string | undefined
  token(id: string): string | undefined
}

export interface PurchasesState {
  status: 'idle' | 'loading' | 'ready' | 'failed'
  list: readonly Purchase[]
}

const initial = (generation = 0): OnrampForm => ({ fallback: false, amount: '', quote: { status: 'idle' }, generation })
const placeOf = (c: OnrampContext) => `${c.network?.caipNetworkId ?? ''}|${c.address ?? ''}`

export type OnrampController = ReturnType<typeof createOnrampController>

/**
 * The amount of `asset` the shown quote buys, to preset on the provider's page: only a quote the API gave for
 * exactly what the form holds, in that asset, as shown (6 decimals) and only when a JSON number
 * carries it exactly.
 */
function presetAmount(view: OnrampView, quote: OnrampForm['quote'], asset: PurchaseCurrency): string | undefined {
  if (quote.status !== 'ready' || !quote.quote || quote.key !== `${view.amount} ${view.currency?.id} ${asset.id}`) return undefined
  return quote.quote.purchaseAmount.currency === asset.symbol ? presetCrypto(quote.quote.purchaseAmount.amount) : undefined
}

/**
 * The account's on-ramp history (`$purchases`) and its polling after a provider's page was opened. `place()` is the
 * form's current place round: an answer read for a place the form left is dropped.
 */
function purchaseHistory(deps: OnrampDeps, $view: ReadableAtom<OnrampView>, place: () => number) {
  const $purchases = atom<PurchasesState>({ status: 'idle', list: [] })
  let timer: ReturnType<typeof setTimeout> | undefined
  /** Reads the on-ramp history; resolves with whether a purchase not listed before showed up. */
  async function load(): Promise<boolean> {
    const { network, address } = deps.$context.get()
    const round = place()
    if (!network || !address || $view.get().phase === 'unsupported') return false
    const before = $purchases.get()
    if (before.status === 'idle') $purchases.set({ status: 'loading', list: [] })
    try {
      const list = await deps.purchases(network, address)
      if (round !== place()) return false
      $purchases.set({ status: 'ready', list })
      const known = new Set(before.list.map((p) => `${p.id} ${p.status}`))
      return before.status === 'ready' && list.some((p) => !known.has(`${p.id} ${p.status}`))
    } catch {
      if (round === place() && before.status !== 'ready') $purchases.set({ status: 'failed', list: [] })
      return false
    }
  }

  /** Reads the history every PURCHASE_POLL_MS until a new purchase shows up (then the balances), PURCHASE_POLLS times at most. */
  function watch(left = PURCHASE_POLLS) {
    clearTimeout(timer)
    if (left <= 0) return
    timer = setTimeout(() => {
      void load().then((changed) => {
        if (changed) deps.refreshBalances()
        if (!changed || $purchases.get().list.some((p) => p.status === 'pending')) watch(left - 1)
      })
    }, PURCHASE_POLL_MS)
  }

  const stop = () => clearTimeout(timer)
  return { $purchases, load, watch, stop }
}

export function createOnrampController(deps: OnrampDeps) {
  const $form = atom<OnrampForm>(initial())
  const $view: ReadableAtom<OnrampView> = computed([$form, deps.$context], deriveView)
  const optionsCache = createRequestCache<{ options: OnrampOptions; fallback: boolean }>()
  let quoteTimer: ReturnType<typeof setTimeout> | undefined
  let quoteRound = 0
  let placeRound = 0
  const purchases = purchaseHistory(deps, $view, () => placeRound)
  const { $purchases } = purchases

  const patch = (changes: Partial<OnrampForm>) => $form.set({ ...$form.get(), ...changes })

  function loadOptions() {
    const { network } = deps.$context.get()
    const round = placeRound
    if (!network || $view.get().phase !== 'loading') return
    void optionsCache
      .get(network.caipNetworkId, () => deps.client.options(network))
      .then(({ options, fallback }) => round === placeRound && (patch({ options, fallback }), refreshQuote()))
  }

  /**
   * Drops the quote (it was for other inputs) and asks for the new one once typing pauses. A failure for a passing
   * reason (a 5xx or 429 answer, no answer in time, no connection) is asked again after each of QUOTE_RETRY_MS,
   * the failure shown meanwhile (`retry` counts those retries).
   */
  function refreshQuote(retry?: number) {
    clearTimeout(quoteTimer)
    const round = ++quoteRound
    const view = $view.get()
    const { network } = deps.$context.get()
    if (!view.amount || !view.currency || !view.asset || !network) return patch({ quote: { status: 'idle' } })
    const key = `${view.amount} ${view.currency.id} ${view.asset.id}`
    if (retry === undefined) patch({ quote: { status: 'loading', key } })
    const request = { purchaseCurrency: view.asset, paymentCurrency: view.currency, amount: view.amount, network: networkName(network) }
    const failed = (error: unknown) => {
      if (round !== quoteRound) return
      // No quote means no amounts: nothing is shown that the provider did not state for this amount.
      patch({
        quote: {
          status: 'failed',
          error: cleanText(errorMessage(error), 160),
          unreachable: nodeFaultOf(error).kind === 'unreachable',
          key,
        },
      })
      const attempt = retry ?? 0
      if (passing(error) && attempt < QUOTE_RETRY_MS.length)
        quoteTimer = setTimeout(() => round === quoteRound && refreshQuote(attempt + 1), QUOTE_RETRY_MS[attempt])
    }
    const ask = () =>
      deps.client.quote(network, request).then((quote) => round === quoteRound && patch({ quote: { status: 'ready', quote, key } }), failed)
    quoteTimer = setTimeout(ask, retry === undefined ? QUOTE_PAUSE_MS : 0)
  }

  function reset() {
    clearTimeout(quoteTimer)
    purchases.stop()
    quoteRound++
    placeRound++
    $form.set(initial($form.get().generation + 1))
    $purchases.set({ status: 'idle', list: [] })
    loadOptions()
    void purchases.load()
  }

  /** Opens `providerId`'s page for what the form holds, if the amount is within the limits and the page is safe. */
  async function choose(providerId: string) {
    const form = $form.get()
    const view = $view.get()
    const provider = deps.providers.find((p) => p.id === providerId)
    const { network, address } = deps.$context.get()
    if (form.opening || !provider || !network || !address || view.phase !== 'form') return
    if (!view.amount || !view.currency || !view.limit || !view.asset)
      return patch({ error: view.amountError ?? { key: 'onramp.enterAmount' }, opened: undefined })
    const round = placeRound
    patch({ opening: provider.id, error: undefined, opened: undefined })
    try {
      const request = {
        address,
        network: networkName(network),
        assets: [view.asset.symbol],
        fiatAmount: view.amount,
        cryptoAmount: presetAmount(view, form.quote, view.asset),
        paymentCurrency: view.currency.id,
        paymentMethod: view.limit.id,
      }
      const url = await widgetUrl(deps.client, provider, network, request)
      if (round !== placeRound) return
      deps.open(url)
      patch({ opening: undefined, opened: provider.id })
      purchases.watch()
    } catch (error) {
      if (round === placeRound)
        patch({
          opening: undefined,
          error: { key: 'onramp.notOpened', values: { provider: provider.name, reason: cleanText(errorMessage(error), 160) } },
        })
    }
  }

  const edit = (changes: Partial<OnrampForm>) => {
    patch({ ...changes, error: undefined })
    refreshQuote()
  }

  return {
    $form,
    $view,
    $purchases,
    providers: deps.providers,
    /** The image of payment currency `id`, or undefined. */
    currencyImage: (id: string) => deps.images?.currency(id),
    /** The image of the asset to buy (the provider's token images go by symbol), or undefined. */
    assetImage: (asset: PurchaseCurrency) => deps.images?.token(asset.symbol),
    setAmount: (amount: string) => edit({ amount }),
    setCurrency: (currency: string) => edit({ currency, method: undefined }),
    setMethod: (method: string) => edit({ method }),
    setAsset: (asset: string) => edit({ asset }),
    choose,
    refreshPurchases: () => purchases.load(),
    /** Loads options and purchases and follows the account (another network or account starts over); returns the stop. */
    start() {
      let where = placeOf(deps.$context.get())
      reset()
      const stop = deps.$context.listen((context) => {
        if (placeOf(context) === where) return
        where = placeOf(context)
        reset()
      })
      return () => {
        stop()
        clearTimeout(quoteTimer)
        purchases.stop()
        placeRound++
      }
    },
  }
}
