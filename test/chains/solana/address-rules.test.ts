/** The solana strict address rule (base58 of a 32-byte key) and its normal form, read from the adapter. */
import { describe, expect, it } from 'vitest'
import { addressRulesOf } from '../../../kernel/index.js'
import { createSolanaAdapter } from '../../../chains/solana/adapter.js'
import { solanaMainnet as solana } from '../../../chains/solana/networks.js'

const adapter = createSolanaAdapter({ networks: [solana] })
const KEY = 'So11111111111111111111111111111111111111112'

describe('solana address rules', () => {
  it('accepts base58 of 32 bytes and keeps it as typed (base58 is case-sensitive), without surrounding space', async () => {
    const r = await addressRulesOf(adapter)
    expect(r.problem(KEY, solana)).toBeUndefined()
    expect(r.normalize(`  ${KEY} `, solana)).toBe(KEY)
  })

  it.each([
    ['33 bytes', '1'.repeat(33)],
    ['a character outside base58 (0)', KEY.replace('S', '0')],
    ['an EVM address', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
  ])('refuses %s with the Solana message', async (_what, value) => {
    const r = await addressRulesOf(adapter)
    expect(r.problem(value, solana)).toBe(`Invalid Solana address: "${value}" (expected base58 text of a 32-byte public key)`)
    expect(() => r.normalize(value, solana)).toThrow(expect.objectContaining({ code: 'NOT_SUPPORTED' }))
  })
})
