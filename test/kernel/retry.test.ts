/** The token balance retry gate at its boundaries. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BALANCE_RETRY_MS } from '../../kernel/caches.js'
import { createRetryGate } from '../../kernel/retry.js'

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2025-01-01T00:00:00Z'))
})
afterEach(() => vi.useRealTimers())

describe('retry: token balance retry gate', () => {
  it('BALANCE_RETRY_MS is 30 s', () => {
    expect(BALANCE_RETRY_MS).toBe(30_000)
  })

  it('token balance fetch: allowed before any failure', () => {
    expect(createRetryGate().canTry()).toBe(true)
  })

  it('token balance fetch is retried no sooner than 30 s after a failure: not at 29 999 ms, yes at 30 000 ms', () => {
    const gate = createRetryGate()
    gate.failed()
    expect(gate.canTry()).toBe(false)
    vi.advanceTimersByTime(29_999)
    expect(gate.canTry()).toBe(false)
    vi.advanceTimersByTime(1)
    expect(gate.canTry()).toBe(true)
  })

  it('a new failure restarts the 30 s', () => {
    const gate = createRetryGate()
    gate.failed()
    vi.advanceTimersByTime(30_000)
    gate.failed()
    vi.advanceTimersByTime(29_999)
    expect(gate.canTry()).toBe(false)
  })

  it('a success clears the gate', () => {
    const gate = createRetryGate()
    gate.failed()
    gate.succeeded()
    expect(gate.canTry()).toBe(true)
  })

  it('takes its own spacing and clock', () => {
    let now = 0
    const gate = createRetryGate(1000, () => now)
    gate.failed()
    now = 999
    expect(gate.canTry()).toBe(false)
    now = 1000
    expect(gate.canTry()).toBe(true)
  })
})
