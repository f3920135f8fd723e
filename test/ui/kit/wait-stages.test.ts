// A wait for a wallet's answer: slow from 3 s (the view says it takes longer than expected), and from 5 s the
// request may be sent again; stopping the clock (an answer, a new request, the view closed) ends both.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ASK_AGAIN_MS, SLOW_REQUEST_MS, watchWait, type WaitStage } from '../../../ui/kit/wait-stages.js'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('watchWait', () => {
  it('is slow at 3 s, not a millisecond earlier, and may ask again at 5 s, not a millisecond earlier', () => {
    expect([SLOW_REQUEST_MS, ASK_AGAIN_MS]).toEqual([3_000, 5_000])
    const stages: WaitStage[] = []
    watchWait((stage) => stages.push(stage))
    vi.advanceTimersByTime(2_999)
    expect(stages).toEqual([])
    vi.advanceTimersByTime(1)
    expect(stages).toEqual(['slow'])
    vi.advanceTimersByTime(1_999)
    expect(stages).toEqual(['slow'])
    vi.advanceTimersByTime(1)
    expect(stages).toEqual(['slow', 'askAgain'])
    vi.advanceTimersByTime(60_000)
    expect(stages).toEqual(['slow', 'askAgain'])
  })

  it('stopped before 3 s reports nothing; stopped between 3 s and 5 s never offers to ask again', () => {
    const early: WaitStage[] = []
    const stopEarly = watchWait((stage) => early.push(stage))
    vi.advanceTimersByTime(2_999)
    stopEarly()
    vi.advanceTimersByTime(10_000)
    expect(early).toEqual([])

    const late: WaitStage[] = []
    const stopLate = watchWait((stage) => late.push(stage))
    vi.advanceTimersByTime(4_999)
    stopLate()
    vi.advanceTimersByTime(10_000)
    expect(late).toEqual(['slow'])
  })

  it('a request sent again starts its own clock', () => {
    const stages: WaitStage[] = []
    const stop = watchWait((stage) => stages.push(`first:${stage}` as WaitStage))
    vi.advanceTimersByTime(5_000)
    stop()
    watchWait((stage) => stages.push(`second:${stage}` as WaitStage))
    vi.advanceTimersByTime(2_999)
    expect(stages).toEqual(['first:slow', 'first:askAgain'])
    vi.advanceTimersByTime(1)
    expect(stages).toEqual(['first:slow', 'first:askAgain', 'second:slow'])
  })
})
