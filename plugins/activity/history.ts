/**
 * The Activity tab's working part, loaded on first display: pages of the account's history by cursor from the
 * blockchain API, checked and filtered; the empty flag when the first page holds nothing; on a failure the
 * "Failed to fetch transactions" snack, ERROR_FETCH_TRANSACTIONS and an empty list. Once a page holds a token
 * received, the history's on-ramp entries are read (once per list): the transactions they list show as purchases.
 */
import type { MapStore } from 'nanostores'
import { addressRulesOf, errorMessage, nodeFaultOf, type CaipNetworkId, type PluginContext } from 'vestibule/kernel'
import { cleanText, createBackoff, isPassingFault } from 'vestibule/utils'
import {
  markPurchases,
  parseTransaction,
  receivesToken,
  visibleTransactions,
  withCanonicalAddresses,
  type Transaction,
} from './transactions.js'

export interface ActivityState {
  status: 'idle' | 'loading' | 'ready' | 'error' | 'unavailable'
  /** The account and network the list belongs to (CAIP-10). */
  account?: string
  transactions: readonly Transaction[]
  next?: string
  /** True when the history holds nothing for this account. */
  empty: boolean
  /** Why the list could not be read (status 'error'): the API's reason, or 'unreachable' when no connection was made. */
  reason?: string
  /** The list is read again by itself after a pause (ACTIVITY_RETRY_MS). */
  retrying?: boolean
}

/**
 * A list that could not be read for a passing reason (a 5xx or 429 answer, no answer in time, no connection) is read
 * again by itself after each of these pauses while the modal is open; after the last one it waits for "Try again".
 */
export const ACTIVITY_RETRY_MS = [5_000, 10_000, 20_000, 40_000] as const

export const INITIAL: ActivityState = { status: 'idle', transactions: [], empty: false }

/** The on-ramp provider whose purchases the history API lists apart (its `onramp` query). */
export const ONRAMP_PROVIDER = 'coinbase'

/** The chain-family capability the history API needs: a chain plugin declares it when the API keeps its history. */
export const HISTORY_CAPABILITY = 'history'

/**
 * A transaction the modal just sent may not be in the history yet (the API indexes blocks after they are mined): the
 * list is read again after each of these pauses until it shows it.
 */
export const AWAIT_SENT_MS = [2_000, 4_000, 8_000, 16_000] as const

export interface ActivityController {
  /**
   * Loads the first page for the active account unless it is loaded (or `force`). `awaiting`: the id of a
   * transaction just sent, read again after AWAIT_SENT_MS until the list holds it.
   */
  load(options?: { force?: boolean; awaiting?: string }): Promise<void>
  /** Loads the next page, if there is one and none is loading. */
  more(): Promise<void>
  clear(): void
}

/** `retried`: an automatic retry after a failure (the retries go on counting); any other load starts them over. */
type LoadOptions = { force?: boolean; awaiting?: string; attempt?: number; retried?: boolean }

export function createController(ctx: PluginContext, $activity: MapStore<ActivityState>): ActivityController {
  let generation = 0
  let awaitTimer: ReturnType<typeof setTimeout> | undefined
  // The list read again while a transaction just sent is awaited (set below to the controller's load).
  let again: (options: LoadOptions) => Promise<void> = async () => {}
  // The on-ramp entries of the list shown: read once per list, when a page first holds a token received.
  let purchases: { account: string; byId: Promise<Map<string, Transaction>> } | undefined

  /** The account's on-ramp purchases by transaction id; none when the API cannot list them (the list still shows). */
  const purchasesOf = (account: string, chainId: CaipNetworkId, address: string) => {
    if (purchases?.account !== account) {
      const byId = ctx.blockchainApi
        .get<{ data?: unknown }>(
          chainId,
          `v1/account/${encodeURIComponent(address)}/history`,
          { data: [] },
          { query: { chainId, onramp: ONRAMP_PROVIDER } },
        )
        .then((body) =>
          (Array.isArray(body?.data) ? body.data.slice(0, 200) : []).map(parseTransaction).filter((t): t is Transaction => t !== undefined),
        )
        .then((list) => new Map(list.map((t) => [t.id, t])))
        .catch(() => new Map<string, Transaction>())
      purchases = { account, byId }
    }
    return purchases.byId
  }

  const page = async (cursor?: string) => {
    const account = ctx.connection.account()
    if (!account) return undefined
    const chainId = account.network.caipNetworkId
    // An API that cannot say which networks it supports cannot answer for this one either: that is a failure, not an
    // empty history.
    await ctx.blockchainApi.supportedChains()
    const body = await ctx.blockchainApi.get<{ data?: unknown; next?: unknown }>(
      chainId,
      `v1/account/${encodeURIComponent(account.address)}/history`,
      { data: [], next: null },
      { query: { chainId, ...(cursor ? { cursor } : {}) } },
    )
    const rows = Array.isArray(body?.data) ? body.data.slice(0, 200) : []
    const rules = await addressRulesOf(account.adapter)
    const canonical = (address: string) => rules.normalize(address, account.network)
    const parsed = rows
      .map(parseTransaction)
      .filter((t): t is Transaction => t !== undefined)
      .map((t) => withCanonicalAddresses(t, canonical))
    const next = typeof body?.next === 'string' && body.next.length <= 200 && body.next !== cursor ? body.next : undefined
    const key = `${chainId}:${account.address}`
    const shown = visibleTransactions(parsed, chainId)
    const bought = shown.some(receivesToken) ? markPurchases(shown, await purchasesOf(key, chainId, account.address)) : shown
    return { account: key, chainId, returned: rows.length, transactions: bought, next }
  }

  const backoff = createBackoff(ACTIVITY_RETRY_MS)
  ctx.onDestroy(() => backoff.cancel())

  /** The list could not be read: the reason shown, a retry planned; the snack only when it is not a retry failing again. */
  const fail = (error: unknown, account: string | undefined, retried = false) => {
    const mine = generation
    const retrying =
      isPassingFault(error) &&
      backoff.plan(() => void (mine === generation && ctx.state.$modal.get().open && again({ force: true, retried: true })))
    const reason = nodeFaultOf(error).kind === 'unreachable' ? 'unreachable' : cleanText(errorMessage(error), 160)
    $activity.set({ status: 'error', account, transactions: [], empty: true, reason, retrying })
    if (!retried) ctx.feedback.showSnackbar('error', ctx.i18n.t('activity.failed'))
    ctx.events.emit('track', { event: 'ERROR_FETCH_TRANSACTIONS', properties: { message: cleanText(errorMessage(error), 200) } })
  }

  const controller: ActivityController & { load(options?: LoadOptions): Promise<void> } = {
    clear() {
      clearTimeout(awaitTimer)
      backoff.reset()
      generation++
      purchases = undefined
      $activity.set(INITIAL)
    },
    async load({ force = false, awaiting, attempt = 0, retried = false }: LoadOptions = {}) {
      const account = ctx.connection.account()
      if (!account) return void $activity.set(INITIAL)
      const key = `${account.network.caipNetworkId}:${account.address}`
      const current = $activity.get()
      if (!force && current.account === key && current.status !== 'idle' && current.status !== 'error') return
      const mine = ++generation
      if (!retried) backoff.reset()
      // A list read again reads its purchases again (a purchase may have been credited since).
      purchases = undefined
      if (!account.adapter.capabilities.has(HISTORY_CAPABILITY))
        return void $activity.set({ ...INITIAL, status: 'unavailable', account: key })
      $activity.set({ ...INITIAL, status: 'loading', account: key })
      try {
        const first = await page()
        if (mine !== generation || !first || first.account !== key) return
        backoff.reset()
        $activity.set({ status: 'ready', account: key, transactions: first.transactions, next: first.next, empty: first.returned === 0 })
        const pause = AWAIT_SENT_MS[attempt]
        if (awaiting && pause !== undefined && !first.transactions.some((t) => t.id.toLowerCase() === awaiting.toLowerCase())) {
          clearTimeout(awaitTimer)
          awaitTimer = setTimeout(() => mine === generation && void again({ force: true, awaiting, attempt: attempt + 1 }), pause)
        }
      } catch (error) {
        if (mine === generation) fail(error, key, retried)
      }
    },
    async more() {
      const current = $activity.get()
      if (current.status !== 'ready' || !current.next) return
      const mine = generation
      $activity.setKey('status', 'loading')
      try {
        const next = await page(current.next)
        if (mine !== generation || !next || next.account !== current.account) return
        // A transaction already listed (a page boundary that moved) is not listed twice.
        const seen = new Set(current.transactions.map((t) => t.id))
        $activity.set({
          ...current,
          status: 'ready',
          transactions: [...current.transactions, ...next.transactions.filter((t) => !seen.has(t.id))],
          next: next.next,
        })
      } catch (error) {
        if (mine === generation) fail(error, current.account)
      }
    },
  }
  again = controller.load
  return controller
}
