/**
 * A small fixed-row-height virtualiser: only the rows in (or near) the viewport are rendered.
 */
import { useCallback, useEffect, useRef, useState } from 'react'

export interface Range {
  /** First rendered row. */
  start: number
  /** One past the last rendered row. */
  end: number
}

/** Rows `[start, end)` to render for a viewport at `scrollTop` of height `viewport`, plus `overscan` on each side. */
export function visibleRange(params: { scrollTop: number; viewport: number; rowHeight: number; count: number; overscan?: number }): Range {
  const { rowHeight, count } = params
  const overscan = params.overscan ?? 4
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 }
  const top = Math.max(0, params.scrollTop)
  const first = Math.min(count - 1, Math.floor(top / rowHeight))
  const last = Math.min(count, Math.ceil((top + Math.max(0, params.viewport)) / rowHeight))
  return { start: Math.max(0, first - overscan), end: Math.min(count, Math.max(last, first + 1) + overscan) }
}

/**
 * Tracks the scroll container's position and height. `initialViewport` is used until the element is measured,
 * so the first render already shows the first screen of rows.
 */
export function useVirtualRows(count: number, rowHeight: number, initialViewport: number, overscan = 4) {
  const ref = useRef<HTMLDivElement>(null)
  const [view, setView] = useState({ scrollTop: 0, viewport: initialViewport })
  const frame = useRef(0)

  const measure = useCallback(() => {
    frame.current = 0
    const element = ref.current
    if (!element) return
    const next = { scrollTop: element.scrollTop, viewport: element.clientHeight || initialViewport }
    setView((prev) => (prev.scrollTop === next.scrollTop && prev.viewport === next.viewport ? prev : next))
  }, [initialViewport])

  useEffect(() => {
    const element = ref.current
    if (!element) return
    // One measurement per frame however many scroll events arrive.
    const onScroll = () => {
      if (!frame.current) frame.current = requestAnimationFrame(measure)
    }
    element.addEventListener('scroll', onScroll, { passive: true })
    const resize = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(onScroll)
    resize?.observe(element)
    measure()
    return () => {
      element.removeEventListener('scroll', onScroll)
      resize?.disconnect()
      if (frame.current) cancelAnimationFrame(frame.current)
      frame.current = 0
    }
  }, [measure])

  const range = visibleRange({ scrollTop: view.scrollTop, viewport: view.viewport, rowHeight, count, overscan })
  const scrollToTop = useCallback(() => {
    if (ref.current) ref.current.scrollTop = 0
    setView((prev) => ({ ...prev, scrollTop: 0 }))
  }, [])
  return { ref, range, totalHeight: count * rowHeight, scrollToTop }
}
