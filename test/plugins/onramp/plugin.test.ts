// The onramp() plugin as a host adds it: the Buy entry first among the wallet features by its rank (10) whatever
// the array order, hidden by `features.onramp: false`, placed by `walletFeaturesOrder`; the `onrampProviders`
// option checked at createModal and refused without the plugin.
import { describe, expect, it } from 'vitest'
import { createModal } from '../../../index.js'
import { createKernel } from '../../../kernel/kernel.js'
import { onramp } from '../../../plugins/onramp/index.js'
import { receive } from '../../../plugins/receive/index.js'
import { send } from '../../../plugins/send/index.js'
import { dummyView } from '../../kernel/helpers.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const modal = (options: Record<string, unknown> = {}) =>
  createKernel({ projectId: 'p', plugins: [send(), receive(), onramp()], ...options } as never, { views: { Connect: dummyView } })

/** The modal's state on an account of `namespace` (its active namespace and network). */
function on(m: ReturnType<typeof modal>, namespace: string) {
  const network = {
    id: '1',
    caipNetworkId: `${namespace}:1`,
    chainNamespace: namespace,
    name: `${namespace} net`,
    nativeCurrency: { name: 'X', symbol: 'X', decimals: 18 },
  }
  const state = kernelOf(m).state as unknown as {
    $chains: { setKey(k: string, v: unknown): void }
    $activeNamespace: { set(v: string): void }
  }
  state.$chains.setKey(namespace, {
    namespace,
    accountState: { status: 'connected', address: 'a' },
    networkState: { caipNetwork: network, requestedCaipNetworks: [network] },
  })
  state.$activeNamespace.set(namespace)
  return m
}
const features = (options?: Record<string, unknown>, namespace = 'eip155') =>
  kernelOf(on(modal(options), namespace))
    .slots.list('account.features')
    .map((e) => e.id)

describe('onramp()', () => {
  it('adds Buy first among the wallet features (onramp, receive, send), with its view', () => {
    expect(features()).toEqual(['onramp', 'receive', 'send'])
    const entry = kernelOf(on(modal(), 'eip155')).slots.list('account.features')[0]!
    expect(entry).toMatchObject({ id: 'onramp', view: 'Onramp', feature: 'onramp', order: 10, plugin: 'onramp' })
  })

  it('is offered to eip155 and solana accounts only: not on polkadot, bip122, or before any account', () => {
    expect(features({}, 'solana')).toEqual(['onramp', 'receive', 'send'])
    expect(features({}, 'polkadot')).toEqual(['receive', 'send'])
    expect(features({}, 'bip122')).toEqual(['receive', 'send'])
    expect(
      kernelOf(modal())
        .slots.list('account.features')
        .map((e) => e.id),
    ).toEqual(['receive', 'send'])
  })

  it('features.onramp: false hides it; walletFeaturesOrder places it', () => {
    expect(features({ features: { onramp: false } })).toEqual(['receive', 'send'])
    expect(features({ features: { walletFeaturesOrder: ['send', 'onramp'] } })).toEqual(['send', 'onramp', 'receive'])
  })

  it('onrampProviders is checked: a list of providers with id, name and fee range, each but Coinbase with a url', () => {
    expect(() => modal({ onrampProviders: [{ id: 'coinbase', name: 'Coinbase', feeRange: '1-2%' }] })).not.toThrow()
    expect(() => modal({ onrampProviders: [] })).toThrow(/onrampProviders.*non-empty array/)
    expect(() => modal({ onrampProviders: [{ id: 'x', name: 'X', feeRange: '1%' }] })).toThrow(/provider "x" needs a url/)
    expect(() => modal({ onrampProviders: [{ id: 'x', feeRange: '1%', url: 'https://x.example' }] })).toThrow(/id, a name and a feeRange/)
    expect(() => createModal({ projectId: 'p', storage: null, onrampProviders: [], plugins: [send()] } as never)).toThrow(
      '`onrampProviders` needs onramp() from vestibule/plugins/onramp',
    )
  })
})
