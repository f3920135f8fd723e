import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKernel } from '../../kernel/kernel.js'
import { createStorage, STORAGE_VERSION } from '../../kernel/storage.js'
import { readRecord, readString, readStringList } from '../../kernel/stored.js'
import { recordingBackend } from './helpers.js'
import { desktop, shellViews } from './kernel-fixtures.js'

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

  it('a backend that throws on read, write and remove never makes storage throw, and keeps values in memory', () => {
    const fail = () => {
      throw new Error('SecurityError')
    }
    const storage = createStorage({ backend: { getItem: fail, setItem: fail, removeItem: fail }, warn: () => {} })
    expect(() => storage.set('k', 1)).not.toThrow()
    expect(storage.get('k')).toBe(1)
    expect(() => storage.remove('k')).not.toThrow()
    expect(storage.get('k')).toBeUndefined()
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

/** A Web Storage whose every method throws `name`, the way browsers refuse disabled or full storage. */
function throwingBackend(name: 'SecurityError' | 'QuotaExceededError', message: string) {
  const calls: string[] = []
  const thrower = (method: string) => () => {
    calls.push(method)
    throw new DOMException(message, name)
  }
  return {
    calls,
    getItem: thrower('getItem'),
    setItem: thrower('setItem'),
    removeItem: thrower('removeItem'),
    key: thrower('key'),
    get length(): number {
      return thrower('length')()
    },
  }
}

describe('storage: a throwing localStorage turns to memory with one warning', () => {
  it('a Storage whose methods all throw SecurityError: values round-trip in memory, one warning names the reason', () => {
    const backend = throwingBackend('SecurityError', 'Access is denied for this document.')
    const warn = vi.fn()
    const storage = createStorage({ prefix: 'app', backend, warn })
    storage.set('activeNamespace', 'eip155')
    storage.set('recent', ['a', 'b'])
    expect(storage.get('activeNamespace')).toBe('eip155')
    expect(storage.get('recent')).toEqual(['a', 'b'])
    storage.setCached('balance', '1.5')
    expect(storage.getCached('balance', 60_000)).toBe('1.5')
    storage.remove('recent')
    expect(storage.get('recent')).toBeUndefined()
    expect(storage.get('never-written')).toBeUndefined()
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]![0]).toMatch(/storage is unavailable \(SecurityError: Access is denied for this document\.\).*in memory/)
  })

  it('the page localStorage whose getter throws SecurityError: memory, one console warning for every storage call', () => {
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException(
          "Failed to read the 'localStorage' property from 'Window': Access is denied for this document.",
          'SecurityError',
        )
      },
    })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const storage = createStorage()
      storage.set('k', { v: 1 })
      storage.set('k2', 2)
      expect(storage.get('k')).toEqual({ v: 1 })
      expect(storage.get('k2')).toBe(2)
      expect(warn).toHaveBeenCalledTimes(1)
      expect(String(warn.mock.calls[0]![0])).toContain('SecurityError')
    } finally {
      warn.mockRestore()
    }
  })

  it('quota exceeded on write: the value lives in memory, the entries already stored still read, one warning', () => {
    const data = new Map([['app/v1/old', '"stored before"']])
    const backend = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: () => {
        throw new DOMException("Setting the value of 'app/v1/k' exceeded the quota.", 'QuotaExceededError')
      },
      removeItem: (k: string) => void data.delete(k),
    }
    const warn = vi.fn()
    const storage = createStorage({ prefix: 'app', backend, warn })
    storage.set('k', 'in memory')
    storage.set('k', 'in memory again')
    expect(storage.get('k')).toBe('in memory again')
    expect(storage.get('old')).toBe('stored before')
    storage.remove('old')
    expect(storage.get('old')).toBeUndefined()
    expect(data.has('app/v1/old')).toBe(false)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]![0]).toContain('QuotaExceededError')
  })

  it("one warning per modal: the plugins' scoped storages share the kernel storage and its one warning", async () => {
    const backend = throwingBackend('SecurityError', 'The operation is insecure.')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const modal = createKernel({ projectId: 'p', storage: backend }, { views: shellViews, platform: desktop })
      await modal.open()
      expect(modal.isOpen()).toBe(true)
      expect(warn.mock.calls.filter(([m]) => String(m).includes('storage is unavailable'))).toHaveLength(1)
    } finally {
      warn.mockRestore()
    }
  })

  it('a backend that answers gives no warning', () => {
    const warn = vi.fn()
    const storage = createStorage({ backend: recordingBackend(), warn })
    storage.set('k', 1)
    storage.get('k')
    storage.remove('k')
    expect(warn).not.toHaveBeenCalled()
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

  it('an entry stamped in the future never counts as fresh: it reads as missing and is removed', () => {
    const { storage, backend } = cache()
    storage.set('balance', { at: 1_000_000 + 10 * 365 * 24 * 3600_000, value: '1.5' })
    expect(storage.getCached('balance', TTL)).toBeUndefined()
    expect(backend.data.has('c/v1/balance')).toBe(false)
    storage.set('nan', { at: Number.MAX_VALUE * 2, value: 'x' })
    expect(storage.getCached('nan', TTL)).toBeUndefined()
  })

  it('setCached stores the current time with the value', () => {
    const { storage, backend } = cache()
    storage.setCached('k', 7)
    expect(JSON.parse(backend.data.get('c/v1/k')!)).toEqual({ at: 1_000_000, value: 7 })
  })
})

/** A Web Storage backend with key()/length, like localStorage. */
function enumerableBackend(initial: Record<string, string>) {
  const data = new Map(Object.entries(initial))
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
    key: (index: number) => [...data.keys()][index] ?? null,
    get length() {
      return data.size
    },
  }
}

describe('storage: entries of another storage version', () => {
  const stale = () =>
    enumerableBackend({
      '@vestibule/v0/activeNamespace': '"eip155"',
      '@vestibule/v0/connectorId:eip155': '"io.old"',
      '@vestibule/v2/recentWallets': '[]',
      '@vestibule/v1/activeNamespace': '"solana"',
      'other-app/v0/x': '1',
      unrelated: '2',
    })

  it('entries of another version (@vestibule/v0/..., /v2/...) are removed on first use with one warning', () => {
    const backend = stale()
    const warn = vi.fn()
    const storage = createStorage({ backend, warn })
    expect(warn).not.toHaveBeenCalled()
    expect(storage.get('activeNamespace')).toBe('solana')
    expect([...backend.data.keys()].sort()).toEqual(['@vestibule/v1/activeNamespace', 'other-app/v0/x', 'unrelated'])
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]![0]).toContain('3 stored entries')
    storage.set('k', 1)
    storage.get('k')
    expect(warn).toHaveBeenCalledTimes(1)
  })

  it('no warning when every entry is of the current version', () => {
    const warn = vi.fn()
    createStorage({ backend: enumerableBackend({ '@vestibule/v1/a': '1' }), warn }).get('a')
    expect(warn).not.toHaveBeenCalled()
  })

  it('only entries under the own prefix are considered', () => {
    const backend = enumerableBackend({ 'app/v0/a': '1', '@vestibule/v0/b': '2' })
    const warn = vi.fn()
    createStorage({ prefix: 'app', backend, warn }).get('a')
    expect([...backend.data.keys()]).toEqual(['@vestibule/v0/b'])
    expect(warn).toHaveBeenCalledTimes(1)
  })

  it('a plugin (scoped) storage does not sweep', () => {
    const backend = enumerableBackend({ '@vestibule/v0/a': '1' })
    const warn = vi.fn()
    createStorage({ scope: 'swap', backend, warn }).get('x')
    expect(backend.data.has('@vestibule/v0/a')).toBe(true)
    expect(warn).not.toHaveBeenCalled()
  })

  it('the kernel storage sweeps old versions on first open, warning once on the console, and keeps working', async () => {
    const backend = stale()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const modal = createKernel({ projectId: 'p', storage: backend }, { views: shellViews, platform: desktop })
      expect(backend.data.has('@vestibule/v0/activeNamespace')).toBe(true)
      await modal.open()
      expect(backend.data.has('@vestibule/v0/activeNamespace')).toBe(false)
      expect(warn.mock.calls.filter(([m]) => String(m).includes('storage version'))).toHaveLength(1)
      expect(modal.isOpen()).toBe(true)
    } finally {
      warn.mockRestore()
    }
  })
})

describe('storage: other versions', () => {
  it('a key that merely starts with the prefix and "v" (not a version) is kept', () => {
    const data = new Map<string, string>([
      ['@vestibule/vendor', '1'],
      ['@vestibule/v0/x', '"old"'],
    ])
    const backend = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
      key: (i: number) => [...data.keys()][i] ?? null,
      get length() {
        return data.size
      },
    }
    createStorage({ backend, warn: () => {} }).get('anything')
    expect([...data.keys()]).toEqual(['@vestibule/vendor'])
  })
})

describe('storage: checked reads', () => {
  const stored = (values: Record<string, unknown>) =>
    createStorage({
      prefix: 's',
      backend: recordingBackend(Object.fromEntries(Object.entries(values).map(([k, v]) => [`s/v1/${k}`, JSON.stringify(v)]))),
    })

  it('a string must be one and match its pattern', () => {
    const storage = stored({ ns: 'eip155', proto: '__proto__', num: 7, huge: 'a'.repeat(5000) })
    expect(readString(storage, 'ns', /^[a-z0-9]{3,8}$/)).toBe('eip155')
    expect(readString(storage, 'proto', /^[a-z0-9]{3,8}$/)).toBeUndefined()
    expect(readString(storage, 'num')).toBeUndefined()
    expect(readString(storage, 'huge')).toBeUndefined()
    expect(readString(storage, 'missing')).toBeUndefined()
  })

  it('a list keeps the strings that match, at most `max` of them', () => {
    const storage = stored({
      list: ['eip155', '__proto__', 3, null, 'solana'],
      notList: { 0: 'eip155' },
      long: Array.from({ length: 1000 }, () => 'eip155'),
    })
    expect(readStringList(storage, 'list', /^[a-z0-9]{3,8}$/)).toEqual(['eip155', 'solana'])
    expect(readStringList(storage, 'notList', /^[a-z0-9]{3,8}$/)).toEqual([])
    expect(readStringList(storage, 'long', /^[a-z0-9]{3,8}$/, 8)).toHaveLength(8)
  })

  it('a record keeps own keys and values that match, in an object without a prototype', () => {
    const storage = createStorage({
      prefix: 's',
      backend: recordingBackend({ 's/v1/types': '{"__proto__":"smartAccount","constructor":"eoa","eip155":"eoa","solana":7}' }),
    })
    const types = readRecord(storage, 'types', /^[a-z0-9]{3,8}$/, /^[a-zA-Z]{1,32}$/)
    expect({ ...types }).toEqual({ eip155: 'eoa' })
    expect(Object.getPrototypeOf(types)).toBeNull()
    expect(types.toString).toBeUndefined()
    expect(readRecord(stored({ types: ['eoa'] }), 'types', /./, /./)).toEqual({})
  })
})
