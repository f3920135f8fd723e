// Polkadot message signatures: sr25519 (and ed25519, ecdsa) over the message's bytes wrapped in <Bytes>…</Bytes>
// as extensions sign them, or bare. Public vectors of @polkadot/util-crypto's suite, the Sandbox Polkadot Wallet
// signing through the chain plugin, and tampered or malformed input, which resolves false.
import { decodeAddress } from '@polkadot/util-crypto'
import { describe, expect, it } from 'vitest'
import { kusama, polkadotMainnet, westend } from '../../../chains/polkadot/index.js'
import { encodeAddress } from '../../../chains/polkadot/ss58-encode.js'
import { verifyMessage } from '../../../chains/polkadot/verify-message.js'
import { chainFeature } from '../../../kernel/index.js'
import { EXTENSION_ID, SEEDS, adapterOf, useHarness } from './harness.js'

const h = useHarness()

// Kusama (SS58 prefix 2) vectors for "hello world" from @polkadot/util-crypto's signatureVerify tests.
const MESSAGE = 'hello world'
const VECTORS = {
  sr25519: [
    'EK1bFgKm2FsghcttHT7TB7rNyXApFgs9fCbijMGQNyFGBQm',
    '0xca01419b5a17219f7b78335658cab3b126db523a5df7be4bfc2bef76c2eb3b1dcf4ca86eb877d0a6cf6df12db5995c51d13b00e005d053b892bd09c594434288',
  ],
  'sr25519, <Bytes>-wrapped': [
    'J9nD3s7zssCX7bion1xctAF6xcVexcpy2uwy4jTm9JL8yuK',
    '0x84b6afb1c8e54bbcb3f4872baf172580e21310e9387a53742627d6652d121447fa406b82805ed3184fb7bd519175cc9f99f283f97954d95cf966ee164df85489',
  ],
  ed25519: [
    'DxN4uvzwPzJLtn17yew6jEffPhXQfdKHTp2brufb98vGbPN',
    '0x299d3bf4c8bb51af732f8067b3a3015c0862a5ff34721749d8ed6577ea2708365d1c5f76bd519009971e41156f12c70abc2533837ceb3bad9a05a99ab923de06',
  ],
} as const
/** The suite's ecdsa vector: an account id (BLAKE2b-256 of the key) under SS58 prefix 5. */
const ECDSA = [
  'XyFVXiGaHxoBhXZkSh6NS2rjFyVaVNUo5UiZDqZbuSfUdji',
  '0x994638ee586d2c5dbd9bacacbc35d9b7e9018de8f7892f00c900db63bc57b1283e2ee7bc51a9b1c1dae121ac4f4b9e2a41cd1d6bf4bb3e24d7fed6faf6d85e0501',
] as const

describe('polkadot verifyMessage', () => {
  it.each(Object.entries(VECTORS))('accepts the public %s vector on Kusama, not for another message', async (_, [address, signature]) => {
    expect(await verifyMessage({ address, message: MESSAGE, signature, network: kusama })).toBe(true)
    expect(await verifyMessage({ address, message: 'hello world!', signature, network: kusama })).toBe(false)
  })

  it('accepts the ecdsa vector once its account id is written with the network prefix', async () => {
    const [original, signature] = ECDSA
    const address = encodeAddress(decodeAddress(original), 2)
    expect(await verifyMessage({ address, message: MESSAGE, signature, network: kusama })).toBe(true)
    expect(await verifyMessage({ address, message: 'hello', signature, network: kusama })).toBe(false)
    expect(await verifyMessage({ address: original, message: MESSAGE, signature, network: kusama })).toBe(false)
  })

  it('accepts the MultiSignature form (a type byte before the signature)', async () => {
    const [address, signature] = VECTORS.sr25519
    expect(await verifyMessage({ address, message: MESSAGE, signature: `0x01${signature.slice(2)}`, network: kusama })).toBe(true)
    const [edAddress, edSignature] = VECTORS.ed25519
    expect(await verifyMessage({ address: edAddress, message: MESSAGE, signature: `0x00${edSignature.slice(2)}`, network: kusama })).toBe(
      true,
    )
  })

  it('an address of another network (SS58 prefix) is refused, though it is the same key', async () => {
    const [address, signature] = VECTORS.sr25519
    expect(await verifyMessage({ address, message: MESSAGE, signature, network: polkadotMainnet })).toBe(false)
  })

  it.each(['sr25519', 'ed25519'] as const)(
    'round trip: the sandbox wallet (%s) signs through the chain plugin; the feature verifies it',
    async (keyType) => {
      const extension = await h.extension({ keyType })
      const modal = h.modal([polkadotMainnet])
      await modal.connect(EXTENSION_ID)
      const address = modal.getAccount().address!
      expect(address).toBe(encodeAddress(extension.publicKey, 0))
      const message = `localhost wants you to sign in with your Polkadot account:\n${address}\n\nNonce: k3j4h5g6f7\nÜnïcødé 0x1234`
      const signature = await modal.signMessage(message)
      const verify = chainFeature(adapterOf(modal), 'verifyMessage')
      expect(await verify({ address, message, signature, network: polkadotMainnet })).toBe(true)
      expect(await verify({ address, message: message.replace('k3j4', 'k3j5'), signature, network: polkadotMainnet })).toBe(false)
      const other = encodeAddress(new Uint8Array(32).fill(7), 0)
      expect(await verify({ address: other, message, signature, network: polkadotMainnet })).toBe(false)
      // The extension's own (generic prefix 42) address is Westend's form, not Polkadot's.
      expect(await verify({ address: extension.address, message, signature, network: westend })).toBe(true)
      expect(await verify({ address: extension.address, message, signature, network: polkadotMainnet })).toBe(false)
    },
  )

  it('a message that looks like hex is text: its UTF-8 bytes are what was signed', async () => {
    await h.extension({ seed: SEEDS[1] })
    const modal = h.modal([polkadotMainnet])
    await modal.connect(EXTENSION_ID)
    const address = modal.getAccount().address!
    const signature = await modal.signMessage('0x1234')
    expect(await verifyMessage({ address, message: '0x1234', signature, network: polkadotMainnet })).toBe(true)
    expect(await verifyMessage({ address, message: '\u0012\u0034', signature, network: polkadotMainnet })).toBe(false)
  })

  it('malformed signatures and addresses resolve false, never throw', async () => {
    const [address, signature] = VECTORS.sr25519
    const flipped = `${signature.slice(0, 20)}${signature[20] === 'a' ? 'b' : 'a'}${signature.slice(21)}`
    const cases: unknown[] = [
      '',
      'garbage',
      signature.slice(2), // no 0x
      signature.slice(0, -2), // 63 bytes
      `${signature}00000000`, // 68 bytes
      `0x03${signature.slice(2)}`, // an unknown MultiSignature type
      `${signature.slice(0, -1)}g`,
      flipped,
      Buffer.from(signature.slice(2), 'hex').toString('base64'),
      `0x${'00'.repeat(64)}`,
      `0x${'ff'.repeat(10_000)}`,
      undefined,
      7,
    ]
    for (const bad of cases)
      expect(await verifyMessage({ address, message: MESSAGE, signature: bad as string, network: kusama }), String(bad).slice(0, 30)).toBe(
        false,
      )
    for (const bad of [
      '',
      'EK1bFgKm2FsghcttHT7TB7rNyXApFgs9fCbijMGQNyFGBQ',
      'EK1bFgKm2FsghcttHT7TB7rNyXApFgs9fCbijMGQNyFGBQn',
      '0x12',
      null,
    ]) {
      expect(await verifyMessage({ address: bad as string, message: MESSAGE, signature, network: kusama })).toBe(false)
    }
    expect(await verifyMessage({ address, message: null as unknown as string, signature, network: kusama })).toBe(false)
  })
})
