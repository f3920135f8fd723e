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
}

/** An EVM network with its CAIP-2 id (`eip155:<chain id>`). */
export type Eip155Network = CaipNetwork & { id: number; chainNamespace: 'eip155' }

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
