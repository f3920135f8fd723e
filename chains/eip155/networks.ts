import type { CaipNetwork } from 'vestibule/kernel'

/** Fields of an EVM network definition; the same shape as viem's `Chain`, so viem chains can be passed as they are. */
export interface Eip155NetworkInput {
  id: number
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: readonly string[]; webSocket?: readonly string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  testnet?: boolean
  assets?: { imageId?: string; imageUrl?: string }
  /**
   * Contracts on the network, as viem's `Chain` names them. `ensUniversalResolver`: names (ENS) are resolved on
   * chain through it, with the provider API as the other source.
   */
  contracts?: { ensUniversalResolver?: { address: string; blockCreated?: number } }
}

/** An EVM network with its CAIP-2 id (`eip155:<chain id>`). */
export type Eip155Network = CaipNetwork & { id: number; chainNamespace: 'eip155'; contracts?: Eip155NetworkInput['contracts'] }

/** The ENS universal resolver of `network`, when its definition names one that is an address. */
export function universalResolverOf(network: CaipNetwork): string | undefined {
  const address = (network as Eip155Network).contracts?.ensUniversalResolver?.address
  return typeof address === 'string' && /^0x[0-9a-fA-F]{40}$/.test(address) ? address : undefined
}

/** Turns an EVM chain definition into a network the modal accepts. */
export function defineNetwork(input: Eip155NetworkInput): Eip155Network {
  return { ...input, caipNetworkId: `eip155:${input.id}`, chainNamespace: 'eip155' }
}

const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }

export const mainnet = /* @__PURE__ */ defineNetwork({
  id: 1,
  name: 'Ethereum',
  nativeCurrency: ETH,
  rpcUrls: { default: { http: ['https://eth.merkle.io'] } },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } },
  contracts: { ensUniversalResolver: { address: '0xeeeeeeee14d718c2b47d9923deab1335e144eeee', blockCreated: 23_085_558 } },
})

/** Arbitrum One: chain 42161, ETH with 18 decimals. */
export const arbitrum = /* @__PURE__ */ defineNetwork({
  id: 42161,
  name: 'Arbitrum One',
  nativeCurrency: ETH,
  rpcUrls: { default: { http: ['https://arb1.arbitrum.io/rpc'] } },
  blockExplorers: { default: { name: 'Arbiscan', url: 'https://arbiscan.io' } },
})

export const base = /* @__PURE__ */ defineNetwork({
  id: 8453,
  name: 'Base',
  nativeCurrency: ETH,
  rpcUrls: { default: { http: ['https://mainnet.base.org'] } },
  blockExplorers: { default: { name: 'Basescan', url: 'https://basescan.org' } },
})

export const optimism = /* @__PURE__ */ defineNetwork({
  id: 10,
  name: 'OP Mainnet',
  nativeCurrency: ETH,
  rpcUrls: { default: { http: ['https://mainnet.optimism.io'] } },
  blockExplorers: { default: { name: 'Optimism Explorer', url: 'https://optimistic.etherscan.io' } },
})

export const polygon = /* @__PURE__ */ defineNetwork({
  id: 137,
  name: 'Polygon',
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  rpcUrls: { default: { http: ['https://polygon-rpc.com'] } },
  blockExplorers: { default: { name: 'PolygonScan', url: 'https://polygonscan.com' } },
})

export const sepolia = /* @__PURE__ */ defineNetwork({
  id: 11155111,
  name: 'Sepolia',
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.sepolia.org'] } },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://sepolia.etherscan.io' } },
  contracts: { ensUniversalResolver: { address: '0xeeeeeeee14d718c2b47d9923deab1335e144eeee', blockCreated: 8_928_790 } },
  testnet: true,
})

/** The local development chain (anvil, hardhat) on 127.0.0.1:8545. */
export const localhost = /* @__PURE__ */ defineNetwork({
  id: 31337,
  name: 'Localhost',
  nativeCurrency: ETH,
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  testnet: true,
})
