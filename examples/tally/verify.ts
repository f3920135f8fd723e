// Whether a Tally message signature is valid: ed25519 (Web Crypto) over "Tally Signed Message:\n" and the message.
import { fromHex } from 'vestibule/chains/kit'
import { isAddress } from './address.js'

export const messageBytes = (message: string) => new TextEncoder().encode(`Tally Signed Message:\n${message}`)

/** Resolves false for a signature that does not verify and for malformed input; never rejects. */
export async function verifyMessage({
  address,
  message,
  signature,
}: {
  address: string
  message: string
  signature: string
}): Promise<boolean> {
  const bytes = fromHex(signature)
  if (!isAddress(address) || typeof message !== 'string' || bytes?.length !== 64) return false
  try {
    const key = await crypto.subtle.importKey('raw', new Uint8Array(fromHex(address)!), { name: 'Ed25519' }, false, ['verify'])
    return await crypto.subtle.verify('Ed25519', key, new Uint8Array(bytes), messageBytes(message))
  } catch {
    return false
  }
}
