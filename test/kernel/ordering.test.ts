/** Ordering defaults (spec §2) and the Telegram social filter (spec §5). */
import { describe, expect, it } from 'vitest'
import {
  CONNECT_METHODS,
  CONNECTOR_TYPES,
  filterSocialsForTelegram,
  orderConnectMethods,
  orderConnectorTypes,
  orderWalletFeatures,
  orderWith,
  WALLET_FEATURES,
} from '../../kernel/ordering.js'
import { DEFAULT_SOCIALS } from '../../kernel/options.js'
import { createPlatform } from '../../kernel/platform.js'

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

describe('ordering: Telegram social filter (spec §5)', () => {
  const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1'
  const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15'
  const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36'
  const LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36'
  const socials = [...DEFAULT_SOCIALS]

  it('inside Telegram on iOS google is removed', () => {
    expect(filterSocialsForTelegram(socials, createPlatform({ userAgent: IPHONE, telegram: true }))).toEqual(['x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
  })

  it('inside Telegram on a Mac x is removed', () => {
    expect(filterSocialsForTelegram(socials, createPlatform({ userAgent: MAC, telegram: true }))).toEqual(['google', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
  })

  it('inside Telegram on Android facebook and x are removed', () => {
    expect(filterSocialsForTelegram(socials, createPlatform({ userAgent: ANDROID, telegram: true }))).toEqual(['google', 'discord', 'farcaster', 'github', 'apple'])
  })

  it('inside Telegram on another desktop nothing is removed', () => {
    expect(filterSocialsForTelegram(socials, createPlatform({ userAgent: LINUX, telegram: true }))).toEqual(socials)
  })

  it.each([
    ['iOS', IPHONE],
    ['Mac', MAC],
    ['Android', ANDROID],
  ])('outside Telegram on %s the list is unchanged', (_name, userAgent) => {
    expect(filterSocialsForTelegram(socials, createPlatform({ userAgent, telegram: false }))).toEqual(socials)
  })

  it('does not change the list it was given', () => {
    const list = ['google', 'x']
    filterSocialsForTelegram(list, createPlatform({ userAgent: ANDROID, telegram: true }))
    expect(list).toEqual(['google', 'x'])
  })
})
