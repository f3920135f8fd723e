// Real keys of the four families signing sign-in messages, as their wallets do: eip155 personal_sign (viem), solana
// ed25519 over the text (base58), polkadot sr25519 over <Bytes>…</Bytes> (SS58 address), bip122 a BIP-137 signed
// message of a P2PKH address (base64).
import { ed25519 } from '@noble/curves/ed25519'
import { secp256k1 } from '@noble/curves/secp256k1'
import { blake2b } from '@noble/hashes/blake2b.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { getPublicKey as srPublicKey, secretFromSeed, sign as srSign } from '@scure/sr25519'
import { payments } from 'bitcoinjs-lib'
import bs58 from 'bs58'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiwxMessage, type SiwxMessageFields } from '../../plugins/siwx/messages.js'

export const CHAINS = {
  eip155: 'eip155:1',
  solana: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  polkadot: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
  bip122: 'bip122:000000000019d6689c085ae165831e93',
} as const
export type Family = keyof typeof CHAINS

export interface Signer {
  chainId: string
  address: string
  sign(message: string): Promise<string>
}

const seed = (n: number) => new Uint8Array(32).fill(n)
const text = (message: string) => new TextEncoder().encode(message)
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]))

function ss58(publicKey: Uint8Array, prefix = 0): string {
  const body = concat(Uint8Array.of(prefix), publicKey)
  const hash = blake2b(concat(text('SS58PRE'), body), { dkLen: 64 })
  return bs58.encode(Buffer.from(concat(body, hash.subarray(0, 2))))
}

export function signer(family: Family, n = 1): Signer {
  const chainId = CHAINS[family]
  if (family === 'eip155') {
    const account = privateKeyToAccount(`0x${n.toString(16).padStart(2, '0').repeat(32)}`)
    return { chainId, address: account.address, sign: (message) => account.signMessage({ message }) }
  }
  if (family === 'solana') {
    const key = seed(n)
    return {
      chainId,
      address: bs58.encode(Buffer.from(ed25519.getPublicKey(key))),
      sign: async (message) => bs58.encode(Buffer.from(ed25519.sign(text(message), key))),
    }
  }
  if (family === 'polkadot') {
    const secret = secretFromSeed(seed(n))
    return {
      chainId,
      address: ss58(srPublicKey(secret)),
      sign: async (message) => `0x${Buffer.from(srSign(secret, concat(text('<Bytes>'), text(message), text('</Bytes>')))).toString('hex')}`,
    }
  }
  const key = seed(n)
  const publicKey = secp256k1.getPublicKey(key, true)
  return {
    chainId,
    address: payments.p2pkh({ pubkey: publicKey }).address!,
    async sign(message) {
      const bytes = text(message)
      const prefix = text('\x18Bitcoin Signed Message:\n')
      const hash = sha256(
        sha256(
          concat(
            prefix,
            bytes.length < 0xfd ? Uint8Array.of(bytes.length) : Uint8Array.of(0xfd, bytes.length & 255, bytes.length >> 8),
            bytes,
          ),
        ),
      )
      const signature = secp256k1.sign(hash, key)
      return Buffer.from(concat(Uint8Array.of(31 + signature.recovery), signature.toCompactRawBytes())).toString('base64')
    },
  }
}

/** A sign-in message of `who` for the page `origin`, with `nonce`, as the siwx flow writes one. */
export function messageFor(who: Signer, origin: string, nonce: string, overrides: Partial<SiwxMessageFields> = {}): string {
  const url = new URL(origin)
  return createSiwxMessage({
    domain: url.host,
    accountAddress: who.address,
    chainId: who.chainId,
    uri: url.origin,
    version: '1',
    nonce,
    issuedAt: new Date().toISOString(),
    statement: 'Sign in to the app',
    ...overrides,
  })
}
