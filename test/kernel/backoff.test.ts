// Automatic retries after passing faults: each pause of the list once, at its boundary; none after the last until
// started over; which failures may pass.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createBackoff, isPassingFault } from '../../kernel/backoff.js'
import { HttpError } from '../../kernel/http.js'

afterEach(() => void vi.useRealTimers())

describe('createBackoff', () => {
  it('runs after each pause, not a millisecond before, and plans nothing once the list is used', () => {
    vi.useFakeTimers()
    const backoff = createBackoff([5_000, 10_000])
    const run = vi.fn()
    expect(backoff.plan(run)).toBe(true)
    expect(backoff.planned).toBe(true)
    vi.advanceTimersByTime(4_999)
    expect(run).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(run).toHaveBeenCalledTimes(1)
    expect(backoff.planned).toBe(false)
    expect(backoff.plan(run)).toBe(true)
    vi.advanceTimersByTime(9_999)
    expect(run).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    expect(run).toHaveBeenCalledTimes(2)
    expect(backoff.plan(run)).toBe(false)
    vi.advanceTimersByTime(3_600_000)
    expect(run).toHaveBeenCalledTimes(2)
  })

  it('cancel keeps the pauses used; reset starts the list over', () => {
    vi.useFakeTimers()
    const backoff = createBackoff([5_000, 10_000])
    const run = vi.fn()
    backoff.plan(run)
    backoff.cancel()
    vi.advanceTimersByTime(60_000)
    expect(run).not.toHaveBeenCalled()
    backoff.plan(run)
    vi.advanceTimersByTime(9_999)
    expect(run).not.toHaveBeenCalled()
    backoff.reset()
    vi.advanceTimersByTime(60_000)
    expect(run).not.toHaveBeenCalled()
    backoff.plan(run)
    vi.advanceTimersByTime(5_000)
    expect(run).toHaveBeenCalledTimes(1)
  })
})

describe('isPassingFault', () => {
  it('5xx, 429, no answer in time and no connection may pass; 4xx and other errors do not', () => {
    expect(isPassingFault(new HttpError(500))).toBe(true)
    expect(isPassingFault(new HttpError(503))).toBe(true)
    expect(isPassingFault(new HttpError(429))).toBe(true)
    expect(isPassingFault(new TypeError('Failed to fetch'))).toBe(true)
    expect(isPassingFault(new DOMException('signal timed out', 'TimeoutError'))).toBe(true)
    expect(isPassingFault(new HttpError(404))).toBe(false)
    expect(isPassingFault(new Error('The response is not valid JSON'))).toBe(false)
  })
})
