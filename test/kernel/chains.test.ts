import { describe, expect, it, vi } from 'vitest'
import { createChainRegistry } from '../../kernel/chains.js'
import { connector, fakeAdapter } from './helpers.js'

describe('chains: registry', () => {
  it('registers one adapter per namespace', () => {
    const chains = createChainRegistry()
    const { adapter } = fakeAdapter()
    chains.register(adapter)
    expect(chains.get('eip155')).toBe(adapter)
    expect(chains.get('solana')).toBeUndefined()
    expect(chains.list()).toEqual([adapter])
  })

  it('two adapters for one namespace are rejected naming it', () => {
    const chains = createChainRegistry()
    chains.register(fakeAdapter().adapter)
    expect(() => chains.register(fakeAdapter().adapter)).toThrow('Two chain plugins register the namespace "eip155"')
  })

  it('supporting lists adapters that declare a capability', () => {
    const chains = createChainRegistry()
    const evm = fakeAdapter().adapter
    const sol = { ...fakeAdapter({ namespace: 'solana' }).adapter, capabilities: new Set(['signMessage', 'solana:signIn']) }
    chains.register(evm)
    chains.register(sol)
    expect(chains.supporting('signMessage')).toEqual([evm, sol])
    expect(chains.supporting('solana:signIn')).toEqual([sol])
    expect(chains.supporting('sendNative')).toEqual([])
  })
})

describe('chains: discovery', () => {
  it('registering does not start discovery', () => {
    const chains = createChainRegistry()
    const { adapter } = fakeAdapter()
    chains.register(adapter)
    expect(adapter.watchConnectors).not.toHaveBeenCalled()
    expect(chains.$connectors.get()).toEqual([])
  })

  it('startDiscovery watches every adapter once (idempotent) and merges their connectors', () => {
    const chains = createChainRegistry()
    const evm = fakeAdapter({ connectors: [connector('io.metamask'), connector('io.rabby')] })
    const sol = fakeAdapter({ namespace: 'solana', connectors: [connector('app.phantom', 'solana')] })
    chains.register(evm.adapter)
    chains.register(sol.adapter)
    chains.startDiscovery()
    chains.startDiscovery()
    expect(evm.adapter.watchConnectors).toHaveBeenCalledTimes(1)
    expect(sol.adapter.watchConnectors).toHaveBeenCalledTimes(1)
    expect(chains.$connectors.get().map((c) => c.id)).toEqual(['io.metamask', 'io.rabby', 'app.phantom'])
  })

  it('a later report of one adapter replaces only its own connectors', () => {
    const chains = createChainRegistry()
    let report: (list: ReturnType<typeof connector>[]) => void = () => {}
    const evm = fakeAdapter()
    evm.adapter.watchConnectors.mockImplementation((onChange) => {
      report = onChange
      return () => {}
    })
    chains.register(evm.adapter)
    chains.register(fakeAdapter({ namespace: 'solana', connectors: [connector('app.phantom', 'solana')] }).adapter)
    chains.startDiscovery()
    report([connector('io.metamask')])
    report([connector('io.metamask'), connector('io.rabby')])
    expect(
      chains.$connectors
        .get()
        .map((c) => c.id)
        .sort(),
    ).toEqual(['app.phantom', 'io.metamask', 'io.rabby'])
  })

  it('stopDiscovery calls every stop function, and discovery can start again', () => {
    const chains = createChainRegistry()
    const evm = fakeAdapter()
    chains.register(evm.adapter)
    chains.startDiscovery()
    chains.stopDiscovery()
    expect(evm.stopWatching).toHaveBeenCalledTimes(1)
    chains.stopDiscovery()
    expect(evm.stopWatching).toHaveBeenCalledTimes(1)
    chains.startDiscovery()
    expect(evm.adapter.watchConnectors).toHaveBeenCalledTimes(2)
  })

  it('findConnector finds by id, optionally within one namespace', () => {
    const chains = createChainRegistry()
    chains.register(fakeAdapter({ connectors: [connector('multi')] }).adapter)
    chains.register(fakeAdapter({ namespace: 'solana', connectors: [connector('multi', 'solana')] }).adapter)
    chains.startDiscovery()
    expect(chains.findConnector('multi')?.namespace).toBe('eip155')
    expect(chains.findConnector('multi', 'solana')?.namespace).toBe('solana')
    expect(chains.findConnector('nope')).toBeUndefined()
    expect(chains.findConnector('multi', 'bip122')).toBeUndefined()
  })

  it('$connectors notifies subscribers', () => {
    const chains = createChainRegistry()
    chains.register(fakeAdapter().adapter)
    const listener = vi.fn()
    chains.$connectors.listen(listener)
    chains.startDiscovery()
    expect(listener).toHaveBeenCalledTimes(1)
  })
})
