// The connector list every chain adapter keeps: discovered and added wallets, one per id, change reports and the
// wait for a wallet that registers late (at its boundary, with fake timers).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createConnectorList } from '../../../chains/shared/connectors.js'
import type { Connector } from '../../../kernel/index.js'

const connector = (id: string, type: Connector['type'] = 'ANNOUNCED'): Connector => ({
  id,
  name: id,
  type,
  namespace: 'x',
  installed: true,
})

describe('createConnectorList', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('lists discovered wallets first, then added ones; a discovered wallet wins over an added one with its id', () => {
    const list = createConnectorList<string>()
    const seen: string[][] = []
    list.watch((connectors) => seen.push(connectors.map((c) => `${c.id}:${c.type}`)))
    const remove = list.add({ connector: connector('a', 'WALLET_CONNECT'), wallet: 'remote a' })
    list.setDiscovered([
      { connector: connector('b'), wallet: 'b' },
      { connector: connector('a'), wallet: 'local a' },
      { connector: connector('b'), wallet: 'second b' },
    ])
    expect(seen.at(-1)).toEqual(['b:ANNOUNCED', 'a:ANNOUNCED'])
    expect(list.get('a')?.wallet).toBe('local a')
    expect(list.get('b')?.wallet).toBe('b')
    list.setDiscovered([])
    expect(seen.at(-1)).toEqual(['a:WALLET_CONNECT'])
    remove()
    expect(seen.at(-1)).toEqual([])
    expect(list.get('a')).toBeUndefined()
  })

  it('removing an added wallet replaced meanwhile keeps the replacement; a stopped watch hears nothing', () => {
    const list = createConnectorList<string>()
    const first = list.add({ connector: connector('a'), wallet: 'one' })
    list.add({ connector: connector('a'), wallet: 'two' })
    first()
    expect(list.get('a')?.wallet).toBe('two')
    const heard = vi.fn()
    list.watch(heard)()
    heard.mockClear()
    list.setDiscovered([{ connector: connector('c'), wallet: 'c' }])
    expect(heard).not.toHaveBeenCalled()
  })

  it('waitFor resolves true when the wallet registers before the deadline, false at the deadline', async () => {
    const list = createConnectorList<string>()
    const late = list.waitFor('late', 1000)
    vi.advanceTimersByTime(999)
    list.setDiscovered([{ connector: connector('late'), wallet: 'late' }])
    await expect(late).resolves.toBe(true)

    const never = list.waitFor('never', 1000)
    let settled: boolean | undefined
    void never.then((v) => (settled = v))
    vi.advanceTimersByTime(999)
    await Promise.resolve()
    expect(settled).toBeUndefined()
    vi.advanceTimersByTime(1)
    await expect(never).resolves.toBe(false)
    await expect(list.waitFor('late', 1000)).resolves.toBe(true)
  })
})
