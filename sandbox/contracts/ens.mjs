// ENS on the sandbox chain (Ens.sol): a registry, a public resolver, a reverse registrar for `addr.reverse` and a
// universal resolver, deployed by anvil's first account, which owns the root and `eth`. The names seeded here live
// on chain only: the provider API's name registry does not know them.
import { encodeDeployData, encodeFunctionData, labelhash, namehash } from 'viem'
import { compileContracts } from './compile.mjs'
import { rpc } from '../net.mjs'

/** anvil's first development account: unlocked on every anvil. */
const DEPLOYER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** A small square avatar as an on-chain `data:` image, in the colour given. */
export const avatarDataUrl = (colour) =>
  `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" rx="12" fill="${colour}"/></svg>`).toString('base64')}`

/** The sandbox L2's chain id (sandbox/demo.mjs) and its ENSIP-11 coin type: 0x80000000 | chain id. */
const L2_COIN_TYPE = (0x80000000 | 31338) >>> 0

/**
 * The names the chain starts with. `alice.eth` is the account the demo app sends to (its primary name too, with an
 * avatar); `bobby.eth` points at another funded anvil account and is nobody's primary name; `erin.eth` has an
 * address of its own on the sandbox L2 (ENSIP-11), another than on this chain.
 */
export const ENS_SEEDS = [
  { name: 'alice.eth', address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', avatar: avatarDataUrl('#7b61ff'), primary: true },
  { name: 'bobby.eth', address: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65' },
  {
    name: 'erin.eth',
    address: '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
    addresses: { [L2_COIN_TYPE]: '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f' },
  },
]

async function send(url, tx) {
  const hash = await rpc(url, 'eth_sendTransaction', [{ from: DEPLOYER, ...tx }])
  for (let tries = 0; tries < 200; tries++) {
    const receipt = await rpc(url, 'eth_getTransactionReceipt', [hash])
    if (receipt) {
      if (receipt.status !== '0x1') throw new Error(`Sandbox ENS setup reverted: ${hash}`)
      return receipt
    }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`Sandbox ENS setup was not mined within 5 s: ${hash}`)
}

const deploy = async (url, contract, args) =>
  (await send(url, { data: encodeDeployData({ abi: contract.abi, bytecode: contract.bytecode, args }) })).contractAddress
const call = (url, contract, to, functionName, args) =>
  send(url, { to, data: encodeFunctionData({ abi: contract.abi, functionName, args }) })

/**
 * Deploys the name system on the chain at `url` and registers ENS_SEEDS. Resolves to the contracts' addresses and
 * `register({ name, address, addresses?, avatar?, primary? })`, which adds (or points again) a name under `eth`, with
 * its addresses under other coin types (`{ [coinType]: address }`) and its avatar text record, and makes it the address's primary name when `primary` (the reverse record).
 */
export async function deployEns({ url, seeds = ENS_SEEDS }) {
  const { EnsRegistry, EnsPublicResolver, EnsReverseRegistrar, EnsUniversalResolver } = await compileContracts()
  const registry = await deploy(url, EnsRegistry, [])
  const resolver = await deploy(url, EnsPublicResolver, [registry])
  const reverseRegistrar = await deploy(url, EnsReverseRegistrar, [registry, resolver, namehash('addr.reverse')])
  const universalResolver = await deploy(url, EnsUniversalResolver, [registry])
  const zero = `0x${'0'.repeat(64)}`
  await call(url, EnsRegistry, registry, 'setSubnodeOwner', [zero, labelhash('eth'), DEPLOYER])
  await call(url, EnsRegistry, registry, 'setSubnodeOwner', [zero, labelhash('reverse'), DEPLOYER])
  await call(url, EnsRegistry, registry, 'setSubnodeOwner', [namehash('reverse'), labelhash('addr'), reverseRegistrar])

  /** @param {{ name: string, address: string, addresses?: Record<string, string>, avatar?: string, primary?: boolean }} record */
  async function register({ name, address, addresses = {}, avatar, primary = false }) {
    const labels = name.split('.')
    if (labels.length !== 2 || labels[1] !== 'eth') throw new Error(`Sandbox ENS registers names under eth only: ${name}`)
    const node = namehash(name)
    await call(url, EnsRegistry, registry, 'setSubnodeOwner', [namehash('eth'), labelhash(labels[0]), DEPLOYER])
    await call(url, EnsRegistry, registry, 'setResolver', [node, resolver])
    await call(url, EnsPublicResolver, resolver, 'setAddr', [node, address])
    // Addresses under other coin types (ENSIP-9, ENSIP-11: an L2's), as the resolver keeps them: the raw bytes.
    for (const [coinType, value] of Object.entries(addresses))
      await call(url, EnsPublicResolver, resolver, 'setAddr', [node, BigInt(coinType), value])
    if (avatar !== undefined) await call(url, EnsPublicResolver, resolver, 'setText', [node, 'avatar', avatar])
    if (primary) await call(url, EnsReverseRegistrar, reverseRegistrar, 'setNameForAddr', [address, name])
    return { name, address }
  }

  /** Sets (or, with '', clears) the primary name of `address` without touching any forward record. */
  const setPrimary = (address, name) => call(url, EnsReverseRegistrar, reverseRegistrar, 'setNameForAddr', [address, name])

  for (const seed of seeds) await register(seed)
  return { registry, resolver, reverseRegistrar, universalResolver, register, setPrimary }
}
