import { atom, type ReadableAtom } from 'nanostores'
import { VestibuleError } from './errors.js'

export interface RouteEntry {
  view: string
  data?: unknown
}

/**
 * The view stack. Views are ids registered by plugins. Rules:
 * push ignores the current view; reset replaces the stack with one entry; replace swaps the last;
 * goBack pops, and closes the modal when one entry is left or when UnsupportedChain is in the history.
 */
/**
 * What a flow does when it ends: go back one view; `replace` returns to the entry
 * before `view` (the flow's first view, e.g. a sign-in plugin's), or closes when `view` is not in the history or
 * has nothing before it; `reset` shows one view.
 */
export type TransactionOutcome =
  | { action: 'goBack' }
  | { action: 'replace'; view: string }
  | { action: 'reset'; view: string; data?: unknown }

export interface Transaction {
  onSuccess?: TransactionOutcome
  onCancel?: TransactionOutcome
}

/** What `Router.flow` keeps alive: a controller whose `start()` sets it running and returns its stop. */
export interface ViewFlow {
  start(): () => void
}

export interface Router {
  readonly $history: ReadableAtom<readonly RouteEntry[]>
  readonly current: RouteEntry | undefined
  push(view: string, data?: unknown): void
  reset(view: string, data?: unknown): void
  replace(view: string, data?: unknown): void
  /**
   * Goes back one view (or closes on the last one). A leave guard of the current view may keep it: then nothing
   * moves and `goBack` returns false. `{ discard: true }` goes back without asking the guards.
   */
  goBack(options?: { discard?: boolean }): boolean
  /**
   * A leave guard for `view`: consulted by `goBack` (the back arrow) while `view` is shown; it returns a reason
   * (message key or text, shown to the user) to keep the view, or undefined to let it go. Returns the remover.
   */
  guardLeave(view: string, guard: () => string | undefined): () => void
  /** Runs `hook` whenever `view` stops being the current view; returns an unsubscribe function. */
  onLeave(view: string, hook: (entry: RouteEntry) => void): () => void
  /** Starts a flow whose end is decided now and carried out by `completeTransaction`. */
  pushTransaction(transaction: Transaction): void
  /** Ends the newest flow: its outcome for `result` is carried out (go back when it set none). */
  completeTransaction(result: 'success' | 'cancel'): void
  readonly transactions: readonly Transaction[]
  /** Drops every pending flow (a disconnect ends them all). */
  clearTransactions(): void
  /**
   * The flow (a framework-free controller) of `views`, kept as long as one of them is in the history: the first call
   * makes it with `create` and starts it; every call while it lives returns that one, so a view drawn again after a
   * view pushed over it (a wallet's approval) finds its flow as it left it, answer included. Once no entry of the
   * history is one of `views` (back past them, a reset, a replace), or the modal is destroyed, the flow is stopped
   * and forgotten: the next call makes a new one. A view calls it while it is shown; `views[0]` names the flow.
   */
  flow<F extends ViewFlow>(views: readonly string[], create: () => F): F
}

/**
 * The views plugins declare, by id, with the data each opens with (`undefined` when it takes none):
 * `declare module 'vestibule' { interface ViewIds { Hello: undefined } }`. The shell declares its own (Connect,
 * Account …). Declaring checks nothing on its own: a plugin opts in with `CheckedViews`.
 */
export interface ViewIds {}

/**
 * Plugins whose views and tabs get a checked router (`ViewContext<'hello'>`, `ViewProps<Data, 'hello'>`,
 * `TabProps<'hello'>`): `declare module 'vestibule' { interface CheckedViews { hello: true } }`. Their `push`,
 * `reset` and `replace` then take only ids declared in `ViewIds`, with the data each declares; a view context of
 * any other plugin (or of no named one, as a test's fake) takes any id.
 */
export interface CheckedViews {}

/** An id declared in `ViewIds`. */
export type ViewId = keyof ViewIds & string
type ViewArgs<V extends ViewId> = undefined extends ViewIds[V] ? [view: V, data?: ViewIds[V]] : [view: V, data: ViewIds[V]]

/** The router of a checked plugin's views: only declared view ids, each with its data. */
export interface CheckedRouter extends Omit<Router, 'push' | 'reset' | 'replace'> {
  push<V extends ViewId>(...args: ViewArgs<V>): void
  reset<V extends ViewId>(...args: ViewArgs<V>): void
  replace<V extends ViewId>(...args: ViewArgs<V>): void
}

/** The router a view of plugin `P` gets: checked when `P` is listed in `CheckedViews`, else the plain one. */
export type RouterOf<P extends string> = P extends keyof CheckedViews ? CheckedRouter : Router

export interface RouterOptions {
  isRegistered(view: string): boolean
  close(): void
  /** Told when a leave guard kept `view` on `goBack`, with the guard's reason. */
  leaveRefused?(view: string, reason: string): void
}

export const UNSUPPORTED_CHAIN_VIEW = 'UnsupportedChain'

/** Stops every flow of each router made here (the modal destroyed), by router. */
const flowEnders = new WeakMap<Router, () => void>()

/** Stops and forgets every flow `router` keeps: its modal was destroyed. */
export const endFlows = (router: Router) => flowEnders.get(router)?.()

/** The flows a router keeps, by name, and their ending once the history holds none of their views. */
function createFlows() {
  const running = new Map<string, { views: readonly string[]; flow: ViewFlow; stop: () => void }>()
  const end = (name: string) => {
    const kept = running.get(name)
    running.delete(name)
    try {
      kept?.stop()
    } catch (error) {
      console.error('[vestibule] a flow failed to stop', error)
    }
  }
  return {
    keep<F extends ViewFlow>(views: readonly string[], create: () => F): F {
      const name = views[0] ?? ''
      const kept = running.get(name)
      if (kept) return kept.flow as F
      const flow = create()
      running.set(name, { views, flow, stop: flow.start() })
      return flow
    },
    follow(history: readonly RouteEntry[]) {
      for (const [name, { views }] of [...running]) if (!history.some((entry) => views.includes(entry.view))) end(name)
    },
    endAll: () => [...running.keys()].forEach(end),
  }
}

export function createRouter(options: RouterOptions): Router {
  const $history = atom<readonly RouteEntry[]>([])
  const leaveHooks = new Map<string, Set<(entry: RouteEntry) => void>>()
  const leaveGuards = new Map<string, Set<() => string | undefined>>()
  const addTo = <F>(table: Map<string, Set<F>>, view: string, fn: F) => {
    let set = table.get(view)
    if (!set) table.set(view, (set = new Set()))
    set.add(fn)
    return () => void set.delete(fn)
  }
  /** The first reason a guard of `view` gives to stay; a throwing guard keeps nothing. */
  const heldBy = (view: string) => {
    for (const guard of leaveGuards.get(view) ?? []) {
      let reason: unknown
      try {
        reason = guard()
      } catch {
        continue
      }
      if (typeof reason === 'string' && reason) return reason
    }
    return undefined
  }
  const transactions: Transaction[] = []
  const flows = createFlows()

  const assertView = (view: string) => {
    if (!options.isRegistered(view)) throw new VestibuleError('UNKNOWN_VIEW', `Unknown view "${view}": no registered plugin contributes it`)
  }
  const set = (next: readonly RouteEntry[]) => {
    const before = $history.get().at(-1)
    $history.set(next)
    const after = next.at(-1)
    if (before && before.view !== after?.view) leaveHooks.get(before.view)?.forEach((hook) => hook(before))
    flows.follow(next)
  }

  const goBack = ({ discard = false } = {}) => {
    const history = $history.get()
    const shown = history.at(-1)?.view
    const reason = discard || shown === undefined ? undefined : heldBy(shown)
    if (reason) {
      options.leaveRefused?.(shown!, reason)
      return false
    }
    if (history.length <= 1 || history.some((e) => e.view === UNSUPPORTED_CHAIN_VIEW)) {
      options.close()
      return true
    }
    set(history.slice(0, -1))
    return true
  }

  const router: Router = {
    $history,
    transactions,
    get current() {
      return $history.get().at(-1)
    },
    push(view, data) {
      assertView(view)
      const history = $history.get()
      if (history.at(-1)?.view === view) return
      set([...history, { view, data }])
    },
    reset(view, data) {
      assertView(view)
      set([{ view, data }])
    },
    replace(view, data) {
      assertView(view)
      set([...$history.get().slice(0, -1), { view, data }])
    },
    goBack,
    pushTransaction(transaction) {
      transactions.push(transaction)
    },
    clearTransactions() {
      transactions.length = 0
    },
    completeTransaction(result) {
      const transaction = transactions.pop()
      const outcome = (result === 'success' ? transaction?.onSuccess : transaction?.onCancel) ?? { action: 'goBack' }
      if (outcome.action === 'goBack') return void goBack()
      if (outcome.action === 'reset') {
        assertView(outcome.view)
        return set([{ view: outcome.view, data: outcome.data }])
      }
      const history = $history.get()
      const start = history.findIndex((e) => e.view === outcome.view)
      if (start > 0) set(history.slice(0, start))
      else options.close()
    },
    onLeave: (view, hook) => addTo(leaveHooks, view, hook),
    guardLeave: (view, guard) => addTo(leaveGuards, view, guard),
    flow: flows.keep,
  }
  flowEnders.set(router, flows.endAll)
  return router
}
