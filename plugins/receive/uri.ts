/**
 * Payment request URIs a wallet app understands when it scans them: what the Receive view encodes in its QR code.
 * Amounts are decimal text in the chain's display unit or base units as noted, never a JavaScript number.
 */

/**
 * EIP-681: `ethereum:<address>@<chainId>[?value=<wei>]`. The chain id keeps a wallet from paying on another
 * network.
 *
 * @example eip681Uri({ address: '0xf39F…2266', chainId: 8453 }) // 'ethereum:0xf39F…2266@8453'
 */
export function eip681Uri({ address, chainId, value }: { address: string; chainId: number; value?: bigint }): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new Error(`Not an EVM address: ${address}`)
  if (!Number.isSafeInteger(chainId) || chainId <= 0) throw new Error(`Not a chain id: ${chainId}`)
  if (value !== undefined && value < 0n) throw new Error('The value cannot be negative')
  return `ethereum:${address}@${chainId}${value !== undefined ? `?value=${value}` : ''}`
}

/**
 * Solana Pay transfer request: `solana:<recipient>[?amount=<SOL>&label=<text>]` (amount in SOL as decimal text).
 * An amount with more fraction digits than SOL has (9) is a malformed request a wallet must reject: refused here.
 *
 * @example solanaPayUri({ address: '7xKX…', amount: '1.5', label: 'Coffee' }) // 'solana:7xKX…?amount=1.5&label=Coffee'
 */
export function solanaPayUri({ address, amount, label }: { address: string; amount?: string; label?: string }): string {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)) throw new Error(`Not a Solana address: ${address}`)
  const checked = checkedAmount(amount)
  if (checked !== undefined && (checked.split('.')[1]?.length ?? 0) > SOL_DECIMALS) throw new Error(`Not an amount of SOL (at most ${SOL_DECIMALS} decimals): ${checked}`)
  return `solana:${address}${query({ amount: checked, label })}`
}

/**
 * BIP-21: `bitcoin:<address>[?amount=<BTC>&label=<text>]` (amount in BTC as decimal text). A bech32 address is
 * written in upper case for a denser QR code only by choice; it is kept as given here.
 *
 * @example bip21Uri({ address: 'bc1q…', amount: '0.001' }) // 'bitcoin:bc1q…?amount=0.001'
 */
export function bip21Uri({ address, amount, label, scheme = 'bitcoin' }: { address: string; amount?: string; label?: string; scheme?: string }): string {
  if (!uriScheme(scheme)) throw new Error(`Not a URI scheme: ${scheme}`)
  if (!/^[a-zA-Z0-9]{14,90}$/.test(address)) throw new Error(`Not a Bitcoin address: ${address}`)
  return `${scheme}:${address}${query({ amount: checkedAmount(amount), label })}`
}

/**
 * The payment URI for an account on a network (given by its CAIP-2 id, or the network itself): EIP-681 on eip155,
 * Solana Pay on solana, BIP-21 on bip122 with the scheme the network definition names (`custom.uriScheme`:
 * `litecoin` on Litecoin; `bitcoin` when it names none); other families (polkadot has no such standard) get the
 * plain address.
 */
export function paymentUri(network: string | { caipNetworkId: string; custom?: Record<string, unknown> }, address: string): string {
  const caipNetworkId = typeof network === 'string' ? network : network.caipNetworkId
  const [namespace, reference] = caipNetworkId.split(':')
  if (namespace === 'eip155') return eip681Uri({ address, chainId: Number(reference) })
  if (namespace === 'solana') return solanaPayUri({ address })
  if (namespace === 'bip122') return bip21Uri({ address, scheme: typeof network === 'string' ? undefined : uriScheme(network.custom?.uriScheme) })
  return address
}

/** A network's own URI scheme when it is a well-formed one (lowercase letters first), else undefined. */
const uriScheme = (value: unknown) => (typeof value === 'string' && /^[a-z][a-z0-9+.-]{0,31}$/.test(value) ? value : undefined)

const SOL_DECIMALS = 9

const checkedAmount = (amount: string | undefined) => {
  if (amount !== undefined && !/^\d+(\.\d+)?$/.test(amount)) throw new Error(`Not an amount: ${amount}`)
  return amount
}

const query = (params: Record<string, string | undefined>) => {
  const parts = Object.entries(params)
    .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '')
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
  return parts.length ? `?${parts.join('&')}` : ''
}
