// Solana message signatures: ed25519 over the message's UTF-8 bytes, the signature in base58. Public RFC 8032
// vectors, the sandbox wallet's own signing (ed25519 of the message bytes with its seed), the adapter's lazy
// feature, and tampered or malformed input, which resolves false.
import { ed25519 } from '@noble/curves/ed25519'
import { describe, expect, it } from 'vitest'
import { createSolanaAdapter } from '../../../chains/solana/adapter.js'
import { solanaDevnet, solanaMainnet } from '../../../chains/solana/index.js'
import { verifyMessage } from '../../../chains/solana/verify-message.js'
import { encodeBase58 } from '../../../chains/shared/base58-encode.js'
import { chainFeature } from '../../../kernel/index.js'

const hex = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (b) => Number.parseInt(b, 16))
const network = solanaMainnet

// RFC 8032 section 7.1, TEST 1 (empty message) and TEST 2 (the one byte 0x72, "r").
const RFC = [
  {
    message: '',
    publicKey: 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    signature:
      'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
  },
  {
    message: 'r',
    publicKey: '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c',
    signature:
      '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00',
  },
]

/** Signs as the Sandbox Solana Wallet does: ed25519 of the message bytes with the account's seed. */
function sandboxSigner(seedByte: number) {
  const seed = new Uint8Array(32).fill(seedByte)
  const address = encodeBase58(ed25519.getPublicKey(seed))
  const sign = (message: string) => encodeBase58(ed25519.sign(new TextEncoder().encode(message), seed))
  return { address, sign }
}

const SIWX =
  'example.com wants you to sign in with your Solana account:\nEXAMPLE\n\nURI: https://example.com\nVersion: 1\nChain ID: mainnet\nNonce: 32891756\nIssued At: 2026-11-26T12:00:00Z'

describe('solana verifyMessage', () => {
  it.each(RFC)('accepts the RFC 8032 vector for %#', async ({ message, publicKey, signature }) => {
    const params = { address: encodeBase58(hex(publicKey)), message, signature: encodeBase58(hex(signature)), network }
    expect(await verifyMessage(params)).toBe(true)
    expect(await verifyMessage({ ...params, message: `${message}x` })).toBe(false)
  })

  it('round trip: the sandbox wallet signature of a multi-line, non-ASCII message verifies on any network', async () => {
    const { address, sign } = sandboxSigner(7)
    const message = `${SIWX.replace('EXAMPLE', address)}\nStatement: grüße 🚀`
    const signature = sign(message)
    expect(await verifyMessage({ address, message, signature, network })).toBe(true)
    expect(await verifyMessage({ address, message, signature, network: solanaDevnet })).toBe(true)
  })

  it('tampered message, another address, another signature: false', async () => {
    const alice = sandboxSigner(1)
    const bob = sandboxSigner(2)
    const message = SIWX.replace('EXAMPLE', alice.address)
    const signature = alice.sign(message)
    expect(await verifyMessage({ address: alice.address, message: message.replace('32891756', '32891757'), signature, network })).toBe(
      false,
    )
    expect(await verifyMessage({ address: bob.address, message, signature, network })).toBe(false)
    expect(await verifyMessage({ address: alice.address, message, signature: bob.sign(message), network })).toBe(false)
    // One bit of the signature flipped.
    const bytes = ed25519.sign(new TextEncoder().encode(message), new Uint8Array(32).fill(1))
    bytes[10]! ^= 1
    expect(await verifyMessage({ address: alice.address, message, signature: encodeBase58(bytes), network })).toBe(false)
  })

  it('malformed signatures and addresses resolve false, never throw', async () => {
    const { address, sign } = sandboxSigner(3)
    const signature = sign('hello')
    const raw = ed25519.sign(new TextEncoder().encode('hello'), new Uint8Array(32).fill(3))
    const hexText = Array.from(raw, (b) => b.toString(16).padStart(2, '0')).join('')
    const cases: unknown[] = [
      '',
      'garbage',
      `${signature}1`, // 65 bytes or more
      signature.slice(0, -4), // too short
      signature.replace(/.$/, '0'), // '0' is not base58
      hexText, // the right bytes, but hex: only base58 is accepted
      `0x${hexText}`,
      Buffer.from(raw).toString('base64'),
      encodeBase58(new Uint8Array(64)),
      'x'.repeat(100_000),
      undefined,
      42,
    ]
    for (const bad of cases)
      expect(await verifyMessage({ address, message: 'hello', signature: bad as string, network }), String(bad).slice(0, 30)).toBe(false)
    expect(await verifyMessage({ address, message: 'hello', signature, network })).toBe(true)
    for (const bad of ['', 'not-an-address', address.slice(1), encodeBase58(new Uint8Array(31).fill(1)), '0x12', null]) {
      expect(await verifyMessage({ address: bad as string, message: 'hello', signature, network })).toBe(false)
    }
    // 32 bytes that are not a point on the curve.
    expect(await verifyMessage({ address: encodeBase58(new Uint8Array(32).fill(255)), message: 'hello', signature, network })).toBe(false)
    expect(await verifyMessage({ address, message: undefined as unknown as string, signature, network })).toBe(false)
  })

  it("is the adapter's verifyMessage feature, loaded on first use", async () => {
    const adapter = createSolanaAdapter({ networks: [network] })
    const { address, sign } = sandboxSigner(4)
    const verify = chainFeature(adapter, 'verifyMessage')
    expect(await verify({ address, message: 'hi', signature: sign('hi'), network })).toBe(true)
    expect(await verify({ address, message: 'hi', signature: sign('ho'), network })).toBe(false)
    adapter.destroy()
  })
})
