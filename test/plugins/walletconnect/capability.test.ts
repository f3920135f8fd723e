/**
 * A chain family the WalletConnect plugin has never heard of works through the session once its chain plugin
 * provides the `remoteSession` capability: its methods and events are proposed, its facade becomes the
 * connector of its namespace, the kernel connects it, and the session's events reach it. Nothing in
 * plugins/walletconnect names the family (see imports.test.ts).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createKernel,
  type ChainAdapter,
  type Modal,
  type Plugin,
  type RemoteSessionContext,
  type RemoteSessionMapping,
} from '../../../kernel/index.js'
import type { CaipNetwork } from '../../../kernel/index.js'
import { walletConnect } from '../../../plugins/walletconnect/index.js'
import { dummyView, recordingBackend } from '../../kernel/helpers.js'
import { FakeProvider, sdk, type FakeSession } from './fake-provider.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

vi.mock('@walletconnect/universal-provider', async () => {
  const { sdk } = await import('./fake-provider.js')
  return { UniversalProvider: { init: (options: Record<string, unknown>) => sdk.init(options) } }
})

const HUB: CaipNetwork = {
  id: 'cosmoshub-4',
  caipNetworkId: 'cosmos:cosmoshub-4',
  chainNamespace: 'cosmos',
  name: 'Cosmos Hub',
  nativeCurrency: { name: 'Atom', symbol: 'ATOM', decimals: 6 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9/cosmos'] } },
}
const ADDRESS = 'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu'

/** The wallet shape of this family: accounts to ask for, a message to sign, and account changes to hear about. */
interface FifthWallet {
  getAccounts(): Promise<string[]>
  signArbitrary(message: string): Promise<string>
  onAccounts(listener: (accounts: string[]) => void): void
}

/** The family's mapping, as its chain plugin would keep it in chains/cosmos/walletconnect.ts. */
const contexts: RemoteSessionContext[] = []
const mapping: RemoteSessionMapping = {
  methods: ['cosmos_getAccounts', 'cosmos_signArbitrary'],
  events: ['accountsChanged'],
  createFacade(context) {
    contexts.push(context)
    const listeners: Array<(accounts: string[]) => void> = []
    const wallet: FifthWallet = {
      async getAccounts() {
        const up = await context.session
        return (up?.session?.namespaces.cosmos?.accounts ?? []).map((a) => a.split(':')[2]!)
      },
      async signArbitrary(message) {
        const up = await context.session
        return String(await up!.request({ method: 'cosmos_signArbitrary', params: { message } }, 'cosmos:cosmoshub-4'))
      },
      onAccounts: (listener) => void listeners.push(listener),
    }
    return {
      provider: wallet,
      onSessionEvent: (name, data) =>
        name === 'accountsChanged' && listeners.forEach((l) => l((data as string[]).map((a) => a.split(':').pop()!))),
      onSessionUpdate: () => undefined,
    }
  },
}

/** A minimal chain plugin of the fifth family: it lists and connects the wallets other plugins add to it. */
function fifth(loads: { count: number }): Plugin {
  return {
    name: 'cosmos',
    order: 'pre',
    setup(ctx) {
      const wallets = new Map<string, FifthWallet>()
      let report: ((connectors: never[]) => void) | undefined
      let listener: Parameters<ChainAdapter['listen']>[0] | undefined
      const adapter: ChainAdapter = {
        namespace: 'cosmos',
        networks: [HUB],
        capabilities: new Set(['signMessage']),
        defaultAccountType: 'eoa',
        watchConnectors: (onChange) => ((report = onChange as never), () => (report = undefined)),
        addConnector(connector, provider) {
          wallets.set(connector.id, provider as FifthWallet)
          ;(provider as FifthWallet).onAccounts((accounts) => accounts[0] && listener?.accountChanged(accounts[0]))
          report?.([{ ...connector, namespace: 'cosmos' }] as never)
          return () => void wallets.delete(connector.id)
        },
        async connect({ connectorId, network }) {
          const [address] = await wallets.get(connectorId)!.getAccounts()
          if (!address) throw new Error('no account')
          return { address, caipNetworkId: network.caipNetworkId }
        },
        reconnect: async () => undefined,
        disconnect: async () => undefined,
        switchNetwork: async () => undefined,
        getBalance: async () => ({ value: 0n, decimals: 6, symbol: 'ATOM' }),
        signMessage: async ({ message }) => wallets.get('walletConnect')!.signArbitrary(message),
        isAddress: (value) => value.startsWith('cosmos1'),
        formatAmount: (value) => String(value),
        parseAmount: (text) => BigInt(text),
        listen: (l) => void (listener = l),
        features: {
          remoteSession: async () => {
            loads.count++
            return mapping
          },
        },
      }
      ctx.chains.register(adapter)
    },
  }
}

const session = (): FakeSession => ({
  topic: 'session-topic',
  peer: { metadata: { name: 'Phone Wallet', icons: [], url: 'https://wallet.example', description: '' } },
  namespaces: {
    cosmos: { accounts: [`cosmos:cosmoshub-4:${ADDRESS}`], methods: mapping.methods as string[], events: ['accountsChanged'] },
  },
})

/** Polls `check` until it gives a truthy value (or fails after `ms`). */
function until<T>(check: () => T | undefined | false, ms = 3000): Promise<T> {
  return vi.waitFor(
    () => {
      const value = check()
      if (!value) throw new Error('condition not met in time')
      return value
    },
    { timeout: ms, interval: 10 },
  )
}

const modals: Modal[] = []
function setup(loads = { count: 0 }) {
  const modal = createKernel(
    { projectId: 'p', storage: recordingBackend(), plugins: [fifth(loads), walletConnect({ relayUrl: 'ws://127.0.0.1:9' })] },
    { views: { Connect: dummyView, Account: dummyView } },
  )
  modals.push(modal)
  return { modal, loads }
}

beforeAll(async () => {
  await import('../../../plugins/walletconnect/engine.js')
})
beforeEach(() => {
  sdk.provider = new FakeProvider()
  sdk.init.mockClear()
  contexts.length = 0
})
afterEach(() => {
  while (modals.length) modals.pop()!.destroy()
})

describe('a fifth chain family through the remoteSession capability', () => {
  it('loads no mapping before a WalletConnect path is taken', async () => {
    const { modal, loads } = setup()
    await modal.open()
    expect(loads.count).toBe(0)
  })

  it('proposes the family with its own methods and events, connects it through its facade and routes its events', async () => {
    const { modal, loads } = setup()
    await modal.open()
    void modal.getPlugin('walletConnect').pair()
    await until(() => sdk.provider.pending.length > 0)
    expect(loads.count).toBe(1)
    expect(sdk.provider.connect.mock.calls[0]![0]).toEqual({
      optionalNamespaces: {
        cosmos: {
          chains: ['cosmos:cosmoshub-4'],
          methods: ['cosmos_getAccounts', 'cosmos_signArbitrary'],
          events: ['accountsChanged'],
          rpcMap: { 'cosmoshub-4': 'http://127.0.0.1:9/cosmos' },
        },
      },
    })

    sdk.provider.approve(session())
    await until(() => kernelOf(modal).state.$chains.get().cosmos?.accountState.status === 'connected')
    expect(kernelOf(modal).state.$chains.get().cosmos?.accountState).toMatchObject({
      address: ADDRESS,
      connectorId: 'walletConnect',
      connectorType: 'WALLET_CONNECT',
    })
    expect(kernelOf(modal).chains.findConnector('walletConnect', 'cosmos')).toMatchObject({ name: 'Phone Wallet', type: 'WALLET_CONNECT' })
    // The facade gets the session, the modal's preferred network first, and how to show the wallet.
    expect(contexts).toHaveLength(1)
    expect(contexts[0]!.preferredChains()[0]).toBe('cosmos:cosmoshub-4')
    expect(contexts[0]!.wallet.name).toBe('WalletConnect')

    // Requests go to the wallet over the session on the family's chain.
    sdk.provider.request.mockResolvedValueOnce('signed-by-wallet')
    await expect(kernelOf(modal).chains.get('cosmos')!.signMessage({ message: 'hi', address: ADDRESS, network: HUB })).resolves.toBe(
      'signed-by-wallet',
    )
    expect(sdk.provider.request).toHaveBeenLastCalledWith(
      { method: 'cosmos_signArbitrary', params: { message: 'hi' } },
      'cosmos:cosmoshub-4',
    )

    // A session event of the namespace reaches the family's facade.
    const next = 'cosmos1zg69v7ys40x77y352eufp27daufrg4ncnjqz7q'
    sdk.provider.events.emit('session_event', {
      params: { chainId: 'cosmos:cosmoshub-4', event: { name: 'accountsChanged', data: [`cosmos:cosmoshub-4:${next}`] } },
    })
    await until(() => kernelOf(modal).state.$chains.get().cosmos?.accountState.address === next)
  })

  it('leaves out a family whose chain plugin returns a malformed mapping, and says why', async () => {
    const { modal } = setup()
    const errors: unknown[] = []
    kernelOf(modal).events.on('error', ({ error }) => void errors.push(error))
    const adapter = kernelOf(modal).chains.get('cosmos')!
    ;(adapter.features as { remoteSession: () => Promise<unknown> }).remoteSession = async () => ({
      methods: 'all',
      events: [],
      createFacade: 1,
    })
    await modal.open()
    void modal.getPlugin('walletConnect').pair()
    await until(() => sdk.provider.pending.length > 0)
    expect(sdk.provider.connect.mock.calls[0]![0]).toEqual({ optionalNamespaces: {} })
    expect(String(errors[0])).toMatch(/malformed remote-session mapping/)
  })
})
