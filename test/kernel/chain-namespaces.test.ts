import { describe, expect, it } from 'vitest'
import { isCaipAddress, knownChainNamespaces, parseCaipAddress, registerChainNamespace } from '../../kernel/caip.js'

describe('the families CAIP addresses may have without a modal come from the chain entries loaded', () => {
  it('nothing loaded: every namespace is unknown', () => {
    expect(knownChainNamespaces()).toEqual([])
    expect(isCaipAddress('cosmos:cosmoshub-4:cosmos1abc')).toBe(false)
  })

  it('a registered family is known from then on, once', () => {
    registerChainNamespace('cosmos')
    registerChainNamespace('cosmos')
    expect(knownChainNamespaces()).toEqual(['cosmos'])
    expect(parseCaipAddress('cosmos:cosmoshub-4:cosmos1abc')).toEqual({ namespace: 'cosmos', reference: 'cosmoshub-4', address: 'cosmos1abc' })
    expect(() => parseCaipAddress('near:mainnet:alice')).toThrow(/^Invalid CAIP Address$/)
  })

  it.each(['', 'ab', 'COSMOS', 'a:b', 42])('a namespace that breaks the CAIP-2 rule (%j) is refused', (value) => {
    expect(() => registerChainNamespace(value as never)).toThrow(/^Invalid CAIP namespace/)
  })

  it('loading a chain entry registers its family', async () => {
    expect(knownChainNamespaces()).not.toContain('solana')
    await import('../../chains/solana/index.js')
    expect(knownChainNamespaces()).toContain('solana')
  })
})
