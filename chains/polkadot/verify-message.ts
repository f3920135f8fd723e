/**
 * Whether a text message was signed by a Polkadot account, for the adapter's `verifyMessage` (loaded with import()
 * on first use) and for servers that check sign-ins (it runs in Node as in the browser).
 *
 * The rule: the account's key (sr25519, the default; ed25519 and ecdsa accounts too) signed the UTF-8 bytes of the
 * message wrapped in `<Bytes>…</Bytes>`, as extensions do for `signRaw` with type "bytes" (so no transaction can
 * pass for a message), or the bare bytes. The signature is 0x-prefixed hex of 64 bytes, or 65/66 with the
 * MultiSignature type byte (65 bytes alone: an ecdsa signature). The address is SS58 with a valid checksum and,
 * when `network` has one, the network's SS58 prefix.
 *
 * Resolves false for a signature that does not verify and for malformed input (an address of another network or
 * with a bad checksum, a signature that is not hex of 64 to 66 bytes); it never rejects.
 */
import { signatureVerify } from '@polkadot/util-crypto'
import type { CaipNetwork } from 'vestibule/kernel'
import { addressProblem } from './extensions.js'
import { decodeAddress } from './ss58.js'

export interface VerifyMessageParams {
  address: string
  message: string
  signature: string
  network?: CaipNetwork
}

const SIGNATURE = /^0x(?:[0-9a-fA-F]{2}){64,66}$/

const hexBytes = (hex: string) => Uint8Array.from(hex.slice(2).match(/../g)!, (b) => Number.parseInt(b, 16))

export async function verifyMessage({ address, message, signature, network }: VerifyMessageParams): Promise<boolean> {
  if (typeof message !== 'string' || typeof signature !== 'string' || !SIGNATURE.test(signature)) return false
  if (typeof address !== 'string' || addressProblem(address, network)) return false
  const { publicKey } = decodeAddress(address)!
  try {
    // Bytes, never text: the SDK would read a message such as "0x12" as hex.
    return signatureVerify(new TextEncoder().encode(message), hexBytes(signature), publicKey).isValid
  } catch {
    return false
  }
}
