import { describe, expect, it } from 'vitest'
import { isPairingExpired, PAIRING_EXPIRY_MARGIN_MS, PAIRING_EXPIRY_MS } from '../../../plugins/walletconnect/pairing.js'

describe('pairing URI expiry', () => {
  it('is valid 4 minutes and treated as expired within 10 s of its expiry', () => {
    expect(PAIRING_EXPIRY_MS).toBe(240_000)
    expect(PAIRING_EXPIRY_MARGIN_MS).toBe(10_000)
    const createdAt = 1_000_000
    const expiresAt = createdAt + PAIRING_EXPIRY_MS
    expect(isPairingExpired(expiresAt, createdAt)).toBe(false)
    expect(isPairingExpired(expiresAt, createdAt + 229_999)).toBe(false)
    expect(isPairingExpired(expiresAt, createdAt + 230_000)).toBe(true)
    expect(isPairingExpired(undefined, createdAt)).toBe(true)
  })
})
