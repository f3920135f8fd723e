/** The request cache at its boundaries: the TTL, a request shared while it runs, failures not kept, the size bound. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createRequestCache } from '../../kernel/request-cache.js'

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2025-01-01T00:00:00Z'))
})
afterEach(() => vi.useRealTimers())

/** A request that answers `value`, counting how often it was made. */
const counted = <T>(value: T) => {
  const request = Object.assign(() => (request.calls++, Promise.resolve(value)), { calls: 0 })
  return request
}

describe('createRequestCache', () => {
  it('keeps an answer for the TTL from when it arrived: the same at 29 999 ms, asked again at 30 000 ms', async () => {
    const cache = createRequestCache<number>({ ttl: 30_000 })
    const request = counted(7)
    expect(await cache.get('eip155:1', request)).toBe(7)
    vi.advanceTimersByTime(29_999)
    expect(await cache.get('eip155:1', request)).toBe(7)
    expect(request.calls).toBe(1)
    vi.advanceTimersByTime(1)
    expect(await cache.get('eip155:1', request)).toBe(7)
    expect(request.calls).toBe(2)
  })

  it('counts the TTL from the answer, not the request: a slow answer is kept its full TTL', async () => {
    const cache = createRequestCache<string>({ ttl: 1_000 })
    let answer: (value: string) => void = () => undefined
    const slow = cache.get('k', () => new Promise<string>((resolve) => (answer = resolve)))
    vi.advanceTimersByTime(5_000)
    answer('late')
    await slow
    vi.advanceTimersByTime(999)
    const request = counted('again')
    expect(await cache.get('k', request)).toBe('late')
    vi.advanceTimersByTime(1)
    expect(await cache.get('k', request)).toBe('again')
  })

  it('an answer stamped in the future (the clock went back) is stale', async () => {
    const cache = createRequestCache<number>({ ttl: 30_000 })
    await cache.get('k', counted(1))
    vi.setSystemTime(Date.now() - 1)
    expect(await cache.get('k', counted(2))).toBe(2)
  })

  it('one request per key while it runs; other keys ask for themselves', async () => {
    const cache = createRequestCache<string>({ ttl: 0 })
    let answer: (value: string) => void = () => undefined
    let calls = 0
    const request = () => (calls++, new Promise<string>((resolve) => (answer = resolve)))
    const first = cache.get('a', request)
    expect(cache.get('a', request)).toBe(first)
    expect(calls).toBe(1)
    void cache.get('b', counted('b'))
    answer('a!')
    expect(await first).toBe('a!')
    // TTL 0: the answer is shared only while it runs.
    expect(await cache.get('a', counted('fresh'))).toBe('fresh')
  })

  it('a failure is not kept: callers while it ran share it, the next call asks again', async () => {
    const cache = createRequestCache<string>()
    let fail: (error: Error) => void = () => undefined
    const failing = () => new Promise<string>((_, reject) => (fail = reject))
    const first = cache.get('k', failing)
    const second = cache.get('k', failing)
    fail(new Error('HTTP status code: 503'))
    await expect(first).rejects.toThrow('HTTP status code: 503')
    await expect(second).rejects.toThrow('HTTP status code: 503')
    expect(await cache.get('k', counted('ok'))).toBe('ok')
  })

  it('a request that throws is a rejection, not a throw from get', async () => {
    const cache = createRequestCache<string>()
    await expect(
      cache.get('k', () => {
        throw new Error('bad input')
      }),
    ).rejects.toThrow('bad input')
    expect(await cache.get('k', counted('ok'))).toBe('ok')
  })

  it('a failure of a request dropped by clear() leaves the new request for that key alone', async () => {
    const cache = createRequestCache<string>()
    let fail: (error: Error) => void = () => undefined
    const old = cache.get('k', () => new Promise<string>((_, reject) => (fail = reject)))
    cache.clear()
    let answer: (value: string) => void = () => undefined
    const current = cache.get('k', () => new Promise<string>((resolve) => (answer = resolve)))
    fail(new Error('old'))
    await expect(old).rejects.toThrow('old')
    expect(cache.get('k', counted('other'))).toBe(current)
    answer('new')
    expect(await current).toBe('new')
  })

  it('keeps at most `max` keys, dropping the least recently used', async () => {
    const cache = createRequestCache<string>({ max: 2 })
    await cache.get('a', counted('a'))
    await cache.get('b', counted('b'))
    await cache.get('a', counted('a2'))
    await cache.get('c', counted('c'))
    // 'b' was the least recently used: asked again; 'a' and 'c' are kept.
    expect(await cache.get('b', counted('b2'))).toBe('b2')
    expect(await cache.get('c', counted('c2'))).toBe('c')
    expect(await cache.get('a', counted('a3'))).toBe('a3')
  })

  it('delete drops one key', async () => {
    const cache = createRequestCache<string>()
    await cache.get('a', counted('a'))
    await cache.get('b', counted('b'))
    cache.delete('a')
    expect(await cache.get('a', counted('a2'))).toBe('a2')
    expect(await cache.get('b', counted('b2'))).toBe('b')
  })

  it('set keeps an answer as arrived now, for the TTL', async () => {
    const cache = createRequestCache<boolean>({ ttl: 1_000 })
    cache.set('eip155:1', false)
    vi.advanceTimersByTime(999)
    expect(await cache.get('eip155:1', counted(true))).toBe(false)
    vi.advanceTimersByTime(1)
    expect(await cache.get('eip155:1', counted(true))).toBe(true)
  })
})
