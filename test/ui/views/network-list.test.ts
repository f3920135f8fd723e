// The Networks view's list: requested networks of every namespace, the active one, the unapproved ones, images.
import { describe, expect, it } from 'vitest'
import type { CaipNetwork } from '../../../kernel/index.js'
import { isNetworkApproved, networkEntries } from '../../../ui/views/network-list.js'
import { networkImageUrl } from '../../../ui/kit/network-image.js'
import type { ChainState } from '../../../kernel/state.js'

const net = (id: string, namespace = 'eip155', assets?: CaipNetwork['assets']): CaipNetwork => ({
  id,
  caipNetworkId: `${namespace}:${id}`,
  chainNamespace: namespace,
  name: `Net ${id}`,
  nativeCurrency: { name: 'X', symbol: 'X', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1/'] } },
  assets,
})
const http = { url: (path: string) => `https://api.test${path}?projectId=p` }
const chainState = (namespace: string, network: Partial<ChainState['networkState']>): ChainState => ({
  namespace,
  accountState: { status: 'connected', balanceStatus: 'idle' },
  networkState: { requestedCaipNetworks: [], supportsAllNetworks: false, ...network },
})

describe('network list', () => {
  it('lists the requested networks of every namespace and marks the active one', () => {
    const entries = networkEntries({
      adapters: [
        { namespace: 'eip155', networks: [net('1'), net('10')] },
        { namespace: 'solana', networks: [net('main', 'solana')] },
      ],
      chains: {},
      activeCaipNetworkId: 'eip155:10',
      http,
    })
    expect(entries.map((e) => [e.network.caipNetworkId, e.active, e.disabled])).toEqual([
      ['eip155:1', false, false],
      ['eip155:10', true, false],
      ['solana:main', false, false],
    ])
  })

  it('a namespace state narrowed by removeNetwork wins over the plugin list', () => {
    const entries = networkEntries({
      adapters: [{ namespace: 'eip155', networks: [net('1'), net('10')] }],
      chains: { eip155: chainState('eip155', { requestedCaipNetworks: [net('10')] }) },
      activeCaipNetworkId: undefined,
    })
    expect(entries.map((e) => e.network.caipNetworkId)).toEqual(['eip155:10'])
  })

  it('networks a WalletConnect session did not approve are disabled', () => {
    const state = chainState('eip155', { requestedCaipNetworks: [net('1'), net('10')], approvedCaipNetworkIds: ['eip155:1'] })
    const entries = networkEntries({
      adapters: [{ namespace: 'eip155', networks: [] }],
      chains: { eip155: state },
      activeCaipNetworkId: 'eip155:1',
    })
    expect(entries.map((e) => [e.network.caipNetworkId, e.disabled])).toEqual([
      ['eip155:1', false],
      ['eip155:10', true],
    ])
  })

  it('approval only narrows when set, and not for a wallet that supports every network', () => {
    expect(isNetworkApproved('eip155:10', undefined)).toBe(true)
    expect(isNetworkApproved('eip155:10', chainState('eip155', {}).networkState)).toBe(true)
    expect(isNetworkApproved('eip155:10', chainState('eip155', { approvedCaipNetworkIds: [] }).networkState)).toBe(false)
    expect(
      isNetworkApproved('eip155:10', chainState('eip155', { approvedCaipNetworkIds: [], supportsAllNetworks: true }).networkState),
    ).toBe(true)
  })

  it('images: a safe host URL, else the provider asset image for the image id, else none (the generated tile)', () => {
    expect(networkImageUrl(net('1', 'eip155', { imageUrl: 'https://img.example/eth.png' }), http)).toBe('https://img.example/eth.png')
    expect(networkImageUrl(net('1', 'eip155', { imageUrl: 'javascript:alert(1)', imageId: 'eth 1' }), http)).toBe(
      'https://api.test/public/getAssetImage/eth%201?projectId=p',
    )
    expect(networkImageUrl(net('1', 'eip155', { imageUrl: 'http://evil.example/x.png' }), http)).toBeUndefined()
    expect(networkImageUrl(net('1'), http)).toBeUndefined()
  })
})
