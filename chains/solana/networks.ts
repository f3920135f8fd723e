import type { CaipNetwork } from 'vestibule/kernel'
import { isAddress } from './base58.js'

/** Fields of a Solana network definition. */
export interface SolanaNetworkInput {
  /** The cluster's genesis hash (base58 of 32 bytes); its first 32 characters are the CAIP-2 reference. */
  genesisHash: string
  name: string
  rpcUrls: { default: { http: readonly string[]; webSocket?: readonly string[] } }
  /**
   * The chain id Wallet Standard wallets use for this cluster (`solana:mainnet`, `solana:devnet`,
   * `solana:testnet`, `solana:localnet`); wallets that list the CAIP-2 id instead are understood too.
   * Default `solana:localnet`.
   */
  walletChain?: string
  nativeCurrency?: { name: string; symbol: string; decimals: number }
  blockExplorers?: { default: { name: string; url: string } }
  testnet?: boolean
  assets?: { imageId?: string; imageUrl?: string }
}

/** A Solana network: CAIP-2 id `solana:<first 32 characters of the genesis hash>`. */
export type SolanaNetwork = CaipNetwork & {
  id: string
  chainNamespace: 'solana'
  custom: { genesisHash: string; walletChain: string }
}

export const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 }

/** Turns a cluster definition into a network the modal accepts; throws on a malformed genesis hash. */
export function defineNetwork(input: SolanaNetworkInput): SolanaNetwork {
  const { genesisHash, walletChain = 'solana:localnet', nativeCurrency = SOL, ...rest } = input
  if (!isAddress(genesisHash)) {
    throw new Error(
      `Solana network "${input.name}" has an invalid genesis hash ${JSON.stringify(genesisHash)} (expected base58 of 32 bytes)`,
    )
  }
  const id = genesisHash.slice(0, 32)
  return { ...rest, id, nativeCurrency, caipNetworkId: `solana:${id}`, chainNamespace: 'solana', custom: { genesisHash, walletChain } }
}

export const solanaMainnet = /* @__PURE__ */ defineNetwork({
  genesisHash: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d',
  name: 'Solana',
  walletChain: 'solana:mainnet',
  rpcUrls: { default: { http: ['https://api.mainnet-beta.solana.com'] } },
  blockExplorers: { default: { name: 'Solana Explorer', url: 'https://explorer.solana.com' } },
})

export const solanaDevnet = /* @__PURE__ */ defineNetwork({
  genesisHash: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG',
  name: 'Solana Devnet',
  walletChain: 'solana:devnet',
  rpcUrls: { default: { http: ['https://api.devnet.solana.com'] } },
  testnet: true,
})

export const solanaTestnet = /* @__PURE__ */ defineNetwork({
  genesisHash: '4uhcVJyU9pJkvQyS88uRDiswHXSRkCZ3CLhsdNVYDZo9',
  name: 'Solana Testnet',
  walletChain: 'solana:testnet',
  rpcUrls: { default: { http: ['https://api.testnet.solana.com'] } },
  testnet: true,
})
