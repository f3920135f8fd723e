// What a wallet threw, as every chain adapter raises it: the wallet's code and words kept, the words capped.
import { describe, expect, it } from 'vitest'
import { walletError } from '../../../chains/shared/wallet-error.js'
import { VestibuleError, WALLET_MESSAGE_MAX } from '../../../kernel/index.js'

describe("a wallet error message is the wallet's words, capped", () => {
  it("a 1 MB message keeps 200 characters, without hidden characters, and is marked as the wallet's", () => {
    const error = walletError(Object.assign(new Error(`\u202e${'A'.repeat(1_000_000)}`), { code: -32000 }))
    expect(error).toBeInstanceOf(VestibuleError)
    expect(error.code).toBe('WALLET_ERROR')
    expect(error.walletCode).toBe(-32000)
    expect(Array.from(error.message)).toHaveLength(WALLET_MESSAGE_MAX)
    expect(error.message).toBe(`${'A'.repeat(199)}…`)
    expect(error.walletMessage).toBe(error.message)
  })

  it("a declined request keeps USER_REJECTED; the adapter's prefix stays outside the wallet's words", () => {
    expect(walletError(Object.assign(new Error('User rejected'), { code: 4001 }))).toMatchObject({
      code: 'USER_REJECTED',
      walletCode: 4001,
    })
    expect(walletError(new Error('boom'), { rejected: false, prefix: 'Send failed: ' })).toMatchObject({
      message: 'Send failed: boom',
      walletMessage: 'boom',
    })
    const own = new VestibuleError('NOT_SUPPORTED', 'x')
    expect(walletError(own)).toBe(own)
  })
})
