// The Connect view's wallet sections: injected from the chain plugins, the rest from plugins, in connector-type order.
import { atom } from 'nanostores'
import { describe, expect, it } from 'vitest'
import { createChainRegistry, type ChainAdapter, type Connector } from '../../kernel/chains.js'
import { createWalletSources, type WalletItem } from '../../kernel/wallets.js'
import { walletSections } from '../../kernel/wallet-list.js'

function registryWith(connectors: Connector[]) {
  const registry = createChainRegistry()
  registry.register({
    namespace: 'eip155',
    networks: [],
    capabilities: new Set(),
    watchConnectors: (on: (c: Connector[]) => void) => (on(connectors), () => {}),
  } as unknown as ChainAdapter)
  registry.startDiscovery()
  return registry
}
const item = (id: string): WalletItem => ({ id, name: id, view: 'ConnectingWalletConnect', data: { id } })
const announced: Connector = {
  id: 'io.metamask',
  name: 'MetaMask',
  type: 'ANNOUNCED',
  namespace: 'eip155',
  installed: true,
  rdns: 'io.metamask',
}
const external: Connector = { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', namespace: 'eip155', installed: false }

describe('wallet sections', () => {
  it('announced and injected connectors form the injected section, tagged Installed and opening ConnectingExternal', () => {
    // With the views the shell registers for a wallet of the list.
    const sources = createWalletSources(registryWith([announced, external]), undefined, {
      views: { connector: 'ConnectingExternal', multiChain: 'ConnectingMultiChain' },
    })
    expect(walletSections(sources).get()).toEqual([
      {
        section: 'injected',
        items: [
          {
            id: 'eip155:io.metamask',
            name: 'MetaMask',
            rdns: 'io.metamask',
            installed: true,
            imageUrl: undefined,
            tag: 'connect.installed',
            view: 'ConnectingExternal',
            data: { connectorId: 'io.metamask', namespace: 'eip155' },
          },
        ],
      },
    ])
  })

  it('sections follow the default connector-type order: walletConnect, recent, injected, featured, custom, external, recommended', () => {
    const sources = createWalletSources(registryWith([announced]))
    // With the ranks the catalog and WalletConnect plugins declare.
    sources.add('recommended', atom([item('r')]), 70)
    sources.add('featured', atom([item('f')]), 40)
    sources.add('walletConnect', atom([item('wc')]), 10)
    expect(
      walletSections(sources)
        .get()
        .map((s) => s.section),
    ).toEqual(['walletConnect', 'injected', 'featured', 'recommended'])
  })

  it('a configured connectorTypeOrder comes first, the rest appended, unknown entries dropped; empty sections hidden', () => {
    const sources = createWalletSources(registryWith([announced]), ['recommended', 'bogus', 'injected'])
    sources.add('recommended', atom([item('r')]))
    sources.add('featured', atom([]))
    sources.add('walletConnect', atom([item('wc')]))
    expect(
      walletSections(sources)
        .get()
        .map((s) => s.section),
    ).toEqual(['recommended', 'injected', 'walletConnect'])
  })

  it('a source store update shows up in the sections', () => {
    const sources = createWalletSources(registryWith([]))
    const $featured = atom<WalletItem[]>([])
    sources.add('featured', $featured)
    const seen: string[][] = []
    const off = walletSections(sources).subscribe((sections) => seen.push(sections.flatMap((s) => s.items.map((i) => i.id))))
    $featured.set([item('a'), item('b')])
    off()
    expect(seen).toEqual([[], ['a', 'b']])
  })
})
