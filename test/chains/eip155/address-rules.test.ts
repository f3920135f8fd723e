/** The eip155 strict address rule (EIP-55, `0x`) and its normal form, as every feature reads them from the adapter. */
import { describe, expect, it } from 'vitest'
import { addressRulesOf, type AddressRules } from '../../../kernel/index.js'
import { createEip155Adapter } from '../../../chains/eip155/adapter.js'
import { mainnet } from '../../../chains/eip155/index.js'

const CHECKSUMMED = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const adapter = createEip155Adapter({ networks: [mainnet], eip6963: false })
const rules = (): Promise<AddressRules> => addressRulesOf(adapter)

describe('eip155 address rules', () => {
  it('accepts a checksummed, an all-lowercase, an all-uppercase and an unprefixed address; writes each as 0x + EIP-55', async () => {
    const r = await rules()
    for (const value of [
      CHECKSUMMED,
      CHECKSUMMED.toLowerCase(),
      `0x${CHECKSUMMED.slice(2).toUpperCase()}`,
      CHECKSUMMED.slice(2),
      ` ${CHECKSUMMED.toLowerCase()}\n`,
    ]) {
      expect(r.problem(value, mainnet)).toBeUndefined()
      expect(r.normalize(value, mainnet)).toBe(CHECKSUMMED)
    }
  })

  it('refuses mixed case that does not match the checksum, though the structural isAddress accepts it', async () => {
    const r = await rules()
    const typo = CHECKSUMMED.replace('f39F', 'f39f')
    expect(adapter.isAddress(typo)).toBe(true)
    expect(r.problem(typo, mainnet)).toBe(`Invalid EVM address: "${typo}" does not match its EIP-55 checksum (check for a mistyped letter)`)
    expect(() => r.normalize(typo, mainnet)).toThrow(expect.objectContaining({ code: 'NOT_SUPPORTED', message: r.problem(typo, mainnet) }))
  })

  it.each([
    ['a short address', CHECKSUMMED.slice(0, -1)],
    ['an upper-case 0X', `0X${CHECKSUMMED.slice(2)}`],
    ['a non-hex digit', `${CHECKSUMMED.slice(0, -1)}g`],
    ['an empty text', ''],
  ])('refuses %s with a message naming the expected form', async (_what, value) => {
    const r = await rules()
    expect(r.problem(value, mainnet)).toBe(`Invalid EVM address: "${value.trim()}" (expected 0x and 40 hex digits)`)
    expect(() => r.normalize(value, mainnet)).toThrow('expected 0x and 40 hex digits')
  })

  it('input that is not text is refused, not thrown on', async () => {
    const r = await rules()
    expect(r.problem(42 as never, mainnet)).toMatch(/^Invalid EVM address/)
  })
})
