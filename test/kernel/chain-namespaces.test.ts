// @isolated: the chain family registry is module state; these tests start with none loaded, then load a chain entry
import { describe, expect, it } from 'vitest'
import { isCaipAddress, knownChainNamespaces, parseCaipAddress, registerChainNamespace } from '../../kernel/caip.js'

// In this order, shuffled or not: nothing is loaded, then a family is registered, then a chain entry is loaded.
describe('the chain families loaded; CAIP addresses are checked without them', { shuffle: false }, () => {
  it('nothing loaded: no family is listed, and every CAIP-10 address that follows CAIP-2 is accepted', () => {
    expect(knownChainNamespaces()).toEqual([])
    expect(isCaipAddress('cosmos:cosmoshub-4:cosmos1abc')).toBe(true)
    expect(parseCaipAddress('eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toEqual({
      namespace: 'eip155',
      reference: '1',
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    })
    expect(parseCaipAddress('near:mainnet:alice.near')).toEqual({ namespace: 'near', reference: 'mainnet', address: 'alice.near' })
    expect(isCaipAddress('ab:mainnet:alice')).toBe(false)
  })

  it('a registered family is listed from then on, once', () => {
    registerChainNamespace('cosmos')
    registerChainNamespace('cosmos')
    expect(knownChainNamespaces()).toEqual(['cosmos'])
    expect(parseCaipAddress('cosmos:cosmoshub-4:cosmos1abc')).toEqual({
      namespace: 'cosmos',
      reference: 'cosmoshub-4',
      address: 'cosmos1abc',
    })
    expect(parseCaipAddress('near:mainnet:alice')).toEqual({ namespace: 'near', reference: 'mainnet', address: 'alice' })
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
