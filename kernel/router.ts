import { atom, type ReadableAtom } from 'nanostores'
import { VestibuleError } from './errors.js'

export interface RouteEntry {
  view: string
  data?: unknown
}

/**
 * The view stack. Views are ids registered by plugins. Rules (spec §2):
 * push ignores the current view; reset replaces the stack with one entry; replace swaps the last;
 * goBack pops, and closes the modal when one entry is left or when UnsupportedChain is in the history.
 */
export interface Router {
  readonly $history: ReadableAtom<readonly RouteEntry[]>
  readonly current: RouteEntry | undefined
  push(view: string, data?: unknown): void
  reset(view: string, data?: unknown): void
  replace(view: string, data?: unknown): void
  goBack(): void
  /** Runs `hook` whenever `view` stops being the current view; returns an unsubscribe function. */
  onLeave(view: string, hook: (entry: RouteEntry) => void): () => void
}

export interface RouterOptions {
  isRegistered(view: string): boolean
  close(): void
}

export const UNSUPPORTED_CHAIN_VIEW = 'UnsupportedChain'

export function createRouter(options: RouterOptions): Router {
  const $history = atom<readonly RouteEntry[]>([])
  const leaveHooks = new Map<string, Set<(entry: RouteEntry) => void>>()

  const assertView = (view: string) => {
    if (!options.isRegistered(view)) throw new VestibuleError('UNKNOWN_VIEW', `Unknown view "${view}": no registered plugin contributes it`)
  }
  const set = (next: readonly RouteEntry[]) => {
    const before = $history.get().at(-1)
    $history.set(next)
    const after = next.at(-1)
    if (before && before.view !== after?.view) leaveHooks.get(before.view)?.forEach((hook) => hook(before))
  }

  return {
    $history,
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
    goBack() {
      const history = $history.get()
      if (history.length <= 1 || history.some((e) => e.view === UNSUPPORTED_CHAIN_VIEW)) {
        options.close()
        return
      }
      set(history.slice(0, -1))
    },
    onLeave(view, hook) {
      let hooks = leaveHooks.get(view)
      if (!hooks) leaveHooks.set(view, (hooks = new Set()))
      hooks.add(hook)
      return () => void hooks.delete(hook)
    },
  }
}
