/**
 * WalletConnect for every chain family through the kernel: what is proposed follows the chain plugins the host
 * registered, and each approved namespace connects its own chain plugin through the session (the provider is the
 * fake of fake-provider.ts; the Sandbox Mobile Wallet on the real SDKs is in test/e2e/walletconnect-families).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createKernel, type Modal, type Plugin } from '../../../kernel/index.js'
import { bip122, defineNetwork as defineBip122 } from '../../../chains/bip122/index.js'
import { polkadot, defineNetwork as definePolkadot } from '../../../chains/polkadot/index.js'
import { solana, defineNetwork as defineSolana } from '../../../chains/solana/index.js'
import { eip155 } from '../../../chains/eip155/index.js'
import { defineNetwork as defineEvm } from '../../../chains/eip155/networks.js'
import { walletConnect } from '../../../plugins/walletconnect/index.js'
import { fromBase58, toBase58, toBase64 } from '../../../chains/shared/walletconnect.js'
import { dummyView, recordingBackend } from '../../kernel/helpers.js'
import { FakeProvider, sdk, type FakeSession } from './fake-provider.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

vi.mock('@walletconnect/universal-provider', async () => {
  const { sdk } = await import('./fake-provider.js')
  return { UniversalProvider: { init: (options: Record<string, unknown>) => sdk.init(options) } }
})

const solanaNet = defineSolana({
  name: 'Local Solana',
  genesisHash: toBase58(new Uint8Array(32).fill(11)),
  rpcUrls: { default: { http: ['http://127.0.0.1:9/solana'] } },
})
const polkadotNet = definePolkadot({
  name: 'Local Asset Hub',
  genesisHash: `0x${'45'.repeat(32)}`,
  ss58Prefix: 2,
  nativeCurrency: { name: 'Rococo', symbol: 'ROC', decimals: 12 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9'], webSocket: ['ws://127.0.0.1:9'] } },
})
const bitcoinNet = defineBip122({
  name: 'Bitcoin',
  genesisHash: '000000000019d6689c085ae165831e93',
  esploraUrl: 'http://127.0.0.1:9/esplora',
  params: { bech32: 'bc', pubKeyHash: 0, scriptHash: 5 },
})
const evmNet = defineEvm({
  id: 1,
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9/1'] } },
})

const SOL_KEY = new Uint8Array(32).fill(7)
const SOL_ADDRESS = toBase58(SOL_KEY)
// Alice's key with the generic prefix 42, and the same key as the chain shows it (prefix 2).
const DOT_ADDRESS = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'
const DOT_ON_CHAIN = 'HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F'
const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'

function familySession(namespaces: string[]): FakeSession {
  const accounts: Record<string, string[]> = {
    solana: [`${solanaNet.caipNetworkId}:${SOL_ADDRESS}`],
    polkadot: [`${polkadotNet.caipNetworkId}:${DOT_ADDRESS}`],
    bip122: [`${bitcoinNet.caipNetworkId}:${BTC_ADDRESS}`],
  }
  return {
    topic: 'session-topic',
    peer: { metadata: { name: 'Phone Wallet', icons: [], url: 'https://wallet.example', description: '' } },
    namespaces: Object.fromEntries(namespaces.map((ns) => [ns, { accounts: accounts[ns]!, methods: [], events: [] }])),
  }
}

const modals: Modal[] = []
function setup(plugins: Plugin[], backend = recordingBackend()) {
  const modal = createKernel(
    {
      projectId: 'p',
      storage: backend,
      metadata: { name: 'Test App', url: 'https://app.example' },
      plugins: [...plugins, walletConnect({ relayUrl: 'ws://127.0.0.1:9' })],
    },
    { views: { Connect: dummyView, Account: dummyView } },
  )
  // Balances are not what this file tests: no chain node is running.
  for (const adapter of kernelOf(modal).chains.list())
    adapter.getBalance = async ({ network }) => ({
      value: 0n,
      decimals: network.nativeCurrency.decimals,
      symbol: network.nativeCurrency.symbol,
    })
  modals.push(modal)
  return modal
}

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

/** Pairs, lets the wallet approve `namespaces`, and waits until the kernel connected them. */
async function pairAndApprove(modal: Modal, namespaces: string[]) {
  await modal.open()
  void modal.getPlugin('walletConnect').pair()
  await until(() => sdk.provider.pending.length > 0)
  sdk.provider.approve(familySession(namespaces))
  await until(() => namespaces.every((ns) => kernelOf(modal).state.$chains.get()[ns]?.accountState.status === 'connected'))
}

beforeAll(async () => {
  await import('../../../plugins/walletconnect/engine.js')
})
beforeEach(() => {
  sdk.provider = new FakeProvider()
  sdk.init.mockClear()
})
afterEach(() => {
  while (modals.length) modals.pop()!.destroy()
})

describe('WalletConnect proposal per registered chain plugin', () => {
  it('proposes exactly the namespaces of the chain plugins the host registered, with their networks and methods', async () => {
    const modal = setup([solana({ networks: [solanaNet] }), bip122({ networks: [bitcoinNet] })])
    void modal.getPlugin('walletConnect').pair()
    await until(() => sdk.provider.connect.mock.calls.length > 0)
    const { optionalNamespaces } = sdk.provider.connect.mock.calls[0]![0] as {
      optionalNamespaces: Record<string, { chains: string[]; methods: string[]; events: string[] }>
    }
    expect(Object.keys(optionalNamespaces)).toEqual(['solana', 'bip122'])
    expect(optionalNamespaces.solana).toMatchObject({
      chains: [solanaNet.caipNetworkId],
      methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
    })
    expect(optionalNamespaces.bip122).toMatchObject({
      chains: ['bip122:000000000019d6689c085ae165831e93'],
      events: ['bip122_addressesChanged'],
    })

    const all = setup([eip155({ networks: [evmNet] }), polkadot({ networks: [polkadotNet] })])
    void all.getPlugin('walletConnect').pair()
    await until(() => sdk.provider.connect.mock.calls.length > 1)
    const second = sdk.provider.connect.mock.calls[1]![0] as { optionalNamespaces: Record<string, { chains: string[] }> }
    expect(Object.keys(second.optionalNamespaces)).toEqual(['eip155', 'polkadot'])
    expect(second.optionalNamespaces.polkadot!.chains).toEqual([`polkadot:${'45'.repeat(16)}`])
  })
})

describe('an approved namespace connects its chain plugin through the session', () => {
  const plugins = () => [solana({ networks: [solanaNet] }), polkadot({ networks: [polkadotNet] }), bip122({ networks: [bitcoinNet] })]

  it('connects only what the wallet approved, as a WalletConnect connector of that chain plugin', async () => {
    const modal = setup(plugins())
    await pairAndApprove(modal, ['solana', 'bip122'])
    const chains = kernelOf(modal).state.$chains.get()
    expect(chains.solana!.accountState).toMatchObject({
      status: 'connected',
      address: SOL_ADDRESS,
      connectorId: 'walletConnect',
      connectorType: 'WALLET_CONNECT',
    })
    expect(chains.bip122!.accountState).toMatchObject({ status: 'connected', address: BTC_ADDRESS, connectorId: 'walletConnect' })
    expect(chains.polkadot!.accountState.status).not.toBe('connected')
    expect(kernelOf(modal).chains.findConnector('walletConnect', 'polkadot')).toBeUndefined()
  })

  it('solana: signMessage is solana_signMessage; the base58 signature comes back', async () => {
    const modal = setup(plugins())
    await pairAndApprove(modal, ['solana'])
    const signature = new Uint8Array(64).fill(9)
    sdk.provider.request.mockResolvedValueOnce({ signature: toBase58(signature) })
    expect(await modal.signMessage('gm')).toBe(toBase58(signature))
    expect(sdk.provider.request).toHaveBeenLastCalledWith(
      { method: 'solana_signMessage', params: { message: toBase58(new TextEncoder().encode('gm')), pubkey: SOL_ADDRESS } },
      solanaNet.caipNetworkId,
    )
    expect(fromBase58(SOL_ADDRESS)).toEqual(SOL_KEY)
  })

  it('polkadot: the account shows in the chain format; signMessage is polkadot_signMessage with the wallet’s address', async () => {
    const modal = setup(plugins())
    await pairAndApprove(modal, ['polkadot'])
    expect(modal.getAccount()).toMatchObject({ address: DOT_ON_CHAIN, caipAddress: `${polkadotNet.caipNetworkId}:${DOT_ON_CHAIN}` })
    const signature = `0x01${'cd'.repeat(64)}`
    sdk.provider.request.mockResolvedValueOnce({ signature })
    expect(await modal.signMessage('hi')).toBe(signature)
    expect(sdk.provider.request).toHaveBeenLastCalledWith(
      { method: 'polkadot_signMessage', params: { address: DOT_ADDRESS, message: '0x6869' } },
      polkadotNet.caipNetworkId,
    )
  })

  it('bip122: signMessage is signMessage (ECDSA); a declined prompt is USER_REJECTED', async () => {
    const modal = setup(plugins())
    await pairAndApprove(modal, ['bip122'])
    const signature = new Uint8Array([40, ...new Uint8Array(64).fill(3)])
    sdk.provider.request.mockResolvedValueOnce({ address: BTC_ADDRESS, signature: toBase64(signature) })
    expect(await modal.signMessage('Sign in')).toBe(toBase64(signature))
    expect(sdk.provider.request).toHaveBeenLastCalledWith(
      { method: 'signMessage', params: { account: BTC_ADDRESS, address: BTC_ADDRESS, message: 'Sign in', protocol: 'ecdsa' } },
      bitcoinNet.caipNetworkId,
    )
    sdk.provider.request.mockRejectedValueOnce({ code: 5000, message: 'User rejected.' })
    await expect(modal.signMessage('no')).rejects.toMatchObject({ code: 'USER_REJECTED' })
  })

  it('a disconnect from the wallet disconnects every namespace of the session', async () => {
    const modal = setup(plugins())
    await pairAndApprove(modal, ['solana', 'polkadot', 'bip122'])
    sdk.provider.walletDisconnects()
    await until(() =>
      ['solana', 'polkadot', 'bip122'].every((ns) => kernelOf(modal).state.$chains.get()[ns]!.accountState.status === 'disconnected'),
    )
    expect(kernelOf(modal).chains.findConnector('walletConnect', 'solana')).toBeUndefined()
  })
})

describe('a stored session of every family comes back on reload', () => {
  it('reconnects solana, polkadot and bip122 through the restored session, without a new pairing or a prompt', async () => {
    const plugins = () => [solana({ networks: [solanaNet] }), polkadot({ networks: [polkadotNet] }), bip122({ networks: [bitcoinNet] })]
    const backend = recordingBackend()
    const first = setup(plugins(), backend)
    await pairAndApprove(first, ['solana', 'polkadot', 'bip122'])
    first.destroy()

    // The SDK restores the session from its own storage on init.
    sdk.provider = new FakeProvider()
    sdk.provider.session = familySession(['solana', 'polkadot', 'bip122'])
    const modal = setup(plugins(), backend)
    await modal.reconnect()
    await until(() =>
      ['solana', 'polkadot', 'bip122'].every((ns) => kernelOf(modal).state.$chains.get()[ns]?.accountState.status === 'connected'),
    )
    const chains = kernelOf(modal).state.$chains.get()
    expect([chains.solana!.accountState.address, chains.polkadot!.accountState.address, chains.bip122!.accountState.address]).toEqual([
      SOL_ADDRESS,
      DOT_ON_CHAIN,
      BTC_ADDRESS,
    ])
    expect(sdk.provider.connect).not.toHaveBeenCalled()
    // A silent reconnect asks the wallet nothing.
    expect(sdk.provider.request).not.toHaveBeenCalled()
  })
})
