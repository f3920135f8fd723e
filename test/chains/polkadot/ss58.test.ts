// SS58 without the SDK (eager part of the plugin), checked against @polkadot/util-crypto.
import { blake2AsU8a, decodeAddress as sdkDecode, encodeAddress as sdkEncode, checkAddress } from '@polkadot/util-crypto'
import { describe, expect, it } from 'vitest'
import { addressProblem, decodeAddress, isAddress, kusama, polkadotMainnet, westend } from '../../../chains/polkadot/index.js'
import { encodeAddress } from '../../../chains/polkadot/ss58-encode.js'
import { base58Decode, blake2b512 } from '../../../chains/polkadot/ss58.js'

const key = (seed: number) => Uint8Array.from({ length: 32 }, (_, i) => (i * 37 + seed * 11) & 255)
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

/** Alice's well-known key, in the three encodings everyone has seen. */
const ALICE = {
  generic: '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY',
  polkadot: '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5',
  kusama: 'HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F',
}

describe('blake2b512', () => {
  it.each([0, 1, 41, 127, 128, 129, 256, 300])('matches @polkadot/util-crypto for %i bytes', (length) => {
    const data = Uint8Array.from({ length }, (_, i) => (i * 31 + length) & 255)
    expect(hex(blake2b512(data))).toBe(hex(blake2AsU8a(data, 512)))
  })

  it('gives the RFC 7693 digest of "abc"', () => {
    expect(hex(blake2b512(new TextEncoder().encode('abc')))).toBe(
      'ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923',
    )
  })
})

describe('encode and decode', () => {
  it.each([0, 2, 42, 63, 64, 255, 1000, 16383])('round-trips prefix %i like @polkadot/util-crypto', (prefix) => {
    const publicKey = key(prefix)
    const address = sdkEncode(publicKey, prefix)
    expect(encodeAddress(publicKey, prefix)).toBe(address)
    expect(decodeAddress(address)).toEqual({ prefix, publicKey })
    expect(hex(sdkDecode(address))).toBe(hex(publicKey))
  })

  it('knows Alice in every encoding', () => {
    const alice = decodeAddress(ALICE.generic)!
    expect(alice.prefix).toBe(42)
    expect(encodeAddress(alice.publicKey, 0)).toBe(ALICE.polkadot)
    expect(encodeAddress(alice.publicKey, 2)).toBe(ALICE.kusama)
  })

  it('keeps leading zero bytes through base58', () => {
    expect([...base58Decode('11')!]).toEqual([0, 0])
    expect(base58Decode('0OIl')).toBeUndefined()
  })
})

describe('isAddress', () => {
  it('accepts SS58 account addresses with a valid checksum, of any prefix without a network', () => {
    for (const address of Object.values(ALICE)) expect(isAddress(address)).toBe(true)
  })

  it("accepts only the network's prefix when a network is given", () => {
    expect(isAddress(ALICE.polkadot, polkadotMainnet)).toBe(true)
    expect(isAddress(ALICE.kusama, kusama)).toBe(true)
    expect(isAddress(ALICE.generic, westend)).toBe(true)
    expect(isAddress(ALICE.generic, polkadotMainnet)).toBe(false)
    expect(isAddress(ALICE.polkadot, kusama)).toBe(false)
    expect(addressProblem(ALICE.kusama, polkadotMainnet)).toBe(`Not a Polkadot address (SS58 prefix 2, expected 0): ${ALICE.kusama}`)
  })

  it('rejects a bad checksum (one character changed) like @polkadot/util-crypto', () => {
    const tampered = `${ALICE.polkadot.slice(0, 20)}${ALICE.polkadot[20] === 'a' ? 'b' : 'a'}${ALICE.polkadot.slice(21)}`
    expect(checkAddress(tampered, 0)[0]).toBe(false)
    expect(isAddress(tampered)).toBe(false)
    expect(addressProblem(tampered)).toBe(`Invalid Polkadot address (SS58 with a valid checksum expected): ${tampered}`)
    // The checksum bytes themselves.
    const last = ALICE.polkadot.at(-1) === '5' ? '6' : '5'
    expect(isAddress(`${ALICE.polkadot.slice(0, -1)}${last}`)).toBe(false)
  })

  it('rejects what is not an account address', () => {
    const bad = [
      '',
      'hello',
      `0x${'ab'.repeat(20)}`, // an EVM address
      `${ALICE.polkadot}1`, // too long
      ALICE.polkadot.slice(0, -1), // too short
      ALICE.polkadot.replace(/.$/, '0'), // not base58
      sdkEncode(key(1).slice(0, 8), 42), // an 8-byte account index, not an account id
      '1'.repeat(10_000), // hostile length
      undefined,
      null,
      42,
    ]
    for (const value of bad) expect(isAddress(value as string)).toBe(false)
  })

  it.each([
    [polkadotMainnet, 0],
    [kusama, 2],
    [westend, 42],
  ] as const)('matches @polkadot/util-crypto checkAddress on %s', (network, prefix) => {
    for (let seed = 0; seed < 20; seed++) {
      const address = sdkEncode(key(seed), prefix)
      expect(checkAddress(address, prefix)).toEqual([true, null])
      expect(isAddress(address, network)).toBe(true)
    }
  })
})
