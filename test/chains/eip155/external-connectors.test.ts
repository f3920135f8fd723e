// Connectors other plugins add (WalletConnect's EIP-1193 facade) are listed and connected like discovered wallets.
import { describe, expect, it } from 'vitest'
import { createEip155Adapter } from '../../../chains/eip155/adapter.js'
import { localhost } from '../../../chains/eip155/index.js'
import { createChainRegistry, type Connector } from '../../../kernel/chains.js'

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
    expect(registry.$connectors.get().map((c: Connector) => [c.id, c.type, c.namespace])).toEqual([['walletConnect', 'WALLET_CONNECT', 'eip155']])
    remove()
    expect(registry.$connectors.get()).toEqual([])
  })

  it('connect and reconnect go through the added provider', async () => {
    const adapter = createEip155Adapter({ networks: [localhost], eip6963: true })
    adapter.watchConnectors(() => {})
    adapter.addConnector!({ ...walletConnect, namespace: 'eip155' }, provider)
    await expect(adapter.connect({ connectorId: 'walletConnect', network: localhost })).resolves.toEqual({ address: ADDRESS, caipNetworkId: 'eip155:31337' })
    await expect(adapter.reconnect({ connectorId: 'walletConnect', network: localhost })).resolves.toEqual({ address: ADDRESS, caipNetworkId: 'eip155:31337' })
    expect(provider.calls).toEqual(['eth_requestAccounts', 'eth_chainId', 'eth_accounts', 'eth_chainId'])
  })

  it('a provider without request() is refused with a clear error', () => {
    const adapter = createEip155Adapter({ networks: [localhost], eip6963: true })
    expect(() => adapter.addConnector!({ ...walletConnect, namespace: 'eip155' }, {})).toThrow('Connector "walletConnect" needs an EIP-1193 provider')
  })
})
