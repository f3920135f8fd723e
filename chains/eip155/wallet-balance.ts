// The native balance as the connected wallet tells it, for when no RPC URL of the network answers. Loaded with
// the RPC code (rpc.ts); every answer is checked, as anything from a wallet is.
import type { CaipNetwork } from 'vestibule/kernel'
/** The connected wallet's EIP-1193 request; it rejects when no wallet is connected. */
export type WalletRequest = (method: string, params?: unknown) => Promise<unknown>

/** How long one wallet request may take before the next source is tried. */
export const WALLET_TIMEOUT_MS = 10_000

const HEX_QUANTITY = /^0x[0-9a-fA-F]{1,64}$/
const hexChain = (id: number) => `0x${id.toString(16)}`

function timed<T>(promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error('The wallet did not answer')), WALLET_TIMEOUT_MS)),
  )
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}

/** An own property of a plain object, or undefined (no prototype keys, nothing from arrays or strings). */
const own = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' && !Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined

/** A chain id from the wallet as a number: hex quantity, decimal text or a number; NaN for anything else. */
function chainIdOf(value: unknown): number {
  if (typeof value === 'number') return value
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,13}$/.test(value)) return Number.parseInt(value.slice(2), 16)
  if (typeof value === 'string' && /^[1-9][0-9]{0,15}$/.test(value)) return Number(value)
  return Number.NaN
}

/** `eth_getBalance` through the wallet, only while the wallet is on `network` (its node answers for its own chain). */
async function fromNode(request: WalletRequest, address: string, network: CaipNetwork): Promise<bigint | undefined> {
  if (chainIdOf(await timed(request('eth_chainId'))) !== network.id) return undefined
  const answer = await timed(request('eth_getBalance', [address, 'latest']))
  return typeof answer === 'string' && HEX_QUANTITY.test(answer) ? BigInt(answer) : undefined
}

/**
 * EIP-7811 `wallet_getAssets` for the native asset on `network`, asked only when `wallet_getCapabilities`
 * (EIP-5792) offers `assetDiscovery` for that chain or for all chains ("0x0").
 */
async function fromAssets(request: WalletRequest, address: string, network: CaipNetwork): Promise<bigint | undefined> {
  const chain = hexChain(Number(network.id))
  const capabilities = await timed(request('wallet_getCapabilities', [address, [chain]]))
  const offered = [chain, '0x0'].some((key) => own(own(own(capabilities, key), 'assetDiscovery'), 'supported') === true)
  if (!offered) return undefined
  const assets = own(
    await timed(request('wallet_getAssets', [{ account: address, chainFilter: [chain], assetTypeFilter: ['native'] }])),
    chain,
  )
  if (!Array.isArray(assets)) return undefined
  const native = assets.slice(0, 1000).find((asset) => own(asset, 'type') === 'native' && own(asset, 'address') === 'native')
  const balance = own(native, 'balance')
  return typeof balance === 'string' && HEX_QUANTITY.test(balance) ? BigInt(balance) : undefined
}

/**
 * The balance of `address` on `network` from the connected wallet: its node (`eth_getBalance`) when it is on that
 * network, else its asset list (EIP-7811) when it offers one. Undefined when neither gives a well-formed answer.
 */
export async function walletBalance(request: WalletRequest, address: string, network: CaipNetwork): Promise<bigint | undefined> {
  for (const source of [fromNode, fromAssets]) {
    const value = await source(request, address, network).catch(() => undefined)
    if (value !== undefined) return value
  }
  return undefined
}
