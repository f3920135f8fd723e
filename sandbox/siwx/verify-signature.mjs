// The one place the sign-in backend checks a signature: by the chain plugin's own verifier for the family
// (chains/<namespace>/verify-message.ts, `verifyMessage({ address, message, signature, network })`).
import path from 'node:path'
import { loadSource } from './load.mjs'

/** The family's `verifyMessage`, or undefined when the family has no verifier module. */
async function verifierOf(namespace) {
  try {
    return (await loadSource(path.join('chains', namespace, 'verify-message.ts'))).verifyMessage
  } catch (error) {
    if (error?.code === 'ENOENT') return undefined
    throw error
  }
}

/**
 * Whether `signature` is `address`'s signature of `message` on the CAIP-2 network `chainId`: true, false, or
 * undefined when this backend has no verifier for that family. `rpcUrl` is the network's node, for contract
 * accounts; `custom` the network's own fields the family's verifier reads (bip122: the address `params`).
 * @param {{ chainId: string, address: string, message: string, signature: string, rpcUrl?: string, custom?: object }} params
 */
export async function verifySignature({ chainId, address, message, signature, rpcUrl, custom }) {
  const [namespace, reference] = chainId.split(':')
  if (!/^[-a-z0-9]{3,8}$/.test(namespace)) return undefined
  const verifyMessage = await verifierOf(namespace)
  if (!verifyMessage) return undefined
  const network = { id: reference, caipNetworkId: chainId, chainNamespace: namespace, name: chainId, nativeCurrency: { name: '', symbol: '', decimals: 0 }, rpcUrls: { default: { http: rpcUrl ? [rpcUrl] : [] } }, ...(custom ? { custom } : {}) }
  try {
    return (await verifyMessage({ address, message, signature, network })) === true
  } catch {
    return false
  }
}
