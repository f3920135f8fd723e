import { atom } from 'nanostores'
import { describe, expect, it, vi } from 'vitest'
import type { RouteEntry } from '../../kernel/router.js'
import { createKernelState, emptyAccount, type ChainState } from '../../kernel/state.js'
import { ADDRESS, mainnet } from './helpers.js'

const chain = (namespace: string, status: 'connected' | 'disconnected', extra: Partial<ChainState['networkState']> = {}): ChainState => ({
  namespace,
  accountState:
    status === 'connected' ? { ...emptyAccount(), status, address: ADDRESS, caipAddress: `eip155:1:${ADDRESS}` } : emptyAccount(),
  networkState: { requestedCaipNetworks: [mainnet], supportsAllNetworks: false, ...extra },
})

describe('state: snapshot', () => {
  it('starts closed, disconnected, without view or namespace', () => {
    const state = createKernelState(atom<readonly RouteEntry[]>([]))
    expect(state.$snapshot.get()).toEqual({
      open: false,
      view: undefined,
      status: 'disconnected',
      namespace: undefined,
      address: undefined,
      caipAddress: undefined,
      caipNetwork: undefined,
      caipNetworkId: undefined,
      connectedNamespaces: [],
    })
    expect(state.$modal.get()).toEqual({ open: false, loading: {}, shake: false })
  })

  it('the view is the last history entry', () => {
    const history = atom<readonly RouteEntry[]>([{ view: 'Connect' }])
    const state = createKernelState(history)
    history.set([{ view: 'Connect' }, { view: 'AllWallets' }])
    expect(state.$snapshot.get().view).toBe('AllWallets')
  })

  it('account and network come from the active namespace; connected namespaces from all', () => {
    const state = createKernelState(atom<readonly RouteEntry[]>([]))
    state.$chains.set({
      eip155: chain('eip155', 'connected', { caipNetwork: mainnet }),
      solana: chain('solana', 'connected'),
      bip122: chain('bip122', 'disconnected'),
    })
    expect(state.$snapshot.get().status).toBe('disconnected')
    state.$activeNamespace.set('eip155')
    expect(state.$snapshot.get()).toMatchObject({
      status: 'connected',
      namespace: 'eip155',
      address: ADDRESS,
      caipNetwork: mainnet,
      caipNetworkId: 'eip155:1',
      connectedNamespaces: ['eip155', 'solana'],
    })
  })

  it('caipNetworkId falls back to the unsupported network id', () => {
    const state = createKernelState(atom<readonly RouteEntry[]>([]))
    state.$chains.set({ eip155: chain('eip155', 'connected', { unsupportedCaipNetworkId: 'eip155:56' }) })
    state.$activeNamespace.set('eip155')
    expect(state.$snapshot.get()).toMatchObject({ caipNetwork: undefined, caipNetworkId: 'eip155:56' })
  })

  it('subscribers get a new snapshot on every change', () => {
    const state = createKernelState(atom<readonly RouteEntry[]>([]))
    const listener = vi.fn()
    state.$snapshot.listen(listener)
    state.$modal.setKey('open', true)
    expect(listener.mock.lastCall?.[0]).toMatchObject({ open: true })
  })

  it('two states share nothing', () => {
    const a = createKernelState(atom<readonly RouteEntry[]>([]))
    const b = createKernelState(atom<readonly RouteEntry[]>([]))
    a.$modal.setKey('open', true)
    expect(b.$modal.get().open).toBe(false)
  })
})
