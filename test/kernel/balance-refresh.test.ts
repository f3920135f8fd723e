/**
 * The native balance does not go stale: it is read again on open (within the 30 s cache), after a transaction the
 * modal sends, and on an account or network change.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CacheTtl } from '../../kernel/caches.js'
import { AFTER_SEND_REREAD_MS } from '../../kernel/connection.js'
import { ADDRESS, OTHER_ADDRESS, flush } from './helpers.js'
import { modalWithWallet } from './kernel-fixtures.js'
import { kernelOf } from '../../kernel/kernel-of.js'

const balance = (eth: bigint) => ({ value: eth * 10n ** 18n, decimals: 18, symbol: 'ETH' })

afterEach(() => vi.useRealTimers())

async function connectedAt0() {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2025-01-01T00:00:00Z'))
  const t = modalWithWallet()
  t.fake.adapter.getBalance.mockResolvedValue(balance(1n))
  await t.modal.open()
  await t.modal.connect('io.fake')
  await flush()
  t.modal.close()
  t.fake.adapter.getBalance.mockClear().mockResolvedValue(balance(2n))
  const shown = () => kernelOf(t.modal).state.$chains.get().eip155?.accountState.balance
  expect(shown()).toBe('1')
  return { ...t, shown }
}

describe('balance refresh', () => {
  it('an open within 30 s of the last read shows the cached balance without asking', async () => {
    const t = await connectedAt0()
    vi.setSystemTime(Date.now() + CacheTtl.nativeBalance - 1)
    await t.modal.open()
    await flush()
    expect(t.fake.adapter.getBalance).not.toHaveBeenCalled()
    expect(t.shown()).toBe('1')
  })

  it('an open 30 s or more after the last read reads the balance again', async () => {
    const t = await connectedAt0()
    vi.setSystemTime(Date.now() + CacheTtl.nativeBalance)
    await t.modal.open()
    await flush()
    expect(t.fake.adapter.getBalance).toHaveBeenCalledTimes(1)
    expect(t.shown()).toBe('2')
  })

  it('a transaction the modal sends reads the balance again at once, cache or not', async () => {
    const t = await connectedAt0()
    const sendNative = vi.fn(async () => '0xhash')
    Object.assign(t.fake.adapter, { sendNative })
    await expect(kernelOf(t.modal).connection.sendNative({ to: OTHER_ADDRESS, value: 10n ** 16n })).resolves.toBe('0xhash')
    expect(sendNative).toHaveBeenCalledWith({
      to: OTHER_ADDRESS,
      value: 10n ** 16n,
      address: ADDRESS,
      network: expect.objectContaining({ caipNetworkId: 'eip155:1' }),
    })
    await flush()
    expect(t.fake.adapter.getBalance).toHaveBeenCalledTimes(1)
    expect(t.shown()).toBe('2')
  })

  it('a transaction another part sends (a token send emits `transaction`) reads the native balance again too', async () => {
    const t = await connectedAt0()
    kernelOf(t.modal).events.emit('transaction', { namespace: 'eip155', caipNetworkId: 'eip155:1', id: '0xtoken' })
    await flush()
    expect(t.fake.adapter.getBalance).toHaveBeenCalledTimes(1)
    expect(t.shown()).toBe('2')
    // Another network's transaction is not this balance's.
    kernelOf(t.modal).events.emit('transaction', { namespace: 'eip155', caipNetworkId: 'eip155:10', id: '0xother' })
    await flush()
    expect(t.fake.adapter.getBalance).toHaveBeenCalledTimes(1)
  })

  describe('a node that answers the read after a send before it applied the transaction', () => {
    async function sent(reads: bigint[]) {
      const t = await connectedAt0()
      // Each read answers the next balance of `reads`, then the last one for good.
      for (const eth of reads) t.fake.adapter.getBalance.mockResolvedValueOnce(balance(eth))
      t.fake.adapter.getBalance.mockResolvedValue(balance(reads.at(-1)!))
      vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] })
      Object.assign(t.fake.adapter, { sendNative: vi.fn(async () => '0xhash') })
      await kernelOf(t.modal).connection.sendNative({ to: OTHER_ADDRESS, value: 10n ** 16n })
      await vi.advanceTimersByTimeAsync(0)
      const reads$ = () => t.fake.adapter.getBalance.mock.calls.length
      return { ...t, reads: reads$ }
    }

    it(`reads again ${AFTER_SEND_REREAD_MS[0]} ms later while the balance reads as before the send, then stops`, async () => {
      const t = await sent([1n, 2n])
      expect(t.reads()).toBe(1)
      expect(t.shown()).toBe('1')
      await vi.advanceTimersByTimeAsync(AFTER_SEND_REREAD_MS[0] - 1)
      expect(t.reads()).toBe(1)
      await vi.advanceTimersByTimeAsync(1)
      expect(t.reads()).toBe(2)
      expect(t.shown()).toBe('2')
      await vi.advanceTimersByTimeAsync(60_000)
      expect(t.reads()).toBe(2)
    })

    it(`a balance that never changes is read twice more, ${AFTER_SEND_REREAD_MS[0]} ms and ${AFTER_SEND_REREAD_MS[1]} ms apart, and no more`, async () => {
      const t = await sent([1n])
      await vi.advanceTimersByTimeAsync(AFTER_SEND_REREAD_MS[0])
      expect(t.reads()).toBe(2)
      await vi.advanceTimersByTimeAsync(AFTER_SEND_REREAD_MS[1] - 1)
      expect(t.reads()).toBe(2)
      await vi.advanceTimersByTimeAsync(1)
      expect(t.reads()).toBe(3)
      await vi.advanceTimersByTimeAsync(60_000)
      expect(t.reads()).toBe(3)
    })

    it('a first read that already shows the transaction is the only one; a disconnect stops the reads', async () => {
      const t = await sent([2n])
      await vi.advanceTimersByTimeAsync(60_000)
      expect(t.reads()).toBe(1)
      const stale = await sent([1n])
      await stale.modal.disconnect()
      await vi.advanceTimersByTimeAsync(60_000)
      expect(stale.reads()).toBe(1)
    })
  })

  it('sending without a connected account, or with a chain plugin that cannot send, is refused with a code', async () => {
    const t = modalWithWallet()
    await t.modal.open()
    await expect(kernelOf(t.modal).connection.sendNative({ to: OTHER_ADDRESS, value: 1n })).rejects.toMatchObject({ code: 'NOT_CONNECTED' })
    await t.modal.connect('io.fake')
    await expect(kernelOf(t.modal).connection.sendNative({ to: OTHER_ADDRESS, value: 1n })).rejects.toMatchObject({ code: 'NOT_SUPPORTED' })
  })

  it('an account change and a network change read the balance of the new account or network', async () => {
    const t = await connectedAt0()
    t.fake.wallet.accountChanged(OTHER_ADDRESS)
    await flush()
    expect(t.fake.adapter.getBalance).toHaveBeenLastCalledWith({
      address: OTHER_ADDRESS,
      network: expect.objectContaining({ caipNetworkId: 'eip155:1' }),
    })
    t.fake.wallet.networkChanged('eip155:10')
    await flush()
    expect(t.fake.adapter.getBalance).toHaveBeenLastCalledWith({
      address: OTHER_ADDRESS,
      network: expect.objectContaining({ caipNetworkId: 'eip155:10' }),
    })
    expect(t.shown()).toBe('2')
  })
})
