import type { ReadableAtom } from 'nanostores'
import type Provider from '@walletconnect/universal-provider'
import type { CaipNetwork, CaipNetworkId, RemoteSessionContext, RemoteSessionFacade } from 'vestibule/kernel'
/** The SDK's universal provider (the class; its named export is typed as a value only). */
export type UniversalProvider = Provider

/** Options of `walletConnect()`. */
export interface WalletConnectOptions {
  /** The relay the SDK talks to; defaults to the provider's public relay. */
  relayUrl?: string
  /**
   * Networks to propose when no chain plugin is registered (basic mode, where the host drives the provider
   * itself through `getProvider()`); ignored otherwise. Defaults to Ethereum mainnet.
   */
  networks?: readonly CaipNetwork[]
  /**
   * Basic mode: the methods and events proposed per namespace of `networks` (each chain plugin proposes its own
   * otherwise). Defaults to the EIP-1193 wallet methods for eip155.
   */
  basicMethods?: Readonly<Record<string, { methods: readonly string[]; events: readonly string[] }>>
  /** How long the relay may take to hand out a pairing URI before the view shows an error with a retry. */
  connectTimeoutMs?: number
  /** The SDK's log level (pino levels); silent by default, the modal shows what matters. */
  logLevel?: 'silent' | 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'
}

/** The peer wallet of a session, from its metadata. */
export interface PeerWallet {
  name: string
  /** Its icon, only when it is an http(s) URL or an inline image. */
  icon?: string
}

export type WalletConnectStatus =
  /** Nothing under way. */
  | 'idle'
  /** Loading the SDK or waiting for the relay to hand out a pairing URI. */
  | 'loading'
  /** A pairing URI is shown (QR, deep link), waiting for the wallet. */
  | 'pairing'
  /** The wallet approved and the chain plugins are connecting; on iPhone Safari and in Telegram also while the pairing URI waits. */
  | 'connecting'
  | 'connected'
  | 'error'

/** The plugin's state slice. */
export interface WalletConnectState {
  status: WalletConnectStatus
  /** The pairing URI (`wc:…`) while one is offered. */
  uri?: string
  /** When the URI expires (ms since epoch): 4 min after it was made; it is replaced 10 s before. */
  expiresAt?: number
  error?: { kind: 'relay' | 'rejected' | 'failed'; message: string }
  peer?: PeerWallet
  /** Networks the session approved, by namespace. */
  approved?: Record<string, readonly CaipNetworkId[]>
}

/** What `modal.getPlugin('walletConnect')` returns. */
export interface WalletConnectApi {
  readonly $state: ReadableAtom<WalletConnectState>
  /**
   * Offers a pairing URI (loading the SDK on first use). A URI still valid, or one being made, is kept unless
   * `force`; a new one replaces it when it expires while a pairing view is shown.
   */
  pair(options?: { force?: boolean }): Promise<void>
  /** A pairing view is shown until the returned function is called (expired URIs are renewed meanwhile). */
  watch(): () => void
  /** Ends the session at the wallet and disconnects every namespace it carried. */
  disconnect(): Promise<void>
  /**
   * The universal provider (loads the SDK); a host in basic mode sends its requests through it. In a tab that
   * follows another tab's client, this tab takes the client over (the other tab then follows this one).
   */
  getProvider(): Promise<UniversalProvider>
  /** Remembers the deep link the user followed. */
  rememberDeepLink(link: { href: string; name: string }): void
}

/** What a namespace facade gets: the session once known (declared by the kernel as a chain capability). */
export type FacadeContext = RemoteSessionContext

/** One chain family's view of a WalletConnect session, in the provider shape its chain plugin speaks. */
export type NamespaceFacade = RemoteSessionFacade

export type FacadeFactory = (context: FacadeContext) => NamespaceFacade
