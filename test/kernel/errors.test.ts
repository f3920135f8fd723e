import { describe, expect, it } from 'vitest'
import { ErrorText, VestibuleError, errorMessage } from '../../kernel/errors.js'

describe('errors: catalogue texts (spec §8)', () => {
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
    expect(ErrorText.bothSiwe).toBe('Cannot set both `siweConfig` and `siwx` options')
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
