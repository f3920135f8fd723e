import { describe, expect, it } from 'vitest'
import { VestibuleError } from '../../kernel/errors.js'
import { isUserRejection, shownMessage } from '../../kernel/error-meaning.js'

describe('error meaning: isUserRejection', () => {
  it.each([
    ['EIP-1193 code 4001', { code: 4001, message: 'x' }],
    ['ethers ACTION_REJECTED', { code: 'ACTION_REJECTED' }],
    ['"User rejected" message', new Error('User rejected the request.')],
    ['"user denied" message', { message: 'MetaMask: user denied account access' }],
    ['VestibuleError USER_REJECTED', new VestibuleError('USER_REJECTED', 'no')],
    ['a VestibuleError carrying the wallet code 4001 (as chain adapters keep it)', new VestibuleError('WALLET_ERROR', 'declined', undefined, 4001)],
  ])('true for %s', (_what, error) => {
    expect(isUserRejection(error)).toBe(true)
  })

  it.each([
    ['another code', { code: 4100, message: 'Unauthorized' }],
    ['a VestibuleError of another code', new VestibuleError('WALLET_ERROR', 'Unauthorized')],
    ['null', null],
    ['a string', 'User rejected'],
    ['undefined', undefined],
  ])('false for %s', (_what, error) => {
    expect(isUserRejection(error)).toBe(false)
  })
})

describe('error meaning: errors shown to people', () => {
  it('shownMessage presents the wallet\'s words as such, and caps any other message', () => {
    const says = (words: string) => `Wallet says: ${words}`
    expect(shownMessage(new VestibuleError('WALLET_ERROR', 'no funds', undefined, -32000, 'no funds'), says)).toBe('Wallet says: no funds')
    expect(shownMessage(new VestibuleError('NOT_SUPPORTED', 'Chain is not supported'), says)).toBe('Chain is not supported')
    expect(shownMessage(new Error('x'.repeat(5000)), says)).toHaveLength(200)
  })
})
