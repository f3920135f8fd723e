import { nodeFaultOf } from './node-fault.js'

/**
 * Whether a failed request may succeed when asked again unchanged: a 5xx or 429 answer, no answer in time, or no
 * connection at all (a server down or restarting). A 4xx or a malformed answer stays what it is.
 */
export function isPassingFault(error: unknown): boolean {
  const fault = nodeFaultOf(error)
  return (
    fault.kind === 'timeout' || fault.kind === 'unreachable' || (fault.kind === 'http' && (fault.status! >= 500 || fault.status === 429))
  )
}

/** Automatic retries spaced by a list of pauses, then none until started over. */
export interface Backoff {
  /** Plans `run` after the next pause of the list; false (nothing planned) once every pause was used. */
  plan(run: () => void): boolean
  /** Whether a run is planned. */
  readonly planned: boolean
  /** Cancels the planned run; the pauses used stay used. */
  cancel(): void
  /** Cancels the planned run and starts the list over (after a success, a person's own retry, another request). */
  reset(): void
}

export function createBackoff(pauses: readonly number[]): Backoff {
  let used = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  const cancel = () => {
    clearTimeout(timer)
    timer = undefined
  }
  return {
    plan(run) {
      cancel()
      const pause = pauses[used]
      if (pause === undefined) return false
      used++
      timer = setTimeout(() => {
        timer = undefined
        run()
      }, pause)
      return true
    },
    get planned() {
      return timer !== undefined
    },
    cancel,
    reset() {
      cancel()
      used = 0
    },
  }
}
