/**
 * The quote of what the swap form holds: asked for once typing pauses (at once for a change of token or
 * direction), its request cancelled by any later change so an answer for old inputs is never shown; once it
 * arrives it is marked stale after QUOTE_STALE_MS and asked for again at once (shown, stale, until the new one
 * arrives), and while the review is open asked for again after QUOTE_REFRESH_MS. The gas price the quote is asked with is kept GAS_PRICE_TTL_MS per network.
 */
import type { ReadableAtom } from 'nanostores'
import { errorMessage, nodeFaultOf, type CaipNetwork } from 'vestibule/kernel'
import { cleanText } from 'vestibule/utils'
import type { QuoteState, SwapDeps, SwapForm } from './controller.js'
import { parseGasPrice, parseQuote } from './parse.js'
import type { SwapView } from './view-model.js'

/** Typing pauses this long before a quote is asked for. */
export const QUOTE_PAUSE_MS = 300
/** While the review is open its quote is asked for again this long after the last one arrived. */
export const QUOTE_REFRESH_MS = 10_000
/** A quote older than this is marked stale and cannot be confirmed. */
export const QUOTE_STALE_MS = 20_000
/**
 * A quote the API could not give for a passing reason (a 5xx or 429 answer, no answer in time, no connection) is
 * asked for again after each of these pauses, the last one repeating while the form stays as it is: at most one
 * request a minute once the API has been down a while.
 */
export const QUOTE_RETRY_MS = [5_000, 10_000, 20_000, 40_000, 60_000] as const
/** Whether a failed request may succeed when asked again unchanged. */
export function passingFault(error: unknown): boolean {
  const fault = nodeFaultOf(error)
  return (
    fault.kind === 'timeout' || fault.kind === 'unreachable' || (fault.kind === 'http' && (fault.status! >= 500 || fault.status === 429))
  )
}
/** A gas price is kept this long. */
export const GAS_PRICE_TTL_MS = 30_000

interface Store {
  $form: ReadableAtom<SwapForm>
  $view: ReadableAtom<SwapView>
  patch(changes: Partial<SwapForm>): void
  now(): number
}

export function createQuotes(deps: SwapDeps, { $form, $view, patch, now }: Store) {
  const quotes = {
    timer: undefined as ReturnType<typeof setTimeout> | undefined,
    stale: undefined as ReturnType<typeof setTimeout> | undefined,
    abort: undefined as AbortController | undefined,
    round: 0,
  }

  /** What a quote is for: the amount and the two tokens. */
  const quoteKey = () => {
    const { sell, buy } = $form.get()
    const view = $view.get()
    return view.amount && sell && buy ? `${view.amount}|${sell}|${buy}` : undefined
  }

  function stopQuote() {
    clearTimeout(quotes.timer)
    clearTimeout(quotes.stale)
    quotes.abort?.abort()
    quotes.abort = undefined
    quotes.round++
  }

  /**
   * Asks for the quote of what the form holds after `delay` (typing pauses); the request of any earlier quote is
   * cancelled. A refresh (`keep`) keeps showing the quote it replaces until the new one arrives (a failure too);
   * `retry` counts the automatic retries after passing faults.
   */
  function requestQuote(delay: number, keep = false, retry = 0) {
    stopQuote()
    const round = quotes.round
    const key = quoteKey()
    const view = $view.get()
    const { address, network } = deps.$context.get()
    const form = $form.get()
    if (!key || !address || !network || view.phase !== 'form' || !view.sell || !view.buy || view.amountError)
      return patch({ quote: { status: 'idle' } })
    const kept = keep && form.quote.for === key ? form.quote : undefined
    patch({ quote: kept ?? { status: 'waiting', for: key } })
    const { sell, buy, amount } = { sell: view.sell, buy: view.buy, amount: view.amount! }
    const fire = async () => {
      const abort = (quotes.abort = new AbortController())
      if (!kept) patch({ quote: { status: 'loading', for: key } })
      const settle = (quote: QuoteState) => {
        if (round !== quotes.round) return
        patch({ quote })
        if (quote.status === 'ready') scheduleQuote(key)
      }
      try {
        const gasPrice = await currentGasPrice(network)
        const query = {
          amount: amount.toString(),
          userAddress: `${network.caipNetworkId}:${address}`,
          from: sell.caip,
          to: buy.caip,
          gasPrice: gasPrice.toString(),
        }
        const body = await deps.client.quote(query, abort.signal)
        if (round !== quotes.round) return
        settle({ status: 'ready', for: key, toAmount: parseQuote(body, { amount, from: sell.caip, to: buy.caip }), at: now() })
      } catch (error) {
        if (abort.signal.aborted || round !== quotes.round) return
        settle({
          status: 'failed',
          for: key,
          error: cleanText(errorMessage(error), 160),
          unreachable: nodeFaultOf(error).kind === 'unreachable',
        })
        const pause = QUOTE_RETRY_MS[Math.min(retry, QUOTE_RETRY_MS.length - 1)]
        if (passingFault(error)) quotes.timer = setTimeout(() => round === quotes.round && requestQuote(0, true, retry + 1), pause)
      }
    }
    // A change of token or direction asks at once; typing waits for the pause.
    if (delay === 0) void fire()
    else quotes.timer = setTimeout(fire, delay)
  }

  /** After a quote arrives: when old, marked stale and asked for again at once; while the review is open, sooner. */
  function scheduleQuote(key: string) {
    const round = quotes.round
    quotes.stale = setTimeout(() => {
      if (round !== quotes.round || $form.get().quote.for !== key) return
      patch({ quote: { ...$form.get().quote, stale: true } })
      requestQuote(0, true)
    }, QUOTE_STALE_MS)
    quotes.timer = setTimeout(() => round === quotes.round && $form.get().status === 'reviewing' && requestQuote(0, true), QUOTE_REFRESH_MS)
  }

  async function currentGasPrice(network: CaipNetwork): Promise<bigint> {
    const kept = $form.get().gasPrice
    if (kept && kept.chainId === network.caipNetworkId && now() - kept.at < GAS_PRICE_TTL_MS) return kept.value
    const value = parseGasPrice(await deps.client.gasPrice(network.caipNetworkId))
    patch({ gasPrice: { value, at: now(), chainId: network.caipNetworkId } })
    return value
  }

  return { stop: stopQuote, request: requestQuote, key: quoteKey, gasPrice: currentGasPrice }
}
