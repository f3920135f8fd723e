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
import { decodeBase58, isAddress } from './base58.js'

export interface VerifyMessageParams {
  address: string
  message: string
  signature: string
  /** Unused: an ed25519 signature reads the same on every Solana network. */
  network?: CaipNetwork
}

export async function verifyMessage({ address, message, signature }: VerifyMessageParams): Promise<boolean> {
  if (typeof message !== 'string' || !isAddress(address)) return false
  // 64 bytes are 64 to 88 base58 characters.
  if (typeof signature !== 'string' || signature.length < 64 || signature.length > 88) return false
  const bytes = decodeBase58(signature)
  if (bytes?.length !== 64) return false
  try {
    return ed25519.verify(bytes, new TextEncoder().encode(message), decodeBase58(address)!, { zip215: false })
  } catch {
    return false
  }
}
