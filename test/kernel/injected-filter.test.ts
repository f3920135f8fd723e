// Which injected and announced wallets the Connect view's injected section shows.
import { describe, expect, it } from 'vitest'
import { createChainRegistry, type ChainAdapter, type Connector } from '../../kernel/chains.js'
import { createKernel } from '../../kernel/kernel.js'
import { createWalletSources } from '../../kernel/wallets.js'
import { isInjectedShown, walletSections } from '../../kernel/wallet-list.js'
import { desktop, mobile } from './kernel-fixtures.js'
import { fakeAdapter, recordingBackend } from './helpers.js'
import { kernelOf } from '../../kernel/kernel-of.js'

const connector = (patch: Partial<Connector>): Connector => ({
  id: 'io.x',
  name: 'X Wallet',
  type: 'ANNOUNCED',
  namespace: 'eip155',
  installed: true,
  rdns: 'io.x',
  ...patch,
})
const browserWallet = connector({ id: 'injected', name: 'Browser Wallet', type: 'INJECTED', rdns: undefined })

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
const names = (sources: ReturnType<typeof createWalletSources>) =>
  walletSections(sources)
    .get()
    .flatMap((s) => s.items.map((i) => i.name))

describe('isInjectedShown', () => {
  const rules = { excluded: [], isMobile: false }

  it('an announced wallet with an rdns is shown', () => {
    expect(isInjectedShown(connector({}), rules)).toBe(true)
  })

  it('is hidden when excluded by rdns, by catalog id or by case-insensitive name', () => {
    expect(isInjectedShown(connector({}), { ...rules, excluded: [{ rdns: 'io.x' }] })).toBe(false)
    expect(isInjectedShown(connector({ explorerId: 'cat-1' }), { ...rules, excluded: [{ id: 'cat-1' }] })).toBe(false)
    expect(isInjectedShown(connector({ name: 'Sandbox Wallet' }), { ...rules, excluded: [{ name: 'SANDBOX WALLET' }] })).toBe(false)
    expect(isInjectedShown(connector({}), { ...rules, excluded: [{ rdns: 'io.other', name: 'Other', id: 'cat-2' }] })).toBe(true)
  })

  it('a wallet named "Browser Wallet" is shown on mobile only', () => {
    expect(isInjectedShown(browserWallet, { excluded: [], isMobile: false })).toBe(false)
    expect(isInjectedShown(browserWallet, { excluded: [], isMobile: true })).toBe(true)
  })

  it('needs an rdns or to be detected installed', () => {
    expect(isInjectedShown(connector({ rdns: undefined, installed: false }), rules)).toBe(false)
    expect(isInjectedShown(connector({ rdns: undefined, installed: true }), rules)).toBe(true)
    expect(isInjectedShown(connector({ rdns: 'io.y', installed: false }), rules)).toBe(true)
  })
})

describe('the injected section applies the rules', () => {
  it('excluded wallets (host ids, then rdns and names the catalog resolved) disappear from the section', () => {
    const sources = createWalletSources(
      registryWith([connector({}), connector({ id: 'dev.sandbox', rdns: 'dev.sandbox', name: 'Sandbox Wallet', explorerId: 'sb' })]),
      undefined,
      { excludeWalletIds: ['sb'] },
    )
    expect(names(sources)).toEqual(['X Wallet'])
    sources.$excluded.set([{ id: 'sb' }, { name: 'x wallet' }])
    expect(names(sources)).toEqual([])
  })

  it('Browser Wallet follows the platform', () => {
    expect(names(createWalletSources(registryWith([browserWallet]), undefined, { isMobile: () => false }))).toEqual([])
    expect(names(createWalletSources(registryWith([browserWallet]), undefined, { isMobile: () => true }))).toEqual(['Browser Wallet'])
  })

  it('the kernel passes the host exclusion list and its platform', async () => {
    const make = (platform: typeof desktop) => {
      const fake = fakeAdapter({ connectors: [browserWallet, connector({ explorerId: 'gone' })] })
      return createKernel(
        {
          projectId: 'p',
          storage: recordingBackend(),
          excludeWalletIds: ['gone'],
          plugins: [{ name: 'eip155', setup: (ctx) => ctx.chains.register(fake.adapter) }],
        },
        {
          platform: {
            ...platform,
            isIphoneSafari: () => false,
            isTelegram: () => false,
            isIos: () => false,
            isAndroid: () => false,
            isMac: () => false,
          },
        },
      )
    }
    const onDesktop = make(desktop)
    kernelOf(onDesktop).chains.startDiscovery()
    expect(
      walletSections(kernelOf(onDesktop).wallets)
        .get()
        .flatMap((s) => s.items.map((i) => i.name)),
    ).toEqual([])
    const onMobile = make(mobile)
    kernelOf(onMobile).chains.startDiscovery()
    expect(
      walletSections(kernelOf(onMobile).wallets)
        .get()
        .flatMap((s) => s.items.map((i) => i.name)),
    ).toEqual(['Browser Wallet'])
  })
})
