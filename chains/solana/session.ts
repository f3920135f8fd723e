/**
 * The connected side of the Solana adapter: Wallet Standard connect, events, signing and sending. Loaded
 * with import() on the first connect or reconnect, so a host's eager bundle carries only discovery.
 */
import {
  VestibuleError,
  isUserRejection,
  lazyOnce,
  type AdapterListener,
  type CaipNetwork,
  type ChainAdapter,
  type ChainFeatures,
} from 'vestibule/kernel'
import { walletError } from '../shared/wallet-error.js'
import { feature, type StandardWallet, type StandardWalletAccount } from '../shared/wallet-standard.js'
import { invalidAddress, isAddress } from './base58.js'
import { encodeBase58 } from '../shared/base58-encode.js'
import type { SolanaNetwork } from './networks.js'

type Account = StandardWalletAccount
type Change = { accounts?: readonly Account[]; chains?: readonly string[] }
/** Wallet Standard features this adapter uses (shapes of `@solana/wallet-standard-features`). */
interface Features {
  'standard:connect': { connect(input?: { silent?: boolean }): Promise<{ accounts: readonly Account[] }> }
  'standard:disconnect': { disconnect(): Promise<void> }
  'standard:events': { on(event: 'change', listener: (change: Change) => void): () => void }
  'solana:signMessage': {
    signMessage(...inputs: { account: Account; message: Uint8Array }[]): Promise<readonly { signature: Uint8Array }[]>
  }
  'solana:signAndSendTransaction': {
    signAndSendTransaction(
      ...inputs: { account: Account; transaction: Uint8Array; chain: string; options?: object }[]
    ): Promise<readonly { signature: Uint8Array }[]>
  }
  'solana:signTransaction': {
    signTransaction(
      ...inputs: { account: Account; transaction: Uint8Array; chain?: string }[]
    ): Promise<readonly { signedTransaction: Uint8Array }[]>
  }
}
const METHODS = {
  'standard:connect': 'connect',
  'standard:disconnect': 'disconnect',
  'standard:events': 'on',
  'solana:signMessage': 'signMessage',
  'solana:signAndSendTransaction': 'signAndSendTransaction',
  'solana:signTransaction': 'signTransaction',
} as const
const featureOf = <K extends keyof Features>(wallet: StandardWallet, name: K) => feature<Features[K]>(wallet, name, METHODS[name])

const U64_MAX = 2n ** 64n - 1n
export { encodeBase58 }

/** The account to use: `preferred` when the wallet still lists it, else the first valid Solana account. */
function solanaAccount(accounts: unknown, preferred?: string): Account | undefined {
  const list = (Array.isArray(accounts) ? (accounts as Account[]) : []).filter(
    (a) => a && isAddress(a.address) && Array.isArray(a.chains) && a.chains.some((c) => typeof c === 'string' && c.startsWith('solana:')),
  )
  return list.find((a) => a.address === preferred) ?? list[0]
}

/** The chain id to hand the wallet for `network`: the CAIP-2 id when the account lists it, else the cluster name. */
function chainFor(account: Account, network: CaipNetwork): string {
  return account.chains.includes(network.caipNetworkId)
    ? network.caipNetworkId
    : ((network as SolanaNetwork).custom?.walletChain ?? 'solana:mainnet')
}
const supports = (account: Account, network: CaipNetwork) => account.chains.includes(chainFor(account, network))

/** Bytes from a wallet, also when they come from another realm (an extension's own Uint8Array). */
const asBytes = (value: unknown, length?: number) =>
  ArrayBuffer.isView(value) && (length === undefined || value.byteLength === length)
    ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
    : undefined

const notSupported = (what: string) => new VestibuleError('NOT_SUPPORTED', `${what} is not supported by this wallet`)
const FAILED = 'Failed to send transaction. Please try again. '

/** Keeps "the user said no" recognisable (code 4001 or a "rejected" message) and wraps everything else. */
function fromWallet(error: unknown, prefix = ''): VestibuleError {
  const rejected = isUserRejection(error)
  const code = (error as { code?: unknown } | null)?.code
  return walletError(error, {
    rejected,
    prefix: rejected ? '' : prefix,
    walletCode: rejected && typeof code !== 'number' && typeof code !== 'string' ? 4001 : undefined,
  })
}

async function call<T>(run: () => Promise<T>, prefix?: string): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw fromWallet(error, prefix)
  }
}

/** What the eager adapter shares with its session: the discovered wallets and the kernel's listener. */
export interface SessionHost {
  networks: readonly CaipNetwork[]
  wallet(connectorId: string): StandardWallet | undefined
  /** Resolves true once the wallet registered, false after `ms`. */
  waitForWallet(connectorId: string, ms: number): Promise<boolean>
  listener(): AdapterListener | undefined
}

export type Session = Pick<ChainAdapter, 'connect' | 'reconnect' | 'disconnect' | 'switchNetwork' | 'getBalance' | 'signMessage'> &
  Pick<ChainFeatures, 'sendTransaction' | 'estimateFees' | 'readContract' | 'getTokenBalances' | 'sendToken' | 'estimateTokenTransfer'> & {
    sendNative: NonNullable<ChainAdapter['sendNative']>
    destroy(): void
  }

/** A serialized transaction given as base64 text; anything else is refused before the wallet is asked. */
function decodeTransaction(data: unknown): Uint8Array {
  if (typeof data !== 'string' || !data || !/^[A-Za-z0-9+/]+={0,2}$/.test(data)) {
    throw new VestibuleError('NOT_SUPPORTED', 'A Solana transaction is given as `data`: the serialized transaction in base64')
  }
  return Uint8Array.from(atob(data), (c) => c.charCodeAt(0))
}

/** Checks a token transfer's parameters before anything is built or asked. */
function checkTokenTransfer(token: string, to: string, amount: bigint) {
  if (!isAddress(token)) throw new VestibuleError('NOT_SUPPORTED', invalidAddress(token))
  if (!to || !isAddress(to)) throw new VestibuleError('NOT_SUPPORTED', invalidAddress(to))
  if (typeof amount !== 'bigint' || amount <= 0n)
    throw new VestibuleError('NOT_SUPPORTED', 'Please enter a valid amount and receiver address')
  if (amount > U64_MAX) throw new VestibuleError('NOT_SUPPORTED', `Amount too large: a token transfer is at most ${U64_MAX} base units`)
}

type Rpc = typeof import('./rpc.js')
type Active = { wallet: StandardWallet; account: Account; network: CaipNetwork; off?: () => void }
/** The connected wallet and account: throws NOT_CONNECTED when there is none. */
type Connected = () => { wallet: StandardWallet; account: Account }

/** Connect, restore, follow the wallet's changes, switch clusters, sign messages: the session with one wallet. */
function walletSession(host: SessionHost) {
  let active: Active | undefined

  const walletFor = (connectorId: string) => {
    const wallet = host.wallet(connectorId)
    if (!wallet) throw new VestibuleError('NOT_SUPPORTED', `Wallet "${connectorId}" is not available in this browser`)
    return wallet
  }

  const connected: Connected = () => {
    if (!active) throw new VestibuleError('NOT_CONNECTED', 'No Solana wallet is connected')
    // The wallet's current object for the account when it lists it (wallets compare identity), else the one connect gave.
    const listed = solanaAccount(active.wallet.accounts, active.account.address)
    return { wallet: active.wallet, account: listed?.address === active.account.address ? listed : active.account }
  }

  /** The requested network when the account can use it, else the first of the host's networks it can. */
  const pickNetwork = (account: Account, requested: CaipNetwork) =>
    supports(account, requested) ? requested : (host.networks.find((n) => supports(account, n)) ?? requested)

  const detach = () => {
    const off = active?.off
    active = undefined
    try {
      off?.()
    } catch {
      /* a wallet failing to remove its listener must not block disconnecting */
    }
  }

  /** `standard:events` "change": the wallet's accounts (or chains) changed; reports what the kernel tracks. */
  const follow = (session: Active) => (change: Change | undefined) => {
    if (active !== session || !change || (!change.accounts && !change.chains)) return
    const next = solanaAccount(change.accounts ?? session.wallet.accounts, session.account.address)
    const listener = host.listener()
    if (!next) {
      detach()
      return listener?.disconnected()
    }
    const previous = session.account.address
    session.account = next
    if (next.address !== previous) listener?.accountChanged(next.address)
    const network = pickNetwork(next, session.network)
    if (network !== session.network) {
      session.network = network
      listener?.networkChanged(network.caipNetworkId)
    }
  }

  const attach = (wallet: StandardWallet, account: Account, requested: CaipNetwork) => {
    detach()
    const network = pickNetwork(account, requested)
    const session: Active = { wallet, account, network }
    active = session
    try {
      session.off = featureOf(wallet, 'standard:events')?.on('change', follow(session))
    } catch {
      /* without events the session still works; changes are just not reported */
    }
    // The cluster is named in each request: every one the account lists is in reach.
    return {
      address: account.address,
      caipNetworkId: network.caipNetworkId,
      supportsAllNetworks: host.networks.every((n) => supports(account, n)),
    }
  }

  const methods: Pick<Session, 'connect' | 'reconnect' | 'disconnect' | 'switchNetwork' | 'signMessage'> = {
    async connect({ connectorId, network }) {
      const wallet = walletFor(connectorId)
      const connect = featureOf(wallet, 'standard:connect')
      if (!connect) throw notSupported('Connecting (standard:connect)')
      const result = await call(() => connect.connect())
      const account = solanaAccount(result?.accounts) ?? solanaAccount(wallet.accounts)
      if (!account) throw new VestibuleError('WALLET_ERROR', 'The wallet returned no Solana account')
      return attach(wallet, account, network)
    },
    async reconnect({ connectorId, network }) {
      if (!(await host.waitForWallet(connectorId, 1000))) return undefined
      const wallet = walletFor(connectorId)
      let account = solanaAccount(wallet.accounts)
      if (!account) {
        // `silent` asks the wallet to restore an earlier grant without prompting.
        const result = await featureOf(wallet, 'standard:connect')
          ?.connect({ silent: true })
          .catch(() => undefined)
        account = solanaAccount(result?.accounts)
      }
      return account ? attach(wallet, account, network) : undefined
    },
    async disconnect() {
      const wallet = active?.wallet
      detach()
      if (wallet) await call(async () => featureOf(wallet, 'standard:disconnect')?.disconnect())
    },
    async switchNetwork(network) {
      // Solana wallets have no "current cluster": the app names it in each request.
      if (!active) return
      const { account } = connected()
      if (!supports(account, network)) throw notSupported(`The network ${network.name}`)
      active.network = network
    },
    async signMessage({ message }) {
      const { wallet, account } = connected()
      const sign = featureOf(wallet, 'solana:signMessage')
      if (!sign) throw notSupported('Message signing (solana:signMessage)')
      const [output] = await call(() => sign.signMessage({ account, message: new TextEncoder().encode(message) }))
      const signature = asBytes(output?.signature, 64)
      if (!signature) throw new VestibuleError('WALLET_ERROR', 'The wallet returned a malformed signature')
      return encodeBase58(signature)
    },
  }
  return { connected, detach, methods }
}

/** Signs and sends (or signs, then sends) a serialized transaction through the connected wallet. */
async function send(
  { wallet, account }: ReturnType<Connected>,
  loadRpc: () => Promise<Rpc>,
  transaction: Uint8Array,
  network: CaipNetwork,
  lifetime: { blockhash: string; lastValidBlockHeight: number },
) {
  const signAndSend = featureOf(wallet, 'solana:signAndSendTransaction')
  const signOnly = featureOf(wallet, 'solana:signTransaction')
  if (!signAndSend && !signOnly) throw notSupported('Sending transactions (solana:signAndSendTransaction or solana:signTransaction)')
  const chain = chainFor(account, network)
  if (signAndSend) {
    const [output] = await call(
      () => signAndSend.signAndSendTransaction({ account, transaction, chain, options: { preflightCommitment: 'confirmed' } }),
      FAILED,
    )
    const signature = asBytes(output?.signature, 64)
    if (!signature) throw new VestibuleError('WALLET_ERROR', 'The wallet returned no transaction signature')
    return encodeBase58(signature)
  }
  const [output] = await call(() => signOnly!.signTransaction({ account, transaction, chain }), FAILED)
  const signed = asBytes(output?.signedTransaction)
  if (!signed) throw new VestibuleError('WALLET_ERROR', 'The wallet returned no signed transaction')
  const rpc = await loadRpc()
  return call(() => rpc.sendSigned(network, signed, lifetime), FAILED)
}

/** Balances, reads, fee estimates and sends: the RPC (and the SDK) behind `loadRpc`, signing by the connected wallet. */
function chainMethods(
  connected: Connected,
  loadRpc: () => Promise<Rpc>,
): Omit<Session, keyof ReturnType<typeof walletSession>['methods'] | 'destroy'> {
  /** A checked token transfer, built: its refusals (not a mint, not enough tokens) read as what they are. */
  const tokenTransfer = async ({
    from,
    token,
    to,
    amount,
    network,
  }: {
    from: string
    token: string
    to: string
    amount: bigint
    network: CaipNetwork
  }) => {
    checkTokenTransfer(token, to, amount)
    const rpc = await loadRpc()
    try {
      return { rpc, ...(await rpc.buildTokenTransfer(network, from, to, token, amount)) }
    } catch (error) {
      throw error instanceof rpc.TokenTransferError ? new VestibuleError('NOT_SUPPORTED', error.message) : fromWallet(error, FAILED)
    }
  }

  return {
    async getBalance({ address, network }) {
      const { getBalance } = await loadRpc()
      return { value: await getBalance(network, address), decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol }
    },
    async sendNative({ to, value, network }) {
      if (!to || typeof value !== 'bigint' || value <= 0n)
        throw new VestibuleError('NOT_SUPPORTED', 'Please enter a valid amount and receiver address')
      if (!isAddress(to)) throw new VestibuleError('NOT_SUPPORTED', invalidAddress(to))
      if (value > U64_MAX) throw new VestibuleError('NOT_SUPPORTED', `Amount too large: a transfer is at most ${U64_MAX} lamports`)
      const { account } = connected()
      const rpc = await loadRpc()
      const { transaction, lifetime } = await call(() => rpc.buildTransfer(network, account.address, to, value), FAILED)
      return send(connected(), loadRpc, transaction, network, lifetime)
    },
    async sendTransaction({ data, network }) {
      const transaction = decodeTransaction(data)
      connected()
      const rpc = await loadRpc()
      const lifetime = await call(() => rpc.lifetimeOf(network, transaction), FAILED)
      return send(connected(), loadRpc, transaction, network, lifetime)
    },
    async estimateFees({ from, to, data, value, network }) {
      const rpc = await loadRpc()
      const fee = await call(
        () => rpc.feeFor(network, data === undefined ? { from, to, lamports: value ?? 0n } : decodeTransaction(data)),
        FAILED,
      )
      return { fee, decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol }
    },
    async readContract({ address, network }) {
      if (!isAddress(address)) throw new VestibuleError('NOT_SUPPORTED', invalidAddress(address))
      return (await loadRpc()).readAccount(network, address)
    },
    async sendToken(params) {
      const { account } = connected()
      const { transaction, lifetime } = await tokenTransfer({ ...params, from: account.address })
      return send(connected(), loadRpc, transaction, params.network, lifetime)
    },
    async estimateTokenTransfer(params) {
      const { network } = params
      const { rpc, transaction, rent } = await tokenTransfer(params)
      const fee = await call(() => rpc.feeFor(network, transaction), FAILED)
      return { fee: fee + rent, decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol }
    },
    async getTokenBalances({ owner, tokens, network }) {
      if (!isAddress(owner)) throw new VestibuleError('NOT_SUPPORTED', invalidAddress(owner))
      return (await loadRpc()).tokenBalances(network, owner, tokens)
    },
  }
}

export function createSession(host: SessionHost): Session {
  const loadRpc = lazyOnce((): Promise<Rpc> => import('./rpc.js'))
  const wallet = walletSession(host)
  return { ...wallet.methods, ...chainMethods(wallet.connected, loadRpc), destroy: wallet.detach }
}
