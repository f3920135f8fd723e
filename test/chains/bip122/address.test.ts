// isAddress of the bip122 plugin: every address kind, wrong networks, bad checksums, the BIP-173/350 vectors,
// and a cross-check against bitcoinjs-lib on random keys. The checks themselves use no SDK.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import * as ecc from '@bitcoinerlab/secp256k1'
import { address as bjsAddress, initEccLib, payments, type Network } from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import { addressError, bitcoin, bitcoinTestnet, isAddress } from '../../../chains/bip122/index.js'
import { sha256 } from '../../../chains/bip122/address.js'
import { litecoinRegtest, LITECOIN_PARAMS } from './fixtures.js'

initEccLib(ecc)
const ECPair = ECPairFactory(ecc)
const regtest = litecoinRegtest('http://127.0.0.1:1')

const BTC_MAIN: Network = {
  messagePrefix: '\x18Bitcoin Signed Message:\n',
  bech32: 'bc',
  bip32: { public: 0x0488b21e, private: 0x0488ade4 },
  pubKeyHash: 0,
  scriptHash: 5,
  wif: 0x80,
}
const BTC_TEST: Network = { ...BTC_MAIN, bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }

describe('sha256', () => {
  it('matches node:crypto on every length across several blocks', () => {
    let seed = 1
    for (let length = 0; length < 300; length++) {
      const bytes = Uint8Array.from({ length }, () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) & 255)
      expect(Buffer.from(sha256(bytes)).toString('hex')).toBe(createHash('sha256').update(bytes).digest('hex'))
    }
  })
})

describe('isAddress without a network (Bitcoin mainnet or testnet)', () => {
  it.each([
    ['P2PKH', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
    ['P2PKH of hash 0', '1111111111111111111114oLvT2'],
    ['P2SH', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
    ['testnet P2PKH', 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn'],
    ['testnet P2SH', '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc'],
    ['P2WPKH', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['P2WPKH upper case', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4'],
    ['P2WSH', 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3'],
    ['testnet P2WSH', 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7'],
    ['P2TR (bech32m v1)', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'],
    ['testnet P2TR', 'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c'],
    ['v1 with a 40-byte program', 'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y'],
    ['v16 with a 2-byte program', 'BC1SW50QGDZ25J'],
  ])('accepts %s', (_kind, value) => {
    expect(addressError(value)).toBeUndefined()
    expect(isAddress(value)).toBe(true)
  })

  it.each([
    ['bad base58 checksum', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3'],
    ['bad bech32 checksum', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'],
    ['v1 with a bech32 (not bech32m) checksum', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd'],
    ['v0 with a bech32m checksum', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh'],
    ['testnet v0 with a bech32m checksum', 'tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47'],
    ['v3 with a bech32 checksum', 'BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL'],
  ])('rejects a %s with "bad checksum"', (_kind, value) => {
    expect(isAddress(value)).toBe(false)
    expect(addressError(value)).toBe(`"${value}" is not a valid Bitcoin address: bad checksum`)
  })

  it.each([
    ['witness version 17', 'BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R'],
    ['a 1-byte program', 'bc1pw5dgrnzv'],
    ['a 41-byte program', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav'],
    ['a 16-byte v0 program (valid bech32)', 'bc1qw46h2at4w46h2at4w46h2at4w5k66ahf'],
    ['mixed case', 'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq'],
    ['more than 4 padding bits', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf'],
    ['non-zero padding', 'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j'],
    ['an empty data part', 'bc1gmk9yu'],
    ['a character outside the bech32 set', 'bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4'],
    ['an EVM address', '0x52908400098527886E0F7030069857D2E4169EE7'],
    ['a base58 string of the wrong length', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2aa'],
    ['base58 with a 0', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNV02'],
    ['an empty string', ''],
  ])('rejects %s as not an address', (_kind, value) => {
    expect(isAddress(value)).toBe(false)
    expect(addressError(value)).toBe(`"${value}" is not a valid Bitcoin address`)
  })

  it('rejects values that are not strings without throwing', () => {
    for (const value of [undefined, null, 42, {}, ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4']]) {
      expect(isAddress(value as unknown as string)).toBe(false)
    }
  })

  it('names the network when an address belongs to another one', () => {
    const pubkey = ECPair.fromPrivateKey(new Uint8Array(32).fill(3)).publicKey
    const litecoin = { ...BTC_MAIN, bech32: 'ltc', pubKeyHash: 0x30, scriptHash: 0x32 }
    for (const value of [payments.p2wpkh({ pubkey, network: litecoin }).address!, payments.p2pkh({ pubkey, network: litecoin }).address!]) {
      expect(addressError(value)).toBe(`"${value}" is an address of another network, not Bitcoin`)
    }
  })
})

describe('isAddress for a given network', () => {
  it('accepts mainnet addresses only on mainnet and testnet ones only on testnet', () => {
    expect(isAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', bitcoin)).toBe(true)
    expect(isAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', bitcoinTestnet)).toBe(false)
    expect(isAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', bitcoinTestnet)).toBe(true)
    expect(isAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', bitcoin)).toBe(false)
    expect(isAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', bitcoinTestnet)).toBe(false)
    expect(isAddress('2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc', bitcoin)).toBe(false)
    expect(addressError('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', bitcoinTestnet)).toBe(
      '"bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4" is an address of another network, not Bitcoin Testnet',
    )
  })

  it('uses the injected prefixes of a custom network (Litecoin regtest: rltc, 0x6f, 0x3a)', () => {
    expect(isAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', regtest)).toBe(false)
    expect(addressError('nope', regtest)).toBe('"nope" is not a valid Litecoin Regtest address')
    expect(addressError('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', regtest)).toBe(
      '"1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3" is not a valid Litecoin Regtest address: bad checksum',
    )
    // A list of networks: any of them.
    expect(isAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', [regtest, bitcoin])).toBe(true)
  })

  it('agrees with bitcoinjs-lib for every kind on random keys, and catches every one-character change', () => {
    const networks = [
      { network: bitcoin, params: BTC_MAIN },
      { network: bitcoinTestnet, params: BTC_TEST },
      { network: regtest, params: { ...BTC_TEST, ...LITECOIN_PARAMS } },
    ]
    let seed = 7
    const next = () => (seed = (seed * 48271) % 0x7fffffff)
    for (let round = 0; round < 40; round++) {
      const key = ECPair.makeRandom({ rng: (n = 32) => Uint8Array.from({ length: n }, () => next() & 255) })
      const pubkey = key.publicKey
      for (const { network, params } of networks) {
        const made = [
          payments.p2pkh({ pubkey, network: params }).address!,
          payments.p2sh({ redeem: payments.p2wpkh({ pubkey, network: params }), network: params }).address!,
          payments.p2wpkh({ pubkey, network: params }).address!,
          payments.p2wsh({ redeem: payments.p2pkh({ pubkey, network: params }), network: params }).address!,
          payments.p2tr({ internalPubkey: pubkey.subarray(1), network: params }).address!,
        ]
        for (const value of made) {
          expect(() => bjsAddress.toOutputScript(value, params)).not.toThrow()
          expect(isAddress(value, network), value).toBe(true)
          for (const other of networks) {
            let theirs = true
            try {
              bjsAddress.toOutputScript(value, other.params)
            } catch {
              theirs = false
            }
            expect(isAddress(value, other.network), `${value} on ${other.network.name}`).toBe(theirs)
          }
          // Change one character to another of the same alphabet: the checksum catches it.
          const i = 4 + (next() % (value.length - 4))
          const alphabet = value.startsWith(`${params.bech32}1`)
            ? 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
            : '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
          const replacement = alphabet[(alphabet.indexOf(value[i]!) + 1 + (next() % (alphabet.length - 1))) % alphabet.length]
          const broken = value.slice(0, i) + replacement + value.slice(i + 1)
          expect(isAddress(broken, network), broken).toBe(false)
        }
      }
    }
  })
})
