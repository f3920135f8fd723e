import type { CaipNetworkId } from './caip.js'
import type { CaipNetwork } from './network.js'

/** A transaction from the connected account: `data` calls a contract, `value` moves the native token. */
export interface TransactionRequest {
  from: string
  to: string
  /** Hex call data (eip155) or a serialized transaction (base64, solana). */
  data?: string
  value?: bigint
  network: CaipNetwork
}

/** What a transaction is expected to cost, in the network's native token. */
export interface FeeEstimate {
  fee: bigint
  decimals: number
  symbol: string
  /** eip155: the gas units and the price per unit the fee was computed from. */
  gas?: bigint
  gasPrice?: bigint
  /**
   * What the sender must still hold after the transaction, in base units of the native token, beyond the amount
   * and the fee (a minimum balance that keeps the account alive); absent where nothing must stay behind.
   */
  reserve?: bigint
}

export interface TokenBalance {
  /** The token's contract (eip155) or mint (solana) address. */
  token: string
  value: bigint
  decimals: number
  symbol: string
}

/** A read-only contract call (eip155: an ABI and function name) or account read (solana: `functionName` unused). */
export interface ContractRead {
  address: string
  abi?: readonly unknown[]
  functionName?: string
  args?: readonly unknown[]
  network: CaipNetwork
}

/**
 * The name system a network keeps on chain (eip155: ENS through its universal resolver). Each lookup resolves null
 * when the chain holds no such record and rejects when the chain could not be read; what it answers is unchecked.
 */
export interface OnChainNames {
  /** The address `name` stands for. */
  address(name: string): Promise<string | null>
  /** The primary name of `address` (its reverse record). */
  name(address: string): Promise<string | null>
  /** The avatar of `name`, as an image URL. */
  avatar(name: string): Promise<string | null>
}

/**
 * A remote multi-chain wallet session as a chain plugin sees it: the accounts approved per namespace
 * (`namespace:reference:address`, CAIP-25) and requests sent to one chain of it (CAIP-27).
 */
export interface RemoteSession {
  readonly session?: { readonly namespaces: Readonly<Record<string, { readonly accounts: readonly string[] }>> }
  request(args: { method: string; params?: unknown }, chain?: string): Promise<unknown>
  /** The chain requests without a chain go to (reads included). */
  setDefaultChain(chain: string): void
}

/** What a remote-session facade gets from the plugin that holds the session. */
export interface RemoteSessionContext {
  /** Resolves when the session is known: the session, or undefined when there is none (nothing restored). */
  session: Promise<RemoteSession | undefined>
  /** CAIP-2 ids the modal would like to be on, best first; the facade starts on the first one the session approved. */
  preferredChains(): readonly CaipNetworkId[]
  /** How the wallet is shown where the chain's wallet shape carries a name and an icon. */
  wallet: { name: string; icon: string }
}

/** One chain family's view of a remote session, in the provider shape its chain plugin connects to. */
export interface RemoteSessionFacade {
  /** Handed back to this chain plugin's `addConnector` (EIP-1193, a Wallet Standard wallet …). */
  readonly provider: unknown
  /** A session event of this namespace (chainChanged, accountsChanged …). */
  onSessionEvent(name: string, data: unknown): void
  /** The session's namespaces changed. */
  onSessionUpdate(): void
}

/** How one chain family speaks over a remote session: what to propose for it, and its facade. */
export interface RemoteSessionMapping {
  /** The wallet methods proposed for this namespace. */
  readonly methods: readonly string[]
  /** The session events proposed for this namespace. */
  readonly events: readonly string[]
  createFacade(context: RemoteSessionContext): RemoteSessionFacade
}

/**
 * What features (tokens, send, swap …) ask of a chain without naming it. A chain plugin implements what its
 * family can do and leaves the rest out; `chainFeature` then says clearly what is missing.
 */
export interface ChainFeatures {
  /** A request to the connected wallet in its own protocol (EIP-1193 for eip155). */
  request(params: { method: string; params?: unknown }): Promise<unknown>
  /** Sends a transaction with data and value through the connected wallet; resolves with its id. */
  sendTransaction(tx: TransactionRequest): Promise<string>
  estimateFees(tx: TransactionRequest): Promise<FeeEstimate>
  readContract(read: ContractRead): Promise<unknown>
  /** Balances of `tokens` held by `owner`, read on chain in one batched call; unknown tokens are left out. */
  getTokenBalances(params: { owner: string; tokens: readonly string[]; network: CaipNetwork }): Promise<TokenBalance[]>
  /** Transfers `amount` base units of `token` (ERC-20, including tokens whose transfer returns nothing; SPL). */
  sendToken(params: { from: string; token: string; to: string; amount: bigint; network: CaipNetwork }): Promise<string>
  /**
   * What `sendToken` with the same parameters would cost in the native token: the network fee plus any deposit
   * the transfer needs (Solana: the rent of the receiver's token account when it has none yet).
   */
  estimateTokenTransfer(params: { from: string; token: string; to: string; amount: bigint; network: CaipNetwork }): Promise<FeeEstimate>
  /** eip155: an EIP-712 signature (eth_signTypedData_v4) of `typedData` by `address`. */
  signTypedData(params: { address: string; typedData: unknown }): Promise<string>
  /**
   * The names `network` keeps on chain, or undefined when it keeps none (eip155: a network without
   * `contracts.ensUniversalResolver`). Answered at once; the lookups load their code on first use.
   */
  onChainNames(network: CaipNetwork): OnChainNames | undefined
  /**
   * How this family speaks over a remote multi-chain wallet session (CAIP-25 namespaces and CAIP-27 requests,
   * as WalletConnect v2 carries them): loaded on first use, so a host that holds no such session ships none of it.
   */
  remoteSession(): Promise<RemoteSessionMapping>
  /**
   * For a wallet of this family chosen on a phone or in Telegram but missing from the page: the link that opens
   * `pageUrl` in the wallet app (its in-app browser, or its app page); undefined for a wallet it does not know.
   * Loaded on first use: the table of wallet links is not part of the chain plugin's eager code.
   */
  missingWalletLink(params: { wallet: { name?: unknown; rdns?: unknown }; pageUrl: string }): Promise<string | undefined>
  /**
   * Whether `signature` is `address`'s signature of the text `message` on `network`, by this family's rules (eip155:
   * secp256k1 recovery, EIP-1271 for a contract account, EIP-6492 before deployment; solana: ed25519; polkadot:
   * sr25519; bip122: BIP-322 simple and the legacy signed-message format). Resolves false for a signature that does
   * not verify or is malformed; loaded on first use, so the verifier is not part of the chain plugin's eager code.
   */
  verifyMessage(params: { address: string; message: string; signature: string; network: CaipNetwork }): Promise<boolean>
  /**
   * The payment request URI of `address` on `network` that a wallet app understands when it scans it (the Receive
   * view's QR code) by the family's standard (eip155: EIP-681, solana: Solana Pay, bip122: BIP-21); a family
   * without one (polkadot) leaves the feature out and the plain address is shown. Rejects for an address the
   * standard refuses. Loaded on first use.
   */
  paymentUri(params: { address: string; network: CaipNetwork }): Promise<string>
  /**
   * The CAIP-74 (CACAO) signature type of a sign-in `signature` this family's wallets made: eip155 `eip191`
   * (personal_sign), solana `solana:ed25519`, polkadot `polkadot:sr25519`, bip122 `bip122:ecdsa` or
   * `bip122:bip322-simple`.
   */
  signatureType(signature: string): string
  /**
   * The name a sign-in message's header gives an account of a family the format does not name already (CAIP-122:
   * "… wants you to sign in with your Tally account:"): a capitalised word of at most 32 letters, digits, spaces,
   * dots or hyphens that no other family uses. eip155, solana, polkadot and bip122 leave it out (Ethereum, Solana,
   * Polkadot, Bitcoin are the format's own).
   */
  signInName(): string
}

export type ChainFeature = keyof ChainFeatures

/** The features of the chain plugins the page's modals registered, by namespace. */
const registered = new Map<string, Partial<ChainFeatures>>()

/** Records the features of a chain plugin a modal registers (the chain registry does), for `chainFeatureOf`. */
export const recordChainFeatures = (adapter: { readonly namespace: string; readonly features?: Partial<ChainFeatures> }) =>
  void (adapter.features && registered.set(adapter.namespace, adapter.features))

/**
 * `feature` of the chain plugin a modal of the page registered for `namespace`, for a rule read where no modal is
 * at hand (a stored sign-in's CACAO); undefined when none has it.
 */
export function chainFeatureOf<K extends ChainFeature>(namespace: string, feature: K): ChainFeatures[K] | undefined {
  const implementation = registered.get(namespace)?.[feature]
  return typeof implementation === 'function' ? (implementation as ChainFeatures[K]) : undefined
}
