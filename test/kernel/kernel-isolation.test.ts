import { createToken } from '../../kernel/plugin.js'
// The kernel's root container: tsyringe's container module, imported as the kernel does (no metadata polyfill).
import { instance as globalContainer } from 'tsyringe/dist/cjs/dependency-container.js'
import { describe, expect, it, vi } from 'vitest'
import { Tokens } from '../../kernel/container.js'
import { createKernel } from '../../kernel/kernel.js'
import type { Plugin } from '../../kernel/plugin.js'
import type { Router } from '../../kernel/router.js'
import type { EventBus } from '../../kernel/events.js'
import { dummyView, recordingBackend } from './helpers.js'
import { modalWithWallet } from './kernel-fixtures.js'
import { kernelOf } from '../../kernel/kernel-of.js'

/** Two modals on one page share nothing. */
describe('kernel: two modals on one page share nothing', () => {
  it('two createKernel() instances have different tsyringe child containers', () => {
    const a = createKernel({})
    const b = createKernel({})
    expect(kernelOf(a).container).not.toBe(kernelOf(b).container)
    expect(kernelOf(a).container).not.toBe(globalContainer)
    expect(kernelOf(b).container).not.toBe(globalContainer)
    expect(globalContainer.isRegistered(Tokens.Router, true)).toBe(false)
  })

  it('resolving Tokens.Router / Tokens.Events from each gives different instances, each its own modal service', () => {
    const a = createKernel({})
    const b = createKernel({})
    const routerA = kernelOf(a).container.resolve<Router>(Tokens.Router)
    const routerB = kernelOf(b).container.resolve<Router>(Tokens.Router)
    const eventsA = kernelOf(a).container.resolve<EventBus>(Tokens.Events)
    const eventsB = kernelOf(b).container.resolve<EventBus>(Tokens.Events)
    expect(routerA).not.toBe(routerB)
    expect(eventsA).not.toBe(eventsB)
    expect(routerA).toBe(kernelOf(a).router)
    expect(eventsB).toBe(kernelOf(b).events)
  })

  it('every kernel service is resolvable by its token from the modal container', () => {
    const { modal } = modalWithWallet()
    const k = kernelOf(modal)
    const expected = {
      Options: k.options,
      Router: k.router,
      Events: k.events,
      Storage: k.storage,
      Http: k.http,
      I18n: k.i18n,
      State: k.state,
      Chains: k.chains,
      Views: k.views,
      Slots: k.slots,
      Platform: k.platform,
      Connection: k.connection,
    }
    for (const [name, service] of Object.entries(expected)) {
      expect(k.container.resolve(Tokens[name as keyof typeof Tokens]), name).toBe(service)
    }
  })

  it('the global tsyringe container has nothing registered for Tokens.*', () => {
    const { modal } = modalWithWallet()
    createKernel({})
    for (const [name, token] of Object.entries(Tokens)) {
      expect(globalContainer.isRegistered(token), name).toBe(false)
      expect(globalContainer.isRegistered(token, true), name).toBe(false)
    }
    expect(kernelOf(modal).container.isRegistered(Tokens.Router)).toBe(true)
  })

  it('a plugin registering its own service in its container does not leak to the other modal or the global one', () => {
    const token = createToken<object>('swap.quotes')
    const plugin: Plugin = { name: 'swap', setup: (ctx) => ctx.services.provide(token, {}) }
    const a = createKernel({ plugins: [plugin] })
    const b = createKernel({})
    expect(kernelOf(a).container.isRegistered(token)).toBe(true)
    expect(kernelOf(b).container.isRegistered(token)).toBe(false)
    expect(globalContainer.isRegistered(token)).toBe(false)
  })

  it('an event emitted on one is not seen by the other', () => {
    const a = createKernel({})
    const b = createKernel({})
    const onA = vi.fn()
    const onB = vi.fn()
    kernelOf(a).events.on('modal:open', onA)
    kernelOf(b).events.on('modal:open', onB)
    kernelOf(a).events.emit('modal:open', { view: 'Connect' })
    expect(onA).toHaveBeenCalledTimes(1)
    expect(onB).not.toHaveBeenCalled()
  })

  it('the state of one is not changed by the other', async () => {
    const a = modalWithWallet()
    const b = modalWithWallet()
    await a.modal.open()
    await b.modal.open('AllWallets')
    await a.modal.connect('io.fake')
    expect(a.modal.getAccount().status).toBe('connected')
    expect(b.modal.getAccount().status).toBe('disconnected')
    expect(kernelOf(b.modal).state.$chains.get().eip155?.accountState).toEqual({ status: 'disconnected', balanceStatus: 'idle' })
    expect(b.modal.getState().view).toBe('AllWallets')
    a.modal.close()
    expect(b.modal.isOpen()).toBe(true)
    expect(b.fake.adapter.connect).not.toHaveBeenCalled()
  })

  it('views, slots and plugins of one are not in the other', () => {
    const plugin: Plugin = {
      name: 'swap',
      setup: (ctx) => {
        ctx.views.register('Swap', dummyView)
        ctx.slots.add('account.features', { id: 'swap', label: 'Swap' })
        return { api: true }
      },
    }
    const a = createKernel({ plugins: [plugin] })
    const b = createKernel({})
    expect(kernelOf(a).views.has('Swap')).toBe(true)
    expect(kernelOf(b).views.has('Swap')).toBe(false)
    expect(kernelOf(b).slots.list('account.features')).toEqual([])
    expect(() => b.getPlugin('swap')).toThrow('Plugin "swap" is not registered')
  })

  it('two modals with different storage prefixes on one backend keep separate sessions', async () => {
    const backend = recordingBackend()
    const a = modalWithWallet({ storage: backend, storagePrefix: 'left' })
    const b = modalWithWallet({ storage: backend, storagePrefix: 'right' })
    await a.modal.open()
    await a.modal.connect('io.fake')
    await b.modal.open()
    expect(b.modal.getAccount().status).toBe('disconnected')
    expect(b.fake.adapter.reconnect).not.toHaveBeenCalled()
    expect([...backend.data.keys()].every((k) => k.startsWith('left/v1/') || k.startsWith('right/v1/'))).toBe(true)
  })

  it('destroying one leaves the other working', async () => {
    const a = modalWithWallet()
    const b = modalWithWallet()
    a.modal.destroy()
    await b.modal.open()
    expect(b.modal.isOpen()).toBe(true)
    expect(kernelOf(b.modal).container.resolve(Tokens.Router)).toBe(kernelOf(b.modal).router)
  })
})
