/** The bip122 strict address rule (bech32/base58check with the network's prefixes) and its normal form, read from the adapter. */
import { describe, expect, it } from 'vitest'
import { addressRulesOf } from '../../../kernel/index.js'
import { createBip122Adapter } from '../../../chains/bip122/adapter.js'
import { bitcoin, bitcoinTestnet } from '../../../chains/bip122/networks.js'

const adapter = createBip122Adapter([bitcoin, bitcoinTestnet])
// BIP-173's P2WPKH example, and well-known base58check P2PKH and P2SH mainnet addresses.
const SEGWIT = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
const P2PKH = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'
const P2SH = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'

describe('bip122 address rules', () => {
  it('writes a segwit address in lowercase, an upper-case one included; base58 stays as it is', async () => {
    const r = await addressRulesOf(adapter)
    expect(r.normalize(SEGWIT, bitcoin)).toBe(SEGWIT)
    expect(r.problem(SEGWIT.toUpperCase(), bitcoin)).toBeUndefined()
    expect(r.normalize(SEGWIT.toUpperCase(), bitcoin)).toBe(SEGWIT)
    expect(r.normalize(` ${P2PKH}\n`, bitcoin)).toBe(P2PKH)
    expect(r.normalize(P2SH, bitcoin)).toBe(P2SH)
  })

  it("refuses another network's address, mixed-case bech32 and a broken checksum, naming the network", async () => {
    const r = await addressRulesOf(adapter)
    expect(r.problem(SEGWIT, bitcoinTestnet)).toBe(`"${SEGWIT}" is an address of another network, not Bitcoin Testnet`)
    const mixed = SEGWIT.slice(0, 10) + SEGWIT.slice(10).toUpperCase()
    expect(r.problem(mixed, bitcoin)).toBe(`"${mixed}" is not a valid Bitcoin address`)
    const typo = SEGWIT.slice(0, -1) + 'q'
    expect(r.problem(typo, bitcoin)).toBe(`"${typo}" is not a valid Bitcoin address: bad checksum`)
    expect(() => r.normalize(P2PKH.slice(0, -1) + '3', bitcoin)).toThrow(
      expect.objectContaining({ code: 'NOT_SUPPORTED', message: expect.stringContaining('bad checksum') }),
    )
  })
})
