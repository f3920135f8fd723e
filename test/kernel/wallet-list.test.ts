// The wallet list the Connect view shows: a wallet announced to several namespaces merged into one MULTI_CHAIN
// entry, host-configured (EXTERNAL) wallets in their own section, and discovered wallets carrying the catalog's
// ids once a directory identified them.
import { atom } from 'nanostores'
import { describe, expect, it } from 'vitest'
import { createChainRegistry, type ChainAdapter, type Connector } from '../../kernel/chains.js'
import { createWalletSources } from '../../kernel/wallets.js'
import { connectorItem, mergeMultiChain, walletSections } from '../../kernel/wallet-list.js'

/** A registry whose namespaces report the given connectors as discovered. */
function registryWith(byNamespace: Record<string, Connector[]>) {
  const registry = createChainRegistry()
  for (const [namespace, connectors] of Object.entries(byNamespace)) {
    registry.register({
      namespace,
      networks: [],
      capabilities: new Set(),
      watchConnectors: (on: (c: Connector[]) => void) => (on(connectors), () => {}),
    } as unknown as ChainAdapter)
  }
  registry.startDiscovery()
  return registry
}
const c = (namespace: string, id: string, name: string, more: Partial<Connector> = {}): Connector => ({
  id,
  name,
  type: 'ANNOUNCED',
  namespace,
  installed: true,
  ...more,
})
const ids = (sections: ReturnType<ReturnType<typeof walletSections>['get']>) => sections.map((s) => [s.section, s.items.map((i) => i.id)])

/** The views the shell registers for a wallet of the list. */
const SHELL_VIEWS = { connector: 'ConnectingExternal', multiChain: 'ConnectingMultiChain' }

describe('mergeMultiChain', () => {
  it('merges by rdns, or by name when one side has no rdns; keeps different rdns apart whatever the name', () => {
    const evm = c('eip155', 'app.phantom', 'Phantom', { rdns: 'app.phantom', imageUrl: 'https://img.test/p.png' })
    const sol = c('solana', 'phantom', 'phantom')
    const btc = c('bip122', 'phantom', 'Phantom ')
    const fakeEvm = c('eip155', 'io.fake', 'MetaMask', { rdns: 'io.fake' })
    const realSol = c('solana', 'metamask', 'MetaMask', { rdns: 'io.metamask' })
    const merged = mergeMultiChain([evm, fakeEvm, sol, realSol, btc])
    expect(merged.map((m) => [m.type, m.id, m.connectors?.map((x) => x.namespace)])).toEqual([
      ['MULTI_CHAIN', 'app.phantom', ['eip155', 'solana', 'bip122']],
      ['ANNOUNCED', 'io.fake', undefined],
      ['ANNOUNCED', 'metamask', undefined],
    ])
    expect(merged[0]).toMatchObject({ name: 'Phantom', rdns: 'app.phantom', imageUrl: 'https://img.test/p.png', installed: true })
  })

  it('never merges two connectors of one namespace, and takes the image and installed flag from any member', () => {
    const a = c('eip155', 'a', 'Twin', { installed: false })
    const b = c('eip155', 'b', 'Twin', { installed: false })
    const s = c('solana', 's', 'Twin', { installed: true, imageUrl: 'https://img.test/t.png' })
    const merged = mergeMultiChain([a, b, s])
    expect(merged.map((m) => m.type)).toEqual(['MULTI_CHAIN', 'ANNOUNCED'])
    expect(merged[0]).toMatchObject({ id: 'twin', installed: true, imageUrl: 'https://img.test/t.png' })
    expect(merged[0]!.connectors!.map((x) => x.id)).toEqual(['a', 's'])
  })

  it('a merged connector opens the multi-chain view with each namespace’s connector', () => {
    const [multi] = mergeMultiChain([c('eip155', 'dev.w', 'W', { rdns: 'dev.w' }), c('solana', 'w', 'W')])
    expect(connectorItem(multi!, SHELL_VIEWS)).toMatchObject({
      id: 'multi:dev.w',
      view: 'ConnectingMultiChain',
      tag: 'connect.installed',
      data: {
        name: 'W',
        connectors: [
          { connectorId: 'dev.w', namespace: 'eip155' },
          { connectorId: 'w', namespace: 'solana' },
        ],
      },
    })
  })
})

describe('walletSections', () => {
  const evm = c('eip155', 'dev.w', 'W', { rdns: 'dev.w' })
  const sol = c('solana', 'w', 'W')
  const hosted = c('eip155', 'coinbase-sdk', 'Coinbase SDK', { type: 'EXTERNAL', installed: false })

  it('lists a wallet of two namespaces once; opened for one namespace, only its connector, unmerged', () => {
    const sources = createWalletSources(registryWith({ eip155: [evm, hosted], solana: [sol] }))
    expect(ids(walletSections(sources).get())).toEqual([
      ['injected', ['multi:dev.w']],
      ['external', ['eip155:coinbase-sdk']],
    ])
    expect(ids(walletSections(sources, 'solana').get())).toEqual([['injected', ['solana:w']]])
    expect(ids(walletSections(sources, 'eip155').get())).toEqual([
      ['injected', ['eip155:dev.w']],
      ['external', ['eip155:coinbase-sdk']],
    ])
  })

  it('host-configured wallets need no rdns nor presence in the browser; an exclusion still hides them', () => {
    const sources = createWalletSources(registryWith({ eip155: [hosted] }), undefined, { excludeWalletIds: [], views: SHELL_VIEWS })
    expect(walletSections(sources).get()[0]!.items[0]).toMatchObject({ name: 'Coinbase SDK', view: 'ConnectingExternal', tag: undefined })
    sources.$excluded.set([{ name: 'coinbase sdk' }])
    expect(walletSections(sources).get()).toEqual([])
  })

  it('the external section follows connectorTypeOrder like the others', () => {
    const sources = createWalletSources(registryWith({ eip155: [evm, hosted] }), ['external'])
    expect(
      walletSections(sources)
        .get()
        .map((s) => s.section),
    ).toEqual(['external', 'injected'])
  })

  it('is rebuilt when a plugin adds a list after the first read', () => {
    const sources = createWalletSources(registryWith({ eip155: [evm] }))
    const first = walletSections(sources)
    expect(walletSections(sources)).toBe(first)
    sources.add('featured', atom([{ id: 'cat', name: 'Cat', view: 'X' }]))
    expect(ids(walletSections(sources).get())).toEqual([
      ['injected', ['eip155:dev.w']],
      ['featured', ['cat']],
    ])
  })
})

describe('identified wallets', () => {
  it('carry the directory id and image id; excluding that id then hides the discovered wallet', () => {
    const registry = registryWith({ eip155: [c('eip155', 'dev.w', 'W', { rdns: 'dev.w' }), c('eip155', 'x', 'X', { rdns: 'dev.x' })] })
    const sources = createWalletSources(registry, undefined, { excludeWalletIds: ['catalog-w'] })
    expect(ids(walletSections(sources).get())).toEqual([['injected', ['eip155:dev.w', 'eip155:x']]])
    registry.identify([{ rdns: 'dev.w', explorerId: 'catalog-w', imageId: 'img-w' }])
    expect(registry.findConnector('dev.w')).toMatchObject({ explorerId: 'catalog-w', imageId: 'img-w' })
    expect(registry.findConnector('x')?.explorerId).toBeUndefined()
    expect(ids(walletSections(sources).get())).toEqual([['injected', ['eip155:x']]])
  })

  it('a wallet without an icon of its own shows the directory image in the list; one with an icon keeps it', () => {
    const own = 'data:image/png;base64,AAAA'
    const registry = registryWith({
      eip155: [c('eip155', 'dev.w', 'W', { rdns: 'dev.w' }), c('eip155', 'dev.x', 'X', { rdns: 'dev.x', imageUrl: own })],
    })
    const sources = createWalletSources(registry, undefined, { views: SHELL_VIEWS })
    expect(
      walletSections(sources)
        .get()[0]!
        .items.map((i) => i.imageUrl),
    ).toEqual([undefined, own])
    registry.identify([
      { rdns: 'dev.w', explorerId: 'catalog-w', imageId: 'img-w', imageUrl: 'https://api.test/getWalletImage/img-w' },
      { rdns: 'dev.x', explorerId: 'catalog-x', imageId: 'img-x', imageUrl: 'https://api.test/getWalletImage/img-x' },
    ])
    expect(
      walletSections(sources)
        .get()[0]!
        .items.map((i) => i.imageUrl),
    ).toEqual(['https://api.test/getWalletImage/img-w', own])
    // The connecting view reads the connector: it shows the same image.
    expect(registry.findConnector('dev.w')?.imageUrl).toBe('https://api.test/getWalletImage/img-w')
  })

  it('a directory image the image rule refuses is not taken', () => {
    const registry = registryWith({ eip155: [c('eip155', 'dev.w', 'W', { rdns: 'dev.w' })] })
    registry.identify([{ rdns: 'dev.w', explorerId: 'catalog-w', imageUrl: 'javascript:alert(1)' }])
    expect(registry.findConnector('dev.w')).toMatchObject({ explorerId: 'catalog-w' })
    expect(registry.findConnector('dev.w')?.imageUrl).toBeUndefined()
  })

  it('the first identity of an rdns stays; identifying nothing new does not republish', () => {
    const registry = registryWith({ eip155: [c('eip155', 'dev.w', 'W', { rdns: 'dev.w' })] })
    registry.identify([{ rdns: 'dev.w', explorerId: 'one' }])
    const seen: unknown[] = []
    const off = registry.$connectors.listen((list) => seen.push(list))
    registry.identify([{ rdns: 'dev.w', explorerId: 'two' }])
    off()
    expect(seen).toEqual([])
    expect(registry.findConnector('dev.w')?.explorerId).toBe('one')
  })
})
