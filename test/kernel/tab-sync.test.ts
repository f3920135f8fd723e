import { afterEach, describe, expect, it } from 'vitest'
import { createKernel, type Modal } from '../../kernel/kernel.js'
import { checkTabMessage } from '../../kernel/tab-sync.js'
import { fakeAdapter, mainnet, optimism, recordingBackend } from './helpers.js'
import { chainPlugin, desktop, shellViews } from './kernel-fixtures.js'
import { kernelOf } from '../../kernel/kernel-of.js'

/**
 * Tabs of one origin in one process: modals over one storage backend (the origin's localStorage), each with its
 * own wallet, talking over Node's BroadcastChannel, which is the browser's.
 */
const created: Modal[] = []
afterEach(() => created.splice(0).forEach((modal) => modal.destroy()))

function tab(backend = recordingBackend(), storagePrefix?: string) {
  const fake = fakeAdapter()
  const modal = createKernel(
    { projectId: 'p', storage: backend, ...(storagePrefix ? { storagePrefix } : {}), plugins: [chainPlugin(fake)] },
    { platform: desktop, views: shellViews },
  )
  created.push(modal)
  kernelOf(modal).chains.startDiscovery()
  const account = () => kernelOf(modal).state.$chains.get().eip155!.accountState
  const network = () => kernelOf(modal).state.$chains.get().eip155!.networkState.caipNetwork?.caipNetworkId
  return { modal, fake, backend, account, network }
}

describe('tabs: one session across the tabs of an origin', () => {
  it('connect, network, account type and disconnect in one tab reach the other, which asks its wallet only silently, and nothing echoes back', async () => {
    const a = tab()
    const b = tab(a.backend)
    const other = tab(recordingBackend(), 'another-app')
    await Promise.all([
      kernelOf(a.modal).connection.reconnect(),
      kernelOf(b.modal).connection.reconnect(),
      kernelOf(other.modal).connection.reconnect(),
    ])

    await kernelOf(a.modal).connection.connect('io.fake')
    await expect.poll(() => b.account().status).toBe('connected')
    expect(b.fake.adapter.connect).not.toHaveBeenCalled()
    expect(b.fake.adapter.reconnect).toHaveBeenCalled()

    await kernelOf(a.modal).connection.switchNetwork(optimism.caipNetworkId)
    await expect.poll(() => b.network()).toBe(optimism.caipNetworkId)
    expect(b.fake.adapter.switchNetwork).toHaveBeenCalledTimes(1)

    await kernelOf(a.modal).connection.disconnect()
    await expect.poll(() => b.account().status).toBe('disconnected')

    // B's changes were not told back: A's wallet was asked once for each.
    await kernelOf(b.modal).connection.switchNetwork(mainnet.caipNetworkId)
    await expect.poll(() => a.network()).toBe(mainnet.caipNetworkId)
    expect(a.fake.adapter.switchNetwork).toHaveBeenCalledTimes(1)
    expect(a.fake.adapter.disconnect).toHaveBeenCalledTimes(1)
    expect(b.fake.adapter.switchNetwork).toHaveBeenCalledTimes(1)
    // A modal with another storage prefix heard none of it.
    expect(other.fake.adapter.reconnect).not.toHaveBeenCalled()
    expect(other.fake.adapter.switchNetwork).not.toHaveBeenCalled()
    expect(other.account().status).toBe('disconnected')
  })

  it('a modal kept in memory (storage: null) shares nothing', async () => {
    const a = tab()
    const fake = fakeAdapter()
    const memory = createKernel({ projectId: 'p', storage: null, plugins: [chainPlugin(fake)] }, { platform: desktop, views: shellViews })
    created.push(memory)
    kernelOf(memory).chains.startDiscovery()
    const c = tab(a.backend)
    await Promise.all([
      kernelOf(a.modal).connection.reconnect(),
      kernelOf(c.modal).connection.reconnect(),
      kernelOf(memory).connection.reconnect(),
    ])
    await kernelOf(a.modal).connection.connect('io.fake')
    await kernelOf(a.modal).connection.switchNetwork(optimism.caipNetworkId)
    // A tab over the shared storage heard both; the memory modal took neither.
    await expect.poll(() => c.network()).toBe(optimism.caipNetworkId)
    expect(fake.adapter.reconnect).not.toHaveBeenCalled()
    expect(fake.adapter.switchNetwork).not.toHaveBeenCalled()
  })
})

describe('tabs: a destroyed modal', () => {
  it('hears nothing more: its channel is closed', async () => {
    const a = tab()
    const b = tab(a.backend)
    const c = tab(a.backend)
    await Promise.all([a, b, c].map((t) => kernelOf(t.modal).connection.reconnect()))
    b.modal.destroy()
    await kernelOf(a.modal).connection.connect('io.fake')
    // A live tab hears it; the destroyed one asks its wallet nothing.
    await expect.poll(() => c.account().status).toBe('connected')
    expect(b.fake.adapter.reconnect).not.toHaveBeenCalled()
  })
})

describe('tabs: what another tab says is checked', () => {
  const chains = { get: (namespace: string) => (namespace === 'eip155' ? fakeAdapter().adapter : undefined) }
  const prefix = '@vestibule/v1'
  it.each([
    ['another prefix', { v: 1, prefix: 'other/v1', kind: 'disconnect', namespace: 'eip155' }],
    ['another version', { v: 2, prefix, kind: 'disconnect', namespace: 'eip155' }],
    ['an unknown kind', { v: 1, prefix, kind: 'logout', namespace: 'eip155' }],
    ['a namespace no plugin serves', { v: 1, prefix, kind: 'connect', namespace: 'cosmos' }],
    ['a namespace that is not a string', { v: 1, prefix, kind: 'connect', namespace: ['eip155'] }],
    ['a network the namespace does not offer', { v: 1, prefix, kind: 'network', namespace: 'eip155', caipNetworkId: 'eip155:31337' }],
    [
      'a network of another namespace',
      { v: 1, prefix, kind: 'network', namespace: 'eip155', caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
    ],
    ['a network that is not a string', { v: 1, prefix, kind: 'network', namespace: 'eip155', caipNetworkId: { id: 'eip155:1' } }],
    ["a plugin's own kind (an account type)", { v: 1, prefix, kind: 'accountType', namespace: 'eip155', type: 'smartAccount' }],
    ['a string', JSON.stringify({ v: 1, prefix, kind: 'connect', namespace: 'eip155' })],
    ['an array', [1, prefix, 'connect', 'eip155']],
    ['null', null],
  ])('%s is ignored', (_, data) => {
    expect(checkTabMessage(data, prefix, chains)).toBeUndefined()
  })

  it('a well-formed message is taken with its own fields only', () => {
    expect(
      checkTabMessage(
        { v: 1, prefix, kind: 'network', namespace: 'eip155', caipNetworkId: 'eip155:10', address: '0xevil' },
        prefix,
        chains,
      ),
    ).toEqual({ v: 1, prefix, kind: 'network', namespace: 'eip155', caipNetworkId: 'eip155:10' })
  })
})
