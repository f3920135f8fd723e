import { PRELOAD_ATTRIBUTE, type PreloadMode } from '../kernel/preload.js'
/**
 * Schedules `modal.preload()` in the page by the `preload` option: once the page has loaded and the main thread is
 * idle, or on the user's intent (pointer, focus or touch on an element marked `data-vestibule-preload`).
 */

/** How long an idle callback may wait for an idle moment before it runs anyway. */
export const IDLE_TIMEOUT_MS = 2000

const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const

/**
 * Calls `preload` once per `mode` (see PreloadMode) in a browser page; returns the function that cancels what is
 * still waiting. Outside a browser (Node, SSR) nothing is scheduled.
 */
export function schedulePreload(mode: PreloadMode, preload: () => void): () => void {
  if (mode === 'none' || typeof window === 'undefined' || typeof document === 'undefined') return () => {}
  let done = false
  const cleanups: Array<() => void> = []
  const cancel = () => {
    done = true
    for (const cleanup of cleanups.splice(0)) cleanup()
  }
  const run = () => {
    if (done) return
    cancel()
    preload()
  }

  const onIntent = (event: Event) => {
    const target = event.target as { closest?: (selector: string) => unknown } | null
    if (typeof target?.closest === 'function' && target.closest(`[${PRELOAD_ATTRIBUTE}]`)) run()
  }
  for (const type of INTENT_EVENTS) {
    document.addEventListener(type, onIntent, { capture: true, passive: true })
    cleanups.push(() => document.removeEventListener(type, onIntent, { capture: true }))
  }

  if (mode === 'idle') {
    const whenIdle = () => {
      if (done) return
      if (typeof window.requestIdleCallback === 'function') {
        const handle = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS })
        cleanups.push(() => window.cancelIdleCallback(handle))
      } else {
        const handle = setTimeout(run, 1)
        cleanups.push(() => clearTimeout(handle))
      }
    }
    if (document.readyState === 'complete') whenIdle()
    else {
      window.addEventListener('load', whenIdle, { once: true })
      cleanups.push(() => window.removeEventListener('load', whenIdle))
    }
  }
  return cancel
}
