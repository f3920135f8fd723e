import type { CaipNetwork } from 'vestibule/kernel'

/**
 * Address and key parameters of a Bitcoin-like chain: the fields of a bitcoinjs-lib `Network`. Only `bech32`,
 * `pubKeyHash` and `scriptHash` are needed to build and check addresses; the others default to Bitcoin's.
 */
export interface BitcoinParams {
  /** Human-readable part of segwit addresses: `bc`, `tb`, `bcrt`, `rltc` … */
  bech32: string
  /** Version byte of base58 P2PKH addresses (0x00 mainnet, 0x6f testnet). */
  pubKeyHash: number
  /** Version byte of base58 P2SH addresses (0x05 mainnet, 0xc4 testnet). */
  scriptHash: number
  wif?: number
  /** Prefix of signed messages, length byte included (`'\x18Bitcoin Signed Message:\n'`). */
  messagePrefix?: string
  bip32?: { public: number; private: number }
}

/** Fields of a Bitcoin-like network definition. */
export interface Bip122NetworkInput {
  /** The genesis block hash (64 hex characters, or its first 32, the CAIP-2 reference). */
  genesisHash: string
  name: string
  /** Base URL of an Esplora-shaped HTTP API (`/address/:a/utxo`, `/tx`, `/fee-estimates`, `/tx/:txid/hex`). */
  esploraUrl: string
  params: BitcoinParams
  /** The chain id wallets use besides the CAIP-2 one (`bitcoin:mainnet`, `bitcoin:testnet`). */
  walletChain?: string
  /** The nodes' dust relay fee in satoshis per 1000 vbytes: 3000 on Bitcoin (the default), 30000 on Litecoin. */
  dustRelayFee?: number
  /** The scheme of the chain's BIP-21-style payment URIs: `bitcoin` (the default), `litecoin` …; one that is not a lowercase URI scheme is ignored. */
  uriScheme?: string
  nativeCurrency?: { name: string; symbol: string; decimals: number }
  blockExplorers?: { default: { name: string; url: string } }
  testnet?: boolean
  assets?: { imageId?: string; imageUrl?: string }
}

/** A Bitcoin-like network: CAIP-2 id `bip122:<first 32 hex characters of the genesis block hash>`. */
export type Bip122Network = CaipNetwork & {
  id: string
  chainNamespace: 'bip122'
  custom: { esploraUrl: string; params: BitcoinParams; walletChain?: string; dustRelayFee?: number; uriScheme?: string }
}

const byte = (n: unknown) => Number.isInteger(n) && (n as number) >= 0 && (n as number) < 256

/** What is wrong with a network's Bitcoin fields, or undefined. */
export function paramsProblem(network: Partial<Bip122Network>): string | undefined {
  const c = network.custom
  const p = c?.params
  if (!/^[0-9a-f]{32}$/.test(String(network.id)) || network.caipNetworkId !== `bip122:${network.id}`)
    return 'needs genesisHash: 32 or 64 lowercase hex characters'
  if (!/^https?:\/\//.test(String(c?.esploraUrl))) return 'needs esploraUrl: an http(s) URL'
  if (!p || !/^[a-z0-9]{1,83}$/.test(p.bech32) || !byte(p.pubKeyHash) || !byte(p.scriptHash))
    return 'needs params: bech32 (lowercase hrp), pubKeyHash and scriptHash (bytes)'
}

/** Turns a network definition into one the modal accepts; throws on a malformed one. */
export function defineNetwork(input: Bip122NetworkInput): Bip122Network {
  const { genesisHash, esploraUrl, params, walletChain, dustRelayFee, uriScheme, nativeCurrency = BTC, ...rest } = input
  const id = String(genesisHash).toLowerCase().slice(0, 32)
  const network: Bip122Network = {
    ...rest,
    id,
    caipNetworkId: `bip122:${id}`,
    chainNamespace: 'bip122',
    nativeCurrency,
    rpcUrls: { default: { http: [esploraUrl] } },
    custom: { esploraUrl: String(esploraUrl).replace(/\/+$/, ''), params, walletChain, dustRelayFee, uriScheme },
  }
  const problem = /^[0-9a-fA-F]{32}([0-9a-fA-F]{32})?$/.test(genesisHash) ? paramsProblem(network) : paramsProblem({})
  if (problem) throw new Error(`bip122 network "${input.name}" ${problem}`)
  return network
}

const BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }

/** Bitcoin mainnet, BTC with 8 decimals. */
export const bitcoin = /* @__PURE__ */ defineNetwork({
  // Genesis block 000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f: the CAIP-2 reference is its first half.
  genesisHash: '000000000019d6689c085ae165831e93',
  name: 'Bitcoin',
  esploraUrl: 'https://blockstream.info/api',
  params: { bech32: 'bc', pubKeyHash: 0, scriptHash: 5, wif: 0x80 },
  walletChain: 'bitcoin:mainnet',
  blockExplorers: { default: { name: 'Blockstream', url: 'https://blockstream.info' } },
})

/** Bitcoin testnet (testnet3), BTC with 8 decimals. */
export const bitcoinTestnet = /* @__PURE__ */ defineNetwork({
  // Genesis block 000000000933ea01ad0ee984209779baaec3ced90fa3f408719526f8d77f4943.
  genesisHash: '000000000933ea01ad0ee984209779ba',
  name: 'Bitcoin Testnet',
  esploraUrl: 'https://blockstream.info/testnet/api',
  params: { bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
  walletChain: 'bitcoin:testnet',
  blockExplorers: { default: { name: 'Blockstream', url: 'https://blockstream.info/testnet' } },
  testnet: true,
})
