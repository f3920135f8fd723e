/**
 * The modal's motion, with the browser's own animations (no library): a view that follows another fades in over
 * 150 ms, a title that changes over 120 ms, and the card's height follows its content over 150 ms instead of
 * jumping. Nothing moves for a user who asks for reduced motion, or where the browser cannot animate.
 */

/** A view that replaces another while the modal is open fades in over this long. */
export const VIEW_TRANSITION_MS = 150
/** A changed header title fades in over this long. */
export const HEADER_TEXT_MS = 120
/** The card's height moves to its content's new height over this long. */
export const MODAL_HEIGHT_MS = 150

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches

/** Fades `element` in over `duration` ms. */
export function fadeIn(element: HTMLElement | null, duration: number): void {
  if (!element || typeof element.animate !== 'function' || reducedMotion()) return
  element.animate([{ opacity: 0 }, { opacity: 1 }], { duration, easing: 'ease-out' })
}

/**
 * Animates `card`'s height from its last size to the new one each time its content resizes it; returns the
 * function that stops following. Only a size measured while `settled()` said yes is animated from: the card
 * appearing, hiding, or first filling with the view it opened on does not move.
 */
export function followHeight(card: HTMLElement, settled: () => boolean): () => void {
  if (typeof ResizeObserver === 'undefined' || typeof card.animate !== 'function') return () => {}
  // The observer's first report gives the starting size (reading it here would force a layout).
  let last = 0
  let lastSettled = false
  let running: Animation | undefined
  const move = (from: number, to: number) => {
    running = card.animate([{ height: `${from}px` }, { height: `${to}px` }], { duration: MODAL_HEIGHT_MS, easing: 'ease' })
    running.onfinish = () => {
      running = undefined
      // The content may have changed again meanwhile: follow it from where the card is.
      const now = card.offsetHeight
      if (now && now !== to && !reducedMotion()) move(to, now)
      last = now
    }
    running.oncancel = () => {
      running = undefined
      last = card.offsetHeight
    }
  }
  const observer = new ResizeObserver((entries) => {
    if (running) return
    const height = Math.round(entries.at(-1)?.borderBoxSize?.[0]?.blockSize ?? card.offsetHeight)
    const from = last
    const fromSettled = lastSettled
    last = height
    lastSettled = settled()
    if (!fromSettled || !from || !height || from === height || reducedMotion()) return
    move(from, height)
  })
  observer.observe(card)
  return () => {
    observer.disconnect()
    running?.cancel()
  }
}
