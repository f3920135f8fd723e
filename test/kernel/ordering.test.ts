/** Ordering defaults: the kernel's rules over the ranks the plugins declare. */
import { describe, expect, it } from 'vitest'
import { orderByRank, orderWith } from '../../kernel/ordering.js'
import { auth } from '../../plugins/auth/index.js'
import { createKernel } from '../../kernel/kernel.js'
import type { Plugin } from '../../kernel/plugin.js'
import { sectionOrder } from '../../kernel/wallet-list.js'
import { walletCatalog } from '../../plugins/catalog/index.js'
import { receive } from '../../plugins/receive/index.js'
import { send } from '../../plugins/send/index.js'
import { walletConnect } from '../../plugins/walletconnect/index.js'
import { kernelOf } from '../../kernel/kernel-of.js'

/**
 * The Connect view's methods: the shell's wallet list (rank 300, first while a browser wallet is shown) and the
 * auth plugin's email and social methods (ranks 100 and 200).
 */
function orderConnectMethods(options: { walletShown: boolean; configured?: readonly string[] }): string[] {
  const modal = createKernel(
    {
      projectId: 'p',
      storage: null,
      preload: 'none',
      plugins: [auth()],
      features: options.configured ? { connectMethodsOrder: options.configured } : {},
    },
    { slots: [['connect.methods', { id: 'wallet', label: 'connect.wallets', order: 300, leadsWhenWalletShown: true }]] },
  )
  const order = kernelOf(modal)
    .slots.list('connect.methods', { walletShown: options.walletShown })
    .map((e) => e.id)
  modal.destroy()
  return order
}

describe('ordering: connect methods', () => {
  it('connect methods default: email, social, wallet', () => {
    expect(orderConnectMethods({ walletShown: false })).toEqual(['email', 'social', 'wallet'])
  })

  it('connect methods: wallet first when an injected or announced wallet is shown', () => {
    expect(orderConnectMethods({ walletShown: true })).toEqual(['wallet', 'email', 'social'])
  })

  it('connect methods: connectMethodsOrder wins over the default', () => {
    expect(orderConnectMethods({ walletShown: false, configured: ['wallet', 'social', 'email'] })).toEqual(['wallet', 'social', 'email'])
  })

  it('connect methods: connectMethodsOrder wins over wallet-first', () => {
    expect(orderConnectMethods({ walletShown: true, configured: ['social', 'email', 'wallet'] })).toEqual(['social', 'email', 'wallet'])
  })

  it('connect methods: a partial connectMethodsOrder comes first, the rest appended, unknown dropped', () => {
    expect(orderConnectMethods({ walletShown: false, configured: ['passkey', 'social'] })).toEqual(['social', 'email', 'wallet'])
  })

  it('connect methods: an empty connectMethodsOrder keeps the default', () => {
    expect(orderConnectMethods({ walletShown: true, configured: [] })).toEqual(['wallet', 'email', 'social'])
  })

  it('connect methods: a method a plugin ranks between the others takes its place; an unranked one comes last', () => {
    const method = (id: string, order?: number): Plugin => ({
      name: id,
      setup: (ctx) => ctx.slots.add('connect.methods', { id, label: id, order }),
    })
    const modal = createKernel(
      { projectId: 'p', storage: null, preload: 'none', plugins: [method('late'), method('passkey', 150), auth()] },
      { slots: [['connect.methods', { id: 'wallet', label: 'connect.wallets', order: 300, leadsWhenWalletShown: true }]] },
    )
    expect(
      kernelOf(modal)
        .slots.list('connect.methods')
        .map((e) => e.id),
    ).toEqual(['email', 'passkey', 'social', 'wallet', 'late'])
    modal.destroy()
  })
})

/** The Connect view's section order with the sections the first-party plugins add, by their declared ranks. */
function orderConnectorTypes(configured?: readonly string[]): string[] {
  const modal = createKernel({ projectId: 'p', storage: null, preload: 'none', plugins: [walletCatalog(), walletConnect()] })
  const order = sectionOrder(kernelOf(modal).wallets.$sources.get(), configured)
  modal.destroy()
  return order
}

/** A plugin adding a wallet feature with the rank it declares (as an on-ramp or swap plugin does). */
const feature = (id: string, order: number): Plugin => ({
  name: id,
  setup: (ctx) => ctx.slots.add('account.features', { id, label: id, order }),
})

/** The Account view's wallet features: receive and send, and on-ramp and swaps plugins declaring ranks 10 and 20. */
function orderWalletFeatures(configured?: readonly string[]): string[] {
  const plugins = [send(), receive(), feature('swaps', 20), feature('onramp', 10)]
  const modal = createKernel({
    projectId: 'p',
    storage: null,
    preload: 'none',
    plugins,
    features: configured ? { walletFeaturesOrder: configured } : {},
  })
  const order = kernelOf(modal)
    .slots.list('account.features')
    .map((e) => e.id)
  modal.destroy()
  return order
}

const CONNECTOR_TYPES = ['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended']

describe('ordering: connector types', () => {
  it('connector types default: walletConnect, recent, injected, featured, custom, external, recommended', () => {
    expect(orderConnectorTypes()).toEqual(['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'])
  })

  it('connector types: configured order first, the rest appended in default order', () => {
    expect(orderConnectorTypes(['featured', 'injected'])).toEqual([
      'featured',
      'injected',
      'walletConnect',
      'recent',
      'custom',
      'external',
      'recommended',
    ])
  })

  it('connector types: unknown entries dropped, repeats counted once', () => {
    expect(orderConnectorTypes(['recommended', 'qr', 'recommended', 'recent'])).toEqual([
      'recommended',
      'recent',
      'walletConnect',
      'injected',
      'featured',
      'custom',
      'external',
    ])
  })

  it('connector types: a full configured order is used as is', () => {
    const reversed = [...CONNECTOR_TYPES].reverse()
    expect(orderConnectorTypes(reversed)).toEqual(reversed)
  })

  it('a section without a rank goes after the ranked ones, in the order it was added', () => {
    expect(sectionOrder([{ section: 'b' }, { section: 'a' }, { section: 'first', order: 1 }])).toEqual([
      'first',
      'injected',
      'external',
      'b',
      'a',
    ])
  })
})

describe('ordering: wallet features', () => {
  it('wallet features default: onramp, swaps, receive, send', () => {
    expect(orderWalletFeatures()).toEqual(['onramp', 'swaps', 'receive', 'send'])
  })

  it('wallet features: walletFeaturesOrder first, the rest appended, unknown dropped', () => {
    expect(orderWalletFeatures(['send', 'bridge', 'receive'])).toEqual(['send', 'receive', 'onramp', 'swaps'])
  })

  it('equal ranks keep registration order; the first entry of an id gives its rank', () => {
    expect(
      orderByRank([
        { id: 'b', order: 2 },
        { id: 'a', order: 2 },
        { id: 'c', order: 1 },
        { id: 'a', order: 0 },
      ]),
    ).toEqual(['c', 'b', 'a'])
  })

  it('orderWith never returns an entry twice and never drops a default', () => {
    const result = orderWith(['a', 'b', 'c'] as const, ['c', 'c', 'x', 'a'])
    expect(result).toEqual(['c', 'a', 'b'])
  })
})
