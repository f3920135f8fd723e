import { ErrorText } from './errors.js'

/** Chain namespaces the product knows; plugins may add more through `KnownNamespaces`. */
export type ChainNamespace = 'eip155' | 'solana' | 'polkadot' | 'bip122' | (string & {})

/** A CAIP-2 network id, `namespace:reference`. */
export type CaipNetworkId = `${string}:${string}`
/** A CAIP-10 account id, `namespace:reference:address`. */
export type CaipAddress = `${string}:${string}:${string}`

const KNOWN_NAMESPACES = new Set(['eip155', 'solana', 'polkadot', 'bip122'])

/** Splits a CAIP-10 address; throws "Invalid CAIP Address" unless it has three non-empty parts and a known namespace. */
export function parseCaipAddress(value: string): { namespace: ChainNamespace; reference: string; address: string } {
  const parts = typeof value === 'string' ? value.split(':') : []
  const [namespace, reference, address] = parts
  if (parts.length !== 3 || !namespace || !reference || !address || !KNOWN_NAMESPACES.has(namespace)) {
    throw new Error(ErrorText.invalidCaipAddress)
  }
  return { namespace, reference, address }
}

/** Splits a CAIP-2 network id. */
export function parseCaipNetworkId(value: string): { namespace: ChainNamespace; reference: string } {
  const i = typeof value === 'string' ? value.indexOf(':') : -1
  if (i <= 0 || i === value.length - 1) throw new Error(`Invalid CAIP network id: ${String(value)}`)
  return { namespace: value.slice(0, i), reference: value.slice(i + 1) }
}

export function toCaipAddress(networkId: CaipNetworkId, address: string): CaipAddress {
  return `${networkId}:${address}` as CaipAddress
}
