// The one place the sign-in backend checks a signature. A chain family whose plugin ships its verifier
// (chains/<namespace>/verify-message.ts, `verifyMessage({ address, message, signature, network })`) is checked by
// it; until then eip155 signatures are checked with viem (EOA recovery, and EIP-1271 / EIP-6492 through the node),
// and other families are reported as not verifiable here.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { root } from '../resolve.mjs'
import { loadSource } from './load.mjs'

/**
 * Whether `signature` is `address`'s signature of `message` on the CAIP-2 network `chainId`: true, false, or
 * undefined when this backend cannot verify that family. `rpcUrl` is the network's node, for contract accounts.
 */
export async function verifySignature({ chainId, address, message, signature, rpcUrl }) {
  const [namespace, reference] = chainId.split(':')
  const verifier = path.join('chains', namespace, 'verify-message.ts')
  if (existsSync(path.join(root, verifier))) {
    const { verifyMessage } = await loadSource(verifier)
    const network = { id: reference, caipNetworkId: chainId, chainNamespace: namespace, name: chainId, nativeCurrency: { name: '', symbol: '', decimals: 0 }, rpcUrls: { default: { http: rpcUrl ? [rpcUrl] : [] } } }
    return (await verifyMessage({ address, message, signature, network })) === true
  }
  if (namespace !== 'eip155') return undefined
  const { createPublicClient, http, verifyMessage } = await import('viem')
  try {
    if (rpcUrl) return await createPublicClient({ transport: http(rpcUrl) }).verifyMessage({ address, message, signature })
    return await verifyMessage({ address, message, signature })
  } catch {
    return false
  }
}
