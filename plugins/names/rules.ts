/**
 * The rules of name registration, framework-free: the label a user may register (letters, digits or hyphens, at
 * least 4 characters, kept lower-case), who may register (an active EVM network, an address and the embedded
 * wallet's auth connector) and the coin type an EVM chain's address is registered under.
 */

/** Longest label (a DNS label's bound). */
export const LABEL_MAX = 63
/** Shortest label. */
export const LABEL_MIN = 4
/** A label: letters, digits or hyphens, 4 to 63 of them (checked on the lower-cased text). */
export const LABEL_RULE = /^[a-z0-9-]{4,63}$/

/** A zone the provider registers names under (`reown.id`): dot-separated lower-case DNS labels. */
export const ZONE_RULE = /^(?=.{3,200}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/

/** "Invalid chainId": an EVM chain id of 2^31 or more has no coin type. */
export const INVALID_CHAIN_ID = 'Invalid chainId'
/** The active network, its address or the auth connector is missing: nothing can be registered. */
export const NOT_ELIGIBLE = 'Address or auth connector not found'

/**
 * The coin type an EVM chain's address is registered under (ENSIP-11): the chain id with the high bit set. A chain
 * id that is not a whole number from 0 to 2^31 - 1 throws "Invalid chainId".
 */
export function chainIdToCoinType(chainId: number): number {
  if (!Number.isSafeInteger(chainId) || chainId < 0 || chainId >= 0x80000000) throw new Error(INVALID_CHAIN_ID)
  return (0x80000000 | chainId) >>> 0
}

/** What the user typed as a label: trimmed, lower-cased, and the zone dropped when they typed the full name. */
export function labelOf(text: string, zone: string): string {
  const lower = text.trim().toLowerCase()
  return lower.endsWith(`.${zone}`) ? lower.slice(0, -(zone.length + 1)) : lower
}

/**
 * Why a label cannot be registered: 'short', 'long', 'characters', or 'addressLike' for one that reads as an
 * address (see `registrationProblem`).
 */
export type LabelProblem = 'short' | 'long' | 'characters' | 'addressLike'

/** Why `label` does not follow the label rule ('short', 'long', 'characters'), or undefined when it does. */
export function labelProblem(label: string): Exclude<LabelProblem, 'addressLike'> | undefined {
  if (!/^[a-z0-9-]*$/.test(label)) return 'characters'
  if (label.length < LABEL_MIN) return 'short'
  if (label.length > LABEL_MAX) return 'long'
  return undefined
}

/** The full name of `label` in `zone`. */
export const fullName = (label: string, zone: string) => `${label}.${zone}`

/** The parts of the connected account registration needs; see `eligibleAccount`. */
export interface AccountFacts {
  status?: string
  address?: string
  connectorType?: string
  namespace?: string
  chainId?: string | number
}

/**
 * Whether the account may register: connected on an active EVM network with an address, through the auth connector
 * (type 'AUTH', the embedded wallet of email and social login).
 */
export function eligibleAccount(facts: AccountFacts): boolean {
  return (
    facts.status === 'connected' &&
    !!facts.address &&
    facts.connectorType === 'AUTH' &&
    facts.namespace === 'eip155' &&
    facts.chainId !== undefined
  )
}
