// Built-in EVM networks and the EVM address rule.
import { describe, expect, it } from 'vitest'
import { arbitrum, base, defineNetwork, isAddress, localhost, mainnet, optimism, polygon, sepolia } from '../../../chains/eip155/index.js'
import { networkProblems } from '../../../kernel/utils.js'
import { createEip155Adapter } from '../../../chains/eip155/adapter.js'

describe('built-in networks', () => {
  it.each([
    ['mainnet', mainnet, 1, 'ETH'],
    ['arbitrum', arbitrum, 42161, 'ETH'],
    ['base', base, 8453, 'ETH'],
    ['optimism', optimism, 10, 'ETH'],
    ['polygon', polygon, 137, 'POL'],
    ['sepolia', sepolia, 11155111, 'ETH'],
    ['localhost', localhost, 31337, 'ETH'],
  ] as const)('%s is chain %i with a valid CAIP network', (_name, network, id, symbol) => {
    expect(network.id).toBe(id)
    expect(network.caipNetworkId).toBe(`eip155:${id}`)
    expect(network.chainNamespace).toBe('eip155')
    expect(network.nativeCurrency).toMatchObject({ symbol, decimals: 18 })
    expect(networkProblems(network)).toEqual([])
  })

  it('Arbitrum One is chain 42161 with ETH of 18 decimals', () => {
    expect(arbitrum).toMatchObject({ id: 42161, name: 'Arbitrum One', nativeCurrency: { symbol: 'ETH', decimals: 18 } })
  })

  it('marks sepolia and localhost as testnets, and localhost points at 127.0.0.1:8545', () => {
    expect([mainnet, arbitrum, base, optimism, polygon].map((n) => Boolean(n.testnet))).toEqual([false, false, false, false, false])
    expect([sepolia.testnet, localhost.testnet]).toEqual([true, true])
    expect(localhost.rpcUrls.default.http).toEqual(['http://127.0.0.1:8545'])
  })

  it('gives every production network an https RPC and explorer', () => {
    for (const network of [mainnet, arbitrum, base, optimism, polygon, sepolia]) {
      expect(network.rpcUrls.default.http[0]).toMatch(/^https:\/\//)
      expect(network.blockExplorers?.default.url).toMatch(/^https:\/\//)
    }
  })

  it('defineNetwork adds the CAIP fields and keeps the rest', () => {
    const input = {
      id: 100,
      name: 'Gnosis',
      nativeCurrency: { name: 'xDAI', symbol: 'XDAI', decimals: 18 },
      rpcUrls: { default: { http: ['https://rpc.gnosischain.com'] } },
    }
    expect(defineNetwork(input)).toEqual({ ...input, caipNetworkId: 'eip155:100', chainNamespace: 'eip155' })
  })
})

describe('isAddress', () => {
  const hex40 = 'f39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

  it.each([`0x${hex40}`, hex40, `0x${hex40.toLowerCase()}`, `0x${hex40.toUpperCase()}`, `0x${'0'.repeat(40)}`])('accepts %s', (value) => {
    expect(isAddress(value)).toBe(true)
  })

  it.each([
    ['39 hex characters', `0x${hex40.slice(1)}`],
    ['41 hex characters', `0x${hex40}0`],
    ['a non-hex character', `0x${hex40.slice(1)}g`],
    ['an uppercase 0X prefix', `0X${hex40}`],
    ['surrounding spaces', ` 0x${hex40} `],
    ['a trailing newline', `0x${hex40}\n`],
    ['a doubled prefix', `0x0x${hex40.slice(2)}`],
    ['an ENS name', 'vitalik.eth'],
    ['the empty string', ''],
    ['a CAIP address', `eip155:1:0x${hex40}`],
  ])('refuses %s', (_what, value) => {
    expect(isAddress(value)).toBe(false)
  })

  it.each([undefined, null, 42, {}])('refuses the non-string %j', (value) => {
    expect(isAddress(value as unknown as string)).toBe(false)
  })
})

describe('account type', () => {
  it('eip155 prefers smartAccount by default', () => {
    expect(createEip155Adapter({ networks: [], eip6963: true }).defaultAccountType).toBe('smartAccount')
  })
})
