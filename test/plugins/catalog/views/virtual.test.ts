// The fixed-row-height virtualiser: which rows render for a scroll position.
import { describe, expect, it } from 'vitest'
import { visibleRange } from '../../../../plugins/catalog/views/virtual.js'

describe('visibleRange', () => {
  const base = { rowHeight: 64, viewport: 440, overscan: 4 }

  it('at the top: the rows in the viewport plus the overscan below', () => {
    // 440 / 64 → rows 0..6 (7 rows, the last partly visible), then 4 more.
    expect(visibleRange({ ...base, scrollTop: 0, count: 600 })).toEqual({ start: 0, end: 11 })
  })

  it('scrolled: overscan on both sides, a bounded number of rows whatever the list length', () => {
    const range = visibleRange({ ...base, scrollTop: 64 * 300 + 10, count: 600 })
    expect(range).toEqual({ start: 296, end: 312 })
    expect(range.end - range.start).toBeLessThanOrEqual(Math.ceil(440 / 64) + 1 + 2 * 4)
  })

  it('at the bottom the range stops at the last row', () => {
    expect(visibleRange({ ...base, scrollTop: 64 * 600, count: 600 })).toEqual({ start: 595, end: 600 })
  })

  it('short, empty and odd inputs', () => {
    expect(visibleRange({ ...base, scrollTop: 0, count: 3 })).toEqual({ start: 0, end: 3 })
    expect(visibleRange({ ...base, scrollTop: 0, count: 0 })).toEqual({ start: 0, end: 0 })
    expect(visibleRange({ ...base, scrollTop: -50, count: 10 })).toEqual({ start: 0, end: 10 })
    expect(visibleRange({ ...base, viewport: 0, scrollTop: 0, count: 10 })).toEqual({ start: 0, end: 5 })
  })
})
