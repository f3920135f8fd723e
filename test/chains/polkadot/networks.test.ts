// Built-in networks, defineNetwork for local chains, and the plugin's option checks.
import { describe, expect, it } from 'vitest'
import { defineNetwork, kusama, polkadot, polkadotMainnet, westend } from '../../../chains/polkadot/index.js'
import { createKernel } from '../../../kernel/index.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const local = {
  name: 'Local',
  genesisHash: `0x${'45'.repeat(32)}`,
  ss58Prefix: 2,
  nativeCurrency: { name: 'Rococo', symbol: 'ROC', decimals: 12 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9944'], webSocket: ['ws://127.0.0.1:9944'] } },
}

const kernelWith = (networks: unknown[]) =>
  createKernel({ projectId: 'p', storage: null, plugins: [polkadot({ networks: networks as never })] })

describe('built-in networks', () => {
  it('Polkadot: DOT with 10 decimals, prefix 0, CAIP-2 from the genesis hash', () => {
    expect(polkadotMainnet).toMatchObject({
      name: 'Polkadot',
      id: '0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3',
      caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
      chainNamespace: 'polkadot',
      nativeCurrency: { symbol: 'DOT', decimals: 10 },
      custom: { ss58Prefix: 0, genesisHash: '0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3' },
    })
    expect(polkadotMainnet.rpcUrls.default.webSocket?.[0]).toMatch(/^wss:\/\//)
  })

  it('Westend (test network): WND with 12 decimals, prefix 42', () => {
    expect(westend).toMatchObject({
      caipNetworkId: 'polkadot:e143f23803ac50e8f6f8e62695d1ce9e',
      nativeCurrency: { symbol: 'WND', decimals: 12 },
      custom: { ss58Prefix: 42 },
      testnet: true,
    })
  })

  it('Kusama: KSM with 12 decimals, prefix 2', () => {
    expect(kusama).toMatchObject({
      caipNetworkId: 'polkadot:b0a8d493285c2df73290dfb7e61f870f',
      nativeCurrency: { symbol: 'KSM', decimals: 12 },
      custom: { ss58Prefix: 2 },
    })
  })
})

describe('defineNetwork', () => {
  it('takes the prefix and decimals of a local chain and derives the CAIP-2 id', () => {
    const network = defineNetwork({ ...local, genesisHash: `0x${'AB'.repeat(32)}` })
    expect(network).toMatchObject({
      id: `0x${'ab'.repeat(32)}`,
      caipNetworkId: `polkadot:${'ab'.repeat(16)}`,
      custom: { ss58Prefix: 2 },
      nativeCurrency: { decimals: 12 },
    })
  })

  it.each([
    [{ genesisHash: '0x1234' }, 'needs genesisHash: 0x and 64 hex digits'],
    [{ genesisHash: undefined }, 'needs genesisHash'],
    [{ ss58Prefix: -1 }, 'needs ss58Prefix: an integer 0–16383'],
    [{ ss58Prefix: 16384 }, 'needs ss58Prefix'],
    [{ ss58Prefix: 1.5 }, 'needs ss58Prefix'],
  ])('rejects %j', (patch, message) => {
    expect(() => defineNetwork({ ...local, ...patch } as never)).toThrow(message)
  })
})

describe('the polkadot plugin', () => {
  it('registers the adapter with its networks, an eoa account type and its capabilities', () => {
    const modal = kernelWith([polkadotMainnet, local])
    const adapter = kernelOf(modal).chains.get('polkadot')!
    expect(adapter.networks.map((n) => n.caipNetworkId)).toEqual([polkadotMainnet.caipNetworkId, `polkadot:${'45'.repeat(16)}`])
    expect(adapter.networks[0]).toBe(polkadotMainnet)
    expect(adapter.defaultAccountType).toBe('eoa')
    expect([...adapter.capabilities]).toEqual(['signMessage', 'sendNative'])
    expect(modal.getPlugin('polkadot')).toEqual({ networks: adapter.networks })
  })

  it('formats and parses amounts with the network decimals, as bigint', () => {
    const adapter = kernelOf(kernelWith([polkadotMainnet])).chains.get('polkadot')!
    expect(adapter.formatAmount(12_345_678_901n, polkadotMainnet)).toBe('1.2345678901')
    expect(adapter.parseAmount('1.5', polkadotMainnet)).toBe(15_000_000_000n)
    expect(adapter.parseAmount('0.000000000001', westend)).toBe(1n)
    expect(() => adapter.parseAmount('0.00000000001', polkadotMainnet)).toThrow(/decimals/)
  })

  it('rejects missing, duplicate and malformed networks with a message naming them', () => {
    expect(() => kernelWith([])).toThrow('polkadot() needs `networks`')
    expect(() => kernelWith([westend, westend])).toThrow(
      'polkadot network #2 ("Westend") polkadot:e143f23803ac50e8f6f8e62695d1ce9e is listed twice',
    )
    expect(() => kernelWith([{ ...local, rpcUrls: { default: { http: ['ftp://x'] } } }])).toThrow(
      'polkadot network #1 ("Local") has no valid rpcUrls.default.http',
    )
    expect(() => kernelWith([{ ...local, genesisHash: 'nope' }])).toThrow('needs genesisHash')
    expect(() => kernelWith([null])).toThrow('polkadot network #1 is not an object')
  })

  it('repairs a defined network whose CAIP id does not follow from its genesis hash', () => {
    const forged = { ...westend, caipNetworkId: 'polkadot:forged' as const }
    const adapter = kernelOf(kernelWith([forged])).chains.get('polkadot')!
    expect(adapter.networks[0]!.caipNetworkId).toBe(westend.caipNetworkId)
  })
})
