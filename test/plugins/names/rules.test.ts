// The registration rules: the coin type of an EVM chain at its 2^31 boundary, the label rule (lower-cased, letters,
// digits or hyphens, 4 to 63), and who may register (the auth connector on an active EVM network, with an address).
import { describe, expect, it } from 'vitest'
import { chainIdToCoinType, INVALID_CHAIN_ID } from '../../../plugins/names/index.js'
import { eligibleAccount, labelOf, labelProblem } from '../../../plugins/names/rules.js'

describe('chainIdToCoinType', () => {
  it('sets the high bit of a chain id below 2^31', () => {
    expect(chainIdToCoinType(0)).toBe(2147483648)
    expect(chainIdToCoinType(1)).toBe(2147483649)
    expect(chainIdToCoinType(31337)).toBe(2147514985)
    expect(chainIdToCoinType(2147483647)).toBe(4294967295)
  })

  it('throws "Invalid chainId" from 2^31 on, and for what is not a whole chain id', () => {
    expect(INVALID_CHAIN_ID).toBe('Invalid chainId')
    expect(() => chainIdToCoinType(2147483648)).toThrow(new Error('Invalid chainId'))
    expect(() => chainIdToCoinType(2 ** 40)).toThrow('Invalid chainId')
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => chainIdToCoinType(bad)).toThrow('Invalid chainId')
  })
})

describe('the label rule', () => {
  it('lower-cases, trims and drops the zone when the full name is typed', () => {
    expect(labelOf('  Carol-2 ', 'sandbox.id')).toBe('carol-2')
    expect(labelOf('CAROL.Sandbox.ID', 'sandbox.id')).toBe('carol')
  })

  it('letters, digits or hyphens, at least 4 (and at most 63, a DNS label)', () => {
    expect(labelProblem('abc')).toBe('short')
    expect(labelProblem('abcd')).toBeUndefined()
    expect(labelProblem('a-1-')).toBeUndefined()
    expect(labelProblem('a'.repeat(63))).toBeUndefined()
    expect(labelProblem('a'.repeat(64))).toBe('long')
    for (const bad of ['ab_cd', 'ab cd', 'ab.cd', '<b>x</b>', 'café', 'abc\u202e']) expect(labelProblem(bad)).toBe('characters')
  })
})

describe('who may register', () => {
  const auth = {
    status: 'connected',
    address: '0x1111111111111111111111111111111111111111',
    connectorType: 'AUTH',
    namespace: 'eip155',
    chainId: 1,
  }
  it('an account of the auth connector on an active EVM network', () => {
    expect(eligibleAccount(auth)).toBe(true)
  })
  it('not another connector, nor without an address, a network, a connection or on another family', () => {
    expect(eligibleAccount({ ...auth, connectorType: 'ANNOUNCED' })).toBe(false)
    expect(eligibleAccount({ ...auth, connectorType: undefined })).toBe(false)
    expect(eligibleAccount({ ...auth, address: undefined })).toBe(false)
    expect(eligibleAccount({ ...auth, chainId: undefined })).toBe(false)
    expect(eligibleAccount({ ...auth, status: 'connecting' })).toBe(false)
    expect(eligibleAccount({ ...auth, namespace: 'solana' })).toBe(false)
  })
})
