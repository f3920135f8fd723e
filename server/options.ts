/** The sign-in server's options, checked once when it is made: a wrong option fails the host's start, not a request. */
import type { SiwxServerStore } from './store.js'
import { isFamily, KNOWN_BITCOIN_PARAMS } from './signature.js'

export interface SiwxServerOptions {
  /**
   * The pages allowed to sign in, as origins ("https://app.example.com"). A message's domain and URI must be one of
   * them, and a state-changing request (verify, revoke, sign-out) must come from one (its Origin header).
   */
  origins: readonly string[]
  /** The CAIP-2 networks whose accounts may sign in ("eip155:1", "solana:5eykt4Us…"), or a test of the id. */
  chains: readonly string[] | ((chainId: string) => boolean)
  /** Where nonces, sessions and rate counters live (default: this process's memory; `redisStore` for several instances). */
  store?: SiwxServerStore
  /** Per CAIP-2 id, the node URL that checks a contract account's signature (EIP-1271, EIP-6492) on eip155 networks. */
  rpcUrls?: Readonly<Record<string, string>>
  /** Per CAIP-2 id, the network fields a family's verifier reads: bip122 `{ params }` (Bitcoin's own are known), polkadot `{ ss58Prefix }`. */
  custom?: Readonly<Record<string, Record<string, unknown>>>
  cookie?: {
    /** Default "vestibule_siwx". */
    name?: string
    /** A session lasts this long at most, in seconds (default one day), shorter when its message expires sooner. */
    maxAge?: number
    /** Default "/". */
    path?: string
    /** Default: Secure unless the page's origin is on loopback (localhost, 127.0.0.1, [::1]). */
    secure?: boolean
  }
  /** How long an issued nonce can be used, in seconds (default 300). */
  nonceTtl?: number
  /** How far the signer's clock may be off, in seconds, for the message's times (default 60). */
  clockSkew?: number
  /** Request bodies longer than this are refused with 413 (default 65536 bytes). */
  maxBodyBytes?: number
  /** A message with more resources is refused (default 32). */
  maxResources?: number
  /** Per client and window, the nonce and verify requests allowed (default 60 each per 60 s); false turns it off. */
  rateLimit?: false | { windowSeconds?: number; nonce?: number; verify?: number }
  /**
   * Who a request is from, for the rate limit: default the `clientAddress` the adapter passes (the socket's
   * address with `toNodeHandler`), else one bucket for all. Behind a proxy, read its header here.
   */
  clientKey?: (request: Request, context: SiwxRequestContext) => string | undefined
  /** Whether this account may sign in (after its signature verified); false answers 403. */
  allow?: (account: { chainId: string; address: string }) => boolean | Promise<boolean>
  /** Told of each verify request that carried a message and a signature: for logs and audits. */
  onVerify?: (attempt: SiwxVerifyAttempt) => void
  /** The clock (default Date.now), for tests. */
  now?: () => number
}

export interface SiwxRequestContext {
  /** The client's network address, when the adapter knows it. */
  clientAddress?: string
}

export interface SiwxVerifyAttempt {
  chainId?: string
  address?: string
  message: string
  signature: string
  ok: boolean
  reasons: readonly string[]
}

export interface Settings {
  origins: Map<string, URL>
  allowsChain: (chainId: string) => boolean
  rpcUrls: Readonly<Record<string, string>>
  custom: Readonly<Record<string, Record<string, unknown>>>
  cookieName: string
  cookiePath: string
  cookieSecure: boolean | undefined
  maxAgeMs: number
  nonceTtlMs: number
  skewMs: number
  maxBodyBytes: number
  maxResources: number
  rate: false | { windowMs: number; nonce: number; verify: number }
  now: () => number
}

const positive = (value: unknown, fallback: number, name: string) => {
  if (value === undefined) return fallback
  if (typeof value !== 'number' || !(value > 0) || !Number.isFinite(value))
    throw new Error(`createSiwxServer: ${name} must be a positive number`)
  return value
}

export function settingsOf(options: SiwxServerOptions): Settings {
  if (!options || !Array.isArray(options.origins) || !options.origins.length)
    throw new Error('createSiwxServer: `origins` must list the pages allowed to sign in ("https://app.example.com")')
  const origins = new Map<string, URL>()
  for (const text of options.origins) {
    const url = URL.canParse(text) ? new URL(text) : undefined
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== text.replace(/\/$/, ''))
      throw new Error(`createSiwxServer: origins: "${text}" is not an origin (scheme, host and port only)`)
    origins.set(url.origin, url)
  }
  const chains = options.chains
  if (typeof chains !== 'function' && (!Array.isArray(chains) || !chains.length))
    throw new Error('createSiwxServer: `chains` must list the CAIP-2 networks allowed to sign in')
  const custom = { ...options.custom }
  if (Array.isArray(chains)) {
    for (const id of chains) {
      const namespace = String(id).split(':')[0]!
      if (!/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(id) || !isFamily(namespace))
        throw new Error(`createSiwxServer: chains: "${id}" is not a CAIP-2 id of eip155, solana, polkadot or bip122`)
      if (namespace === 'bip122' && !custom[id]?.params && !KNOWN_BITCOIN_PARAMS[id])
        throw new Error(`createSiwxServer: custom["${id}"].params (the chain's address parameters) is needed to check its signatures`)
    }
  }
  const list = Array.isArray(chains) ? new Set<string>(chains) : undefined
  const cookieName = options.cookie?.name ?? 'vestibule_siwx'
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cookieName))
    throw new Error('createSiwxServer: cookie.name must be 1 to 64 letters, digits, "_" or "-"')
  const rate =
    options.rateLimit === false
      ? false
      : {
          windowMs: positive(options.rateLimit?.windowSeconds, 60, 'rateLimit.windowSeconds') * 1000,
          nonce: positive(options.rateLimit?.nonce, 60, 'rateLimit.nonce'),
          verify: positive(options.rateLimit?.verify, 60, 'rateLimit.verify'),
        }
  return {
    origins,
    allowsChain: list ? (id) => list.has(id) : (id) => (chains as (id: string) => boolean)(id) === true,
    rpcUrls: { ...options.rpcUrls },
    custom: { ...KNOWN_BITCOIN_PARAMS, ...custom },
    cookieName,
    cookiePath: options.cookie?.path ?? '/',
    cookieSecure: options.cookie?.secure,
    maxAgeMs: positive(options.cookie?.maxAge, 86_400, 'cookie.maxAge') * 1000,
    nonceTtlMs: positive(options.nonceTtl, 300, 'nonceTtl') * 1000,
    skewMs: options.clockSkew === 0 ? 0 : positive(options.clockSkew, 60, 'clockSkew') * 1000,
    maxBodyBytes: positive(options.maxBodyBytes, 65_536, 'maxBodyBytes'),
    maxResources: positive(options.maxResources, 32, 'maxResources'),
    rate,
    now: options.now ?? Date.now,
  }
}
