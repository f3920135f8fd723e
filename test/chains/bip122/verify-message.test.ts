// Bitcoin-like message signatures: BIP-322 simple (P2WPKH, P2TR key path) and legacy signed messages (BIP-137,
// the network's own message prefix). Public vectors from BIP-322, Bitcoin Core and hardware-wallet suites, the
// Sandbox Bitcoin Wallet's own signMessage on the Litecoin sandbox chain, and tampered or malformed input.
import * as ecc from '@bitcoinerlab/secp256k1'
import { Transaction, crypto, payments } from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import { describe, expect, it } from 'vitest'
import { createBip122Adapter } from '../../../chains/bip122/adapter.js'
import { bitcoin, bitcoinTestnet } from '../../../chains/bip122/index.js'
import { toBitcoinjsNetwork } from '../../../chains/bip122/psbt.js'
import { messageHash, readWitness, virtualTransactions } from '../../../chains/bip122/verify-message-bip322.js'
import { outputScript, verifyMessage } from '../../../chains/bip122/verify-message.js'
import { chainFeature } from '../../../kernel/index.js'
import { createBitcoinWallet, type AddressKind } from '../../../sandbox/bip122/wallet-core.js'
import { litecoinRegtest } from './fixtures.js'

const ECPair = ECPairFactory(ecc)
const litecoin = litecoinRegtest('http://127.0.0.1:9')
const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')
const txid = (tx: Transaction) => toHex(tx.getHash().slice().reverse())
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
const utf8 = (text: string) => new TextEncoder().encode(text)

// BIP-322's test vectors: key L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k.
const BIP322_ADDRESS = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l'
const BIP322 = {
  '': [
    'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
    'AkgwRQIhAPkJ1Q4oYS0htvyuSFHLxRQpFAY56b70UvE7Dxazen0ZAiAtZfFz1S6T6I23MWI2lK/pcNTWncuyL8UL+oMdydVgzAEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
  ],
  'Hello World': [
    'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
    'AkgwRQIhAOzyynlqt93lOKJr+wmmxIens//zPzl9tqIOua93wO6MAiBi5n5EyAcPScOjf1lAqIUIQtr3zKNeavYabHyR8eGhowEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
  ],
}
const EXAMPLE = 'This is an example of a signed message.'

describe('bip122 verifyMessage: BIP-322 simple', () => {
  it('message hashes and virtual transactions match the BIP', () => {
    expect(toHex(messageHash(utf8('')))).toBe('c90c269c4f8fcbe6880f72a721ddfbf1914268a794cbb21cfafee13770ae19f1')
    expect(toHex(messageHash(utf8('Hello World')))).toBe('f0eb03b1a75ac6d9847f55c624a99169b5dccba2a31f5b23bea77ba270de0a7a')
    const script = outputScript(BIP322_ADDRESS, bitcoin.custom.params)!
    const empty = virtualTransactions(utf8(''), script)
    expect([txid(empty.toSpend), txid(empty.toSign)]).toEqual([
      'c5680aa69bb8d860bf82d4e9cd3504b55dde018de765a91bb566283c545a99a7',
      '1e9654e951a5ba44c8604c4de6c67fd78a27e81dcadcfe1edf638ba3aaebaed6',
    ])
    const hello = virtualTransactions(utf8('Hello World'), script)
    expect([txid(hello.toSpend), txid(hello.toSign)]).toEqual([
      'b79d196740ad5217771c1098fc4a4b51e0535c32236c71f1ea4d61a2d603352b',
      '88737ae86f2077145f93cc4b153ae9a1cb8d56afa511988c149c5c8c9d93bddf',
    ])
  })

  it.each(Object.entries(BIP322))('accepts the BIP vectors for %j and refuses them for another message', async (message, signatures) => {
    for (const signature of signatures) {
      expect(await verifyMessage({ address: BIP322_ADDRESS, message, signature, network: bitcoin })).toBe(true)
      expect(await verifyMessage({ address: BIP322_ADDRESS, message: message ? '' : 'Hello World', signature, network: bitcoin })).toBe(
        false,
      )
    }
  })

  it("accepts Bitcoin Core's P2TR vector (SIGHASH_ALL), not for another message or address", async () => {
    const address = 'bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3'
    const signature = 'AUHd69PrJQEv+oKTfZ8l+WROBHuy9HKrbFCJu7U1iK2iiEy1vMU5EfMtjc+VSHM7aU0SDbak5IUZRVno2P5mjSafAQ=='
    expect(await verifyMessage({ address, message: 'Hello World', signature, network: bitcoin })).toBe(true)
    expect(await verifyMessage({ address, message: 'Hello World!', signature, network: bitcoin })).toBe(false)
    expect(await verifyMessage({ address: BIP322_ADDRESS, message: 'Hello World', signature, network: bitcoin })).toBe(false)
  })

  it('round trip P2TR key path with a real key: SIGHASH_DEFAULT (64 bytes) and SIGHASH_ALL (65)', async () => {
    const network = toBitcoinjsNetwork(bitcoinTestnet.custom.params)
    const key = ECPair.fromPrivateKey(Buffer.alloc(32, 5), { network })
    const internal = key.publicKey.subarray(1, 33)
    const tweaked = key.tweak(crypto.taggedHash('TapTweak', internal))
    const { address, output } = payments.p2tr({ pubkey: tweaked.publicKey.subarray(1, 33), network })
    const message = 'bitcoin.example wants you to sign in with your Bitcoin account'
    const { toSign } = virtualTransactions(utf8(message), output!)
    const sign = (hashType: number) => {
      const signature = ecc.signSchnorr(toSign.hashForWitnessV1(0, [output!], [0n], hashType), tweaked.privateKey!)
      const item = hashType ? Uint8Array.from([...signature, hashType]) : signature
      return base64(Uint8Array.from([1, item.length, ...item]))
    }
    expect(address).toMatch(/^tb1p/)
    for (const hashType of [0, 1]) {
      expect(await verifyMessage({ address: address!, message, signature: sign(hashType), network: bitcoinTestnet })).toBe(true)
      expect(await verifyMessage({ address: address!, message: `${message}.`, signature: sign(hashType), network: bitcoinTestnet })).toBe(
        false,
      )
    }
    // SIGHASH_NONE is not a message signature; the untweaked key does not own the output.
    const none = Uint8Array.from([...ecc.signSchnorr(toSign.hashForWitnessV1(0, [output!], [0n], 2), tweaked.privateKey!), 2])
    expect(
      await verifyMessage({ address: address!, message, signature: base64(Uint8Array.from([1, 65, ...none])), network: bitcoinTestnet }),
    ).toBe(false)
    const untweaked = ecc.signSchnorr(toSign.hashForWitnessV1(0, [output!], [0n], 0), key.privateKey!)
    expect(
      await verifyMessage({
        address: address!,
        message,
        signature: base64(Uint8Array.from([1, 64, ...untweaked])),
        network: bitcoinTestnet,
      }),
    ).toBe(false)
  })

  it('reads a witness stack exactly: extra, missing or oversized items are refused', () => {
    expect(readWitness(Uint8Array.from([2, 1, 7, 2, 8, 9]))).toEqual([Uint8Array.of(7), Uint8Array.of(8, 9)])
    expect(readWitness(Uint8Array.from([2, 1, 7, 2, 8, 9, 0]))).toBeUndefined()
    expect(readWitness(Uint8Array.from([2, 1, 7, 3, 8, 9]))).toBeUndefined()
    expect(readWitness(Uint8Array.from([0xfe, 0, 0, 0, 1]))).toBeUndefined()
    expect(readWitness(new Uint8Array())).toBeUndefined()
  })
})

describe('bip122 verifyMessage: legacy signed messages', () => {
  it.each([
    // Trezor's suite: P2PKH with a compressed key (header 31–34).
    ['1JAd7XCBzGudGpJQSDSfpmJhiygtLQWaGL', 'IP2PL321I4/N0HfVIEw+aUnCYdcAJpzvwdnS3O9rlQI2MO5hf2yKz560DI7dcEycp06kr8OT9D81tOiVgyTL3Rw='],
    // The BIP-137 P2WPKH header (39–42), as Bitcoin Core's signmessagewithprivkey of the same key hash gives it.
    [
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      'KLRN6BWUkHM2/ac9gTTx/izIth+Q8dyI1m6T8UJX061hEXMnFtDTlKJ/IYgwVCzr1zoF6zlAVzmBa/yEc7Dfi0s=',
    ],
    // An uncompressed key (header 27–30), the original bitcoinjs example.
    ['1HZwkjkeaoZfTSaJxDw6aKkxp45agDiEzN', 'G9L5yLFjti0QTHhPyFrZCT1V/MMnBtXKmoiKDZ78NDBjERki6ZTQZdSMCtkgoNmp17By9ItJr8o7ChX0XxY91nk='],
  ])('accepts the public vector for %s', async (address, signature) => {
    expect(await verifyMessage({ address, message: EXAMPLE, signature, network: bitcoin })).toBe(true)
    expect(await verifyMessage({ address, message: `${EXAMPLE} `, signature, network: bitcoin })).toBe(false)
    expect(await verifyMessage({ address: BIP322_ADDRESS, message: EXAMPLE, signature, network: bitcoin })).toBe(false)
  })

  it('accepts a segwit address signed with the P2PKH header, as Electrum-style wallets do', async () => {
    const signature = 'IJruGdQX+V6s+zvzTD3msz2l1obPchx19/bsefr+QGihcRArLSzXtkoUXA8k0NkBsIpFXGRxbG/s+eimZ+eGg70='
    expect(
      await verifyMessage({ address: 'bc1qnxhkjd3kcjdzqz4u0m47xj3dne907cd8yg7qdr', message: 'hello foo', signature, network: bitcoin }),
    ).toBe(true)
  })

  /** The Sandbox Bitcoin Wallet's own signMessage (auto-approving), on the Litecoin sandbox chain. */
  async function sandboxSignature(kind: AddressKind, message: string, keyByte = 9) {
    const core = createBitcoinWallet({
      privateKey: new Uint8Array(32).fill(keyByte),
      network: { caipNetworkId: litecoin.caipNetworkId, bitcoinjs: toBitcoinjsNetwork(litecoin.custom.params) },
      kind,
      approve: async () => true,
    })
    const features = core.wallet.features as Record<string, any>
    const { accounts } = await features['standard:connect'].connect()
    const [output] = await features['bitcoin:signMessage'].signMessage({ account: accounts[0], message: utf8(message) })
    return { address: core.address, signature: base64(output.signature) }
  }

  it.each(['p2wpkh', 'p2sh-p2wpkh', 'p2pkh'] as const)(
    "the sandbox wallet's %s signature verifies with Litecoin's prefix only",
    async (kind) => {
      const message = 'localhost wants you to sign in with your Bitcoin account:\nNonce: 8fj3k2l1x9'
      const { address, signature } = await sandboxSignature(kind, message)
      expect(address.startsWith('rltc1') || /^[mnQ2]/.test(address)).toBe(true)
      expect(await verifyMessage({ address, message, signature, network: litecoin })).toBe(true)
      expect(await verifyMessage({ address, message: message.replace('8fj3', '8fj4'), signature, network: litecoin })).toBe(false)
      // The same network with Bitcoin's message prefix: the digest differs, the recovered key is another.
      const withBitcoinPrefix = {
        ...litecoin,
        custom: { ...litecoin.custom, params: { ...litecoin.custom.params, messagePrefix: undefined } },
      }
      expect(await verifyMessage({ address, message, signature, network: withBitcoinPrefix })).toBe(false)
      const other = await sandboxSignature(kind, message, 10)
      expect(await verifyMessage({ address, message, signature: other.signature, network: litecoin })).toBe(false)
    },
  )

  it("is the adapter's verifyMessage feature, loaded on first use", async () => {
    const adapter = createBip122Adapter([litecoin])
    const { address, signature } = await sandboxSignature('p2wpkh', 'hi')
    const verify = chainFeature(adapter, 'verifyMessage')
    expect(await verify({ address, message: 'hi', signature, network: litecoin })).toBe(true)
    expect(await verify({ address, message: 'ho', signature, network: litecoin })).toBe(false)
    adapter.destroy()
  })
})

describe('bip122 verifyMessage: malformed input resolves false', () => {
  const valid = BIP322['Hello World'][0]!
  const bytes = Buffer.from(valid, 'base64')

  it('signatures', async () => {
    const flipped = Buffer.from(bytes)
    flipped[20]! ^= 1
    const cases: unknown[] = [
      '',
      'garbage!',
      valid.slice(0, -1), // bad padding
      `${valid}=`,
      valid.replace(/=$/, ''),
      bytes.toString('hex'),
      base64(flipped),
      base64(Uint8Array.from([...bytes, 0])), // a byte after the witness
      base64(bytes.subarray(0, 40)), // cut
      base64(new Uint8Array(65).fill(27)), // a legacy header and a zero signature
      base64(Uint8Array.from([43, ...new Uint8Array(64).fill(1)])), // header out of range
      base64(new Uint8Array(66)),
      'A'.repeat(100_000),
      null,
      12,
    ]
    for (const signature of cases) {
      expect(
        await verifyMessage({ address: BIP322_ADDRESS, message: 'Hello World', signature: signature as string, network: bitcoin }),
        String(signature).slice(0, 30),
      ).toBe(false)
    }
    expect(await verifyMessage({ address: BIP322_ADDRESS, message: 'Hello World', signature: valid, network: bitcoin })).toBe(true)
  })

  it('addresses, networks and messages', async () => {
    const signature = valid
    for (const address of [
      '',
      'bc1qnotanaddress',
      BIP322_ADDRESS.toUpperCase().slice(0, -1),
      'tb1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l',
      42,
    ]) {
      expect(await verifyMessage({ address: address as string, message: 'Hello World', signature, network: bitcoin })).toBe(false)
    }
    // A mainnet address on testnet or Litecoin is another network's address.
    expect(await verifyMessage({ address: BIP322_ADDRESS, message: 'Hello World', signature, network: bitcoinTestnet })).toBe(false)
    expect(await verifyMessage({ address: BIP322_ADDRESS, message: 'Hello World', signature, network: litecoin })).toBe(false)
    expect(
      await verifyMessage({
        address: BIP322_ADDRESS,
        message: 'Hello World',
        signature,
        network: { ...bitcoin, custom: undefined } as never,
      }),
    ).toBe(false)
    expect(await verifyMessage({ address: BIP322_ADDRESS, message: undefined as unknown as string, signature, network: bitcoin })).toBe(
      false,
    )
    // A P2WSH address: no message format here covers a script.
    const p2wsh = payments.p2wsh({ hash: Buffer.alloc(32, 1) }).address!
    expect(await verifyMessage({ address: p2wsh, message: 'Hello World', signature, network: bitcoin })).toBe(false)
  })
})
