/** Ordering defaults. */
import { describe, expect, it } from 'vitest'
import {
  CONNECT_METHODS,
  CONNECTOR_TYPES,
  orderConnectMethods,
  orderConnectorTypes,
  orderWalletFeatures,
  orderWith,
  WALLET_FEATURES,
} from '../../kernel/ordering.js'

describe('ordering: connect methods', () => {
  it('connect methods default: email, social, wallet', () => {
    expect(CONNECT_METHODS).toEqual(['email', 'social', 'wallet'])
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
})

describe('ordering: connector types', () => {
  it('connector types default: walletConnect, recent, injected, featured, custom, external, recommended', () => {
    expect(CONNECTOR_TYPES).toEqual(['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'])
    expect(orderConnectorTypes()).toEqual([...CONNECTOR_TYPES])
  })

  it('connector types: configured order first, the rest appended in default order', () => {
    expect(orderConnectorTypes(['featured', 'injected'])).toEqual(['featured', 'injected', 'walletConnect', 'recent', 'custom', 'external', 'recommended'])
  })

  it('connector types: unknown entries dropped, repeats counted once', () => {
    expect(orderConnectorTypes(['recommended', 'qr', 'recommended', 'recent'])).toEqual(['recommended', 'recent', 'walletConnect', 'injected', 'featured', 'custom', 'external'])
  })

  it('connector types: a full configured order is used as is', () => {
    const reversed = [...CONNECTOR_TYPES].reverse()
    expect(orderConnectorTypes(reversed)).toEqual(reversed)
  })
})

describe('ordering: wallet features', () => {
  it('wallet features default: onramp, swaps, receive, send', () => {
    expect(WALLET_FEATURES).toEqual(['onramp', 'swaps', 'receive', 'send'])
    expect(orderWalletFeatures()).toEqual(['onramp', 'swaps', 'receive', 'send'])
  })

  it('wallet features: walletFeaturesOrder first, the rest appended, unknown dropped', () => {
    expect(orderWalletFeatures(['send', 'bridge', 'receive'])).toEqual(['send', 'receive', 'onramp', 'swaps'])
  })

  it('orderWith never returns an entry twice and never drops a default', () => {
    const result = orderWith(['a', 'b', 'c'] as const, ['c', 'c', 'x', 'a'])
    expect(result).toEqual(['c', 'a', 'b'])
  })
})
