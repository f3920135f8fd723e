import type { CaipNetwork } from 'vestibule/kernel'

/** Fields of a Polkadot-family network: its genesis hash, SS58 prefix, token and node endpoints. */
export interface PolkadotNetworkInput {
  name: string
  /** The chain's genesis block hash, 0x + 64 hex; its first 32 hex characters are the CAIP-2 reference. */
  genesisHash: string
  /** SS58 address prefix (0 Polkadot, 2 Kusama, 42 generic Substrate). */
  ss58Prefix: number
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /** `webSocket` is what the balance and transfer calls use; `http` is the same node over HTTP. */
  rpcUrls: { default: { http: readonly string[]; webSocket?: readonly string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  testnet?: boolean
  assets?: { imageId?: string; imageUrl?: string }
}

/** A Polkadot-family network: `id` is the genesis hash, `caipNetworkId` is `polkadot:<first 32 hex of it>`. */
export type PolkadotNetwork = CaipNetwork & {
  id: string
  chainNamespace: 'polkadot'
  custom: { genesisHash: string; ss58Prefix: number }
}

/** Turns a network definition (e.g. a local chain) into a network the modal accepts; throws naming what is wrong. */
export function defineNetwork(input: PolkadotNetworkInput): PolkadotNetwork {
  const { genesisHash, ss58Prefix, ...rest } = input ?? ({} as PolkadotNetworkInput)
  const label = `polkadot network ${JSON.stringify(rest.name)}`
  if (typeof genesisHash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(genesisHash)) {
    throw new Error(`${label} needs genesisHash: 0x and 64 hex digits`)
  }
  if (!Number.isInteger(ss58Prefix) || ss58Prefix < 0 || ss58Prefix > 16383) {
    throw new Error(`${label} needs ss58Prefix: an integer 0–16383`)
  }
  const hash = genesisHash.toLowerCase()
  return { ...rest, id: hash, caipNetworkId: `polkadot:${hash.slice(2, 34)}`, chainNamespace: 'polkadot', custom: { genesisHash: hash, ss58Prefix } }
}

const endpoints = (host: string) => ({ default: { http: [`https://${host}`], webSocket: [`wss://${host}`] } })

/** Polkadot relay chain: DOT, 10 decimals, SS58 prefix 0. */
export const polkadotMainnet = /* @__PURE__ */ defineNetwork({
  name: 'Polkadot',
  genesisHash: '0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3',
  ss58Prefix: 0,
  nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
  rpcUrls: endpoints('rpc.polkadot.io'),
  blockExplorers: { default: { name: 'Subscan', url: 'https://polkadot.subscan.io' } },
})

/** Kusama relay chain: KSM, 12 decimals, SS58 prefix 2. */
export const kusama = /* @__PURE__ */ defineNetwork({
  name: 'Kusama',
  genesisHash: '0xb0a8d493285c2df73290dfb7e61f870f17b41801197a149ca93654499ea3dafe',
  ss58Prefix: 2,
  nativeCurrency: { name: 'Kusama', symbol: 'KSM', decimals: 12 },
  rpcUrls: endpoints('kusama-rpc.polkadot.io'),
  blockExplorers: { default: { name: 'Subscan', url: 'https://kusama.subscan.io' } },
})

/** Westend test network: WND, 12 decimals, SS58 prefix 42. */
export const westend = /* @__PURE__ */ defineNetwork({
  name: 'Westend',
  genesisHash: '0xe143f23803ac50e8f6f8e62695d1ce9e4e1d68aa36c1cd2cfd15340213f3423e',
  ss58Prefix: 42,
  nativeCurrency: { name: 'Westend', symbol: 'WND', decimals: 12 },
  rpcUrls: endpoints('westend-rpc.polkadot.io'),
  blockExplorers: { default: { name: 'Subscan', url: 'https://westend.subscan.io' } },
  testnet: true,
})
