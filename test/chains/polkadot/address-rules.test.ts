/** The polkadot strict address rule (SS58 checksum and the network's prefix) and its normal form, read from the adapter. */
import { Keyring } from '@polkadot/keyring'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { addressRulesOf } from '../../../kernel/index.js'
import { createPolkadotAdapter } from '../../../chains/polkadot/adapter.js'
import { kusama, polkadotMainnet } from '../../../chains/polkadot/networks.js'

const adapter = createPolkadotAdapter({ networks: [polkadotMainnet, kusama], appName: 'Test' })
let pair: { address: string; publicKey: Uint8Array }
const encoded = (prefix: number) => new Keyring({ type: 'sr25519', ss58Format: prefix }).encodeAddress(pair.publicKey, prefix)

beforeAll(async () => {
  await cryptoWaitReady()
  pair = new Keyring({ type: 'sr25519', ss58Format: 0 }).addFromUri('//address-rules')
})

describe('polkadot address rules', () => {
  it("accepts the network's SS58 encoding and writes it as the key with that network's prefix", async () => {
    const r = await addressRulesOf(adapter)
    expect(r.problem(encoded(0), polkadotMainnet)).toBeUndefined()
    expect(r.normalize(` ${encoded(0)} `, polkadotMainnet)).toBe(encoded(0))
    expect(r.normalize(encoded(2), kusama)).toBe(encoded(2))
  })

  it("refuses the same key under another network's prefix: it may be a mistake, so it is not converted", async () => {
    const r = await addressRulesOf(adapter)
    expect(r.problem(encoded(42), polkadotMainnet)).toBe(`Not a Polkadot address (SS58 prefix 42, expected 0): ${encoded(42)}`)
    expect(() => r.normalize(encoded(2), polkadotMainnet)).toThrow(
      expect.objectContaining({ code: 'NOT_SUPPORTED', message: `Not a Polkadot address (SS58 prefix 2, expected 0): ${encoded(2)}` }),
    )
  })

  it('refuses a broken checksum and what is not SS58 at all', async () => {
    const r = await addressRulesOf(adapter)
    const address = encoded(0)
    const typo = address.slice(0, -1) + (address.endsWith('a') ? 'b' : 'a')
    expect(r.problem(typo, polkadotMainnet)).toBe(`Invalid Polkadot address (SS58 with a valid checksum expected): ${typo}`)
    expect(r.problem('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', polkadotMainnet)).toMatch(/^Invalid Polkadot address/)
  })
})
