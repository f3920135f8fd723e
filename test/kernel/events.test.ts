import { describe, expect, it, vi } from 'vitest'
import { createEventBus } from '../../kernel/events.js'

describe('events', () => {
  it('on receives every emitted payload until unsubscribed', () => {
    const bus = createEventBus()
    const listener = vi.fn()
    const off = bus.on('modal:open', listener)
    bus.emit('modal:open', { view: 'Connect' })
    bus.emit('modal:open', { view: 'Account' })
    off()
    bus.emit('modal:open', { view: 'AllWallets' })
    expect(listener.mock.calls).toEqual([[{ view: 'Connect' }], [{ view: 'Account' }]])
  })

  it('listeners only receive their own event', () => {
    const bus = createEventBus()
    const listener = vi.fn()
    bus.on('modal:close', listener)
    bus.emit('modal:open', { view: 'Connect' })
    expect(listener).not.toHaveBeenCalled()
  })

  it('once runs a single time', () => {
    const bus = createEventBus()
    const listener = vi.fn()
    bus.once('disconnect', listener)
    bus.emit('disconnect', { namespace: 'eip155' })
    bus.emit('disconnect', { namespace: 'eip155' })
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('once can be cancelled before it fires', () => {
    const bus = createEventBus()
    const listener = vi.fn()
    const off = bus.once('disconnect', listener)
    off()
    bus.emit('disconnect', { namespace: 'eip155' })
    expect(listener).not.toHaveBeenCalled()
  })

  it('unsubscribing one listener keeps the same function subscribed elsewhere', () => {
    const bus = createEventBus()
    const listener = vi.fn()
    const offA = bus.on('modal:close', listener)
    bus.on('modal:close', listener)
    offA()
    bus.emit('modal:close', {})
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('a throwing listener does not stop the others, and is reported with its event', () => {
    const onListenerError = vi.fn()
    const bus = createEventBus(onListenerError)
    const boom = new Error('boom')
    const after = vi.fn()
    bus.on('modal:open', () => {
      throw boom
    })
    bus.on('modal:open', after)
    expect(() => bus.emit('modal:open', { view: 'Connect' })).not.toThrow()
    expect(after).toHaveBeenCalledTimes(1)
    expect(onListenerError).toHaveBeenCalledWith('modal:open', boom)
  })

  it('a throwing listener without an error handler is swallowed', () => {
    const bus = createEventBus()
    bus.on('modal:open', () => {
      throw new Error('boom')
    })
    expect(() => bus.emit('modal:open', { view: 'Connect' })).not.toThrow()
  })

  it('clear removes every listener', () => {
    const bus = createEventBus()
    const a = vi.fn()
    const b = vi.fn()
    bus.on('modal:open', a)
    bus.once('modal:close', b)
    bus.clear()
    bus.emit('modal:open', { view: 'Connect' })
    bus.emit('modal:close', {})
    expect(a).not.toHaveBeenCalled()
    expect(b).not.toHaveBeenCalled()
  })

  it('two buses share nothing', () => {
    const a = createEventBus()
    const b = createEventBus()
    const listener = vi.fn()
    b.on('modal:open', listener)
    a.emit('modal:open', { view: 'Connect' })
    expect(listener).not.toHaveBeenCalled()
  })
})
