import { describe, expect, it } from 'vitest'
import { ErrorText, VestibuleError, errorMessage, isUserRejection, shownMessage } from '../../kernel/errors.js'

describe('errors: catalogue texts', () => {
  it('has the texts of the error catalogue', () => {
    expect(ErrorText.httpStatus(404)).toBe('HTTP status code: 404')
    expect(ErrorText.failedToDisconnect).toBe('Failed to disconnect')
    expect(ErrorText.chainAdapterNotFound).toBe('Chain adapter not found')
    expect(ErrorText.networkNotFound).toBe('Network not found')
    expect(ErrorText.invalidCaipAddress).toBe('Invalid CAIP Address')
    expect(ErrorText.adapterNotFound).toBe('Adapter not found')
    expect(ErrorText.chainNotSupported).toBe('Chain is not supported')
    expect(ErrorText.caipNetworkUndefined).toBe('CaipNetwork is undefined')
    expect(ErrorText.signatureDeclined).toBe('Signature declined')
  })
})

describe('errors: VestibuleError', () => {
  it('carries code, message, cause and its name', () => {
    const cause = new Error('inner')
    const error = new VestibuleError('WALLET_ERROR', 'outer', cause)
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('VestibuleError')
    expect(error.code).toBe('WALLET_ERROR')
    expect(error.message).toBe('outer')
    expect(error.cause).toBe(cause)
  })
})

describe('errors: isUserRejection', () => {
  it.each([
    ['EIP-1193 code 4001', { code: 4001, message: 'x' }],
    ['ethers ACTION_REJECTED', { code: 'ACTION_REJECTED' }],
    ['"User rejected" message', new Error('User rejected the request.')],
    ['"user denied" message', { message: 'MetaMask: user denied account access' }],
    ['VestibuleError USER_REJECTED', new VestibuleError('USER_REJECTED', 'no')],
    [
      'a VestibuleError carrying the wallet code 4001 (as chain adapters keep it)',
      new VestibuleError('WALLET_ERROR', 'declined', undefined, 4001),
    ],
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

describe('errors: errorMessage', () => {
  it.each([
    [new Error('boom'), 'boom'],
    [{ message: 'object message' }, 'object message'],
    ['plain text', 'plain text'],
    [new Error(''), 'Something went wrong'],
    [null, 'Something went wrong'],
    [42, 'Something went wrong'],
  ])('errorMessage(%o) is %j', (error, text) => {
    expect(errorMessage(error)).toBe(text)
  })
})

describe('errors shown to people', () => {
  it("shownMessage presents the wallet's words as such, and caps any other message", () => {
    const says = (words: string) => `Wallet says: ${words}`
    expect(shownMessage(new VestibuleError('WALLET_ERROR', 'no funds', undefined, -32000, 'no funds'), says)).toBe('Wallet says: no funds')
    expect(shownMessage(new VestibuleError('NOT_SUPPORTED', 'Chain is not supported'), says)).toBe('Chain is not supported')
    expect(shownMessage(new Error('x'.repeat(5000)), says)).toHaveLength(200)
  })
})
