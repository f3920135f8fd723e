/**
 * The Send view's flow: one per modal, kept while the Send view is anywhere in the modal's history. A view pushed
 * over it (the wallet's approval of the transaction) leaves the flow under way, so the wallet's answer, the
 * confirmation or the reason, is there when the user comes back. The flow ends, its form and the send state
 * emptied, once Send leaves the history (back to Account, Done, another view opened in its place).
 */
import type { ReadableAtom } from 'nanostores'
import type { RouteEntry } from 'vestibule/kernel'
import type { SendController } from './controller.js'

/** The view id the send plugin registers. */
export const SEND_VIEW = 'Send'

const flows = new WeakMap<object, SendController>()

/** The flow of `view` in the modal whose router is `router`: the running one, else a new one from `create`, started. */
export function sendViewFlow(router: { $history: ReadableAtom<readonly RouteEntry[]> }, view: string, create: () => SendController): SendController {
  const running = flows.get(router)
  if (running) return running
  const flow = create()
  const stop = flow.start()
  flows.set(router, flow)
  const unlisten = router.$history.listen((history) => {
    if (history.some((entry) => entry.view === view)) return
    unlisten()
    flows.delete(router)
    stop()
  })
  return flow
}
