/** Public CAIP utilities of issue 3 item 11, as hosts import them from `vestibule/utils`. */
import { describe, expect, it } from 'vitest'
import * as vestibule from '../../kernel/utils.js'
import { isCaipAddress, parseCaipAddress, parseCaipNetworkId } from '../../kernel/utils.js'
// Chain entries loaded change nothing: every family that follows CAIP-2 is accepted.
import '../../chains/eip155/index.js'
import '../../chains/solana/index.js'
import '../../chains/polkadot/index.js'
import '../../chains/bip122/index.js'

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SOLANA_MAINNET = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

describe('caip utilities are exported from vestibule/utils', () => {
  it('parseCaipNetworkId, parseCaipAddress and isCaipAddress are public', () => {
    expect(vestibule.parseCaipNetworkId).toBe(parseCaipNetworkId)
    expect(vestibule.parseCaipAddress).toBe(parseCaipAddress)
    expect(vestibule.isCaipAddress).toBe(isCaipAddress)
  })
})

describe('parseCaipNetworkId', () => {
  it.each([
    ['eip155:1', { namespace: 'eip155', reference: '1' }],
    ['eip155:42161', { namespace: 'eip155', reference: '42161' }],
    [`solana:${SOLANA_MAINNET}`, { namespace: 'solana', reference: SOLANA_MAINNET }],
    ['bip122:000000000019d6689c085ae165831e93', { namespace: 'bip122', reference: '000000000019d6689c085ae165831e93' }],
    // CAIP-2 allows any namespace of 3-8 characters; a plugin may bring a new chain family.
    ['cosmos:cosmoshub-4', { namespace: 'cosmos', reference: 'cosmoshub-4' }],
    ['abc:a_b-C', { namespace: 'abc', reference: 'a_b-C' }],
  ])('parses %s', (id, parts) => {
    expect(parseCaipNetworkId(id)).toEqual(parts)
  })

  it.each([
    ['no colon', 'eip155'],
    ['an empty namespace', ':1'],
    ['an empty reference', 'eip155:'],
    ['the empty string', ''],
    ['three parts (an address)', `eip155:1:${EVM}`],
    ['a namespace of 2 characters', 'ab:1'],
    ['a namespace of 9 characters', 'abcdefghi:1'],
    ['an uppercase namespace', 'EIP155:1'],
    ['a reference of 33 characters', `solana:${SOLANA_MAINNET}x`],
    ['a reference with a dot', 'eip155:1.0'],
    ['a reference with a space', 'eip155: 1'],
  ])('throws "Invalid CAIP …" for %s', (_what, id) => {
    expect(() => parseCaipNetworkId(id)).toThrow(/^Invalid CAIP/)
  })

  it.each([undefined, null, 1, {}])('throws "Invalid CAIP …" for the non-string %j', (value) => {
    expect(() => parseCaipNetworkId(value as never)).toThrow(/^Invalid CAIP/)
  })
})

describe('parseCaipAddress and isCaipAddress', () => {
  it.each([
    [`eip155:1:${EVM}`, { namespace: 'eip155', reference: '1', address: EVM }],
    [
      `solana:${SOLANA_MAINNET}:7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU`,
      { namespace: 'solana', reference: SOLANA_MAINNET, address: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU' },
    ],
    [
      'polkadot:91b171bb158e2d3848fa23a9f1c25182:5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY',
      { namespace: 'polkadot', reference: '91b171bb158e2d3848fa23a9f1c25182', address: '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY' },
    ],
    [
      'bip122:000000000019d6689c085ae165831e93:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      { namespace: 'bip122', reference: '000000000019d6689c085ae165831e93', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
    ],
    // CAIP-10 allows '.', '%' and '-' in the address, up to 128 characters.
    [`eip155:1:a.b%2-c`, { namespace: 'eip155', reference: '1', address: 'a.b%2-c' }],
    [`eip155:1:${'a'.repeat(128)}`, { namespace: 'eip155', reference: '1', address: 'a'.repeat(128) }],
  ])('accepts %s', (value, parts) => {
    expect(parseCaipAddress(value)).toEqual(parts)
    expect(isCaipAddress(value)).toBe(true)
  })

  it.each([
    ['two parts', `eip155:${EVM}`],
    ['four parts', `eip155:1:${EVM}:x`],
    ['an empty namespace', `:1:${EVM}`],
    ['an empty reference', `eip155::${EVM}`],
    ['an empty address', 'eip155:1:'],
    ['a namespace of 2 characters', 'ab:1:abc'],
    ['an uppercase namespace', `EIP155:1:${EVM}`],
    ['a reference of 33 characters', `solana:${SOLANA_MAINNET}x:abc`],
    ['a reference with a dot', `eip155:1.5:${EVM}`],
    ['an address of 129 characters', `eip155:1:${'a'.repeat(129)}`],
    ['an address with a space', 'eip155:1:0x 12'],
    ['an address with a slash', 'eip155:1:0x/12'],
    ['surrounding whitespace', ` eip155:1:${EVM}`],
    ['the empty string', ''],
  ])('refuses %s ("Invalid CAIP Address", isCaipAddress false)', (_what, value) => {
    expect(() => parseCaipAddress(value)).toThrow(/^Invalid CAIP Address$/)
    expect(isCaipAddress(value)).toBe(false)
  })

  it.each([undefined, null, 42, {}, ['eip155', '1', EVM]])('refuses the non-string %j without throwing from isCaipAddress', (value) => {
    expect(isCaipAddress(value)).toBe(false)
    expect(() => parseCaipAddress(value as never)).toThrow(/^Invalid CAIP/)
  })
})

describe("a modal narrows addresses to its chain plugins' families", () => {
  it('a modal knows the namespaces its chain plugins registered; an address of another family is not one of its addresses', async () => {
    const { createChainRegistry } = await import('../../kernel/chains.js')
    const { fakeAdapter } = await import('./helpers.js')
    const chains = createChainRegistry()
    chains.register(fakeAdapter({ namespace: 'cosmos' }).adapter)
    expect(chains.namespaces()).toEqual(['cosmos'])
    expect(parseCaipAddress('cosmos:cosmoshub-4:cosmos1abc', chains.namespaces())).toEqual({
      namespace: 'cosmos',
      reference: 'cosmoshub-4',
      address: 'cosmos1abc',
    })
    expect(isCaipAddress(`eip155:1:${EVM}`, chains.namespaces())).toBe(false)
    // Without the modal's list, every family that follows CAIP-2 is accepted, loaded or not.
    expect(isCaipAddress('cosmos:cosmoshub-4:cosmos1abc')).toBe(true)
    expect(isCaipAddress(`eip155:1:${EVM}`)).toBe(true)
  })
})
