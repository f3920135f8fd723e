import { ErrorText } from './errors.js'

/**
 * The chain families the loaded chain entries bring, as keys. Each chain entry adds its own:
 * `declare module 'vestibule' { interface ChainNamespaces { cosmos: true } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface ChainNamespaces {}

/** A chain namespace: one a chain entry contributes, or any other CAIP-2 namespace (the type is open). */
export type ChainNamespace = Extract<keyof ChainNamespaces, string> | (string & {})

/** A CAIP-2 network id, `namespace:reference`. */
export type CaipNetworkId = `${string}:${string}`
/** A CAIP-10 account id, `namespace:reference:address`. */
export type CaipAddress = `${string}:${string}:${string}`

/** Families the loaded chain entries registered, in registration order. */
const loaded: string[] = []

/**
 * Records a chain family as loaded: a chain entry calls it when it is loaded (`knownChainNamespaces` lists them); a
 * namespace that breaks the CAIP-2 rule is refused. CAIP addresses are checked without it: every family that
 * follows CAIP-2 is accepted.
 */
export function registerChainNamespace(namespace: string): void {
  if (typeof namespace !== 'string' || !NAMESPACE.test(namespace))
    throw new Error(`Invalid CAIP namespace: ${JSON.stringify(namespace) ?? String(namespace)}`)
  if (!loaded.includes(namespace)) loaded.push(namespace)
}

/** The chain families the loaded chain entries registered, in registration order. */
export const knownChainNamespaces = (): readonly string[] => [...loaded]

// Character rules of CAIP-2 (namespace, reference) and CAIP-10 (account address).
const NAMESPACE = /^[-a-z0-9]{3,8}$/
const REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/
const ACCOUNT = /^[-.%a-zA-Z0-9]{1,128}$/
/** A CAIP-2 namespace (`eip155`): what a namespace read from storage or a wallet must look like. */
export const NAMESPACE_PATTERN = NAMESPACE
/** A CAIP-2 network id (`eip155:1`). */
export const CAIP_NETWORK_ID_PATTERN = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

/** The parts of a valid CAIP-10 address, or undefined. */
function splitCaipAddress(value: unknown, namespaces?: readonly string[]) {
  if (typeof value !== 'string') return undefined
  const parts = value.split(':')
  const [namespace = '', reference = '', address = ''] = parts
  const valid =
    parts.length === 3 &&
    (!namespaces || namespaces.includes(namespace)) &&
    NAMESPACE.test(namespace) &&
    REFERENCE.test(reference) &&
    ACCOUNT.test(address)
  return valid ? { namespace: namespace as ChainNamespace, reference, address } : undefined
}

/**
 * Splits a CAIP-10 account id (`namespace:reference:address`) into its parts.
 *
 * Valid means exactly three non-empty parts and the CAIP-2/CAIP-10 character rules: namespace `[-a-z0-9]{3,8}`,
 * reference `[-_a-zA-Z0-9]{1,32}`, address `[-.%a-zA-Z0-9]{1,128}`, whatever chain entries are loaded (a plugin
 * may bring a new chain family). `namespaces` narrows it to those families (the chain plugins a host registered, or
 * `knownChainNamespaces()`).
 *
 * @throws Error "Invalid CAIP Address" for anything else.
 * @example
 * parseCaipAddress('eip155:1:0xf39F…2266') // { namespace: 'eip155', reference: '1', address: '0xf39F…2266' }
 */
export function parseCaipAddress(
  value: string,
  namespaces?: readonly string[],
): { namespace: ChainNamespace; reference: string; address: string } {
  const parts = splitCaipAddress(value, namespaces)
  if (!parts) throw new Error(ErrorText.invalidCaipAddress)
  return parts
}

/**
 * Whether `value` is a valid CAIP-10 account id by the rules of {@link parseCaipAddress}; never throws.
 *
 * @example
 * isCaipAddress('eip155:1:0xabc') // true
 * isCaipAddress('eip155:0xabc')   // false: two parts
 */
export function isCaipAddress(value: unknown, namespaces?: readonly string[]): value is CaipAddress {
  return splitCaipAddress(value, namespaces) !== undefined
}

/**
 * Splits a CAIP-2 network id (`namespace:reference`). Any namespace that follows the CAIP-2 character rules is
 * accepted (a plugin may bring a new chain family); the reference follows `[-_a-zA-Z0-9]{1,32}`.
 *
 * @throws Error "Invalid CAIP network id: …" for anything else.
 * @example
 * parseCaipNetworkId('eip155:137') // { namespace: 'eip155', reference: '137' }
 */
export function parseCaipNetworkId(value: string): { namespace: ChainNamespace; reference: string } {
  const parts = typeof value === 'string' ? value.split(':') : []
  const [namespace = '', reference = ''] = parts
  if (parts.length !== 2 || !NAMESPACE.test(namespace) || !REFERENCE.test(reference)) {
    throw new Error(`Invalid CAIP network id: ${JSON.stringify(value) ?? String(value)}`)
  }
  return { namespace, reference }
}

export function toCaipAddress(networkId: CaipNetworkId, address: string): CaipAddress {
  return `${networkId}:${address}` as CaipAddress
}
