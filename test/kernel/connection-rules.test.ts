/**
 * Connection rules not covered in connection.test.ts: multi-namespace sessions ending together,
 * deep link in storage, removing the active network, the 30 s native balance cache,
 * switching the active namespace, the network-not-found alert.
 */
import { atom } from 'nanostores'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ChainNamespace } from '../../kernel/caip.js'
import { CacheTtl } from '../../kernel/caches.js'
import { createChainRegistry, type Connector, type ConnectorType } from '../../kernel/chains.js'
import { createConnection, StorageKeys } from '../../kernel/connection.js'
import { createEventBus, type EventName, type VestibuleEvents } from '../../kernel/events.js'
import type { CaipNetwork } from '../../kernel/network.js'
import { resolveOptions, type ModalOptions } from '../../kernel/options.js'
import type { RouteEntry } from '../../kernel/router.js'
import { createKernelState } from '../../kernel/state.js'
import { createStorage } from '../../kernel/storage.js'
import { ADDRESS, connector, fakeAdapter, mainnet, net, optimism, recordingBackend } from './helpers.js'

const SOLANA: CaipNetwork = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1/solana'] } },
}
const BITCOIN: CaipNetwork = {
  id: '000000000019d6689c085ae165831e93',
  caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
  chainNamespace: 'bip122',
  name: 'Bitcoin',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: ['http://127.0.0.1/btc'] } },
}

const typed = (id: string, namespace: string, type: ConnectorType): Connector => ({ ...connector(id, namespace), type })

/** A connection over fake wallets for eip155, solana and bip122, each with connectors of every relevant type. */
function setup(options: { modalOptions?: ModalOptions; backend?: ReturnType<typeof recordingBackend>; evmNetworks?: CaipNetwork[] } = {}) {
  const backend = options.backend ?? recordingBackend()
  const storage = createStorage({ prefix: 't', backend })
  const chains = createChainRegistry()
  const connectorsOf = (ns: string) => [
    connector('io.fake', ns),
    { ...typed('walletConnect', ns, 'WALLET_CONNECT'), endsWithSiblings: true },
    { ...typed('ID_AUTH', ns, 'EXTERNAL'), endsWithSiblings: true },
  ]
  const evm = fakeAdapter({ namespace: 'eip155', networks: options.evmNetworks, connectors: connectorsOf('eip155') })
  const sol = fakeAdapter({ namespace: 'solana', networks: [SOLANA], connectors: connectorsOf('solana') })
  const btc = fakeAdapter({ namespace: 'bip122', networks: [BITCOIN], connectors: connectorsOf('bip122') })
  for (const f of [evm, sol, btc]) chains.register(f.adapter)
  const state = createKernelState(atom<readonly RouteEntry[]>([]))
  const events = createEventBus()
  const seen: Array<[EventName, unknown]> = []
  for (const name of ['disconnect', 'network:change'] as const) events.on(name, (payload) => void seen.push([name, payload]))
  const alert = vi.fn()
  const connection = createConnection({ chains, state, storage, events, options: resolveOptions(options.modalOptions ?? {}), alert })
  chains.startDiscovery()
  const status = (ns: ChainNamespace) => state.$chains.get()[ns]?.accountState.status
  const eventsOf = <K extends EventName>(name: K) => seen.filter(([n]) => n === name).map(([, p]) => p as VestibuleEvents[K])
  return { evm, sol, btc, connection, state, storage, backend, alert, status, eventsOf }
}

afterEach(() => vi.useRealTimers())

describe('connection: multi-namespace sessions disconnect together', () => {
  it.each([
    ['WalletConnect', 'walletConnect'],
    ['auth', 'ID_AUTH'],
  ])('disconnecting one namespace of a %s session disconnects every namespace on that connector', async (_name, id) => {
    const t = setup()
    await t.connection.connect(id, 'eip155')
    await t.connection.connect(id, 'solana')
    await t.connection.connect('io.fake', 'bip122')
    await t.connection.disconnect('eip155')
    expect(t.status('eip155')).toBe('disconnected')
    expect(t.status('solana')).toBe('disconnected')
    expect(t.status('bip122')).toBe('connected')
    expect(t.evm.adapter.disconnect).toHaveBeenCalledTimes(1)
    expect(t.sol.adapter.disconnect).toHaveBeenCalledTimes(1)
    expect(t.btc.adapter.disconnect).not.toHaveBeenCalled()
    expect(
      t
        .eventsOf('disconnect')
        .map((e) => e.namespace)
        .sort(),
    ).toEqual(['eip155', 'solana'])
    expect(t.storage.get(StorageKeys.connectorId('solana'))).toBeUndefined()
    expect(t.storage.get(StorageKeys.connectedNamespaces)).toEqual(['bip122'])
  })

  it('ending a whole session leaves no active namespace or network behind; ending part of the connections keeps one that stays', async () => {
    const t = setup()
    await t.connection.connect('walletConnect', 'eip155')
    await t.connection.connect('walletConnect', 'solana')
    await t.connection.connect('walletConnect', 'bip122')
    expect(t.state.$snapshot.get()).toMatchObject({ status: 'connected', namespace: 'bip122', caipNetworkId: BITCOIN.caipNetworkId })
    await t.connection.disconnect('eip155')
    expect(t.state.$snapshot.get()).toMatchObject({
      status: 'disconnected',
      namespace: undefined,
      caipNetwork: undefined,
      caipNetworkId: undefined,
      connectedNamespaces: [],
    })

    const u = setup()
    await u.connection.connect('walletConnect', 'eip155')
    await u.connection.connect('walletConnect', 'solana')
    await u.connection.connect('io.fake', 'bip122')
    await u.connection.disconnect('solana')
    expect(u.state.$snapshot.get()).toMatchObject({ status: 'connected', namespace: 'bip122', connectedNamespaces: ['bip122'] })
  })

  it('an injected session disconnects only its own namespace', async () => {
    const t = setup()
    await t.connection.connect('io.fake', 'eip155')
    await t.connection.connect('io.fake', 'solana')
    await t.connection.disconnect('eip155')
    expect(t.status('eip155')).toBe('disconnected')
    expect(t.status('solana')).toBe('connected')
    expect(t.sol.adapter.disconnect).not.toHaveBeenCalled()
  })

  it('a WalletConnect session does not take down an auth session in another namespace', async () => {
    const t = setup()
    await t.connection.connect('walletConnect', 'eip155')
    await t.connection.connect('ID_AUTH', 'solana')
    await t.connection.disconnect('eip155')
    expect(t.status('solana')).toBe('connected')
  })

  it('the connector type is recorded in the account state', async () => {
    const t = setup()
    await t.connection.connect('walletConnect', 'eip155')
    expect(t.state.$chains.get().eip155?.accountState).toMatchObject({ connectorId: 'walletConnect', connectorType: 'WALLET_CONNECT' })
  })

  it('disconnect() without a namespace disconnects every namespace', async () => {
    const t = setup()
    await t.connection.connect('io.fake', 'eip155')
    await t.connection.connect('io.fake', 'bip122')
    await t.connection.disconnect()
    expect([t.status('eip155'), t.status('bip122')]).toEqual(['disconnected', 'disconnected'])
    expect(t.storage.get(StorageKeys.connectionStatus)).toBe('disconnected')
  })
})

describe('connection: removing networks', () => {
  it('removing the active network switches to the first remaining one', async () => {
    const t = setup()
    await t.connection.connect('io.fake', 'eip155')
    expect(t.state.$chains.get().eip155?.networkState.caipNetwork).toBe(mainnet)
    await t.connection.removeNetwork('eip155:1')
    expect(t.evm.adapter.switchNetwork).toHaveBeenCalledWith(optimism)
    expect(t.state.$chains.get().eip155?.networkState.caipNetwork).toBe(optimism)
    expect(t.state.$chains.get().eip155?.networkState.requestedCaipNetworks).toEqual([optimism])
    expect(t.state.$chains.get().eip155?.accountState.caipAddress).toBe(`eip155:10:${ADDRESS}`)
    expect(t.eventsOf('network:change')).toContainEqual({
      namespace: 'eip155',
      caipNetworkId: 'eip155:10',
      supported: true,
      origin: 'removal',
    })
  })

  it('removing the active network picks the first remaining one in requested order, not any other', async () => {
    const base = net(8453, 'Base')
    const t = setup({ evmNetworks: [optimism, mainnet, base] })
    await t.connection.switchNetwork('eip155:1')
    await t.connection.connect('io.fake', 'eip155')
    await t.connection.removeNetwork('eip155:1')
    expect(t.state.$chains.get().eip155?.networkState.caipNetwork).toBe(optimism)
    expect(t.state.$chains.get().eip155?.networkState.requestedCaipNetworks).toEqual([optimism, base])
  })

  it('removing the last network leaves no active network', async () => {
    const t = setup({ evmNetworks: [mainnet] })
    await t.connection.switchNetwork('eip155:1')
    await t.connection.removeNetwork('eip155:1')
    expect(t.state.$chains.get().eip155?.networkState.caipNetwork).toBeUndefined()
    expect(t.state.$chains.get().eip155?.networkState.requestedCaipNetworks).toEqual([])
  })

  it('removing an inactive network only narrows the requested networks', async () => {
    const t = setup()
    await t.connection.connect('io.fake', 'eip155')
    await t.connection.removeNetwork('eip155:10')
    expect(t.state.$chains.get().eip155?.networkState.caipNetwork).toBe(mainnet)
    expect(t.state.$chains.get().eip155?.networkState.requestedCaipNetworks).toEqual([mainnet])
    expect(t.evm.adapter.switchNetwork).not.toHaveBeenCalled()
  })

  it('removing the active network while disconnected selects the next one without asking the wallet', async () => {
    const t = setup()
    await t.connection.switchNetwork('eip155:1')
    await t.connection.removeNetwork('eip155:1')
    expect(t.evm.adapter.switchNetwork).not.toHaveBeenCalled()
    expect(t.state.$chains.get().eip155?.networkState.caipNetwork).toBe(optimism)
    expect(t.connection.networkFor('eip155')).toBe(optimism)
  })

  it('a removed network is no longer found by switchNetwork', async () => {
    const t = setup()
    await t.connection.removeNetwork('eip155:10')
    await expect(t.connection.switchNetwork('eip155:10')).rejects.toThrow('Network not found')
  })

  it('removing an unknown network changes nothing', async () => {
    const t = setup()
    await t.connection.removeNetwork('eip155:424242')
    expect(t.state.$chains.get().eip155?.networkState.requestedCaipNetworks).toEqual([mainnet, optimism])
  })
})

describe('connection: switching the active network', () => {
  it('switchNetwork to an unknown id raises the network-not-found alert', async () => {
    const t = setup()
    await expect(t.connection.switchNetwork('eip155:424242')).rejects.toThrow('Network not found: eip155:424242')
    expect(t.alert).toHaveBeenCalledWith('network-not-found', 'Network not found: eip155:424242')
  })

  it('switchNetwork to a network of a chain family no plugin registers says "Adapter not found" (and alerts)', async () => {
    const t = setup()
    await expect(t.connection.switchNetwork('cosmos:cosmoshub-4')).rejects.toThrow(
      'Adapter not found: no chain plugin for cosmos:cosmoshub-4',
    )
    expect(t.alert).toHaveBeenCalledWith('network-not-found', 'Network not found: cosmos:cosmoshub-4')
    // Something that is not a network id at all names no chain family: it is only not found.
    await expect(t.connection.switchNetwork('not a network' as never)).rejects.toThrow('Network not found: not a network')
  })

  it('switching to a network of another connected namespace switches the active namespace and emits network:change', async () => {
    const t = setup()
    await t.connection.connect('io.fake', 'solana')
    await t.connection.connect('io.fake', 'eip155')
    expect(t.state.$activeNamespace.get()).toBe('eip155')
    await t.connection.switchNetwork(SOLANA.caipNetworkId)
    expect(t.state.$activeNamespace.get()).toBe('solana')
    expect(t.state.$snapshot.get()).toMatchObject({ namespace: 'solana', caipNetworkId: SOLANA.caipNetworkId })
    expect(t.eventsOf('network:change').at(-1)).toEqual({
      namespace: 'solana',
      caipNetworkId: SOLANA.caipNetworkId,
      supported: true,
      origin: 'user',
    })
    expect(t.storage.get(StorageKeys.activeNamespace)).toBe('solana')
  })
})

const balance = (value: bigint) => ({ value, decimals: 18, symbol: 'ETH' })

describe('connection: native balance cache (30 s)', () => {
  async function connectedAt0() {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'))
    const t = setup()
    t.evm.adapter.getBalance
      .mockResolvedValueOnce(balance(1_000_000_000_000_000_000n))
      .mockResolvedValue(balance(2_000_000_000_000_000_000n))
    await t.connection.connect('io.fake', 'eip155')
    await vi.advanceTimersByTimeAsync(0)
    expect(t.state.$chains.get().eip155?.accountState.balance).toBe('1')
    return t
  }

  it('the native balance is cached under its CAIP address in the versioned storage', async () => {
    const t = await connectedAt0()
    expect(JSON.parse(t.backend.data.get(`t/v1/${StorageKeys.nativeBalance(`eip155:1:${ADDRESS}`)}`)!)).toEqual({
      at: Date.now(),
      value: { value: '1000000000000000000', decimals: 18, symbol: 'ETH' },
    })
  })

  it('native balance cache used within 30 s (29 999 ms): the wallet is not asked again', async () => {
    const t = await connectedAt0()
    vi.advanceTimersByTime(CacheTtl.nativeBalance - 1)
    await t.connection.refreshBalance('eip155')
    expect(t.evm.adapter.getBalance).toHaveBeenCalledTimes(1)
    expect(t.state.$chains.get().eip155?.accountState.balance).toBe('1')
  })

  it('native balance cache expires at 30 s: the wallet is asked again', async () => {
    const t = await connectedAt0()
    vi.advanceTimersByTime(CacheTtl.nativeBalance)
    await t.connection.refreshBalance('eip155')
    expect(t.evm.adapter.getBalance).toHaveBeenCalledTimes(2)
    expect(t.state.$chains.get().eip155?.accountState.balance).toBe('2')
  })

  it('refreshBalance({ force: true }) bypasses the cache and stores the new balance', async () => {
    const t = await connectedAt0()
    await t.connection.refreshBalance('eip155', { force: true })
    expect(t.evm.adapter.getBalance).toHaveBeenCalledTimes(2)
    expect(t.state.$chains.get().eip155?.accountState.balance).toBe('2')
    await t.connection.refreshBalance('eip155')
    expect(t.evm.adapter.getBalance).toHaveBeenCalledTimes(2)
    expect(t.state.$chains.get().eip155?.accountState.balance).toBe('2')
  })

  it('a cached balance is per network: another network asks the wallet', async () => {
    const t = await connectedAt0()
    await t.connection.switchNetwork('eip155:10')
    await vi.advanceTimersByTimeAsync(0)
    expect(t.evm.adapter.getBalance).toHaveBeenLastCalledWith({ address: ADDRESS, network: optimism })
  })

  it('a malformed cached balance is ignored', async () => {
    const t = await connectedAt0()
    t.storage.setCached(StorageKeys.nativeBalance(`eip155:1:${ADDRESS}`), { value: '1.5', decimals: 18, symbol: 'ETH' })
    await t.connection.refreshBalance('eip155')
    expect(t.evm.adapter.getBalance).toHaveBeenCalledTimes(2)
  })
})

describe('connection: what storage gives back is checked', () => {
  const entries = (values: Record<string, unknown>) =>
    recordingBackend(Object.fromEntries(Object.entries(values).map(([k, v]) => [`t/v1/${k}`, JSON.stringify(v)])))

  it('a cached balance stamped far in the future is not used: the wallet is asked and the real balance shown', async () => {
    const backend = entries({
      [StorageKeys.nativeBalance(`eip155:1:${ADDRESS}`)]: {
        at: Date.now() + 1e12,
        value: { value: '9'.repeat(70), decimals: 18, symbol: 'ETH' },
      },
    })
    const t = setup({ backend })
    t.evm.adapter.getBalance.mockResolvedValue(balance(2n * 10n ** 18n))
    await t.connection.connect('io.fake', 'eip155')
    await t.connection.refreshBalance('eip155')
    expect(t.evm.adapter.getBalance).toHaveBeenCalled()
    expect(t.state.$chains.get().eip155?.accountState.balance).toBe('2')
  })

  it.each([
    ['more digits than any 256-bit amount', { value: '9'.repeat(79), decimals: 18, symbol: 'ETH' }],
    ["decimals other than the network's", { value: '1', decimals: 0, symbol: 'ETH' }],
    ["a symbol other than the network's", { value: '1', decimals: 18, symbol: 'ETH\u202e' }],
  ])('a fresh cached balance with %s is not used', async (_what, cached) => {
    const t = setup({ backend: entries({ [StorageKeys.nativeBalance(`eip155:1:${ADDRESS}`)]: { at: Date.now(), value: cached } }) })
    t.evm.adapter.getBalance.mockResolvedValue(balance(2n * 10n ** 18n))
    await t.connection.connect('io.fake', 'eip155')
    await t.connection.refreshBalance('eip155')
    expect(t.state.$chains.get().eip155?.accountState.balance).toBe('2')
  })

  it('an active namespace of "__proto__" (or "constructor") does not break reconnect', async () => {
    for (const hostile of ['__proto__', 'constructor', 'toString']) {
      const backend = entries({
        [StorageKeys.connectedNamespaces]: [hostile, 'eip155'],
        [StorageKeys.activeNamespace]: hostile,
        [StorageKeys.connectorId('eip155')]: 'io.fake',
        [StorageKeys.connectorId(hostile)]: 'io.fake',
      })
      const t = setup({ backend })
      await expect(t.connection.reconnect()).resolves.toBeUndefined()
      expect(t.status('eip155')).toBe('connected')
      expect(t.state.$activeNamespace.get()).toBe('eip155')
      expect(Object.keys(t.state.$chains.get()).sort()).toEqual(['bip122', 'eip155', 'solana'])
    }
  })

  it('a stored connector id or network id that is not one is ignored', async () => {
    const t = setup({
      backend: entries({
        [StorageKeys.connectedNamespaces]: ['eip155'],
        [StorageKeys.connectorId('eip155')]: { id: 'io.fake' },
        [StorageKeys.caipNetworkId('eip155')]: ['eip155:10'],
      }),
    })
    await t.connection.reconnect()
    expect(t.evm.adapter.reconnect).not.toHaveBeenCalled()
    expect(t.connection.networkFor('eip155')?.caipNetworkId).toBe('eip155:1')
  })
})

describe('storage keys of the connection', () => {
  it('every stored item of the connection has its key', () => {
    expect(StorageKeys).toMatchObject({
      activeNamespace: 'activeNamespace',
      activeCaipNetworkId: 'activeCaipNetworkId',
      recentWallets: 'recentWallets',
      connectionStatus: 'connectionStatus',
      connectedNamespaces: 'connectedNamespaces',
    })
    expect(StorageKeys.connectorId('solana')).toBe('connectorId:solana')
    expect(StorageKeys.nativeBalance('eip155:1:0xabc')).toBe('nativeBalance:eip155:1:0xabc')
  })
})
