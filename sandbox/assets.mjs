// The sandbox's demo assets on the local EVM chain: a plain ERC-20 (DEMO, 18 decimals), a USDT-style token (tUSD,
// 6 decimals, `transfer` returns nothing), a collectible (ERC-721) and an airdropped collectible the provider API
// flags as spam. Deployed from anvil's first unlocked account; the demo account receives balances and pieces.
import { encodeDeployData, encodeFunctionData } from 'viem'
import { compileContracts } from './contracts/compile.mjs'
import { rpc } from './net.mjs'

/** anvil's first development account: unlocked on every anvil, so the sandbox sends from it without a key. */
export const DEPLOYER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** What the demo account holds after `deployDemoAssets` (base units). */
export const DEMO_TOKEN_BALANCE = 1234_500000000000000000n
export const DEMO_USDT_BALANCE = 250_750000n
export const DEMO_NFT_COUNT = 3

async function send(url, tx) {
  const hash = await rpc(url, 'eth_sendTransaction', [{ from: DEPLOYER, ...tx }])
  // anvil mines each transaction as it arrives; the receipt (there within moments) says whether it ran.
  for (let tries = 0; tries < 200; tries++) {
    const receipt = await rpc(url, 'eth_getTransactionReceipt', [hash])
    if (receipt) {
      if (receipt.status !== '0x1') throw new Error(`Sandbox deployment reverted: ${hash}`)
      return receipt
    }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`Sandbox deployment was not mined within 5 s: ${hash}`)
}

async function deploy(url, contract, args) {
  const receipt = await send(url, { data: encodeDeployData({ abi: contract.abi, bytecode: contract.bytecode, args }) })
  return receipt.contractAddress
}

const call = (url, contract, address, functionName, args) =>
  send(url, { to: address, data: encodeFunctionData({ abi: contract.abi, functionName, args }) })

/**
 * Deploys the demo assets on the chain at `url` and hands `owner` its share. `imageBase` is where the collectibles'
 * metadata and images are served (the provider API). Resolves to the contracts' addresses and metadata.
 */
export async function deployDemoAssets({ url, owner, imageBase }) {
  const { DemoToken, TetherStyleToken, DemoNft } = await compileContracts()
  const demo = await deploy(url, DemoToken, ['Demo Token', 'DEMO', 18, 1_000_000n * 10n ** 18n])
  const usdt = await deploy(url, TetherStyleToken, [1_000_000n * 10n ** 6n])
  const nft = await deploy(url, DemoNft, ['Sandbox Shapes', 'SHAPE', `${imageBase}/sandbox/nft/SHAPE/`])
  const spam = await deploy(url, DemoNft, ['Free Airdrop Claim', 'CLAIM', `${imageBase}/sandbox/nft/CLAIM/`])
  await call(url, DemoToken, demo, 'transfer', [owner, DEMO_TOKEN_BALANCE])
  await call(url, TetherStyleToken, usdt, 'transfer', [owner, DEMO_USDT_BALANCE])
  for (let i = 0; i < DEMO_NFT_COUNT; i++) await call(url, DemoNft, nft, 'mint', [owner])
  await call(url, DemoNft, spam, 'mint', [owner])
  return {
    tokens: [
      { address: demo, name: 'Demo Token', symbol: 'DEMO', decimals: 18, kind: 'erc20' },
      { address: usdt, name: 'Tether-style USD', symbol: 'tUSD', decimals: 6, kind: 'usdt' },
    ],
    nfts: [
      { address: nft, name: 'Sandbox Shapes', symbol: 'SHAPE', spam: false },
      { address: spam, name: 'Free Airdrop Claim', symbol: 'CLAIM', spam: true },
    ],
  }
}
