// The secure site's smart accounts: each user owns a SmartAccount1271 contract at an address known before it exists
// (the factory's CREATE2 address for the user's EOA). Before deployment its signatures are EIP-6492 (the factory
// call wrapped around the owner's signature); once deployed they are the owner's signature, checked by the
// contract (EIP-1271). The first transaction deploys it through the factory, and every transaction is the owner
// calling its `execute`. The factory is deployed on each local eip155 chain on first use by the site's own key.
import { createWalletClient, encodeFunctionData, http, isAddressEqual, publicActions } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { rpc } from '../anvil.mjs'
import { compileContracts } from '../contracts/compile.mjs'
import { counterfactualSmartAccount } from '../contracts/smart-account.mjs'
import { ERR } from './signing.mjs'

/** A new smart account holds this much ETH on every local chain (it pays what it sends). */
const START_BALANCE = 10n ** 19n
export const SMART_ACCOUNT = 'smartAccount'
export const NOT_SUPPORTED = 'This application might not support Smart Accounts'

/** `rpcUrls` maps CAIP-2 ids to local nodes; `keyOf(id)` is a secret key by name (users' and the site's own). */
export function createSmartAccounts({ rpcUrls, keyOf }) {
  const eip155 = Object.entries(rpcUrls).filter(([id]) => id.startsWith('eip155:'))
  const clients = new Map() // `${chainId}:${key}` -> wallet client
  const deployers = new Map() // chainId -> Promise<wallet client>, funded
  const accounts = new Map() // `${chainId}:${userId}` -> Promise<counterfactual account>

  const clientOf = (chainId, key) => {
    const url = rpcUrls[chainId]
    if (!url) throw new Error(ERR.network)
    const id = `${chainId}:${key}`
    if (!clients.has(id)) {
      const chain = {
        id: Number(chainId.split(':')[1]),
        name: chainId,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [url] } },
      }
      clients.set(id, createWalletClient({ account: privateKeyToAccount(key), chain, transport: http(url) }).extend(publicActions))
    }
    return clients.get(id)
  }
  // The site's deployer has a fresh key: its first transaction on each chain creates the factory at the same address,
  // so a user's smart account has one address on every chain.
  const deployerOf = (chainId) => {
    if (!deployers.has(chainId)) {
      const wallet = clientOf(chainId, keyOf('smart-account-deployer'))
      const funded = rpc(rpcUrls[chainId], 'anvil_setBalance', [wallet.account.address, `0x${(10n ** 20n).toString(16)}`]).then(
        () => wallet,
      )
      deployers.set(
        chainId,
        funded.catch((error) => (deployers.delete(chainId), Promise.reject(error))),
      )
    }
    return deployers.get(chainId)
  }
  const owner = (user) => privateKeyToAccount(keyOf(user.id))
  /** The user's account on `chainId` (funded once), or a rejection when that chain has no factory. */
  const accountOf = (user, chainId) => {
    const id = `${chainId}:${user.id}`
    if (!accounts.has(id)) {
      const found = deployerOf(chainId).then(async (deployer) => {
        const account = await counterfactualSmartAccount(deployer, owner(user).address)
        await rpc(rpcUrls[chainId], 'anvil_setBalance', [account.address, `0x${START_BALANCE.toString(16)}`])
        return account
      })
      accounts.set(
        id,
        found.catch((error) => (accounts.delete(id), Promise.reject(error))),
      )
    }
    return accounts.get(id)
  }
  const deployed = async (chainId, address) =>
    ((await clientOf(chainId, keyOf('smart-account-deployer')).getCode({ address })) ?? '0x') !== '0x'

  /** Deploys the user's account (the owner pays) unless it is there. */
  async function deploy(user, chainId, account) {
    if (await deployed(chainId, account.address)) return
    const wallet = clientOf(chainId, keyOf(user.id))
    const hash = await wallet.sendTransaction({ to: account.factory, data: account.factoryData })
    if ((await wallet.waitForTransactionReceipt({ hash })).status !== 'success') throw new Error('The smart account was not deployed')
  }

  /** The owner calls the account's `execute(to, value, data)`; resolves with that transaction's hash once mined. */
  async function execute(user, chainId, account, tx) {
    await deploy(user, chainId, account)
    const { SmartAccount1271 } = await compileContracts()
    const wallet = clientOf(chainId, keyOf(user.id))
    const data = encodeFunctionData({
      abi: SmartAccount1271.abi,
      functionName: 'execute',
      args: [tx.to, tx.value ? BigInt(tx.value) : 0n, tx.data ?? '0x'],
    })
    const hash = await wallet.sendTransaction({ to: account.address, data })
    if ((await wallet.waitForTransactionReceipt({ hash })).status !== 'success') throw new Error('The transaction failed')
    return hash
  }

  /** The address a request acts for: personal_sign's second parameter, a transaction's `from`. */
  const actor = (method, list) =>
    method === 'personal_sign'
      ? list[1]
      : method === 'eth_sendTransaction'
        ? list[0]?.from
        : method === 'eth_sign' || method.startsWith('eth_signTypedData')
          ? list[0]
          : undefined

  return {
    /** The user's smart account as listed in the user's accounts (the first local chain's address), or none. */
    async accountsOf(user) {
      if (!eip155.length) return []
      const account = await accountOf(user, eip155[0][0]).catch(() => undefined)
      return account ? [{ address: account.address, type: SMART_ACCOUNT }] : []
    },
    /** The address of the user's smart account on `chainId` (for tests and the sandbox). */
    addressOf: async (user, chainId = eip155[0]?.[0]) => (await accountOf(user, chainId)).address,
    /**
     * An approved eip155 request made for the user's smart account: signed (EIP-6492 before deployment) or sent
     * through `execute`. Resolves undefined when the request is for another address (the EOA's signer takes it).
     */
    async handle(user, { namespace, chainId, method, params }) {
      const list = Array.isArray(params) ? params : []
      const address = actor(method, list)
      if (namespace !== 'eip155' || typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address) || !rpcUrls[chainId])
        return undefined
      const account = await accountOf(user, chainId).catch(() => undefined)
      if (!account || !isAddressEqual(account.address, address)) return undefined
      if (method === 'personal_sign') {
        const signature = await owner(user).signMessage({ message: { raw: list[0] } })
        return (await deployed(chainId, account.address)) ? signature : account.wrap(signature)
      }
      if (method === 'eth_sendTransaction') {
        const tx = list[0]
        if (typeof tx?.to !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(tx.to)) throw new Error(ERR.action)
        return execute(user, chainId, account, tx)
      }
      throw new Error(ERR.rpc)
    },
    /** Routes: the account type the user prefers, answered with the user (`describe`). */
    routes(describe) {
      return {
        // The local chains a smart account can be deployed on.
        'account/networks': async (_, user) => {
          if (!user) throw new Error(ERR.session)
          return { networks: eip155.map(([id]) => id) }
        },
        'account/type': async ({ type }, user) => {
          if (!user) throw new Error(ERR.session)
          if (type !== 'eoa' && type !== SMART_ACCOUNT) throw new Error(ERR.action)
          if (type === SMART_ACCOUNT && !(await this.accountsOf(user)).length) throw new Error(NOT_SUPPORTED)
          user.preferredAccountType = type
          return describe(user)
        },
      }
    },
  }
}
