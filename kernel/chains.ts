import { atom, type ReadableAtom } from 'nanostores'
import type { CaipNetworkId, ChainNamespace } from './caip.js'
import type { CaipNetwork } from './network.js'
import { recordChainFeatures, type ChainFeature, type ChainFeatures } from './chain-features.js'
import { VestibuleError } from './errors.js'
import { safeImageUrl } from './sanitize.js'
import type { AccountState, ConnectorType } from './state.js'

export type { ConnectorType, ConnectorTypes } from './state.js'

/** A wallet the user can pick: discovered in the page, configured by the host, or contributed by a plugin. */
export interface Connector {
  /** Unique within its namespace; for announced wallets the rdns. */
  id: string
  name: string
  type: ConnectorType
  namespace: ChainNamespace
  imageUrl?: string
  imageId?: string
  explorerId?: string
  rdns?: string
  /** True when the wallet is present in this browser. */
  installed: boolean
  /** MULTI_CHAIN: the same wallet's connectors in each namespace it announced itself to. */
  connectors?: readonly Connector[]
  /**
   * The connector holds one session across namespaces (a remote session, an embedded wallet): disconnecting one
   * namespace ends every other namespace connected on it.
   */
  endsWithSiblings?: boolean
  /**
   * Whether the connected `account` has its network fees paid for it (a smart account with a paymaster): the
   * insufficient-gas rule does not apply to it. Absent: the account pays its own fees.
   */
  paysOwnGas?(account: AccountState): boolean
}

/** What a wallet directory knows of a wallet found in the page, by rdns: its directory id, image id and image. */
export interface WalletIdentity {
  rdns: string
  explorerId: string
  imageId?: string
  /** The directory's image of the wallet (for `imageId`), shown where the wallet brings no icon of its own. */
  imageUrl?: string
}

export interface Balance {
  value: bigint
  decimals: number
  symbol: string
}

export interface ConnectResult {
  address: string
  caipNetworkId: CaipNetworkId
  /**
   * True when the wallet can be moved to every network of the adapter's list (an EVM wallet adds the ones it
   * lacks; an account that serves every cluster or chain). Kept as `networkState.supportsAllNetworks`, except for a
   * remote session (a WALLET_CONNECT connector), which is held to the networks it approved.
   */
  supportsAllNetworks?: boolean
}

/** Wallet-side changes an adapter reports to the kernel. */
export interface AdapterListener {
  accountChanged(address: string): void
  networkChanged(caipNetworkId: CaipNetworkId): void
  disconnected(): void
}

/**
 * Capabilities a feature can ask for without naming a chain, e.g. `'signMessage'`, `'sendNative'`,
 * `'eip155:signTypedData'`, `'solana:signIn'`. Chain plugins declare what they can do.
 */
export type Capability = string

/**
 * A chain's strict address rule, for what a person types or pastes, and the address as the chain writes it.
 * Stricter than `ChainAdapter.isAddress` (the structural rule for what wallets and hosts hand over): checksums
 * and the network's own prefixes. Surrounding whitespace is ignored.
 */
export interface AddressRules {
  /** Why `value` is not an address on `network`, in words naming the chain; undefined when it is one. */
  problem(value: string, network: CaipNetwork): string | undefined
  /**
   * `value` in the chain's canonical form on `network` (eip155: `0x` and the EIP-55 checksum); throws a
   * NOT_SUPPORTED VestibuleError with `problem`'s words when it is not an address.
   */
  normalize(value: string, network: CaipNetwork): string
}

/**
 * What every chain plugin implements for its namespace. Only the kernel calls it. The object itself should
 * be tiny: SDK-backed work loads with `import()` inside these methods, on first use.
 */
export interface ChainAdapter {
  readonly namespace: ChainNamespace
  /** The family as people know it ("Solana", "EVM networks"), where a wallet offers several families. */
  readonly label?: string
  readonly networks: readonly CaipNetwork[]
  readonly capabilities: ReadonlySet<Capability>
  /** The type of account the chain's wallets hold by default (`eoa`, `payment`); a plugin may offer others. */
  readonly defaultAccountType: string
  /** Starts wallet discovery (first open only) and reports the list on every change; returns a stop function. */
  watchConnectors(onChange: (connectors: Connector[]) => void): () => void
  /** Asks the wallet for access; rejects with code 4001 (or a VestibuleError USER_REJECTED) when the user declines. */
  connect(params: { connectorId: string; network: CaipNetwork }): Promise<ConnectResult>
  /** Restores a previous connection without prompting; undefined when the wallet no longer grants access. */
  reconnect(params: { connectorId: string; network: CaipNetwork }): Promise<ConnectResult | undefined>
  disconnect(): Promise<void>
  switchNetwork(network: CaipNetwork): Promise<void>
  getBalance(params: { address: string; network: CaipNetwork }): Promise<Balance>
  signMessage(params: { message: string; address: string; network: CaipNetwork }): Promise<string>
  /** Sends the native token; returns the transaction id. Optional: check the `'sendNative'` capability. */
  sendNative?(params: { to: string; value: bigint; address: string; network: CaipNetwork }): Promise<string>
  isAddress(value: string, network?: CaipNetwork): boolean
  /**
   * The strict address rule and normaliser of this chain (see AddressRules), loaded on first use: checksum code
   * stays out of the eager part. Read it through `addressRulesOf(adapter)`, which also serves adapters without one.
   */
  addressRules?(): Promise<AddressRules>
  formatAmount(value: bigint, network: CaipNetwork): string
  parseAmount(text: string, network: CaipNetwork): bigint
  /**
   * Adds a connector another plugin provides (WalletConnect, an embedded wallet) with the provider object
   * this chain family speaks (EIP-1193 for eip155, a Wallet Standard wallet for solana and bip122 …).
   * It is listed and connected like a discovered wallet. Returns the function that removes it.
   */
  addConnector?(connector: Connector, provider: unknown): () => void
  /** Called by the kernel once, so the adapter can report wallet-side changes. */
  listen(listener: AdapterListener): void
  /**
   * What features can ask of this chain (see ChainFeatures); absent ones are left out. Read them through
   * `chainFeature(adapter, 'sendTransaction')`, which names what is missing.
   */
  readonly features?: Partial<ChainFeatures>
  /** The address that stands for the native token in token lists and swap quotes of this namespace. */
  readonly nativeTokenAddress?: string
}

/** The adapters of one modal and the connectors they found. */
export interface ChainRegistry {
  register(adapter: ChainAdapter): void
  get(namespace: ChainNamespace): ChainAdapter | undefined
  list(): readonly ChainAdapter[]
  /** The namespaces of the registered chain plugins: the ones this modal knows. */
  namespaces(): string[]
  /** Adapters that declare `capability`. */
  supporting(capability: Capability): readonly ChainAdapter[]
  /** Every connector of every namespace, updated as wallets announce themselves. */
  readonly $connectors: ReadableAtom<readonly Connector[]>
  /** Starts discovery in every adapter; idempotent. */
  startDiscovery(): void
  stopDiscovery(): void
  findConnector(id: string, namespace?: ChainNamespace): Connector | undefined
  /** Adds a plugin-provided connector to `namespace` (see ChainAdapter.addConnector); throws when the adapter cannot. */
  addConnector(namespace: ChainNamespace, connector: Omit<Connector, 'namespace'>, provider: unknown): () => void
  /**
   * A wallet directory (the catalog) names the wallets it knows: every connector with one of these rdns carries
   * the directory's `explorerId` and `imageId` from then on, so excluding or deduplicating by directory id matches,
   * and one without an icon of its own the directory's image.
   */
  identify(wallets: readonly WalletIdentity[]): void
}

export function createChainRegistry(): ChainRegistry {
  const adapters = new Map<ChainNamespace, ChainAdapter>()
  const found = new Map<ChainNamespace, readonly Connector[]>()
  const known = new Map<string, WalletIdentity>()
  const $connectors = atom<readonly Connector[]>([])
  let stops: Array<() => void> | undefined
  const publish = () =>
    $connectors.set(
      [...found.values()].flat().map((c) => {
        const id = c.rdns ? known.get(c.rdns) : undefined
        if (!id) return c
        // A wallet's own icon stays; one without (or with a refused one) shows the directory's image.
        const imageUrl = c.imageUrl ?? safeImageUrl(id.imageUrl)
        return { ...c, explorerId: id.explorerId, imageId: id.imageId ?? c.imageId, ...(imageUrl ? { imageUrl } : {}) }
      }),
    )

  return {
    register(adapter) {
      if (adapters.has(adapter.namespace)) {
        throw new VestibuleError(
          'DUPLICATE_PLUGIN',
          `Two chain plugins register the namespace "${adapter.namespace}"; register one per namespace`,
        )
      }
      adapters.set(adapter.namespace, adapter)
      recordChainFeatures(adapter)
    },
    get: (namespace) => adapters.get(namespace),
    list: () => [...adapters.values()],
    namespaces: () => [...adapters.keys()],
    supporting: (capability) => [...adapters.values()].filter((a) => a.capabilities.has(capability)),
    $connectors,
    startDiscovery() {
      if (stops) return
      stops = [...adapters.values()].map((adapter) =>
        adapter.watchConnectors((connectors) => {
          found.set(adapter.namespace, connectors)
          publish()
        }),
      )
    },
    stopDiscovery() {
      stops?.forEach((stop) => stop())
      stops = undefined
    },
    addConnector(namespace, connector, provider) {
      const adapter = adapters.get(namespace)
      if (!adapter?.addConnector)
        throw new VestibuleError('NOT_SUPPORTED', `The ${namespace} chain plugin cannot take connectors from other plugins`)
      return adapter.addConnector({ ...connector, namespace }, provider)
    },
    identify(wallets) {
      const before = known.size
      for (const w of wallets) if (!known.has(w.rdns)) known.set(w.rdns, w)
      if (known.size > before) publish()
    },
    findConnector(id, namespace) {
      return $connectors.get().find((c) => c.id === id && (!namespace || c.namespace === namespace))
    },
  }
}

/** Surrounding whitespace of a typed address, which no chain's address contains. */
const typed = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

/**
 * The address rules of `adapter`: its own, or for an adapter without them its structural `isAddress` with a
 * generic message and the trimmed text as the normal form. Every feature that takes a typed address checks it
 * with these, the way the send form does.
 */
export async function addressRulesOf(adapter: ChainAdapter): Promise<AddressRules> {
  const own = await adapter.addressRules?.()
  if (own && typeof own.problem === 'function' && typeof own.normalize === 'function') return own
  const problem = (value: string, network: CaipNetwork) =>
    adapter.isAddress(typed(value), network) ? undefined : `Not a valid address on ${network.name}`
  return {
    problem,
    normalize(value, network) {
      const reason = problem(value, network)
      if (reason) throw new VestibuleError('NOT_SUPPORTED', reason)
      return typed(value)
    },
  }
}

/** Rules from a `problem` function and a canonical form of valid input: `normalize` throws `problem`'s words. */
export function defineAddressRules(
  problem: (value: string, network: CaipNetwork) => string | undefined,
  canonical: (value: string, network: CaipNetwork) => string,
): AddressRules {
  return {
    problem: (value, network) => problem(typed(value), network),
    normalize(value, network) {
      const text = typed(value)
      const reason = problem(text, network)
      if (reason) throw new VestibuleError('NOT_SUPPORTED', reason)
      return canonical(text, network)
    },
  }
}

/** Whether `adapter` implements `feature`. */
export const hasChainFeature = (adapter: ChainAdapter | undefined, feature: ChainFeature): boolean =>
  typeof adapter?.features?.[feature] === 'function'

/**
 * The `feature` of `adapter`, or a NOT_SUPPORTED error naming the chain and what is missing, for the feature to
 * show instead of breaking.
 */
export function chainFeature<K extends ChainFeature>(adapter: ChainAdapter | undefined, feature: K): ChainFeatures[K] {
  const implementation = adapter?.features?.[feature]
  if (typeof implementation !== 'function') {
    throw new VestibuleError(
      'NOT_SUPPORTED',
      adapter ? `The ${adapter.namespace} chain plugin cannot ${feature}` : `No chain plugin to ${feature} with`,
    )
  }
  return implementation as ChainFeatures[K]
}
