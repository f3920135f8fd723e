/** TTL caches at their boundaries with fake timers. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CacheTtl } from '../../kernel/caches.js'
import { createStorage } from '../../kernel/storage.js'
import { IdentityTtl } from '../../plugins/identity/name-cache.js'
import { recordingBackend } from './helpers.js'

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2025-01-01T00:00:00Z'))
})
afterEach(() => vi.useRealTimers())

describe('caches: lifetimes', () => {
  it('balance 30 s, native balance 30 s; the identity plugin keeps names and identities 5 min', () => {
    expect(CacheTtl).toEqual({ balance: 30_000, nativeBalance: 30_000 })
    expect(IdentityTtl).toEqual({ names: 300_000, identity: 300_000 })
  })

  it.each(Object.entries({ ...CacheTtl, ...IdentityTtl }))('%s cache: a value is served at ttl - 1 ms and gone at ttl', (name, ttl) => {
    const backend = recordingBackend()
    const storage = createStorage({ backend })
    storage.setCached(`${name}:eip155:1:0xabc`, { value: name })
    vi.advanceTimersByTime(ttl - 1)
    expect(storage.getCached(`${name}:eip155:1:0xabc`, ttl)).toEqual({ value: name })
    vi.advanceTimersByTime(1)
    expect(storage.getCached(`${name}:eip155:1:0xabc`, ttl)).toBeUndefined()
    expect(backend.data.has(`@vestibule/v1/${name}:eip155:1:0xabc`)).toBe(false)
  })

  it('caches are kept in the versioned, namespaced storage and survive a reload', () => {
    const backend = recordingBackend()
    createStorage({ backend }).setCached('ens:0xabc', 'alice.eth')
    expect([...backend.data.keys()]).toEqual(['@vestibule/v1/ens:0xabc'])
    vi.advanceTimersByTime(IdentityTtl.names - 1)
    expect(createStorage({ backend }).getCached('ens:0xabc', IdentityTtl.names)).toBe('alice.eth')
  })

  it('a value written again restarts its lifetime', () => {
    const storage = createStorage({ backend: recordingBackend() })
    storage.setCached('balance', 1)
    vi.advanceTimersByTime(CacheTtl.balance - 1)
    storage.setCached('balance', 2)
    vi.advanceTimersByTime(CacheTtl.balance - 1)
    expect(storage.getCached('balance', CacheTtl.balance)).toBe(2)
  })
})
