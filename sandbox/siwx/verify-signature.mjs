// The one place the sign-in backend checks a signature: by the chain plugin's own verifier for the family
// (chains/<namespace>/verify-message.ts, `verifyMessage({ address, message, signature, network })`).
import { existsSync } from 'node:fs'
import path from 'node:path'
import { root } from '../resolve.mjs'
import { loadSource } from './load.mjs'

/**
 * Whether `signature` is `address`'s signature of `message` on the CAIP-2 network `chainId`: true, false, or
 * undefined when this backend has no verifier for that family. `rpcUrl` is the network's node, for contract
 * accounts; `custom` the network's own fields the family's verifier reads (bip122: the address `params`).
 */
export async function verifySignature({ chainId, address, message, signature, rpcUrl, custom }) {
  const [namespace, reference] = chainId.split(':')
  const verifier = path.join('chains', namespace, 'verify-message.ts')
  if (!/^[-a-z0-9]{3,8}$/.test(namespace) || !existsSync(path.join(root, verifier))) return undefined
  const { verifyMessage } = await loadSource(verifier)
  const network = { id: reference, caipNetworkId: chainId, chainNamespace: namespace, name: chainId, nativeCurrency: { name: '', symbol: '', decimals: 0 }, rpcUrls: { default: { http: rpcUrl ? [rpcUrl] : [] } }, ...(custom ? { custom } : {}) }
  try {
    return (await verifyMessage({ address, message, signature, network })) === true
  } catch {
    return false
  }
}
