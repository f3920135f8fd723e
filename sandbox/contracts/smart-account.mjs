// Contract accounts for sign-in tests and the sandbox: SmartAccount1271 (an owner-key wallet that answers EIP-1271)
// deployed through SmartAccountFactory (CREATE2), or only predicted, with the EIP-6492 wrapper that lets its owner
// sign before it exists. `wallet` is a viem wallet client with an account and a chain (it pays for deployments).
import { concatHex, encodeAbiParameters, encodeFunctionData, publicActions, toHex } from 'viem'
import { compileContracts } from './compile.mjs'

/** The suffix that marks an EIP-6492 signature. */
export const ERC6492_MAGIC = '0x6492649264926492649264926492649264926492649264926492649264926492'

const factories = new WeakMap()

/** Deploys a contract compiled from this folder and waits for it. */
async function deployContract(wallet, name, args) {
  const { [name]: contract } = await compileContracts()
  const client = wallet.extend(publicActions)
  const hash = await client.deployContract({
    abi: contract.abi,
    bytecode: contract.bytecode,
    args,
    account: wallet.account,
    chain: wallet.chain,
  })
  const receipt = await client.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`${name} was not deployed (${hash})`)
  return { address: receipt.contractAddress, abi: contract.abi }
}

/** The factory `wallet` deployed (once per wallet client; pass `factory` to reuse one deployed elsewhere). */
export async function smartAccountFactory(wallet, factory) {
  if (factory) return { address: factory, abi: (await compileContracts()).SmartAccountFactory.abi }
  let deployed = factories.get(wallet)
  if (!deployed) factories.set(wallet, (deployed = deployContract(wallet, 'SmartAccountFactory', [])))
  return deployed
}

const saltOf = (salt) => (typeof salt === 'string' ? salt : toHex(BigInt(salt ?? 0), { size: 32 }))

/**
 * The account of `owner` (an address) and `salt` (a number or 32-byte hex, 0 by default), not deployed: its address,
 * the factory call that deploys it, and `wrap(signature)`, the owner's signature as an EIP-6492 signature.
 */
export async function counterfactualSmartAccount(wallet, owner, { salt, factory } = {}) {
  const found = await smartAccountFactory(wallet, factory)
  const args = [owner, saltOf(salt)]
  const address = await wallet
    .extend(publicActions)
    .readContract({ address: found.address, abi: found.abi, functionName: 'accountAddress', args })
  const factoryData = encodeFunctionData({ abi: found.abi, functionName: 'deploy', args })
  const wrap = (signature) =>
    concatHex([
      encodeAbiParameters([{ type: 'address' }, { type: 'bytes' }, { type: 'bytes' }], [found.address, factoryData, signature]),
      ERC6492_MAGIC,
    ])
  return { address, factory: found.address, factoryData, wrap }
}

/** Deploys the account of `owner` and `salt` (0 by default) through the factory; resolves with its address. */
export async function deploySmartAccount(wallet, owner, options = {}) {
  const account = await counterfactualSmartAccount(wallet, owner, options)
  const client = wallet.extend(publicActions)
  const hash = await client.sendTransaction({
    to: account.factory,
    data: account.factoryData,
    account: wallet.account,
    chain: wallet.chain,
  })
  const receipt = await client.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error(`The smart account of ${owner} was not deployed (${hash})`)
  return { address: account.address, factory: account.factory }
}
