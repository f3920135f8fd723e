import { afterEach, describe, expect, it } from 'vitest'
import { createStorage, STORAGE_VERSION } from '../../kernel/storage.js'
import { recordingBackend } from './helpers.js'

const original = Object.getOwnPropertyDescriptor(globalThis, 'localStorage')
afterEach(() => {
  if (original) Object.defineProperty(globalThis, 'localStorage', original)
  else delete (globalThis as { localStorage?: unknown }).localStorage
})

describe('storage: keys', () => {
  it('keys are prefixed and versioned', () => {
    expect(STORAGE_VERSION).toBe(1)
    const backend = recordingBackend()
    createStorage({ prefix: 'app', backend }).set('activeNamespace', 'eip155')
    expect([...backend.data.keys()]).toEqual(['app/v1/activeNamespace'])
    expect(backend.data.get('app/v1/activeNamespace')).toBe('"eip155"')
  })

  it('the default prefix is @vestibule', () => {
    const backend = recordingBackend()
    createStorage({ backend }).set('k', 1)
    expect([...backend.data.keys()]).toEqual(['@vestibule/v1/k'])
  })

  it('a scope goes after the version: <prefix>/v1/<scope>/<key>', () => {
    const backend = recordingBackend()
    createStorage({ prefix: 'app', scope: 'swap', backend }).set('slippage', 1)
    expect([...backend.data.keys()]).toEqual(['app/v1/swap/slippage'])
  })

  it('two storages with different prefixes share nothing', () => {
    const backend = recordingBackend()
    const a = createStorage({ prefix: 'a', backend })
    const b = createStorage({ prefix: 'b', backend })
    a.set('k', 'from a')
    expect(b.get('k')).toBeUndefined()
    expect(a.get('k')).toBe('from a')
  })

  it('values of another version are not read', () => {
    const backend = recordingBackend({ 'app/v0/k': '"old"' })
    expect(createStorage({ prefix: 'app', backend }).get('k')).toBeUndefined()
  })
})

describe('storage: values', () => {
  it('round-trips JSON values and removes them', () => {
    const storage = createStorage({ backend: recordingBackend() })
    storage.set('obj', { a: [1, 'two', null], b: true })
    expect(storage.get('obj')).toEqual({ a: [1, 'two', null], b: true })
    storage.remove('obj')
    expect(storage.get('obj')).toBeUndefined()
  })

  it('a missing key reads as undefined', () => {
    expect(createStorage({ backend: recordingBackend() }).get('nothing')).toBeUndefined()
  })

  it('corrupt JSON is dropped: returns undefined and the key is removed', () => {
    const backend = recordingBackend({ 'app/v1/broken': '{not json', 'app/v1/fine': '2' })
    const storage = createStorage({ prefix: 'app', backend })
    expect(storage.get('broken')).toBeUndefined()
    expect(backend.data.has('app/v1/broken')).toBe(false)
    expect(backend.calls).toContainEqual(['removeItem', 'app/v1/broken'])
    expect(storage.get('fine')).toBe(2)
  })

  it('a backend that throws on read, write and remove never makes storage throw', () => {
    const fail = () => {
      throw new Error('SecurityError')
    }
    const storage = createStorage({ backend: { getItem: fail, setItem: fail, removeItem: fail } })
    expect(() => storage.set('k', 1)).not.toThrow()
    expect(storage.get('k')).toBeUndefined()
    expect(() => storage.remove('k')).not.toThrow()
  })

  it('corrupt JSON with a backend that cannot remove still reads as missing', () => {
    const storage = createStorage({
      prefix: 'p',
      backend: {
        getItem: () => '{{',
        setItem: () => {},
        removeItem: () => {
          throw new Error('nope')
        },
      },
    })
    expect(storage.get('k')).toBeUndefined()
  })
})

describe('storage: missing localStorage falls back to memory', () => {
  it('backend null falls back to memory', () => {
    const storage = createStorage({ backend: null })
    storage.set('k', { v: 1 })
    expect(storage.get('k')).toEqual({ v: 1 })
  })

  it('a globalThis.localStorage getter that throws falls back to memory', () => {
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new Error('SecurityError: access denied')
      },
    })
    const storage = createStorage()
    expect(() => storage.set('k', 'v')).not.toThrow()
    expect(storage.get('k')).toBe('v')
  })

  it('no globalThis.localStorage at all falls back to memory', () => {
    delete (globalThis as { localStorage?: unknown }).localStorage
    const storage = createStorage()
    storage.set('k', 3)
    expect(storage.get('k')).toBe(3)
  })

  it('a localStorage whose writes throw (private mode) falls back to memory', () => {
    const blocked = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
      removeItem: () => {},
    }
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: blocked })
    const storage = createStorage()
    storage.set('k', 'kept in memory')
    expect(storage.get('k')).toBe('kept in memory')
  })

  it('uses globalThis.localStorage when reachable, looked up on first use and not at creation', () => {
    let lookups = 0
    const backend = recordingBackend()
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        lookups++
        return backend
      },
    })
    const storage = createStorage({ prefix: 'app' })
    expect(lookups).toBe(0)
    storage.set('k', 1)
    expect(lookups).toBe(1)
    expect(backend.data.get('app/v1/k')).toBe('1')
    storage.get('k')
    expect(lookups).toBe(1)
  })
})

describe('storage: TTL cache', () => {
  const TTL = 30_000

  function cache() {
    let now = 1_000_000
    const backend = recordingBackend()
    const storage = createStorage({ prefix: 'c', backend, now: () => now })
    return { storage, backend, advance: (ms: number) => void (now += ms) }
  }

  it('a value is returned at ttl - 1 ms', () => {
    const { storage, advance } = cache()
    storage.setCached('balance', '1.5')
    advance(TTL - 1)
    expect(storage.getCached('balance', TTL)).toBe('1.5')
  })

  it('a value is gone at ttl, and the stale entry is removed', () => {
    const { storage, backend, advance } = cache()
    storage.setCached('balance', '1.5')
    advance(TTL)
    expect(storage.getCached('balance', TTL)).toBeUndefined()
    expect(backend.data.has('c/v1/balance')).toBe(false)
  })

  it('a fresh value is returned right away', () => {
    const { storage } = cache()
    storage.setCached('ens', { name: 'alice.eth' })
    expect(storage.getCached('ens', 5 * 60_000)).toEqual({ name: 'alice.eth' })
  })

  it('an entry without a numeric timestamp reads as missing', () => {
    const { storage } = cache()
    storage.set('plain', { value: 'x' })
    storage.set('badAt', { at: 'yesterday', value: 'x' })
    expect(storage.getCached('plain', TTL)).toBeUndefined()
    expect(storage.getCached('badAt', TTL)).toBeUndefined()
  })

  it('setCached stores the current time with the value', () => {
    const { storage, backend } = cache()
    storage.setCached('k', 7)
    expect(JSON.parse(backend.data.get('c/v1/k')!)).toEqual({ at: 1_000_000, value: 7 })
  })
})
