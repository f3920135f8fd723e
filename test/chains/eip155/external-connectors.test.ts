// Connectors other plugins add (WalletConnect's EIP-1193 facade) are listed and connected like discovered wallets.
import { describe, expect, it } from 'vitest'
import { createEip155Adapter } from '../../../chains/eip155/adapter.js'
import { createChainRegistry, type Connector } from '../../../kernel/chains.js'
import { createKernel } from '../../../kernel/kernel.js'
import { walletSections } from '../../../kernel/wallet-list.js'
import { eip155, localhost } from '../../../chains/eip155/index.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const ADDRESS = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'
const provider = {
  calls: [] as string[],
  async request({ method }: { method: string }) {
    provider.calls.push(method)
    if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [ADDRESS]
    if (method === 'eth_chainId') return '0x7a69'
    throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 })
  },
}
const walletConnect = { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT' as const, installed: false }

describe('eip155 external connectors', () => {
  it('an added connector is listed after discovery starts and removed by the returned function', () => {
    const registry = createChainRegistry()
    registry.register(createEip155Adapter({ networks: [localhost], eip6963: true }))
    const remove = registry.addConnector('eip155', walletConnect, provider)
    registry.startDiscovery()
    expect(registry.$connectors.get().map((c: Connector) => [c.id, c.type, c.namespace])).toEqual([
      ['walletConnect', 'WALLET_CONNECT', 'eip155'],
    ])
    remove()
    expect(registry.$connectors.get()).toEqual([])
  })

  it('connect and reconnect go through the added provider', async () => {
    const adapter = createEip155Adapter({ networks: [localhost], eip6963: true })
    adapter.watchConnectors(() => {})
    adapter.addConnector!({ ...walletConnect, namespace: 'eip155' }, provider)
    await expect(adapter.connect({ connectorId: 'walletConnect', network: localhost })).resolves.toEqual({
      address: ADDRESS,
      caipNetworkId: 'eip155:31337',
      supportsAllNetworks: true,
    })
    await expect(adapter.reconnect({ connectorId: 'walletConnect', network: localhost })).resolves.toEqual({
      address: ADDRESS,
      caipNetworkId: 'eip155:31337',
      supportsAllNetworks: true,
    })
    expect(provider.calls).toEqual(['eth_requestAccounts', 'eth_chainId', 'eth_accounts', 'eth_chainId'])
  })

  it('a provider without request() is refused with a clear error', () => {
    const adapter = createEip155Adapter({ networks: [localhost], eip6963: true })
    expect(() => adapter.addConnector!({ ...walletConnect, namespace: 'eip155' }, {})).toThrow(
      'Connector "walletConnect" needs an EIP-1193 provider',
    )
  })
})

describe('eip155({ connectors }): wallets the host brings', () => {
  const hostWallet = () => ({
    calls: [] as string[],
    async request({ method }: { method: string }) {
      this.calls.push(method)
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [ADDRESS]
      if (method === 'eth_chainId') return '0x7a69'
      if (method === 'eth_getBalance') return '0x0'
      throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 })
    },
    on() {},
    removeListener() {},
  })

  it('are EXTERNAL connectors in the external section, connected through their own provider', async () => {
    const provider = hostWallet()
    const modal = createKernel({
      projectId: 'p',
      storage: null,
      plugins: [
        eip155({
          networks: [localhost],
          connectors: [{ id: 'sdk-wallet', name: 'SDK Wallet', imageUrl: 'https://img.test/sdk.png', provider }],
        }),
      ],
    })
    await modal.open()
    expect(kernelOf(modal).chains.findConnector('sdk-wallet')).toMatchObject({
      type: 'EXTERNAL',
      installed: false,
      namespace: 'eip155',
      name: 'SDK Wallet',
    })
    expect(
      walletSections(kernelOf(modal).wallets)
        .get()
        .map((s) => [s.section, s.items.map((i) => i.id)]),
    ).toEqual([['external', ['eip155:sdk-wallet']]])
    await modal.connect('sdk-wallet')
    expect(modal.getAccount()).toMatchObject({ status: 'connected', address: ADDRESS })
    expect(provider.calls.slice(0, 2)).toEqual(['eth_requestAccounts', 'eth_chainId'])
    modal.destroy()
  })

  it('a bad entry is an error naming it at createModal; an unsafe image is dropped', () => {
    const make = (connectors: unknown) => () =>
      createKernel({ projectId: 'p', storage: null, plugins: [eip155({ networks: [localhost], connectors: connectors as never })] })
    const needs = 'needs a unique id (letters, digits, .:@+/-_), a name and an EIP-1193 provider'
    expect(make({})).toThrow(`eip155({ connectors }): entry 0 ${needs}`)
    expect(make([{ id: 'a b', name: 'A', provider: hostWallet() }])).toThrow(`entry 0 ${needs}`)
    expect(make([{ id: 'a', name: '\u202e', provider: hostWallet() }])).toThrow(`entry 0 ${needs}`)
    expect(make([{ id: 'a', name: 'A', provider: {} }])).toThrow(`entry 0 ${needs}`)
    expect(
      make([
        { id: 'a', name: 'A', provider: hostWallet() },
        { id: 'a', name: 'B', provider: hostWallet() },
      ]),
    ).toThrow(`entry 1 ${needs}`)
    const modal = make([{ id: 'a', name: 'A', provider: hostWallet(), imageUrl: 'javascript:alert(1)' }])()
    void modal.open()
    expect(kernelOf(modal).chains.findConnector('a')).toMatchObject({ name: 'A', imageUrl: undefined })
    modal.destroy()
  })
})
