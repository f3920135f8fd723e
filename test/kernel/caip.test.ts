import { describe, expect, it } from 'vitest'
import { parseCaipAddress, parseCaipNetworkId, toCaipAddress } from '../../kernel/caip.js'
// No chain entry is imported: every family that follows CAIP-2 is accepted.

describe('caip: CAIP address validation', () => {
  it.each([
    ['eip155:1:0xabc', { namespace: 'eip155', reference: '1', address: '0xabc' }],
    [
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU',
      { namespace: 'solana', reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', address: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU' },
    ],
    [
      'polkadot:91b171bb158e2d3848fa23a9f1c25182:5Grw',
      { namespace: 'polkadot', reference: '91b171bb158e2d3848fa23a9f1c25182', address: '5Grw' },
    ],
    [
      'bip122:000000000019d6689c085ae165831e93:bc1q',
      { namespace: 'bip122', reference: '000000000019d6689c085ae165831e93', address: 'bc1q' },
    ],
    ['cosmos:cosmoshub-4:cosmos1abc', { namespace: 'cosmos', reference: 'cosmoshub-4', address: 'cosmos1abc' }],
    ['near:mainnet:alice.near', { namespace: 'near', reference: 'mainnet', address: 'alice.near' }],
  ])('parses %s', (value, parts) => {
    expect(parseCaipAddress(value)).toEqual(parts)
  })

  it.each([
    ['two parts', 'eip155:0xabc'],
    ['four parts', 'eip155:1:0xabc:extra'],
    ['an empty namespace', ':1:0xabc'],
    ['an empty reference', 'eip155::0xabc'],
    ['an empty address', 'eip155:1:'],
    ['an uppercase namespace', 'COSMOS:cosmoshub-4:cosmos1abc'],
    ['an empty string', ''],
  ])('rejects %s with "Invalid CAIP Address"', (_what, value) => {
    expect(() => parseCaipAddress(value)).toThrow(/^Invalid CAIP Address$/)
  })

  it('rejects a non-string', () => {
    expect(() => parseCaipAddress(undefined as never)).toThrow('Invalid CAIP Address')
  })
})

describe('caip: network ids', () => {
  it('splits namespace and reference at the first colon', () => {
    expect(parseCaipNetworkId('eip155:137')).toEqual({ namespace: 'eip155', reference: '137' })
  })

  it.each(['eip155', ':1', 'eip155:', ''])('rejects %j', (value) => {
    expect(() => parseCaipNetworkId(value)).toThrow('Invalid CAIP network id')
  })

  it('toCaipAddress joins a network id and an address', () => {
    expect(toCaipAddress('eip155:10', '0xabc')).toBe('eip155:10:0xabc')
    expect(parseCaipAddress(toCaipAddress('eip155:10', '0xabc'))).toEqual({ namespace: 'eip155', reference: '10', address: '0xabc' })
  })
})
