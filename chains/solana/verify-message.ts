/**
 * Whether a text message was signed by a Solana account, for the adapter's `verifyMessage` (loaded with import() on
 * first use) and for servers that check sign-ins (it runs in Node as in the browser).
 *
 * The rule: an ed25519 signature (RFC 8032, strict: no small-order keys, canonical encodings) by the account's
 * public key over the UTF-8 bytes of the message, exactly as `solana:signMessage` signs them. The signature is the
 * 64 bytes in base58, the form this plugin's `signMessage` and WalletConnect's `solana_signMessage` give; other
 * encodings (hex, base64) are not accepted, so one signature has one text.
 *
 * Resolves false for a signature that does not verify and for malformed input (an address or signature that is
 * not base58 of 32 or 64 bytes, a public key that is not a curve point); it never rejects.
 */
import { ed25519 } from '@noble/curves/ed25519'
import type { CaipNetwork } from 'vestibule/kernel'

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/**
 * Base58 text to exactly `size` bytes, else undefined. Its own copy of the shared decoder on purpose: a lazily
 * loaded module that imports one of the plugin's eager modules makes bundlers split the eager chunk they share.
 */
function decode(text: unknown, size: number): Uint8Array | undefined {
  if (typeof text !== 'string' || text.length > 2 * size) return undefined
  let n = 0n
  for (const char of text) {
    const digit = ALPHABET.indexOf(char)
    if (digit < 0) return undefined
    n = n * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  for (; n > 0n; n >>= 8n) bytes.unshift(Number(n & 255n))
  for (let i = 0; text[i] === '1'; i++) bytes.unshift(0)
  return bytes.length === size ? Uint8Array.from(bytes) : undefined
}

export interface VerifyMessageParams {
  address: string
  message: string
  signature: string
  /** Unused: an ed25519 signature reads the same on every Solana network. */
  network?: CaipNetwork
}

export async function verifyMessage({ address, message, signature }: VerifyMessageParams): Promise<boolean> {
  const publicKey = decode(address, 32)
  const bytes = decode(signature, 64)
  if (typeof message !== 'string' || !publicKey || !bytes) return false
  try {
    return ed25519.verify(bytes, new TextEncoder().encode(message), publicKey, { zip215: false })
  } catch {
    return false
  }
}
