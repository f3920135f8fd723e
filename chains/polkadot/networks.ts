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
  /** `transactionPath`: where the explorer shows a transaction (Subscan: `/extrinsic/{id}`). */
  blockExplorers?: { default: { name: string; url: string; transactionPath?: string } }
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
  return {
    ...rest,
    id: hash,
    caipNetworkId: `polkadot:${hash.slice(2, 34)}`,
    chainNamespace: 'polkadot',
    custom: { genesisHash: hash, ss58Prefix },
  }
}

/**
 * A relay chain of Parity's: its public node at `<rpc>.polkadot.io`, Subscan at `<name in lowercase>.subscan.io`,
 * and a token named like the chain.
 */
const relay = (name: string, genesisHash: string, ss58Prefix: number, symbol: string, decimals: number, rpc: string) =>
  defineNetwork({
    name,
    genesisHash,
    ss58Prefix,
    nativeCurrency: { name, symbol, decimals },
    rpcUrls: { default: { http: [`https://${rpc}.polkadot.io`], webSocket: [`wss://${rpc}.polkadot.io`] } },
    blockExplorers: { default: { name: 'Subscan', url: `https://${name.toLowerCase()}.subscan.io`, transactionPath: '/extrinsic/{id}' } },
  })

/** Polkadot relay chain: DOT, 10 decimals, SS58 prefix 0. */
export const polkadotMainnet = /* @__PURE__ */ relay(
  'Polkadot',
  '0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3',
  0,
  'DOT',
  10,
  'rpc',
)

/** Kusama relay chain: KSM, 12 decimals, SS58 prefix 2. */
export const kusama = /* @__PURE__ */ relay(
  'Kusama',
  '0xb0a8d493285c2df73290dfb7e61f870f17b41801197a149ca93654499ea3dafe',
  2,
  'KSM',
  12,
  'kusama-rpc',
)

/** Westend test network: WND, 12 decimals, SS58 prefix 42. */
export const westend = /* @__PURE__ */ Object.assign(
  relay('Westend', '0xe143f23803ac50e8f6f8e62695d1ce9e4e1d68aa36c1cd2cfd15340213f3423e', 42, 'WND', 12, 'westend-rpc'),
  { testnet: true },
)
