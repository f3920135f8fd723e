import { describe, expect, it } from 'vitest'
import { createKernel } from '../../kernel/kernel.js'
import { checkNetworks, networkProblems, type CaipNetwork } from '../../kernel/network.js'
import type { Plugin } from '../../kernel/plugin.js'
import { mainnet } from './helpers.js'

describe('network: validation', () => {
  it('a complete network has no problems', () => {
    expect(networkProblems(mainnet)).toEqual([])
  })

  it('a non-object is reported', () => {
    expect(networkProblems(null)).toEqual(['is not an object'])
    expect(networkProblems('eip155:1')).toEqual(['is not an object'])
  })

  it('reports a missing name', () => {
    expect(networkProblems({ ...mainnet, name: '  ' })).toEqual(['has no name'])
  })

  it.each(['eip155', 'eip155:', 'EIP155:1', 'e:1', ''])('reports an invalid caipNetworkId %j', (id) => {
    expect(networkProblems({ ...mainnet, caipNetworkId: id })[0]).toMatch(/^has an invalid caipNetworkId/)
  })

  it('reports a caipNetworkId outside its namespace', () => {
    expect(networkProblems({ ...mainnet, chainNamespace: 'solana' })).toEqual(['has caipNetworkId eip155:1 outside its namespace solana'])
  })

  it.each([
    ['no symbol', { name: 'Ether', symbol: '', decimals: 18 }],
    ['fractional decimals', { name: 'Ether', symbol: 'ETH', decimals: 1.5 }],
    ['negative decimals', { name: 'Ether', symbol: 'ETH', decimals: -1 }],
    ['decimals above 36', { name: 'Ether', symbol: 'ETH', decimals: 37 }],
  ])('reports a native currency with %s', (_what, nativeCurrency) => {
    expect(networkProblems({ ...mainnet, nativeCurrency })).toEqual([
      'has an invalid nativeCurrency (needs symbol and integer decimals 0–36)',
    ])
  })

  it.each([[[]], [['ftp://x']], [['not a url']]])('reports rpc urls %j', (http) => {
    expect(networkProblems({ ...mainnet, rpcUrls: { default: { http } } })).toEqual(['has no valid rpcUrls.default.http'])
  })

  it('accepts https and wss rpc urls', () => {
    expect(networkProblems({ ...mainnet, rpcUrls: { default: { http: ['https://rpc.example', 'wss://ws.example'] } } })).toEqual([])
  })
})

describe('checkNetworks', () => {
  // A chain plugin of its own family, checking its `networks` option in setup as every chain plugin does.
  const family = (networks: unknown): Plugin => ({
    name: 'demo',
    setup: () => void checkNetworks('eip155', 'demo({ networks: [mainnet] })', networks as CaipNetwork[] | undefined, (n) => n),
  })
  const codeOf = (networks: unknown) => {
    try {
      createKernel({ projectId: 'p', storage: null, plugins: [family(networks)] })
    } catch (error) {
      return [(error as { code?: string }).code, (error as Error).message]
    }
    return undefined
  }

  it('a missing, empty or malformed networks option is an INVALID_OPTIONS error naming the network, as the options docs say', () => {
    expect(codeOf(undefined)).toEqual([
      'INVALID_OPTIONS',
      'Plugin "demo" failed to set up: eip155() needs `networks`: at least one network, e.g. demo({ networks: [mainnet] })',
    ])
    expect(codeOf([])?.[0]).toBe('INVALID_OPTIONS')
    expect(codeOf([null])).toEqual(['INVALID_OPTIONS', 'Plugin "demo" failed to set up: eip155 network #1 is not an object'])
    expect(codeOf([mainnet, mainnet])?.[0]).toBe('INVALID_OPTIONS')
    expect(codeOf([mainnet])).toBeUndefined()
  })
})
