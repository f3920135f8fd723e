/**
 * Whether a text message was signed by an EVM account, for the adapter's `verifyMessage` (loaded with import() on
 * first use) and for servers that check sign-ins (it runs in Node as in the browser).
 *
 * - An externally owned account: secp256k1 recovery of an EIP-191 `personal_sign` signature. No network needed.
 * - A contract account (deployed code at the address): EIP-1271 `isValidSignature(hash, signature)`, read on chain.
 * - A smart account not deployed yet: an EIP-6492 signature (the factory call wrapped around the signature),
 *   simulated on chain with the universal validator, without deploying anything.
 *
 * Resolves false for a signature that does not verify and for malformed input (an address that is not 20 bytes of
 * hex, a signature that is not hex bytes or is over 64 KB). Rejects with a VestibuleError only when the chain must
 * be asked and cannot be: NOT_SUPPORTED when the network has no RPC URL, HTTP when its RPC does not answer.
 */
import { createPublicClient, http, isAddressEqual, recoverMessageAddress, type Address, type Hex } from 'viem'
import { VestibuleError, type CaipNetwork } from 'vestibule/kernel'

/** Hex bytes, 0x-prefixed; 64 KB at most (an EIP-6492 wrapper carries the factory's call data). */
const SIGNATURE = /^0x(?:[0-9a-fA-F]{2})+$/
const MAX_SIGNATURE_CHARS = 2 + 2 * 65_536
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const ZERO = '0x0000000000000000000000000000000000000000'

export interface VerifyMessageParams {
  address: string
  message: string
  signature: string
  network: CaipNetwork
}

/** Whether a 65-byte signature recovers to `address` (an EOA's personal_sign); false for one that cannot recover. */
async function signedByKey(address: Address, message: string, signature: Hex): Promise<boolean> {
  if (signature.length !== 132) return false
  try {
    return isAddressEqual(await recoverMessageAddress({ message, signature }), address)
  } catch {
    return false
  }
}

export async function verifyMessage({ address, message, signature, network }: VerifyMessageParams): Promise<boolean> {
  if (typeof address !== 'string' || !ADDRESS.test(address) || address === ZERO || typeof message !== 'string') return false
  if (typeof signature !== 'string' || signature.length > MAX_SIGNATURE_CHARS || !SIGNATURE.test(signature)) return false
  if (await signedByKey(address as Address, message, signature as Hex)) return true

  // Not the key's own signature: only a contract account (deployed, or counterfactual with EIP-6492) can still accept it.
  const url = network?.rpcUrls?.default?.http?.[0]
  if (!url)
    throw new VestibuleError(
      'NOT_SUPPORTED',
      `A contract account's signature is checked on chain, and ${network?.name ?? 'the network'} has no RPC URL`,
    )
  const client = createPublicClient({ transport: http(url, { retryCount: 1, timeout: 10_000 }) })
  try {
    // Reached first so that an RPC that does not answer is an error, not a signature that "does not verify".
    await client.getChainId()
  } catch (error) {
    throw new VestibuleError('HTTP', `The signature could not be checked: ${network.name}'s RPC did not answer`, error)
  }
  try {
    // EIP-1271 for deployed code, EIP-6492 (universal validator, simulated with eth_call) for a wrapped signature.
    return await client.verifyMessage({ address: address as Address, message, signature: signature as Hex })
  } catch (error) {
    throw new VestibuleError('HTTP', `The signature could not be checked on ${network.name}`, error)
  }
}
