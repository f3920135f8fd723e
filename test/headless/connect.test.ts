// Connecting a wallet of the headless list: an installed wallet through its chain plugin, a wallet in two chain
// families through each (or the one asked for), a catalog wallet through a WalletConnect pairing whose URI the
// host shows, renewed 10 s before its 4 minutes run out; bad input is refused with a clear error.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Connector } from '../../kernel/chains.js'
import type { CaipNetwork } from '../../kernel/network.js'
import type { Modal, WalletItem } from '../../kernel/index.js'
import { connectWallet, createHeadlessModal, walletConnectPairing, walletList } from '../../headless/index.js'
import { eip155 } from '../../chains/eip155/index.js'
import { defineNetwork } from '../../chains/eip155/networks.js'
import { walletConnect } from '../../plugins/walletconnect/index.js'
import { ADDRESS, fakeAdapter } from '../kernel/helpers.js'
import { FakeProvider, sdk } from '../plugins/walletconnect/fake-provider.js'

vi.mock('@walletconnect/universal-provider', async () => {
  const { sdk } = await import('../plugins/walletconnect/fake-provider.js')
  return { UniversalProvider: { init: (options: Record<string, unknown>) => sdk.init(options) } }
})

const solanaNet: CaipNetwork = {
  id: 'devnet',
  caipNetworkId: 'solana:devnet',
  chainNamespace: 'solana',
  name: 'Solana Devnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1/sol'] } },
}
const both = (namespace: string): Connector => ({
  id: `multi-${namespace}`,
  rdns: 'io.multi',
  name: 'Multi Wallet',
  type: 'ANNOUNCED',
  namespace,
  installed: true,
})

const created: Modal[] = []
afterEach(() => {
  created.splice(0).forEach((m) => m.destroy())
  vi.useRealTimers()
})

function twoFamilies() {
  const evm = fakeAdapter({ connectors: [both('eip155')] })
  const sol = fakeAdapter({ namespace: 'solana', networks: [solanaNet], connectors: [both('solana')] })
  const modal = createHeadlessModal({
    projectId: 'p',
    storage: null,
    plugins: [
      { name: 'eip155', setup: (ctx) => ctx.chains.register(evm.adapter) },
      { name: 'solana', setup: (ctx) => ctx.chains.register(sol.adapter) },
    ],
  })
  created.push(modal)
  return { modal, evm, sol }
}

describe('connectWallet', () => {
  it('connects an installed wallet of the list through its chain plugin', async () => {
    const fake = fakeAdapter()
    const modal = createHeadlessModal({
      projectId: 'p',
      storage: null,
      plugins: [{ name: 'eip155', setup: (ctx) => ctx.chains.register(fake.adapter) }],
    })
    created.push(modal)
    const list = walletList(modal)
    await list.load()
    const item = list.$state.get().wallets.find((w) => w.name === 'Wallet io.fake')!
    await expect(connectWallet(modal, item)).resolves.toEqual({ kind: 'connected' })
    expect(fake.adapter.connect).toHaveBeenCalledTimes(1)
    expect(modal.getAccount()).toMatchObject({ status: 'connected', address: ADDRESS, namespace: 'eip155' })
    list.destroy()
  })

  it('a wallet in two chain families connects in each, or only in the one asked for', async () => {
    const { modal, evm, sol } = twoFamilies()
    const list = walletList(modal)
    await list.load()
    const item = list.$state.get().wallets.find((w) => w.name === 'Multi Wallet')!
    expect(list.$state.get().wallets.filter((w) => w.name === 'Multi Wallet')).toHaveLength(1)
    await connectWallet(modal, item, { namespace: 'solana' })
    expect(sol.adapter.connect).toHaveBeenCalledTimes(1)
    expect(evm.adapter.connect).not.toHaveBeenCalled()
    await connectWallet(modal, item)
    expect(evm.adapter.connect).toHaveBeenCalledTimes(1)
    expect(modal.getState().connectedNamespaces.sort()).toEqual(['eip155', 'solana'])
    await expect(connectWallet(modal, item, { namespace: 'polkadot' })).rejects.toThrow('Multi Wallet offers no polkadot account')
    list.destroy()
  })

  it('a declined request rejects with USER_REJECTED and leaves the modal disconnected', async () => {
    const fake = fakeAdapter()
    fake.adapter.connect.mockRejectedValueOnce(Object.assign(new Error('User rejected the request.'), { code: 4001 }))
    const modal = createHeadlessModal({
      projectId: 'p',
      storage: null,
      plugins: [{ name: 'eip155', setup: (ctx) => ctx.chains.register(fake.adapter) }],
    })
    created.push(modal)
    const item: WalletItem = {
      id: 'eip155:io.fake',
      name: 'Wallet io.fake',
      view: '',
      data: { connectorId: 'io.fake', namespace: 'eip155' },
    }
    await modal.open()
    await expect(connectWallet(modal, item)).rejects.toMatchObject({ code: 'USER_REJECTED' })
    expect(modal.getAccount().status).toBe('disconnected')
  })

  it('refuses what is not a wallet of the list, a disabled entry, and a remote wallet without a plugin to pair it', async () => {
    const modal = createHeadlessModal({ projectId: 'p', storage: null, plugins: [] })
    created.push(modal)
    await expect(connectWallet(modal, null as unknown as WalletItem)).rejects.toMatchObject({ code: 'INVALID_OPTIONS' })
    await expect(connectWallet(modal, { id: 'x', name: 'Far Wallet', view: '', disabled: true })).rejects.toThrow(
      'Far Wallet cannot be connected here',
    )
    await expect(
      connectWallet(modal, { id: 'x', name: 'Far Wallet', view: 'Elsewhere', data: { wallet: { id: 'x', name: 'Far Wallet' } } }),
    ).rejects.toThrow('No registered plugin connects Far Wallet')
    expect(() => walletConnectPairing(modal)).toThrow('walletConnect() plugin')
  })
})

describe('a catalog wallet pairs through WalletConnect', () => {
  const settle = async () => {
    for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0)
  }
  beforeAll(async () => {
    await import('../../plugins/walletconnect/engine.js')
    await import('@walletconnect/universal-provider')
    await import('../../chains/eip155/session.js')
    await import('../../chains/eip155/walletconnect.js')
    await import('../../kernel/connection.js')
  })
  beforeEach(() => {
    vi.useFakeTimers()
    sdk.provider = new FakeProvider()
    sdk.init.mockClear()
  })

  it('offers the URI with the time it stays usable, renews it 10 s before expiry while shown, and not after stop()', async () => {
    const net = defineNetwork({
      id: 1,
      name: 'Chain 1',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:9/1'] } },
    })
    const modal = createHeadlessModal({
      projectId: 'p',
      storage: null,
      metadata: { name: 'Test', url: 'https://app.example' },
      plugins: [eip155({ networks: [net] }), walletConnect({ relayUrl: 'ws://127.0.0.1:9' })],
    })
    created.push(modal)
    const item: WalletItem = {
      id: 'cedar',
      name: 'Cedar Vault',
      view: 'ConnectingWalletConnect',
      links: {},
      data: { wallet: { id: 'cedar', name: 'Cedar Vault', links: {} } },
    }
    const outcome = await connectWallet(modal, item)
    if (outcome.kind !== 'pairing') throw new Error('expected a pairing')
    expect(outcome.wallet).toEqual({ id: 'cedar', name: 'Cedar Vault' })
    await settle()
    const first = outcome.pairing.$state.get()
    expect(first.status).toBe('pairing')
    expect(first.uri).toMatch(/^wc:/)
    expect(first.usableUntil).toBe(Date.now() + 230_000)
    expect(outcome.pairing.timeLeft()).toBe(230_000)
    await vi.advanceTimersByTimeAsync(229_999)
    expect(outcome.pairing.timeLeft()).toBe(1)
    expect(outcome.pairing.$state.get().uri).toBe(first.uri)
    await vi.advanceTimersByTimeAsync(1)
    await settle()
    expect(outcome.pairing.$state.get().uri).not.toBe(first.uri)
    outcome.stop()
    await vi.advanceTimersByTimeAsync(230_000)
    await settle()
    expect(outcome.pairing.$state.get()).toMatchObject({ status: 'idle', uri: undefined })
    expect(outcome.pairing.timeLeft()).toBe(0)
  })
})
