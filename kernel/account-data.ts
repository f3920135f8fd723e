import type { ReadableAtom } from 'nanostores'
import type { CaipAddress, CaipNetworkId } from './caip.js'
import type { CaipNetwork } from './network.js'
import type { Token } from './token.js'

/**
 * A fungible balance of the connected account: the chain's native token or a token contract (ERC-20, SPL mint).
 * Amounts are base units as `bigint` and never pass through a JavaScript number; `price` and `value` are USD
 * display values, absent when unknown.
 */
export interface AccountToken {
  name: string
  symbol: string
  /** The network the balance is on. */
  chainId: CaipNetworkId
  /** The token's CAIP-10 address (`eip155:1:0x…`, `solana:…:<mint>`); absent for the native token. */
  address?: CaipAddress
  decimals: number
  /** Base units held. */
  amount: bigint
  /** USD per whole token. */
  price?: number
  /** USD value of `amount`. */
  value?: number
  /** https, loopback http or an inline image; already checked. */
  iconUrl?: string
}

export type BalancesStatus = 'idle' | 'loading' | 'ready' | 'error'

export interface BalancesSnapshot {
  status: BalancesStatus
  /** The account and network the balances belong to. */
  caipAddress?: CaipAddress
  tokens: readonly AccountToken[]
  /** Where they came from: the blockchain API, or read on chain when it could not answer. */
  source?: 'api' | 'chain'
}

/**
 * The connected account's balances, for every feature that needs them (the Tokens tab, send, swap). Provided by a
 * balances plugin; resolve it with `ctx.services.get(Capabilities.Balances)` and work without it when absent.
 */
export interface BalancesService {
  readonly $balances: ReadableAtom<BalancesSnapshot>
  /** Loads the active account's balances (cached 30 s; `force` reads again) and resolves with them. */
  refresh(options?: { force?: boolean }): Promise<readonly AccountToken[]>
}

/**
 * Names that stand for addresses (ENS-style "alice.eth", a provider's name zone …), for every feature that takes a
 * receiver. Provided by a names plugin; send resolves a receiver through it when one is registered.
 */
/**
 * Why a names service refuses a name outright: a label that reads as an address ('looksLikeAddress'), or letters
 * carrying more combining marks than a name may ('stackedMarks').
 */
export type NameRefusal = 'looksLikeAddress' | 'stackedMarks'

export interface NamesService {
  /** Whether `text` has the shape of a name this service resolves (no request made). */
  isName(text: string): boolean
  /**
   * The address `name` points to on `network` (the form the chain plugin's address rule accepts), or undefined.
   * A name the service refuses for what it is (see NameRefusal) rejects with an error named "NameRefused" whose
   * `reason` says why, before anything is asked.
   */
  resolve(name: string, network: CaipNetwork): Promise<string | undefined>
  /**
   * The image `name` shows with (an avatar), when the service knows one; optional. Callers pass the answer through
   * the modal's image rule (`safeImageUrl`) before showing it, and a failure only means no image.
   */
  avatar?(name: string, network: CaipNetwork): Promise<string | undefined>
  /**
   * What the service holds of `address` and `name` is stale (a name was registered for the address just now): the
   * next look-up asks again, and the account's own name and avatar are read again if it is the active one. Optional.
   */
  forget?(address: string, name?: string): void
}

/**
 * Tokens of services one feature plugin offers others without either naming the other: a plugin provides one
 * with `ctx.services.provide(token, service)`, another resolves it with `ctx.services.get(token)`.
 */
export const Capabilities: { Balances: Token<BalancesService>; Names: Token<NamesService> } = {
  Balances: Symbol.for('vestibule.capability.balances') as Token<BalancesService>,
  Names: Symbol.for('vestibule.capability.names') as Token<NamesService>,
}
