// eip155() options: every invalid network is refused by createKernel with a message naming it and the problem.
import { describe, expect, it } from 'vitest'
import { mainnet as viemMainnet, optimism as viemOptimism, sepolia as viemSepolia } from 'viem/chains'
import { defineNetwork, eip155, type Eip155NetworkInput } from '../../../chains/eip155/index.js'
import { VestibuleError, createKernel } from '../../../kernel/index.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const good: Eip155NetworkInput = {
  id: 31337,
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
}

const kernelWith = (options: unknown) => createKernel({ storage: null, plugins: [eip155(options as Parameters<typeof eip155>[0])] })

/** The error createKernel throws for these eip155 options. */
function setupError(options: unknown): VestibuleError {
  try {
    kernelWith(options).destroy()
  } catch (error) {
    expect(error).toBeInstanceOf(VestibuleError)
    expect((error as VestibuleError).code).toBe('INVALID_OPTIONS')
    expect((error as VestibuleError).message).toContain('Plugin "eip155" failed to set up')
    return error as VestibuleError
  }
  throw new Error('createKernel accepted the options')
}

describe('eip155() networks option', () => {
  it.each([
    ['no options', undefined],
    ['no networks', {}],
    ['networks that are not an array', { networks: good }],
    ['an empty list', { networks: [] }],
  ])('refuses %s, asking for at least one network', (_what, options) => {
    expect(setupError(options).message).toMatch(/eip155\(\) needs `networks`: at least one network/)
  })

  it.each([
    ['a negative chain id', { ...good, name: 'Negative', id: -1 }, /network #1 \("Negative"\) has an invalid chain id -1/],
    ['a zero chain id', { ...good, name: 'Zero', id: 0 }, /"Zero"\) has an invalid chain id 0/],
    ['a fractional chain id', { ...good, name: 'Fraction', id: 1.5 }, /"Fraction"\) has an invalid chain id 1\.5/],
    ['a string chain id', { ...good, name: 'Stringy', id: '1' }, /"Stringy"\) has an invalid chain id "1"/],
    ['an unsafe chain id', { ...good, name: 'Huge', id: 2 ** 53 }, /"Huge"\) has an invalid chain id/],
    ['no rpc URL', { ...good, name: 'No RPC', rpcUrls: { default: { http: [] } } }, /"No RPC"\) has no valid rpcUrls\.default\.http/],
    ['no rpcUrls at all', { ...good, name: 'Missing RPC', rpcUrls: undefined }, /"Missing RPC"\) has no valid rpcUrls\.default\.http/],
    ['a non-http rpc URL', { ...good, name: 'FTP', rpcUrls: { default: { http: ['ftp://node'] } } }, /"FTP"\) has no valid rpcUrls/],
    [
      'negative decimals',
      { ...good, name: 'Bad Decimals', nativeCurrency: { name: 'X', symbol: 'X', decimals: -1 } },
      /"Bad Decimals"\) has an invalid nativeCurrency/,
    ],
    [
      'text decimals',
      { ...good, name: 'Text Decimals', nativeCurrency: { name: 'X', symbol: 'X', decimals: '18' } },
      /"Text Decimals"\) has an invalid nativeCurrency/,
    ],
    [
      'no symbol',
      { ...good, name: 'No Symbol', nativeCurrency: { name: 'X', decimals: 18 } },
      /"No Symbol"\) has an invalid nativeCurrency/,
    ],
    ['no nativeCurrency', { ...good, name: 'No Currency', nativeCurrency: undefined }, /"No Currency"\) has an invalid nativeCurrency/],
    ['no name', { ...good, name: '' }, /network #1 .*has no name/],
    [
      'a caipNetworkId for another chain',
      { ...defineNetwork(good), caipNetworkId: 'eip155:5' },
      /"Anvil"\) has caipNetworkId eip155:5, expected eip155:31337/,
    ],
    ['a non-object', null, /network #1 is not an object/],
  ])('refuses a network with %s, naming it', (_what, network, message) => {
    expect(setupError({ networks: [network] }).message).toMatch(message)
  })

  it('names the position of the bad network in the list', () => {
    expect(setupError({ networks: [good, { ...good, id: 31338, name: 'Second', rpcUrls: { default: { http: [] } } }] }).message).toMatch(
      /eip155 network #2 \("Second"\) has no valid rpcUrls/,
    )
  })

  it('refuses a network listed twice, naming its CAIP id', () => {
    expect(setupError({ networks: [good, { ...good, name: 'Anvil again' }] }).message).toMatch(
      /eip155 network #2 \("Anvil again"\) eip155:31337 is listed twice/,
    )
    expect(setupError({ networks: [viemMainnet, defineNetwork(viemMainnet)] }).message).toMatch(/eip155:1 is listed twice/)
  })

  it('refuses a predefined network from another namespace', () => {
    const foreign = { ...defineNetwork(good), chainNamespace: 'solana' }
    expect(setupError({ networks: [foreign] }).message).toMatch(/"Anvil"\).*solana/)
  })

  it('refuses a predefined network without chainNamespace', () => {
    const { chainNamespace: _dropped, ...partial } = defineNetwork(good)
    expect(setupError({ networks: [partial] }).message).toMatch(/"Anvil"\).*chainNamespace/)
  })
})

describe('accepted networks', () => {
  it('accepts viem Chain objects and gives them CAIP ids', () => {
    const modal = kernelWith({ networks: [viemMainnet, viemOptimism, viemSepolia] })
    const adapter = kernelOf(modal).chains.get('eip155')!
    expect(adapter.networks.map((n) => [n.caipNetworkId, n.chainNamespace, n.id, n.name])).toEqual([
      ['eip155:1', 'eip155', 1, viemMainnet.name],
      ['eip155:10', 'eip155', 10, viemOptimism.name],
      ['eip155:11155111', 'eip155', 11155111, viemSepolia.name],
    ])
    expect(adapter.networks[0]!.rpcUrls.default.http).toEqual(viemMainnet.rpcUrls.default.http)
    expect(adapter.networks[0]!.nativeCurrency).toEqual(viemMainnet.nativeCurrency)
    expect(modal.getPlugin('eip155')).toEqual({ networks: adapter.networks })
    modal.destroy()
  })

  it('keeps defined networks as they are, first one the default', () => {
    const network = defineNetwork(good)
    const other = defineNetwork({ ...good, id: 31338, name: 'Other' })
    const modal = kernelWith({ networks: [network, other] })
    expect(kernelOf(modal).chains.get('eip155')!.networks).toEqual([network, other])
    expect(kernelOf(modal).chains.get('eip155')!.networks[0]).toBe(network)
    expect(kernelOf(modal).connection.networkFor('eip155')).toBe(network)
    modal.destroy()
  })

  it('declares what the EVM adapter can do', () => {
    const modal = kernelWith({ networks: [good] })
    const adapter = kernelOf(modal).chains.get('eip155')!
    expect([...adapter.capabilities].sort()).toEqual(['eip155:addChain', 'history', 'sendNative', 'signMessage', 'switchNetwork'])
    expect(typeof adapter.sendNative).toBe('function')
    modal.destroy()
  })
})
