/** addressRulesOf for a chain plugin without its own strict rule: its structural isAddress, with a generic message. */
import { describe, expect, it } from 'vitest'
import { addressRulesOf, type ChainAdapter, type CaipNetwork } from '../../../kernel/index.js'

const network = { name: 'Example Chain', caipNetworkId: 'example:1' } as unknown as CaipNetwork
const adapter = { isAddress: (value: string) => /^ex[0-9]{4}$/.test(value) } as unknown as ChainAdapter

describe('addressRulesOf', () => {
  it('falls back to isAddress on the trimmed text, and normalizes to that text', async () => {
    const r = await addressRulesOf(adapter)
    expect(r.problem(' ex1234 ', network)).toBeUndefined()
    expect(r.normalize(' ex1234 ', network)).toBe('ex1234')
    expect(r.problem('ex12', network)).toBe('Not a valid address on Example Chain')
    expect(() => r.normalize('ex12', network)).toThrow(
      expect.objectContaining({ code: 'NOT_SUPPORTED', message: 'Not a valid address on Example Chain' }),
    )
  })

  it("ignores an adapter's rules that are not functions (a third-party plugin's mistake)", async () => {
    const r = await addressRulesOf({ ...adapter, addressRules: async () => ({ problem: 'no' }) } as unknown as ChainAdapter)
    expect(r.problem('ex12', network)).toBe('Not a valid address on Example Chain')
  })
})
