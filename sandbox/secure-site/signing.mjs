// The secure site's signer: what a user approved in the dapp, signed with that user's keys and, for
// transactions, sent to the local chains.
import { createWalletClient, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { rpc } from '../anvil.mjs'
import { encodeBase58, signSolanaMessage, signSolanaTransaction } from './solana-key.mjs'

/** The embedded wallet's error texts the secure site answers with. */
export const ERR = {
  origin: 'Unauthorized: origin not allowed',
  key: 'Unauthorized: invalid key',
  projectId: 'Project ID Not Configured',
  session: 'JWT Token is not yet valid',
  rpc: 'Requested RPC call is not allowed',
  network: 'Network Not Found',
  action: 'Action not allowed',
}

/** `sign(user, request)`: the answer to an approved RpcRequest; `keyOf(id)` is the user's secret key. */
export function createSigner({ rpcUrls, keyOf, smart }) {
  async function solanaCall(user, { chainId, method, params }) {
    const key = keyOf(user.id)
    if (method === 'solana_signMessage')
      return { signature: signSolanaMessage(key, Buffer.from(String(params?.message ?? ''), 'base64')).toString('base64') }
    if (method === 'solana_signAndSendTransaction') {
      const url = rpcUrls[chainId] ?? Object.entries(rpcUrls).find(([id]) => id.startsWith('solana:'))?.[1]
      if (!url) throw new Error(ERR.network)
      const signed = signSolanaTransaction(key, Buffer.from(String(params?.transaction ?? ''), 'base64'))
      await rpc(url, 'sendTransaction', [signed.toString('base64'), { encoding: 'base64' }])
      // The transaction's id is its first signature.
      return { signature: encodeBase58(signed.subarray(1, 65)) }
    }
    throw new Error(ERR.rpc)
  }

  async function signOrSend(user, { namespace, chainId, method, params }) {
    if (namespace === 'solana') return solanaCall(user, { chainId, method, params })
    // A request for the user's smart account is made through the contract.
    const bySmartAccount = await smart?.handle(user, { namespace, chainId, method, params })
    if (bySmartAccount !== undefined) return bySmartAccount
    const account = privateKeyToAccount(keyOf(user.id))
    const list = Array.isArray(params) ? params : []
    const own = (address) => typeof address === 'string' && address.toLowerCase() === account.address.toLowerCase()
    if (method === 'personal_sign') {
      if (!own(list[1])) throw new Error(ERR.action)
      return account.signMessage({ message: { raw: list[0] } })
    }
    if (method === 'eth_sign') {
      if (!own(list[0])) throw new Error(ERR.action)
      return account.signMessage({ message: { raw: list[1] } })
    }
    if (method === 'eth_signTypedData_v4') {
      if (!own(list[0])) throw new Error(ERR.action)
      const typed = typeof list[1] === 'string' ? JSON.parse(list[1]) : list[1]
      const { EIP712Domain: _, ...types } = typed.types ?? {}
      return account.signTypedData({ domain: typed.domain, types, primaryType: typed.primaryType, message: typed.message })
    }
    if (method === 'eth_sendTransaction') {
      const tx = list[0] ?? {}
      if (tx.from && !own(tx.from)) throw new Error(ERR.action)
      const url = rpcUrls[chainId]
      if (!url) throw new Error(ERR.network)
      const id = Number(String(chainId).split(':')[1])
      const chain = {
        id,
        name: chainId,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [url] } },
      }
      const client = createWalletClient({ account, chain, transport: http(url) })
      return client.sendTransaction({
        to: tx.to,
        value: tx.value ? BigInt(tx.value) : undefined,
        data: tx.data,
        gas: tx.gas ? BigInt(tx.gas) : undefined,
      })
    }
    throw new Error(ERR.rpc)
  }

  return { sign: signOrSend }
}
