/** The shapes the sign-in plugin shares between its eager part, its flow, its stores and hosts. */
import type { Cacao } from './cacao.js'
import type { SiwxMessageFields } from './messages.js'

/** A signed sign-in: the message's fields, its text, the wallet's signature and the same as a CACAO (CAIP-74). */
export interface SiwxSession {
  data: SiwxMessageFields
  message: string
  signature: string
  /** Every session the plugin signs has one; a session a store gives back may not. */
  cacao?: Cacao
}

/** What a new message is for: the account, its network (CAIP-2) and the page asking. */
export interface SiwxRequest {
  chainId: string
  address: string
  domain: string
  uri: string
}

/**
 * Where sessions live and who checks them. The local default keeps them in the modal's storage; `hostBackend()`
 * asks the host's server, which issues nonces, verifies signatures and keeps the sessions.
 */
export interface SiwxSessionStore {
  /** Fields the server fixes for the next message (at least the nonce); absent: the page draws a random nonce. */
  prepare?(request: SiwxRequest): Promise<Partial<SiwxMessageFields> & { nonce: string }>
  /** Keeps a signed session. A server verifies it first and rejects with its reason; resolves with the server's answer. */
  add(session: SiwxSession): Promise<unknown>
  /** The sessions kept for this account on this network (checked again by the plugin before use). */
  get(chainId: string, address: string): Promise<readonly SiwxSession[]>
  /** Every session kept. */
  list?(): Promise<readonly SiwxSession[]>
  /** Ends this account's sessions on this network. */
  revoke(chainId: string, address: string): Promise<void>
  /** Ends every session (a disconnect). */
  clear(): Promise<void>
}

/** The host's `siwx` option. */
export interface SiwxConfig {
  /** The app cannot be used signed out: the sign views cannot be closed, and cancelling disconnects. */
  required?: boolean
  /** The line the wallet shows above the message's fields. */
  statement?: string
  /** How long a new session lasts, in seconds (default one day). */
  expiresIn?: number
  resources?: readonly string[]
  /** Where sessions are kept and verified (default: the modal's storage). */
  store?: SiwxSessionStore
}

/** The legacy `siweConfig` option: callbacks a host wrote for sign-in with Ethereum, mapped onto the same flow. */
export interface SiweConfig {
  getNonce(): Promise<string>
  verifyMessage(args: { message: string; signature: string }): Promise<boolean>
  getSession(): Promise<{ address: string; chainId: number } | null | undefined>
  signOut(): Promise<boolean>
  getMessageParams?(): Promise<{ statement?: string; resources?: string[]; expiry?: number }>
  required?: boolean
  onSignIn?(session?: { address: string; chainId: number }): void
  onSignOut?(): void
}

/** The sign-in state of the connected account, as hosts and the views read it. */
export interface SiwxState {
  /** 'checking' while a stored session is looked at, 'needed' when the account must sign, 'signedIn' once it has. */
  status: 'off' | 'checking' | 'needed' | 'signedIn' | 'signedOut'
  /** The account and network the status is about. */
  chainId?: string
  address?: string
  session?: SiwxSession
  /** Why the last sign-in failed (a decline, a refusal by the server …). */
  error?: string
}
