import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createKernel } from '../../../kernel/kernel.js'
import { createPlatform, type Platform } from '../../../kernel/platform.js'
import { eip155 } from '../../../chains/eip155/index.js'
import { defineNetwork } from '../../../chains/eip155/networks.js'
import { DEEP_LINK_KEY, walletConnect, type WalletConnectApi, type WalletConnectOptions } from '../../../plugins/walletconnect/index.js'
import { dummyView, recordingBackend } from '../../kernel/helpers.js'
import { FakeProvider, WALLET_ADDRESS, sdk, session } from './fake-provider.js'
import { walletSections } from '../../../kernel/wallet-list.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

vi.mock('@walletconnect/universal-provider', async () => {
  const { sdk } = await import('./fake-provider.js')
  return { UniversalProvider: { init: (options: Record<string, unknown>) => sdk.init(options) } }
})

const network = (id: number) =>
  defineNetwork({
    id,
    name: `Chain ${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [`http://127.0.0.1:9/${id}`] } },
  })

const desktop = createPlatform({
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130',
  coarsePointer: false,
  browser: true,
  telegram: false,
})
const iphoneSafari = createPlatform({
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  coarsePointer: true,
  browser: true,
  telegram: false,
})
const telegram = createPlatform({
  userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile',
  coarsePointer: true,
  browser: true,
  telegram: true,
})

function setup({
  platform = desktop,
  options = {},
  backend = recordingBackend(),
  chains = true,
  storagePrefix,
  manualWCControl,
}: {
  platform?: Platform
  options?: WalletConnectOptions
  backend?: ReturnType<typeof recordingBackend>
  chains?: boolean
  storagePrefix?: string
  manualWCControl?: boolean
} = {}) {
  const modal = createKernel(
    {
      projectId: 'project-1',
      ...(manualWCControl === undefined ? {} : { manualWCControl }),
      storage: backend,
      storagePrefix,
      metadata: { name: 'Test App', url: 'https://app.example' },
      plugins: [chains && eip155({ networks: [network(1), network(10)] }), walletConnect({ relayUrl: 'ws://127.0.0.1:9', ...options })],
    },
    { platform, views: { Connect: dummyView, Account: dummyView } },
  )
  const api = modal.getPlugin('walletConnect') as WalletConnectApi
  return { modal, api, backend }
}

/** Lets promise chains (SDK import, init, connect) settle under fake timers. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0)
}

// Module loading takes real time, which fake timers do not advance: load the lazy chunks once up front.
beforeAll(async () => {
  await import('../../../plugins/walletconnect/engine.js')
  await import('@walletconnect/universal-provider')
  // The eip155 plugin's wallet session, which a WalletConnect connection goes through.
  await import('../../../chains/eip155/session.js')
  // The eip155 plugin's WalletConnect mapping (its remoteSession capability), loaded with a session.
  await import('../../../chains/eip155/walletconnect.js')
  // The kernel's connection code (session rules, wallet calls, the navigation that follows a connection).
  await import('../../../kernel/connection.js')
})

beforeEach(() => {
  vi.useFakeTimers()
  sdk.provider = new FakeProvider()
  sdk.init.mockClear()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('walletConnect plugin: loading', () => {
  it('touches no storage and loads no SDK in setup, nor on an open that takes no WalletConnect path', async () => {
    const { modal, backend } = setup()
    expect(backend.calls).toEqual([])
    await modal.open()
    await settle()
    expect(sdk.init).not.toHaveBeenCalled()
  })

  it('puts a WalletConnect entry opening ConnectingWalletConnectBasic into the Connect view, unless disabled', () => {
    const { modal } = setup()
    const section = walletSections(kernelOf(modal).wallets)
      .get()
      .find((s) => s.section === 'walletConnect')
    expect(section?.items).toEqual([
      expect.objectContaining({ id: 'walletConnect', name: 'WalletConnect', view: 'ConnectingWalletConnectBasic' }),
    ])
    const off = createKernel({ enableWalletConnect: false, storage: null, plugins: [walletConnect()] }, { views: { Connect: dummyView } })
    expect(
      walletSections(kernelOf(off).wallets)
        .get()
        .some((s) => s.section === 'walletConnect'),
    ).toBe(false)
  })

  it('rejects a relay URL that is not ws(s)', () => {
    expect(() => setup({ options: { relayUrl: 'https://relay.example' } })).toThrow(/relayUrl/)
  })

  it('starts the provider with telemetry off, the relay, the project id, a storage prefix per modal, and namespaces from the chain plugins', async () => {
    const { api } = setup({ storagePrefix: 'shop' })
    void api.pair()
    await settle()
    expect(sdk.init).toHaveBeenCalledTimes(1)
    expect(sdk.init.mock.calls[0]![0]).toMatchObject({
      projectId: 'project-1',
      relayUrl: 'ws://127.0.0.1:9',
      telemetryEnabled: false,
      customStoragePrefix: 'vestibule:shop',
      metadata: { name: 'Test App', url: 'https://app.example' },
    })
    expect(sdk.provider.connect).toHaveBeenCalledWith({
      optionalNamespaces: {
        eip155: {
          chains: ['eip155:1', 'eip155:10'],
          methods: [
            'personal_sign',
            'eth_sendTransaction',
            'eth_signTypedData_v4',
            'wallet_switchEthereumChain',
            'wallet_addEthereumChain',
          ],
          events: ['chainChanged', 'accountsChanged'],
          rpcMap: { 1: 'http://127.0.0.1:9/1', 10: 'http://127.0.0.1:9/10' },
        },
      },
    })
    expect(api.$state.get()).toMatchObject({ status: 'pairing', uri: 'wc:topic1@2?relay-protocol=irn&symKey=' + '0'.repeat(64) })
  })

  it('keeps one SDK instance and a URI still valid; `force` asks for a new one', async () => {
    const { api } = setup()
    await Promise.race([api.pair(), settle()])
    await settle()
    void api.pair()
    await settle()
    expect(sdk.init).toHaveBeenCalledTimes(1)
    expect(sdk.provider.connect).toHaveBeenCalledTimes(1)
    void api.pair({ force: true })
    await settle()
    expect(sdk.provider.connect).toHaveBeenCalledTimes(2)
    expect(api.$state.get().uri).toContain('wc:topic2@')
  })
})

describe('walletConnect plugin: pairing URI', () => {
  it('is replaced 230 000 ms after it was made (4 min, expired 10 s early) while a pairing view is shown', async () => {
    const { api } = setup()
    const unwatch = api.watch()
    void api.pair()
    await settle()
    const first = api.$state.get().uri
    expect(api.$state.get().expiresAt).toBe(Date.now() + 240_000)
    await vi.advanceTimersByTimeAsync(229_999)
    expect(api.$state.get().uri).toBe(first)
    expect(sdk.provider.connect).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(sdk.provider.connect).toHaveBeenCalledTimes(2)
    expect(api.$state.get()).toMatchObject({ status: 'pairing' })
    expect(api.$state.get().uri).not.toBe(first)
    unwatch()
  })

  it('is dropped, not renewed, when no pairing view is shown; the next view asks for a fresh one', async () => {
    const { api } = setup()
    void api.pair()
    await settle()
    await vi.advanceTimersByTimeAsync(230_000)
    expect(api.$state.get()).toMatchObject({ status: 'idle', uri: undefined })
    expect(sdk.provider.connect).toHaveBeenCalledTimes(1)
    void api.pair()
    await settle()
    expect(sdk.provider.connect).toHaveBeenCalledTimes(2)
  })

  it('ends in a relay error with a retry, not an endless spinner, when the relay gives no URI within 10 s', async () => {
    const { api } = setup()
    sdk.provider.givesUri = false
    void api.pair()
    await vi.advanceTimersByTimeAsync(9_999)
    expect(api.$state.get().status).toBe('loading')
    await vi.advanceTimersByTimeAsync(1)
    expect(api.$state.get()).toMatchObject({
      status: 'error',
      error: { kind: 'relay', message: expect.stringMatching(/relay cannot be reached/) },
    })
    sdk.provider.givesUri = true
    void api.pair({ force: true })
    await settle()
    expect(api.$state.get().status).toBe('pairing')
  })

  it('honours connectTimeoutMs', async () => {
    const { api } = setup({ options: { connectTimeoutMs: 3_000 } })
    sdk.provider.givesUri = false
    void api.pair()
    await vi.advanceTimersByTimeAsync(3_000)
    expect(api.$state.get().status).toBe('error')
  })

  it('shows a declined proposal as declined', async () => {
    const { api } = setup()
    void api.pair()
    await settle()
    sdk.provider.reject()
    await settle()
    expect(api.$state.get()).toMatchObject({ status: 'error', error: { kind: 'rejected' } })
  })

  it('reports an SDK that fails to start, and starts it again on retry', async () => {
    const { api } = setup()
    sdk.init.mockRejectedValueOnce(new Error('IndexedDB is blocked'))
    void api.pair()
    await settle()
    expect(api.$state.get()).toMatchObject({ status: 'error', error: { kind: 'failed', message: 'IndexedDB is blocked' } })
    void api.pair({ force: true })
    await settle()
    expect(api.$state.get().status).toBe('pairing')
  })
})

describe('walletConnect plugin: sessions', () => {
  async function connected(options: Parameters<typeof setup>[0] = {}) {
    const context = setup(options)
    await context.modal.open()
    void context.api.pair()
    await settle()
    sdk.provider.approve(session())
    await settle()
    await settle()
    return context
  }

  it('adds the approved wallet to the eip155 plugin and connects it through the kernel', async () => {
    const { modal, api, backend } = await connected()
    expect(modal.getAccount()).toMatchObject({ status: 'connected', address: WALLET_ADDRESS, caipAddress: `eip155:1:${WALLET_ADDRESS}` })
    expect(kernelOf(modal).chains.findConnector('walletConnect', 'eip155')).toMatchObject({
      name: 'Phone Wallet',
      type: 'WALLET_CONNECT',
      installed: false,
      imageUrl: 'https://wallet.example/icon.png',
    })
    const chain = kernelOf(modal).state.$chains.get().eip155!
    expect(chain.accountState).toMatchObject({ connectorId: 'walletConnect', connectorType: 'WALLET_CONNECT' })
    expect(chain.networkState.approvedCaipNetworkIds).toEqual(['eip155:1', 'eip155:10'])
    expect(api.$state.get()).toMatchObject({ status: 'connected', peer: { name: 'Phone Wallet' } })
    expect(JSON.parse(backend.data.get('@vestibule/v1/walletConnect/session')!)).toEqual({
      namespaces: ['eip155'],
      peer: { name: 'Phone Wallet', icon: 'https://wallet.example/icon.png' },
    })
    expect(sdk.provider.setDefaultChain).toHaveBeenCalledWith('eip155:1')
  })

  it('drops a peer icon that is not an http(s) or inline image; HTML in the peer name stays text', async () => {
    const { modal } = setup()
    await modal.open()
    void modal.getPlugin('walletConnect').pair()
    await settle()
    sdk.provider.approve(session(undefined, { icons: ['javascript:alert(1)'], name: '<b>Evil</b>' }))
    await settle()
    expect(kernelOf(modal).chains.findConnector('walletConnect', 'eip155')?.imageUrl).toBeUndefined()
    // The name is rendered as text by React: it is kept as the wallet wrote it, tags and all.
    expect(kernelOf(modal).chains.findConnector('walletConnect', 'eip155')?.name).toBe('<b>Evil</b>')
  })

  it('a peer name with bidirectional or zero-width characters is cleaned; a blank one reads "WalletConnect"', async () => {
    for (const [name, shown] of [
      ['\u202eksaMateM', 'ksaMateM'],
      ['\u200b\u200d\ufeff', 'WalletConnect'],
    ]) {
      sdk.provider = new FakeProvider()
      const { modal } = setup()
      await modal.open()
      void modal.getPlugin('walletConnect').pair()
      await settle()
      sdk.provider.approve(session(undefined, { name, icons: ['http://evil.example/pixel.png', 'data:image/png;base64,AAAA'] }))
      await settle()
      expect(kernelOf(modal).chains.findConnector('walletConnect', 'eip155')).toMatchObject({
        name: shown,
        imageUrl: 'data:image/png;base64,AAAA',
      })
      modal.destroy()
    }
  })

  it('sends signing and sending through the session on the current chain', async () => {
    const { modal } = await connected()
    const signature = await modal.signMessage('hello')
    expect(signature).toBe(`0x${'ab'.repeat(65)}`)
    expect(sdk.provider.request).toHaveBeenCalledWith({ method: 'personal_sign', params: ['0x68656c6c6f', WALLET_ADDRESS] }, 'eip155:1')
    const adapter = kernelOf(modal).chains.get('eip155')!
    const hash = await adapter.sendNative!({
      to: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
      value: 10n ** 16n,
      address: WALLET_ADDRESS,
      network: modal.getNetwork().caipNetwork!,
    })
    expect(hash).toBe(`0x${'cd'.repeat(32)}`)
    expect(sdk.provider.request).toHaveBeenLastCalledWith(
      {
        method: 'eth_sendTransaction',
        params: [{ from: WALLET_ADDRESS, to: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', value: '0x2386f26fc10000' }],
      },
      'eip155:1',
    )
  })

  it('maps a wallet "user rejected" (5000) on signing to a declined signature', async () => {
    const { modal } = await connected()
    sdk.provider.request.mockRejectedValueOnce({ code: 5000, message: 'User rejected.' })
    await expect(modal.signMessage('no')).rejects.toMatchObject({ code: 'USER_REJECTED' })
  })

  it('a signature still unanswered when the relay connection drops fails at once with the reason; a read is left alone; asking again works', async () => {
    const { modal } = await connected()
    let answerRead: (value: unknown) => void = () => undefined
    sdk.provider.request.mockImplementationOnce(() => new Promise(() => undefined))
    sdk.provider.request.mockImplementationOnce(() => new Promise((resolve) => (answerRead = resolve)))
    const signing = modal.signMessage('hello')
    signing.catch(() => undefined)
    await settle()
    const reading = kernelOf(modal).chains.get('eip155')!.features!.request!({ method: 'eth_blockNumber' })
    await settle()
    sdk.provider.relayDrops()
    await expect(signing).rejects.toThrow('The connection to the WalletConnect relay was lost before the wallet answered. Try again.')
    answerRead('0x10')
    await expect(reading).resolves.toBe('0x10')
    // Still connected: the SDK reconnects on its own, and the next request goes through.
    expect(modal.getAccount().status).toBe('connected')
    await expect(modal.signMessage('again')).resolves.toBe(`0x${'ab'.repeat(65)}`)
  })

  it('switches between approved chains locally and follows the wallet’s chainChanged', async () => {
    const { modal } = await connected()
    await modal.switchNetwork('eip155:10')
    expect(sdk.provider.setDefaultChain).toHaveBeenLastCalledWith('eip155:10')
    expect(modal.getNetwork().caipNetworkId).toBe('eip155:10')
    sdk.provider.sessionEvent('chainChanged', 1, 'eip155:1')
    expect(modal.getNetwork().caipNetworkId).toBe('eip155:1')
  })

  it('reflects a disconnect from the wallet at once: kernel disconnected, connector and stored session gone', async () => {
    const { modal, api, backend } = await connected()
    sdk.provider.walletDisconnects()
    await settle()
    expect(modal.getAccount().status).toBe('disconnected')
    expect(kernelOf(modal).chains.findConnector('walletConnect', 'eip155')).toBeUndefined()
    expect(backend.data.has('@vestibule/v1/walletConnect/session')).toBe(false)
    expect(backend.data.has('@vestibule/v1/connectorId:eip155')).toBe(false)
    expect(kernelOf(modal).state.$chains.get().eip155!.networkState.approvedCaipNetworkIds).toBeUndefined()
    expect(api.$state.get().status).toBe('idle')
    // The wallet already ended it: nobody tells it again.
    expect(sdk.provider.disconnect).not.toHaveBeenCalled()
  })

  it('ends the session at the wallet once when the modal disconnects, and clears the deep link choice', async () => {
    const { modal, api, backend } = await connected()
    api.rememberDeepLink({ href: 'rainbow://', name: 'Rainbow' })
    expect(JSON.parse(backend.data.get(`@vestibule/v1/walletConnect/${DEEP_LINK_KEY}`)!)).toEqual({ href: 'rainbow://', name: 'Rainbow' })
    await modal.disconnect()
    await settle()
    expect(sdk.provider.disconnect).toHaveBeenCalledTimes(1)
    expect(modal.getAccount().status).toBe('disconnected')
    expect(backend.data.has('@vestibule/v1/walletConnect/session')).toBe(false)
    expect(backend.data.has(`@vestibule/v1/walletConnect/${DEEP_LINK_KEY}`)).toBe(false)
    expect(kernelOf(modal).chains.findConnector('walletConnect', 'eip155')).toBeUndefined()
  })

  it("manualWCControl: no WalletConnect entry in Connect, and the modal's disconnect leaves the session to the host", async () => {
    const { modal } = await connected({ manualWCControl: true })
    expect(
      walletSections(kernelOf(modal).wallets)
        .get()
        .some((s) => s.section === 'walletConnect'),
    ).toBe(false)
    expect(modal.getAccount().status).toBe('connected')
    await modal.disconnect()
    await settle()
    expect(modal.getAccount().status).toBe('disconnected')
    expect(sdk.provider.disconnect).not.toHaveBeenCalled()
  })

  it('ends the session when the user moves the namespace to another wallet', async () => {
    const { modal } = await connected()
    const other = {
      request: vi.fn(async ({ method }: { method: string }) =>
        method === 'eth_chainId' ? '0x1' : ['0x1111111111111111111111111111111111111111'],
      ),
    }
    kernelOf(modal).chains.addConnector('eip155', { id: 'io.other', name: 'Other', type: 'ANNOUNCED', installed: true }, other)
    await modal.connect('io.other', 'eip155')
    await settle()
    expect(sdk.provider.disconnect).toHaveBeenCalledTimes(1)
    expect(modal.getAccount()).toMatchObject({ status: 'connected', address: '0x1111111111111111111111111111111111111111' })
  })

  it.each([
    ['iPhone Safari', iphoneSafari],
    ['Telegram', telegram],
  ])('moves a %s flow to connecting while the URI waits, then to connected', async (_name, platform) => {
    const { api } = setup({ platform })
    void api.pair()
    await settle()
    expect(api.$state.get()).toMatchObject({ status: 'connecting', uri: expect.stringMatching(/^wc:/) })
    sdk.provider.approve(session())
    await settle()
    await settle()
    expect(api.$state.get().status).toBe('connected')
  })

  it('offers the URI as pairing on other devices', async () => {
    const { api } = setup()
    void api.pair()
    await settle()
    expect(api.$state.get().status).toBe('pairing')
  })

  it('works without chain plugins (basic mode): the session is the host’s through getProvider()', async () => {
    const { modal, api } = setup({ chains: false })
    void api.pair()
    await settle()
    expect(sdk.provider.connect.mock.calls[0]![0]).toMatchObject({ optionalNamespaces: { eip155: { chains: ['eip155:1'] } } })
    sdk.provider.approve(session())
    await settle()
    expect(api.$state.get()).toMatchObject({ status: 'connected', peer: { name: 'Phone Wallet' } })
    expect(await api.getProvider()).toBe(sdk.provider)
    expect(modal.getAccount().status).toBe('disconnected')
  })
})

describe('walletConnect plugin: restoring a session on reload', () => {
  async function storedSession() {
    const backend = recordingBackend()
    const first = setup({ backend })
    await first.modal.open()
    void first.api.pair()
    await settle()
    sdk.provider.approve(session())
    await settle()
    await settle()
    expect(first.modal.getAccount().status).toBe('connected')
    first.modal.destroy()
    return backend
  }

  it('adds the connector before the chain plugin looks for it, then reconnects without a new pairing', async () => {
    const backend = await storedSession()
    // The SDK restores the session from its own storage on init.
    sdk.provider = new FakeProvider()
    sdk.provider.session = session()
    sdk.init.mockClear()
    const { modal, api } = setup({ backend })
    const reconnecting = modal.reconnect()
    // The chain's mapping loads with the session (import()): the connector is there within the chain plugin's wait.
    await settle()
    expect(kernelOf(modal).chains.findConnector('walletConnect', 'eip155')).toMatchObject({ name: 'Phone Wallet', type: 'WALLET_CONNECT' })
    await reconnecting
    expect(modal.getAccount()).toMatchObject({ status: 'connected', address: WALLET_ADDRESS })
    expect(sdk.provider.connect).not.toHaveBeenCalled()
    expect(api.$state.get().status).toBe('connected')
    // A restored session still ends at the wallet when the modal disconnects.
    await modal.disconnect()
    await settle()
    expect(sdk.provider.disconnect).toHaveBeenCalledTimes(1)
  })

  it('a stored peer is as untrusted as the wallet was: its name and icon are cleaned when read back', async () => {
    const backend = await storedSession()
    backend.data.set(
      '@vestibule/v1/walletConnect/session',
      JSON.stringify({
        namespaces: ['eip155', '__proto__', 7],
        peer: { name: '\u202eksaMateM', icon: 'javascript:window.__vbCanary.push(1)' },
      }),
    )
    sdk.provider = new FakeProvider()
    sdk.provider.session = session()
    const { modal } = setup({ backend })
    const reconnecting = modal.reconnect()
    await settle()
    expect(kernelOf(modal).chains.findConnector('walletConnect', 'eip155')).toMatchObject({ name: 'ksaMateM', imageUrl: undefined })
    await reconnecting
    expect(modal.getAccount().status).toBe('connected')
  })

  it('forgets a stored session the SDK no longer has', async () => {
    const backend = await storedSession()
    sdk.provider = new FakeProvider()
    const { modal } = setup({ backend })
    await modal.reconnect()
    await settle()
    expect(modal.getAccount().status).toBe('disconnected')
    expect(backend.data.has('@vestibule/v1/walletConnect/session')).toBe(false)
    expect(backend.data.has('@vestibule/v1/connectorId:eip155')).toBe(false)
    expect(kernelOf(modal).chains.findConnector('walletConnect', 'eip155')).toBeUndefined()
  })

  it('loads no SDK on reconnect when no session is stored', async () => {
    const { modal } = setup()
    await modal.reconnect()
    await settle()
    expect(sdk.init).not.toHaveBeenCalled()
  })
})
