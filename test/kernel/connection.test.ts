import { atom } from 'nanostores'
import { describe, expect, it, vi } from 'vitest'
import type { CaipNetworkId } from '../../kernel/caip.js'
import { createChainRegistry } from '../../kernel/chains.js'
import { createConnection, StorageKeys } from '../../kernel/connection.js'
import { VestibuleError } from '../../kernel/errors.js'
import { createEventBus, type EventName, type VestibuleEvents } from '../../kernel/events.js'
import { resolveOptions, type ModalOptions } from '../../kernel/options.js'
import type { RouteEntry } from '../../kernel/router.js'
import { createKernelState } from '../../kernel/state.js'
import { createStorage } from '../../kernel/storage.js'
import { ADDRESS, OTHER_ADDRESS, deferred, fakeAdapter, flush, mainnet, optimism, recordingBackend } from './helpers.js'

/** A connection over one fake wallet, with discovery started (as after the first open). */
function setup(options: { stored?: Record<string, unknown>; modalOptions?: ModalOptions; discover?: boolean } = {}) {
  const backend = recordingBackend(
    Object.fromEntries(Object.entries(options.stored ?? {}).map(([k, v]) => [`t/v1/${k}`, JSON.stringify(v)])),
  )
  const storage = createStorage({ prefix: 't', backend })
  const chains = createChainRegistry()
  const fake = fakeAdapter()
  chains.register(fake.adapter)
  const state = createKernelState(atom<readonly RouteEntry[]>([]))
  const events = createEventBus()
  const seen: Array<[EventName, unknown]> = []
  for (const name of [
    'connect:start',
    'connect:success',
    'connect:error',
    'account:change',
    'disconnect',
    'network:change',
    'error',
  ] as const) {
    events.on(name, (payload) => void seen.push([name, payload]))
  }
  const connection = createConnection({ chains, state, storage, events, options: resolveOptions(options.modalOptions ?? {}) })
  if (options.discover !== false) chains.startDiscovery()
  const account = () => state.$chains.get().eip155?.accountState
  const network = () => state.$chains.get().eip155?.networkState
  const stored = (key: string) => storage.get(key)
  const eventsOf = <K extends EventName>(name: K) => seen.filter(([n]) => n === name).map(([, p]) => p as VestibuleEvents[K])
  return { ...fake, connection, state, storage, backend, account, network, stored, eventsOf }
}

const rejection = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })

describe('connection: connect', () => {
  it('connect success: status connected with the CAIP address', async () => {
    const t = setup()
    await t.connection.connect('io.fake')
    expect(t.account()).toMatchObject({ status: 'connected', address: ADDRESS, caipAddress: `eip155:1:${ADDRESS}`, connectorId: 'io.fake' })
    expect(t.network()?.caipNetwork).toBe(mainnet)
    expect(t.state.$activeNamespace.get()).toBe('eip155')
    expect(t.state.$snapshot.get()).toMatchObject({
      status: 'connected',
      address: ADDRESS,
      caipNetworkId: 'eip155:1',
      connectedNamespaces: ['eip155'],
    })
    expect(t.adapter.connect).toHaveBeenCalledWith({ connectorId: 'io.fake', network: mainnet })
  })

  it('connect success stores the connector id and the connected namespaces', async () => {
    const t = setup()
    await t.connection.connect('io.fake')
    expect(t.stored(StorageKeys.connectorId('eip155'))).toBe('io.fake')
    expect(t.stored(StorageKeys.connectedNamespaces)).toEqual(['eip155'])
    expect(t.stored(StorageKeys.connectionStatus)).toBe('connected')
    expect(t.stored(StorageKeys.activeNamespace)).toBe('eip155')
    expect(t.stored(StorageKeys.activeCaipNetworkId)).toBe('eip155:1')
  })

  it('connect success emits connect:start then connect:success', async () => {
    const t = setup()
    await t.connection.connect('io.fake')
    expect(t.eventsOf('connect:start')).toEqual([{ namespace: 'eip155', connectorId: 'io.fake' }])
    expect(t.eventsOf('connect:success')).toEqual([
      { namespace: 'eip155', connectorId: 'io.fake', address: ADDRESS, caipAddress: `eip155:1:${ADDRESS}` },
    ])
  })

  it('status is connecting while the wallet is asked, with the loading flag set', async () => {
    const t = setup()
    const answer = deferred<{ address: string; caipNetworkId: CaipNetworkId }>()
    t.adapter.connect.mockReturnValueOnce(answer.promise)
    const pending = t.connection.connect('io.fake')
    expect(t.account()?.status).toBe('connecting')
    expect(t.state.$modal.get().loading.eip155).toBe(true)
    answer.resolve({ address: ADDRESS, caipNetworkId: 'eip155:1' })
    await pending
    expect(t.state.$modal.get().loading.eip155).toBe(false)
  })

  it('the modal snapshot shows connecting during a first connect', async () => {
    const t = setup()
    const answer = deferred<{ address: string; caipNetworkId: CaipNetworkId }>()
    t.adapter.connect.mockReturnValueOnce(answer.promise)
    const pending = t.connection.connect('io.fake')
    expect(t.state.$snapshot.get()).toMatchObject({ status: 'connecting', namespace: 'eip155' })
    answer.reject(rejection())
    await pending.catch(() => {})
    expect(t.state.$snapshot.get().status).toBe('disconnected')
  })

  it('displayed balance is truncated to 3 decimals after connect', async () => {
    const t = setup()
    await t.connection.connect('io.fake')
    await flush()
    expect(t.account()).toMatchObject({
      balanceStatus: 'ready',
      balance: '1.234',
      balanceValue: 1_234_567_890_000_000_000n,
      balanceSymbol: 'ETH',
    })
    expect(t.adapter.getBalance).toHaveBeenCalledWith({ address: ADDRESS, network: mainnet })
  })

  it('connect asks for the stored network, else the default network, else the first one', async () => {
    const stored = setup({ stored: { activeCaipNetworkId: 'eip155:10' } })
    await stored.connection.connect('io.fake')
    expect(stored.adapter.connect).toHaveBeenCalledWith({ connectorId: 'io.fake', network: optimism })

    const byDefault = setup({ modalOptions: { defaultNetwork: 'eip155:10' } })
    expect(byDefault.connection.networkFor('eip155')).toBe(optimism)

    const first = setup({ stored: { activeCaipNetworkId: 'eip155:999' } })
    expect(first.connection.networkFor('eip155')).toBe(mainnet)
  })

  it('connect with an unknown connector id fails naming it, without touching state', async () => {
    const t = setup()
    await expect(t.connection.connect('io.nowhere')).rejects.toThrow('Wallet "io.nowhere" is not available in this browser')
    expect(t.account()).toEqual({ status: 'disconnected', balanceStatus: 'idle' })
    expect(t.adapter.connect).not.toHaveBeenCalled()
  })

  it('connect before discovery finds no connector', async () => {
    const t = setup({ discover: false })
    await expect(t.connection.connect('io.fake')).rejects.toThrow('is not available')
  })

  it('the wallet answering with an unrequested network connects with that network marked unsupported', async () => {
    const t = setup()
    t.adapter.connect.mockResolvedValueOnce({ address: ADDRESS, caipNetworkId: 'eip155:56' })
    await t.connection.connect('io.fake')
    expect(t.account()).toMatchObject({ status: 'connected', caipAddress: `eip155:56:${ADDRESS}` })
    expect(t.network()?.unsupportedCaipNetworkId).toBe('eip155:56')
    expect(t.state.$snapshot.get().caipNetworkId).toBe('eip155:56')
    await flush()
    expect(t.account()?.balanceStatus).toBe('unavailable')
  })
})

describe('connection: connect rejected or failing', () => {
  it('connect rejection code 4001 → VestibuleError USER_REJECTED "Connection declined"', async () => {
    const t = setup()
    const cause = rejection()
    t.adapter.connect.mockRejectedValueOnce(cause)
    const error = await t.connection.connect('io.fake').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(VestibuleError)
    expect((error as VestibuleError).code).toBe('USER_REJECTED')
    expect((error as VestibuleError).message).toBe('Connection declined')
    expect((error as VestibuleError).cause).toBe(cause)
  })

  it('after a rejection the status is back to disconnected, loading cleared, connect:error emitted', async () => {
    const t = setup()
    t.adapter.connect.mockRejectedValueOnce(rejection())
    await t.connection.connect('io.fake').catch(() => {})
    expect(t.account()?.status).toBe('disconnected')
    expect(t.account()?.connectorId).toBeUndefined()
    expect(t.state.$modal.get().loading.eip155).toBe(false)
    expect(t.eventsOf('connect:error')).toEqual([expect.objectContaining({ namespace: 'eip155', connectorId: 'io.fake', rejected: true })])
    expect(t.stored(StorageKeys.connectorId('eip155'))).toBeUndefined()
  })

  it('a wallet error carrying wallet code 4001 is also "Connection declined"', async () => {
    const t = setup()
    t.adapter.connect.mockRejectedValueOnce(new VestibuleError('WALLET_ERROR', 'User rejected the request.', undefined, 4001))
    await expect(t.connection.connect('io.fake')).rejects.toThrow(/^Connection declined$/)
  })

  it('any other wallet error is rethrown as is, with rejected false', async () => {
    const t = setup()
    const boom = Object.assign(new Error('Internal JSON-RPC error'), { code: -32603 })
    t.adapter.connect.mockRejectedValueOnce(boom)
    await expect(t.connection.connect('io.fake')).rejects.toBe(boom)
    expect(t.account()?.status).toBe('disconnected')
    expect(t.eventsOf('connect:error')[0]).toMatchObject({ rejected: false, error: boom })
  })

  it('a failed connect while a balance was loading restores the session and loads the balance again', async () => {
    const t = setup()
    const pending = deferred<{ value: bigint; decimals: number; symbol: string }>()
    t.adapter.getBalance.mockReturnValueOnce(pending.promise)
    await t.connection.connect('io.fake')
    expect(t.account()?.balanceStatus).toBe('loading')
    t.adapter.connect.mockRejectedValueOnce(rejection())
    await t.connection.connect('io.fake').catch(() => {})
    await flush()
    expect(t.account()).toMatchObject({ status: 'connected', balanceStatus: 'ready', balance: '1.234' })
  })

  it('a failed connect while connected keeps the previous session', async () => {
    const t = setup()
    await t.connection.connect('io.fake')
    t.adapter.connect.mockRejectedValueOnce(rejection())
    await t.connection.connect('io.fake').catch(() => {})
    expect(t.account()).toMatchObject({ status: 'connected', address: ADDRESS, connectorId: 'io.fake' })
  })
})

describe('connection: cancelConnect', () => {
  it('cancelConnect ignores a late answer', async () => {
    const t = setup()
    const answer = deferred<{ address: string; caipNetworkId: CaipNetworkId }>()
    t.adapter.connect.mockReturnValueOnce(answer.promise)
    const pending = t.connection.connect('io.fake')
    t.connection.cancelConnect('eip155')
    expect(t.account()?.status).toBe('disconnected')
    expect(t.state.$modal.get().loading.eip155).toBe(false)
    answer.resolve({ address: ADDRESS, caipNetworkId: 'eip155:1' })
    await pending
    await flush()
    expect(t.account()?.status).toBe('disconnected')
    expect(t.account()?.address).toBeUndefined()
    expect(t.eventsOf('connect:success')).toEqual([])
    expect(t.stored(StorageKeys.connectorId('eip155'))).toBeUndefined()
    expect(t.adapter.getBalance).not.toHaveBeenCalled()
  })

  it('cancelConnect ignores a late rejection too', async () => {
    const t = setup()
    const answer = deferred<{ address: string; caipNetworkId: CaipNetworkId }>()
    t.adapter.connect.mockReturnValueOnce(answer.promise)
    const pending = t.connection.connect('io.fake')
    t.connection.cancelConnect('eip155')
    answer.reject(rejection())
    await expect(pending).resolves.toBeUndefined()
    expect(t.eventsOf('connect:error')).toEqual([])
  })

  it('cancelConnect does nothing when not connecting', async () => {
    const t = setup()
    await t.connection.connect('io.fake')
    t.connection.cancelConnect('eip155')
    expect(t.account()?.status).toBe('connected')
  })

  it('a second connect makes the first answer stale', async () => {
    const t = setup()
    const first = deferred<{ address: string; caipNetworkId: CaipNetworkId }>()
    t.adapter.connect.mockReturnValueOnce(first.promise).mockResolvedValueOnce({ address: OTHER_ADDRESS, caipNetworkId: 'eip155:1' })
    const a = t.connection.connect('io.fake')
    await t.connection.connect('io.fake')
    first.resolve({ address: ADDRESS, caipNetworkId: 'eip155:1' })
    await a
    expect(t.account()?.address).toBe(OTHER_ADDRESS)
  })
})

describe('connection: disconnect', () => {
  it('disconnect resets the account and clears the stored connector id', async () => {
    const t = setup()
    await t.connection.connect('io.fake')
    await flush()
    await t.connection.disconnect()
    expect(t.adapter.disconnect).toHaveBeenCalledTimes(1)
    expect(t.account()).toEqual({ status: 'disconnected', balanceStatus: 'idle' })
    expect(t.stored(StorageKeys.connectorId('eip155'))).toBeUndefined()
    expect(t.stored(StorageKeys.connectedNamespaces)).toEqual([])
    expect(t.stored(StorageKeys.connectionStatus)).toBe('disconnected')
    expect(t.eventsOf('disconnect')).toEqual([{ namespace: 'eip155' }])
    expect(t.state.$snapshot.get()).toMatchObject({ status: 'disconnected', address: undefined, caipAddress: undefined })
  })

  it('disconnect of one namespace only touches it', async () => {
    const t = setup()
    await t.connection.connect('io.fake')
    await t.connection.disconnect('eip155')
    expect(t.account()?.status).toBe('disconnected')
  })

  it('disconnect with nothing connected does not call the wallet', async () => {
    const t = setup()
    await t.connection.disconnect()
    expect(t.adapter.disconnect).not.toHaveBeenCalled()
  })

  it('disconnect failing at the wallet still resets and throws "Failed to disconnect"', async () => {
    const t = setup()
    await t.connection.connect('io.fake')
    const cause = new Error('wallet locked')
    t.adapter.disconnect.mockRejectedValueOnce(cause)
    const error = await t.connection.disconnect().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(VestibuleError)
    expect((error as VestibuleError).message).toBe('Failed to disconnect')
    expect((error as VestibuleError).cause).toBe(cause)
    expect(t.account()?.status).toBe('disconnected')
    expect(t.account()?.address).toBeUndefined()
    expect(t.stored(StorageKeys.connectorId('eip155'))).toBeUndefined()
  })

  it('disconnect from an unrequested network clears the unsupported network id', async () => {
    const t = setup()
    await t.connection.connect('io.fake')
    t.wallet.networkChanged('eip155:56')
    await t.connection.disconnect()
    expect(t.network()?.unsupportedCaipNetworkId).toBeUndefined()
    expect(t.state.$snapshot.get().caipNetworkId).toBeUndefined()
    expect(t.connection.networkFor('eip155')).toBe(mainnet)
  })

  it('a balance answer arriving after disconnect is ignored', async () => {
    const t = setup()
    const balance = deferred<{ value: bigint; decimals: number; symbol: string }>()
    t.adapter.getBalance.mockReturnValueOnce(balance.promise)
    await t.connection.connect('io.fake')
    await t.connection.disconnect()
    balance.resolve({ value: 5n, decimals: 18, symbol: 'ETH' })
    await flush()
    expect(t.account()).toEqual({ status: 'disconnected', balanceStatus: 'idle' })
  })
})

describe('connection: reports from the wallet', () => {
  it('accountChanged updates address and CAIP address, emits account:change and reloads the balance', async () => {
    const t = setup()
    await t.connection.connect('io.fake')
    await flush()
    t.wallet.accountChanged(OTHER_ADDRESS)
    expect(t.account()).toMatchObject({ status: 'connected', address: OTHER_ADDRESS, caipAddress: `eip155:1:${OTHER_ADDRESS}` })
    expect(t.eventsOf('account:change')).toEqual([
      { namespace: 'eip155', address: OTHER_ADDRESS, caipAddress: `eip155:1:${OTHER_ADDRESS}` },
    ])
    await flush()
    expect(t.adapter.getBalance).toHaveBeenLastCalledWith({ address: OTHER_ADDRESS, network: mainnet })
  })

  it('accountChanged is ignored when not connected or unchanged', async () => {
    const t = setup()
    t.wallet.accountChanged(OTHER_ADDRESS)
    expect(t.account()).toEqual({ status: 'disconnected', balanceStatus: 'idle' })
    await t.connection.connect('io.fake')
    t.wallet.accountChanged(ADDRESS)
    expect(t.eventsOf('account:change')).toEqual([])
  })

  it('networkChanged to a requested network updates network and CAIP address and stores it', async () => {
    const t = setup()
    await t.connection.connect('io.fake')
    t.wallet.networkChanged('eip155:10')
    expect(t.network()?.caipNetwork).toBe(optimism)
    expect(t.account()?.caipAddress).toBe(`eip155:10:${ADDRESS}`)
    expect(t.stored(StorageKeys.activeCaipNetworkId)).toBe('eip155:10')
    expect(t.eventsOf('network:change')).toEqual([{ namespace: 'eip155', caipNetworkId: 'eip155:10', supported: true, origin: 'wallet' }])
    await flush()
    expect(t.adapter.getBalance).toHaveBeenLastCalledWith({ address: ADDRESS, network: optimism })
  })

  it('networkChanged to the current network is ignored', async () => {
    const t = setup()
    await t.connection.connect('io.fake')
    t.wallet.networkChanged('eip155:1')
    expect(t.eventsOf('network:change')).toEqual([])
  })

  it('networkChanged to an unrequested network is reported unsupported and the snapshot shows it', async () => {
    const t = setup()
    await t.connection.connect('io.fake')
    await flush()
    t.wallet.networkChanged('eip155:56')
    expect(t.eventsOf('network:change')).toEqual([{ namespace: 'eip155', caipNetworkId: 'eip155:56', supported: false, origin: 'wallet' }])
    expect(t.network()?.unsupportedCaipNetworkId).toBe('eip155:56')
    expect(t.network()?.caipNetwork).toBeUndefined()
    expect(t.state.$snapshot.get().caipNetworkId).toBe('eip155:56')
    expect(t.account()?.caipAddress).toBe(`eip155:56:${ADDRESS}`)
    expect(t.stored(StorageKeys.activeCaipNetworkId)).toBe('eip155:1')
    await flush()
    expect(t.account()?.balanceStatus).toBe('unavailable')
  })

  it('coming back from an unrequested network to the previous one is reported and clears unsupported', async () => {
    const t = setup()
    await t.connection.connect('io.fake')
    t.wallet.networkChanged('eip155:56')
    t.wallet.networkChanged('eip155:1')
    expect(t.eventsOf('network:change').map((e) => [e.caipNetworkId, e.supported])).toEqual([
      ['eip155:56', false],
      ['eip155:1', true],
    ])
    expect(t.network()?.unsupportedCaipNetworkId).toBeUndefined()
    expect(t.network()?.caipNetwork).toBe(mainnet)
    expect(t.account()?.caipAddress).toBe(`eip155:1:${ADDRESS}`)
  })

  it('disconnected from the wallet resets the namespace', async () => {
    const t = setup()
    await t.connection.connect('io.fake')
    t.wallet.disconnected()
    expect(t.account()?.status).toBe('disconnected')
    expect(t.stored(StorageKeys.connectorId('eip155'))).toBeUndefined()
    expect(t.eventsOf('disconnect')).toEqual([{ namespace: 'eip155' }])
  })

  it('disconnected while already disconnected emits nothing', () => {
    const t = setup()
    t.wallet.disconnected()
    expect(t.eventsOf('disconnect')).toEqual([])
  })

  it('listen is called once per adapter when the connection is created', () => {
    const t = setup()
    expect(t.adapter.listen).toHaveBeenCalledTimes(1)
  })
})

describe('connection: switchNetwork', () => {
  it('switchNetwork to an unknown id → "Network not found"', async () => {
    const t = setup()
    const error = await t.connection.switchNetwork('eip155:424242').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(VestibuleError)
    expect((error as Error).message).toMatch(/^Network not found/)
    expect((error as Error).message).toContain('eip155:424242')
    expect(t.adapter.switchNetwork).not.toHaveBeenCalled()
  })

  it('while connected asks the wallet, then updates network, CAIP address and storage', async () => {
    const t = setup()
    await t.connection.connect('io.fake')
    await t.connection.switchNetwork('eip155:10')
    expect(t.adapter.switchNetwork).toHaveBeenCalledWith(optimism)
    expect(t.network()?.caipNetwork).toBe(optimism)
    expect(t.account()?.caipAddress).toBe(`eip155:10:${ADDRESS}`)
    expect(t.stored(StorageKeys.activeCaipNetworkId)).toBe('eip155:10')
  })

  it('a wallet refusing the switch leaves the network unchanged', async () => {
    const t = setup()
    await t.connection.connect('io.fake')
    t.adapter.switchNetwork.mockRejectedValueOnce(rejection())
    await expect(t.connection.switchNetwork('eip155:10')).rejects.toThrow('User rejected')
    expect(t.network()?.caipNetwork).toBe(mainnet)
  })

  it('while disconnected selects the network without asking the wallet, for the next connect', async () => {
    const t = setup()
    await t.connection.switchNetwork('eip155:10')
    expect(t.adapter.switchNetwork).not.toHaveBeenCalled()
    expect(t.state.$snapshot.get().caipNetworkId).toBe('eip155:10')
    expect(t.connection.networkFor('eip155')).toBe(optimism)
    await t.connection.connect('io.fake')
    expect(t.adapter.connect).toHaveBeenCalledWith({ connectorId: 'io.fake', network: optimism })
  })
})

describe('connection: reconnect', () => {
  const session = {
    connectedNamespaces: ['eip155'],
    'connectorId:eip155': 'io.fake',
    activeNamespace: 'eip155',
    activeCaipNetworkId: 'eip155:10',
  }

  it('reconnect restores from storage without prompting', async () => {
    const t = setup({ stored: session, discover: false })
    await t.connection.reconnect()
    expect(t.adapter.reconnect).toHaveBeenCalledWith({ connectorId: 'io.fake', network: optimism })
    expect(t.adapter.connect).not.toHaveBeenCalled()
    expect(t.account()).toMatchObject({ status: 'connected', address: ADDRESS, caipAddress: `eip155:10:${ADDRESS}` })
    expect(t.state.$activeNamespace.get()).toBe('eip155')
    expect(t.eventsOf('connect:success')).toHaveLength(1)
  })

  it('nothing stored: the wallet is not asked', async () => {
    const t = setup()
    await t.connection.reconnect()
    expect(t.adapter.reconnect).not.toHaveBeenCalled()
    expect(t.state.$snapshot.get().status).toBe('disconnected')
  })

  it('nothing stored: storage is not written (a session another tab stores meanwhile survives)', async () => {
    const t = setup()
    const pending = t.connection.reconnect()
    t.backend.data.set('t/v1/connectedNamespaces', JSON.stringify(['eip155']))
    await pending
    expect(t.backend.calls.filter(([method]) => method !== 'getItem')).toEqual([])
    expect(t.backend.data.get('t/v1/connectedNamespaces')).toBe('["eip155"]')
  })

  it('a stored active namespace no chain plugin serves ("__proto__", "constructor", "cosmos") is ignored; the session still comes back', async () => {
    for (const activeNamespace of ['__proto__', 'constructor', 'cosmos']) {
      const t = setup({ stored: { ...session, activeNamespace }, discover: false })
      await expect(t.connection.reconnect()).resolves.toBeUndefined()
      expect(t.account()).toMatchObject({ status: 'connected', address: ADDRESS })
      expect(t.state.$activeNamespace.get()).toBe('eip155')
    }
  })

  it('corrupt stored namespaces are ignored', async () => {
    const t = setup({ stored: { ...session, connectedNamespaces: 'eip155' } })
    await t.connection.reconnect()
    expect(t.adapter.reconnect).not.toHaveBeenCalled()
  })

  it('a namespace without adapter or connector id is skipped', async () => {
    const t = setup({ stored: { connectedNamespaces: ['solana', 'eip155'] } })
    await t.connection.reconnect()
    expect(t.adapter.reconnect).not.toHaveBeenCalled()
  })

  it('a wallet that no longer grants access clears the stored connector id', async () => {
    const t = setup({ stored: session })
    t.adapter.reconnect.mockResolvedValueOnce(undefined)
    await t.connection.reconnect()
    expect(t.account()?.status ?? 'disconnected').toBe('disconnected')
    expect(t.stored(StorageKeys.connectorId('eip155'))).toBeUndefined()
    expect(t.stored(StorageKeys.connectedNamespaces)).toEqual([])
  })

  it('a failing reconnect is reported as an error event, not thrown', async () => {
    const t = setup({ stored: session })
    const boom = new Error('provider gone')
    t.adapter.reconnect.mockRejectedValueOnce(boom)
    await expect(t.connection.reconnect()).resolves.toBeUndefined()
    expect(t.eventsOf('error')).toEqual([{ source: 'reconnect', error: boom }])
  })

  it('a connect started during reconnect wins over the late reconnect answer', async () => {
    const t = setup({ stored: session })
    const late = deferred<{ address: string; caipNetworkId: CaipNetworkId } | undefined>()
    t.adapter.reconnect.mockReturnValueOnce(late.promise)
    const restoring = t.connection.reconnect()
    t.adapter.connect.mockResolvedValueOnce({ address: OTHER_ADDRESS, caipNetworkId: 'eip155:10' })
    await t.connection.connect('io.fake')
    late.resolve({ address: ADDRESS, caipNetworkId: 'eip155:10' })
    await restoring
    expect(t.account()?.address).toBe(OTHER_ADDRESS)
  })
})

describe('connection: balance', () => {
  it('balance failure → balanceStatus unavailable and an error event', async () => {
    const t = setup()
    const boom = new Error('rpc down')
    t.adapter.getBalance.mockRejectedValueOnce(boom)
    await t.connection.connect('io.fake')
    await flush()
    expect(t.account()).toMatchObject({ status: 'connected', balanceStatus: 'unavailable', balance: undefined })
    expect(t.eventsOf('error')).toEqual([{ source: 'balance', error: boom }])
  })

  it('balanceStatus is loading while the balance is fetched', async () => {
    const t = setup()
    const balance = deferred<{ value: bigint; decimals: number; symbol: string }>()
    t.adapter.getBalance.mockReturnValueOnce(balance.promise)
    await t.connection.connect('io.fake')
    expect(t.account()?.balanceStatus).toBe('loading')
    balance.resolve({ value: 0n, decimals: 18, symbol: 'ETH' })
    await flush()
    expect(t.account()).toMatchObject({ balanceStatus: 'ready', balance: '0' })
  })

  it('stale balance responses are ignored', async () => {
    const t = setup()
    const first = deferred<{ value: bigint; decimals: number; symbol: string }>()
    const second = deferred<{ value: bigint; decimals: number; symbol: string }>()
    t.adapter.getBalance.mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise)
    await t.connection.connect('io.fake')
    // A forced read does not share the one under way (a read after a transaction must see the new balance).
    const refresh = t.connection.refreshBalance('eip155', { force: true })
    second.resolve({ value: 2_000_000_000_000_000_000n, decimals: 18, symbol: 'ETH' })
    await refresh
    first.resolve({ value: 9_999_000_000_000_000_000n, decimals: 18, symbol: 'ETH' })
    await flush()
    expect(t.account()?.balance).toBe('2')
  })

  it('a stale balance failure is ignored too', async () => {
    const t = setup()
    const first = deferred<{ value: bigint; decimals: number; symbol: string }>()
    t.adapter.getBalance.mockReturnValueOnce(first.promise)
    await t.connection.connect('io.fake')
    await t.connection.refreshBalance('eip155', { force: true })
    first.reject(new Error('late failure'))
    await flush()
    expect(t.account()?.balanceStatus).toBe('ready')
    expect(t.eventsOf('error')).toEqual([])
  })

  it('refreshBalance while disconnected does not ask the wallet', async () => {
    const t = setup()
    await t.connection.refreshBalance('eip155')
    await t.connection.refreshBalance()
    expect(t.adapter.getBalance).not.toHaveBeenCalled()
  })
})

describe('connection: signMessage', () => {
  it('signs with the connected address and network', async () => {
    const t = setup()
    await t.connection.connect('io.fake')
    await expect(t.connection.signMessage('hello')).resolves.toBe('signed:hello')
    expect(t.adapter.signMessage).toHaveBeenCalledWith({ message: 'hello', address: ADDRESS, network: mainnet })
  })

  it('signing while disconnected is NOT_CONNECTED', async () => {
    const t = setup()
    await expect(t.connection.signMessage('hello')).rejects.toMatchObject({ code: 'NOT_CONNECTED' })
  })

  it('a declined signature is "Signature declined"', async () => {
    const t = setup()
    await t.connection.connect('io.fake')
    t.adapter.signMessage.mockRejectedValueOnce(rejection())
    await expect(t.connection.signMessage('hello')).rejects.toMatchObject({ code: 'USER_REJECTED', message: 'Signature declined' })
  })

  it('signing on an unrequested network is "Chain is not supported"', async () => {
    const t = setup()
    await t.connection.connect('io.fake')
    t.wallet.networkChanged('eip155:56')
    await expect(t.connection.signMessage('hello')).rejects.toThrow('Chain is not supported')
    expect(t.adapter.signMessage).not.toHaveBeenCalled()
  })
})

describe('connection: errors without an adapter', () => {
  it('an unknown namespace in disconnect reports "Chain adapter not found" and still throws Failed to disconnect', async () => {
    const t = setup()
    const error = await t.connection.disconnect('solana').catch((e: unknown) => e)
    expect((error as VestibuleError).message).toBe('Failed to disconnect')
    expect(String(((error as VestibuleError).cause as Error).message)).toContain('Chain adapter not found')
  })

  it('stored values outside the adapter never crash networkFor', () => {
    const t = setup({ stored: { activeCaipNetworkId: 12 } })
    expect(t.connection.networkFor('eip155')).toBe(mainnet)
    expect(t.connection.networkFor('solana')).toBeUndefined()
    vi.restoreAllMocks()
  })
})

describe('connection: balance reads under a storm of refreshes', () => {
  it('after a failed read, a storm of refreshes asks nothing for 30 s (unless forced); at 30 s one read goes out', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const t = setup()
      let fail = true
      t.adapter.getBalance.mockImplementation(async () => {
        if (fail) throw new Error('RPC down')
        return { value: 5n * 10n ** 18n, decimals: 18, symbol: 'ETH' }
      })
      await t.connection.connect('io.fake')
      await flush()
      expect(t.adapter.getBalance).toHaveBeenCalledTimes(1)
      expect(t.account()?.balanceStatus).toBe('unavailable')
      // A thousand chain/account events in a row after the failure: no read at all.
      for (let i = 0; i < 1000; i++) void t.connection.refreshBalance('eip155')
      await flush()
      expect(t.adapter.getBalance).toHaveBeenCalledTimes(1)

      // Within 30 s of the failure nothing is asked again.
      vi.setSystemTime(Date.now() + 29_999)
      for (let i = 0; i < 100; i++) void t.connection.refreshBalance('eip155')
      await flush()
      expect(t.adapter.getBalance).toHaveBeenCalledTimes(1)
      expect(t.account()?.balanceStatus).toBe('unavailable')

      // At 30 s one read goes out again, and it succeeds.
      fail = false
      vi.setSystemTime(Date.now() + 1)
      await t.connection.refreshBalance('eip155')
      expect(t.adapter.getBalance).toHaveBeenCalledTimes(2)
      expect(t.account()).toMatchObject({ balanceStatus: 'ready', balance: '5' })

      // A forced refresh (after a transaction) asks at once, cache or not.
      await t.connection.refreshBalance('eip155', { force: true })
      expect(t.adapter.getBalance).toHaveBeenCalledTimes(3)
    } finally {
      vi.useRealTimers()
    }
  })

  it('1,000 chainChanged events with the RPC failing make one balance read per network, not one per event', async () => {
    const t = setup()
    await t.connection.connect('io.fake')
    await flush()
    t.adapter.getBalance.mockClear()
    vi.useFakeTimers()
    try {
      // The RPC hangs 20 ms, then fails: every event arrives while the first reads are still under way.
      t.adapter.getBalance.mockImplementation(() => new Promise((_, reject) => setTimeout(() => reject(new Error('RPC down')), 20)))
      for (let i = 0; i < 1000; i++) t.wallet.networkChanged(i % 2 ? 'eip155:10' : 'eip155:1')
      await vi.advanceTimersByTimeAsync(60)
      // The burst ends on eip155:10 (the last event): one read, for it.
      expect(t.adapter.getBalance).toHaveBeenCalledTimes(1)
      expect(t.adapter.getBalance).toHaveBeenLastCalledWith({
        address: ADDRESS,
        network: expect.objectContaining({ caipNetworkId: 'eip155:10' }),
      })
      // Events a millisecond apart, over the read under way and past its failure: they share it.
      t.adapter.getBalance.mockClear()
      for (let i = 0; i < 200; i++) {
        t.wallet.networkChanged(i % 2 ? 'eip155:10' : 'eip155:1')
        await vi.advanceTimersByTimeAsync(1)
      }
      await vi.advanceTimersByTimeAsync(60)
      // At most one read per network while one is under way, none after it failed (30 s).
      expect(t.adapter.getBalance.mock.calls.length).toBeLessThanOrEqual(2)
      expect(t.account()?.balanceStatus).toBe('unavailable')
    } finally {
      vi.useRealTimers()
    }
  })

  it('a refresh asked for while the same read is under way shares it', async () => {
    const t = setup()
    await t.connection.connect('io.fake')
    await flush()
    t.adapter.getBalance.mockClear()
    t.storage.remove(StorageKeys.nativeBalance(`eip155:1:${ADDRESS}`))
    const reads = Array.from({ length: 50 }, () => t.connection.refreshBalance('eip155'))
    await Promise.all(reads)
    expect(t.adapter.getBalance).toHaveBeenCalledTimes(1)
    expect(t.account()).toMatchObject({ balanceStatus: 'ready', balance: '1.234' })
  })

  it('a forced refresh right after a failure still asks the wallet', async () => {
    const t = setup()
    t.adapter.getBalance.mockRejectedValueOnce(new Error('RPC down'))
    await t.connection.connect('io.fake')
    await flush()
    expect(t.account()?.balanceStatus).toBe('unavailable')
    await t.connection.refreshBalance('eip155', { force: true })
    expect(t.account()?.balanceStatus).toBe('ready')
  })
})

describe('connection: disconnect resets what the spec lists', () => {
  it("the namespace's account and network data go back to their initial state; its connector id is forgotten, even with another namespace still connected", async () => {
    const t = setup()
    t.adapter.connect.mockResolvedValueOnce({ address: ADDRESS, caipNetworkId: 'eip155:56' })
    await t.connection.connect('io.fake')
    t.state.$chains.setKey('eip155', {
      ...t.state.$chains.get().eip155!,
      networkState: {
        ...t.network()!,
        approvedCaipNetworkIds: ['eip155:1'],
        supportsAllNetworks: true,
        ...{ pluginNetworks: ['eip155:1'] },
      },
    })
    await t.connection.disconnect('eip155')
    expect(t.account()).toEqual({ status: 'disconnected', balanceStatus: 'idle' })
    expect(t.network()).toEqual({
      requestedCaipNetworks: [mainnet, optimism],
      caipNetwork: undefined,
      unsupportedCaipNetworkId: undefined,
      approvedCaipNetworkIds: undefined,
      supportsAllNetworks: false,
    })
    expect(t.network()).not.toHaveProperty('pluginNetworks', expect.anything())
    expect(t.stored('connectorId:eip155')).toBeUndefined()
  })
})

describe('connection: a wallet asked outside the page', () => {
  it('markConnecting shows the namespace connecting until a connect completes; cancelConnect ends it; a connected namespace is left alone', async () => {
    const t = setup()
    t.connection.markConnecting('eip155', 'walletConnect')
    expect(t.account()).toMatchObject({ status: 'connecting', connectorId: 'walletConnect' })
    expect(t.state.$snapshot.get().status).toBe('connecting')
    expect(t.eventsOf('connect:start')).toEqual([{ namespace: 'eip155', connectorId: 'walletConnect' }])
    t.connection.cancelConnect('eip155')
    expect(t.account()?.status).toBe('disconnected')
    t.connection.markConnecting('eip155', 'walletConnect')
    await t.connection.connect('io.fake')
    expect(t.account()?.status).toBe('connected')
    t.connection.markConnecting('eip155', 'walletConnect')
    expect(t.account()).toMatchObject({ status: 'connected', connectorId: 'io.fake' })
    t.connection.markConnecting('cosmos', 'walletConnect')
    expect(t.state.$chains.get().cosmos).toBeUndefined()
  })
})

describe('connection: what the account state tells about the connection', () => {
  it('connectedWalletInfo names the wallet, allAccounts lists the account with its type, addressExplorerUrl follows account and network', async () => {
    const t = setup()
    const explorer = { default: { name: 'Scan', url: 'https://scan.example/' } }
    t.state.$chains.setKey('eip155', {
      ...t.state.$chains.get().eip155!,
      networkState: { ...t.network()!, requestedCaipNetworks: [{ ...mainnet, blockExplorers: explorer }, optimism] },
    })
    await t.connection.connect('io.fake')
    expect(t.account()).toMatchObject({
      connectedWalletInfo: { name: 'Wallet io.fake', type: 'ANNOUNCED' },
      allAccounts: [{ address: ADDRESS, type: 'eoa' }],
      addressExplorerUrl: `https://scan.example/address/${ADDRESS}`,
    })
    t.wallet.accountChanged(OTHER_ADDRESS)
    expect(t.account()).toMatchObject({
      allAccounts: [{ address: OTHER_ADDRESS, type: 'eoa' }],
      addressExplorerUrl: `https://scan.example/address/${OTHER_ADDRESS}`,
    })
    t.wallet.networkChanged('eip155:10')
    expect(t.account()?.addressExplorerUrl).toBeUndefined()
  })
})
