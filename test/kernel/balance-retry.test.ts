// A failed balance read is tried again on its own 30 s later (not at 29 999 ms) with the fault shown meanwhile,
// and a destroyed modal plans no read again: stop() cancels the one planned and keeps new failures from planning.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createBalances } from '../../kernel/balance.js'
import { BALANCE_RETRY_MS } from '../../kernel/caches.js'
import { createEventBus } from '../../kernel/events.js'
import type { AccountState, ChainState } from '../../kernel/state.js'
import { createStorage } from '../../kernel/storage.js'
import { fakeAdapter, mainnet } from './helpers.js'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

function balances() {
  const { adapter } = fakeAdapter({ networks: [mainnet] })
  const down = Object.assign(new Error('fetch failed'), {
    cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8545'), { code: 'ECONNREFUSED' }),
  })
  adapter.getBalance.mockRejectedValue(down)
  let account: AccountState = { status: 'connected', address: '0x1111111111111111111111111111111111111111', balanceStatus: 'idle' }
  const state = (): ChainState => ({
    namespace: 'eip155',
    accountState: account,
    networkState: { caipNetwork: mainnet, requestedCaipNetworks: [mainnet], supportsAllNetworks: false },
  })
  const b = createBalances({
    storage: createStorage({ backend: null }),
    events: createEventBus(),
    chainState: state,
    adapterOf: () => adapter,
    setAccount: (_, fields) => void (account = { ...account, ...fields }),
  })
  return { b, adapter, account: () => account }
}

describe('a failed balance read', () => {
  it('is read again 30 s later, not sooner, showing why meanwhile', async () => {
    const { b, adapter, account } = balances()
    await b.refresh('eip155')
    expect(adapter.getBalance).toHaveBeenCalledTimes(1)
    expect(account()).toMatchObject({ balanceStatus: 'unavailable', balanceFault: { kind: 'unreachable' } })
    await vi.advanceTimersByTimeAsync(BALANCE_RETRY_MS - 1)
    expect(adapter.getBalance).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(adapter.getBalance).toHaveBeenCalledTimes(2)
  })

  it('is not read again once stopped (the modal destroyed), and leaves no timer', async () => {
    const { b, adapter } = balances()
    await b.refresh('eip155')
    expect(vi.getTimerCount()).toBe(1)
    b.stop()
    expect(vi.getTimerCount()).toBe(0)
    await vi.advanceTimersByTimeAsync(5 * BALANCE_RETRY_MS)
    expect(adapter.getBalance).toHaveBeenCalledTimes(1)
    // A read that fails after stop() plans nothing either.
    await b.refresh('eip155', { force: true })
    expect(vi.getTimerCount()).toBe(0)
  })
})
