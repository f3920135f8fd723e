// Loaded with import() on first use: the Wallet Standard session (connect, events, signing) and the Esplora
// reads. No SDK here; bitcoinjs-lib loads only when a transaction is built (./psbt.js).
import {
  ErrorText,
  VestibuleError,
  defineAddressRules,
  isUserRejection,
  type Balance,
  type CaipNetwork,
  type ConnectResult,
  type Connector,
  type FeeEstimate,
  type TransactionRequest,
} from 'vestibule/kernel'
import { formatUnits } from 'vestibule/utils'
import { walletError } from '../shared/wallet-error.js'
import { createConnectorList, type ConnectorEntry, type ConnectorList } from '../shared/connectors.js'
import {
  feature,
  standardConnector,
  watchStandardWallets,
  type StandardWallet,
  type StandardWalletAccount,
} from '../shared/wallet-standard.js'
import { addressError } from './address.js'
import type { Bip122State } from './adapter.js'
import type { Bip122Network } from './networks.js'

type Account = StandardWalletAccount
type Change = { accounts?: readonly Account[]; chains?: readonly string[] } | undefined

/** Wallet Standard features this adapter uses (shapes of the Bitcoin Wallet Standard, `@exodus/bitcoin-wallet-standard-features`). */
interface Features {
  'standard:connect': { connect(input?: { silent?: boolean }): Promise<{ accounts: readonly Account[] }> }
  'bitcoin:connect': { connect(input: { purposes: ('payment' | 'ordinals')[] }): Promise<{ accounts: readonly Account[] }> }
  'standard:disconnect': { disconnect(): Promise<void> }
  'standard:events': { on(event: 'change', listener: (change: Change) => void): () => void }
  'bitcoin:signMessage': {
    signMessage(
      ...inputs: { account: Account; message: Uint8Array }[]
    ): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]>
  }
  'bitcoin:signTransaction': {
    signTransaction(
      ...inputs: { psbt: Uint8Array; chain: string; inputsToSign: { account: Account; signingIndexes: number[]; sigHash?: number }[] }[]
    ): Promise<readonly { signedPsbt: Uint8Array }[]>
  }
}
const METHODS = {
  'standard:connect': 'connect',
  'bitcoin:connect': 'connect',
  'standard:disconnect': 'disconnect',
  'standard:events': 'on',
  'bitcoin:signMessage': 'signMessage',
  'bitcoin:signTransaction': 'signTransaction',
} as const
const featureOf = <K extends keyof Features>(wallet: StandardWallet, name: K) => feature<Features[K]>(wallet, name, METHODS[name])

/** Wallet chain ids this plugin understands: CAIP-2 `bip122:<genesis>` and the `bitcoin:<network>` names wallets use. */
export const isBitcoinChain = (chain: unknown) => typeof chain === 'string' && /^(bip122|bitcoin):/.test(chain)

const lists = new WeakMap<Bip122State, ConnectorList<StandardWallet>>()

/** The wallets an adapter lists: those discovered in the page and those other plugins added (WalletConnect …). */
function listOf(state: Bip122State): ConnectorList<StandardWallet> {
  let list = lists.get(state)
  if (!list) lists.set(state, (list = createConnectorList()))
  return list
}

/** Lists a wallet another plugin provides; returns the function that removes it. */
export const addConnector = (state: Bip122State, entry: ConnectorEntry<StandardWallet>) => listOf(state).add(entry)

/**
 * Wallet Standard discovery: wallets with a Bitcoin chain and a connect feature, listed with the connectors other
 * plugins added; returns the stop function.
 */
export function watch(state: Bip122State, onChange: (connectors: Connector[]) => void): () => void {
  const unwatch = listOf(state).watch(onChange)
  const stop = watchStandardWallets({
    accept: (w) => w.chains.some(isBitcoinChain) && Boolean(featureOf(w, 'standard:connect') || featureOf(w, 'bitcoin:connect')),
    onChange(list) {
      // Two registrations with one name are one wallet to the user: the first one wins.
      listOf(state).setDiscovered(list.map((w) => ({ connector: standardConnector(w, 'bip122'), wallet: w })))
    },
  })
  return () => {
    stop()
    unwatch()
  }
}

/** Base58check and bech32(m) with the network's prefixes; a segwit address is written in lowercase (BIP-173). */
export const addressRules = defineAddressRules(
  (value, network) => addressError(value, network),
  (value, network) => (addressError(value.toLowerCase(), network) ? value : value.toLowerCase()),
)

/** "… is not supported by this wallet", for a wallet lacking a feature. */
export const notSupported = (what: string) => new VestibuleError('NOT_SUPPORTED', `${what} is not supported by this wallet`)

/** Keeps "the user said no" recognisable (USER_REJECTED, wallet code 4001) and wraps everything else as WALLET_ERROR. */
function fromWallet(error: unknown): VestibuleError {
  const rejected = isUserRejection(error)
  const code = (error as { code?: unknown } | null)?.code
  return walletError(error, { rejected, walletCode: rejected && typeof code !== 'number' && typeof code !== 'string' ? 4001 : undefined })
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw fromWallet(error)
  }
}

/** The chain id `account` uses for `network` (its CAIP-2 id or the wallet's `bitcoin:<name>`), if any. */
function chainOf(account: Account, network: Bip122Network): string | undefined {
  const chains = Array.isArray(account?.chains) ? account.chains : []
  return [network.caipNetworkId, network.custom.walletChain].find((c) => c && chains.includes(c))
}

/**
 * The account and network to use: an account the wallet lists for one of the host's networks with an address of
 * that network. Prefers `preferred` (the current address), then `requested`, then the wallet's order.
 */
function pick(state: Bip122State, accounts: unknown, requested: CaipNetwork, preferred?: string) {
  const list = Array.isArray(accounts) ? (accounts as Account[]) : []
  const candidates = list.flatMap((account) =>
    state.networks
      .filter((network) => typeof account?.address === 'string' && chainOf(account, network) && !addressError(account.address, network))
      .map((network) => ({ account, network })),
  )
  const score = (c: (typeof candidates)[number]) =>
    (c.account.address === preferred ? 2 : 0) + (c.network.caipNetworkId === requested.caipNetworkId ? 1 : 0)
  return candidates.reduce<(typeof candidates)[number] | undefined>((best, c) => (!best || score(c) > score(best) ? c : best), undefined)
}

function detach(state: Bip122State) {
  const off = state.active?.off
  state.active = undefined
  try {
    off?.()
  } catch {
    /* a wallet failing to remove its listener must not block disconnecting */
  }
}

function attach(state: Bip122State, wallet: StandardWallet, found: ReturnType<typeof pick>, requested: CaipNetwork): ConnectResult {
  if (!found) {
    throw new VestibuleError(
      'NOT_SUPPORTED',
      `The wallet has no account on ${state.networks.map((n) => n.name).join(' or ')} (asked for ${requested.name})`,
    )
  }
  detach(state)
  const session: NonNullable<Bip122State['active']> = { wallet, address: found.account.address, network: found.network }
  state.active = session
  const onChange = (change: Change) => {
    if (state.active !== session || !change || (!change.accounts && !change.chains)) return
    const next = pick(state, change.accounts ?? wallet.accounts, session.network, session.address)
    if (!next) {
      detach(state)
      return state.listener?.disconnected()
    }
    if (next.account.address !== session.address) {
      session.address = next.account.address
      state.listener?.accountChanged(next.account.address)
    }
    if (next.network !== session.network) {
      session.network = next.network
      state.listener?.networkChanged(next.network.caipNetworkId)
    }
  }
  try {
    session.off = featureOf(wallet, 'standard:events')?.on('change', onChange)
  } catch {
    /* without events the session still works; changes are just not reported */
  }
  // Bitcoin wallets do not switch chains: every network is in reach only with an account on each.
  const reachesAll = state.networks.every((network) => pick(state, wallet.accounts, network, session.address)?.network === network)
  return { address: session.address, caipNetworkId: session.network.caipNetworkId, supportsAllNetworks: reachesAll }
}

function walletFor(state: Bip122State, connectorId: string) {
  const wallet = listOf(state).get(connectorId)?.wallet
  if (!wallet) throw new VestibuleError('NOT_SUPPORTED', `Wallet "${connectorId}" is not available in this browser`)
  return wallet
}

/** The connected wallet and the account it still lists for the session's address. */
function connected(state: Bip122State) {
  const active = state.active
  if (!active) throw new VestibuleError('NOT_CONNECTED', 'No Bitcoin wallet is connected')
  const account = (active.wallet.accounts ?? []).find((a) => a?.address === active.address)
  if (!account) throw new VestibuleError('NOT_CONNECTED', `The wallet no longer grants access to ${active.address}`)
  return { wallet: active.wallet, account, network: active.network }
}

export async function connect(
  state: Bip122State,
  { connectorId, network }: { connectorId: string; network: CaipNetwork },
): Promise<ConnectResult> {
  const wallet = walletFor(state, connectorId)
  const standard = featureOf(wallet, 'standard:connect')
  const bitcoin = featureOf(wallet, 'bitcoin:connect')
  if (!standard && !bitcoin) throw notSupported('Connecting (standard:connect)')
  const result = await call(() => (standard ? standard.connect() : bitcoin!.connect({ purposes: ['payment'] })))
  return attach(state, wallet, pick(state, result?.accounts, network) ?? pick(state, wallet.accounts, network), network)
}

/** Restores the session without a prompt: the wallet's authorized accounts, or a silent `standard:connect`. */
export async function reconnect(
  state: Bip122State,
  { connectorId, network }: { connectorId: string; network: CaipNetwork },
): Promise<ConnectResult | undefined> {
  if (!(await listOf(state).waitFor(connectorId, 1000))) return undefined
  const wallet = walletFor(state, connectorId)
  let found = pick(state, wallet.accounts, network)
  const standard = featureOf(wallet, 'standard:connect')
  if (!found && standard) found = pick(state, (await call(() => standard.connect({ silent: true })))?.accounts, network)
  return found ? attach(state, wallet, found, network) : undefined
}

export async function disconnect(state: Bip122State) {
  const wallet = state.active?.wallet
  detach(state)
  try {
    // Wallets that support it forget the grant; the others are simply no longer listened to.
    if (wallet) await featureOf(wallet, 'standard:disconnect')?.disconnect()
  } catch {
    /* the local session ends anyway */
  }
}

/** Bitcoin wallets do not switch chains: the switch uses the wallet's account on `network`, if it has one. */
export async function switchNetwork(state: Bip122State, target: CaipNetwork) {
  const { wallet } = connected(state)
  const session = state.active!
  const found = pick(state, wallet.accounts, target, session.address)
  if (found?.network !== target) throw notSupported(`The network ${target.name}`)
  session.network = found.network
  if (found.account.address !== session.address) {
    session.address = found.account.address
    state.listener?.accountChanged(session.address)
  }
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))

/** Signs with `bitcoin:signMessage`; returns the wallet's signature in base64 (the wallet documents its scheme). */
export async function signMessage(
  state: Bip122State,
  { message }: { message: string; address: string; network: CaipNetwork },
): Promise<string> {
  const { wallet, account } = connected(state)
  const sign = featureOf(wallet, 'bitcoin:signMessage')
  if (!sign) throw notSupported('Message signing (bitcoin:signMessage)')
  const [output] = await call(() => sign.signMessage({ account, message: new TextEncoder().encode(message) }))
  if (!(output?.signature instanceof Uint8Array) || output.signature.length === 0)
    throw new VestibuleError('WALLET_ERROR', 'The wallet returned a malformed signature')
  return toBase64(output.signature)
}

// ---- Esplora-shaped HTTP API -------------------------------------------------------------------------------

export interface Utxo {
  txid: string
  vout: number
  value: bigint
}

async function esplora(network: Bip122Network, path: string, init?: RequestInit): Promise<string> {
  const response = await fetch(`${network.custom.esploraUrl}${path}`, { ...init, signal: AbortSignal.timeout(15_000) })
  const text = await response.text()
  if (!response.ok) throw new VestibuleError('HTTP', `${ErrorText.httpStatus(response.status)}${text ? `: ${text.slice(0, 300)}` : ''}`)
  return text
}

function checkAddress(address: string, network: Bip122Network) {
  const problem = addressError(address, network)
  if (problem) throw new VestibuleError('NOT_SUPPORTED', problem)
}

/** The address's unspent outputs (`GET /address/:address/utxo`), values in satoshis as bigint. */
export async function listUtxos(network: Bip122Network, address: string): Promise<Utxo[]> {
  checkAddress(address, network)
  const list: unknown = JSON.parse(await esplora(network, `/address/${address}/utxo`))
  if (!Array.isArray(list)) throw new Error(`${network.name}: the Esplora API returned no UTXO list`)
  return list.map((u: { txid?: unknown; vout?: unknown; value?: unknown }) => {
    if (
      typeof u?.txid !== 'string' ||
      !/^[0-9a-f]{64}$/.test(u.txid) ||
      !Number.isSafeInteger(u.vout) ||
      !Number.isSafeInteger(u.value) ||
      (u.value as number) < 0
    ) {
      throw new Error(`${network.name}: the Esplora API returned a malformed UTXO`)
    }
    return { txid: u.txid, vout: u.vout as number, value: BigInt(u.value as number) }
  })
}

export async function getBalance({ address, network }: { address: string; network: CaipNetwork }): Promise<Balance> {
  const utxos = await listUtxos(network as Bip122Network, address)
  return {
    value: utxos.reduce((sum, u) => sum + u.value, 0n),
    decimals: network.nativeCurrency.decimals,
    symbol: network.nativeCurrency.symbol,
  }
}

/** Used when `/fee-estimates` fails or has no usable answer: 2 sat/vB. */
export const FALLBACK_FEE_RATE = 2

/**
 * The fee rate for a confirmation within about 6 blocks from `GET /fee-estimates` ({ "<blocks>": sat/vB }),
 * in millisatoshis per vbyte (an integer, at least 1 sat/vB); FALLBACK_FEE_RATE when the API has no answer.
 */
export async function feeRate(network: Bip122Network): Promise<bigint> {
  let rate: unknown
  try {
    const estimates = JSON.parse(await esplora(network, '/fee-estimates')) as Record<string, unknown>
    rate = ['6', '5', '4', '3', '2', '1'].map((k) => estimates?.[k]).find((r) => typeof r === 'number' && r > 0 && r < 1e6)
  } catch {
    /* the fallback below */
  }
  return BigInt(Math.max(1000, Math.ceil(((rate as number | undefined) ?? FALLBACK_FEE_RATE) * 1000)))
}

const describeIn = (network: Bip122Network) => (sats: bigint) =>
  `${formatUnits(sats, network.nativeCurrency.decimals)} ${network.nativeCurrency.symbol}`

/**
 * The fee `sendNative` would pay for the same transfer: the fee rate times the virtual size of the transaction
 * built from the sender's UTXOs (change included unless it would be dust). Rejects with "Insufficient funds" when
 * the UTXOs cannot cover the amount and that fee.
 */
export async function estimateFees(tx: TransactionRequest): Promise<FeeEstimate> {
  const network = tx?.network as Bip122Network
  if (tx?.data !== undefined)
    throw new VestibuleError('NOT_SUPPORTED', 'Bitcoin transfers carry no call data; only native transfers can be estimated')
  checkAddress(tx.to, network)
  if (typeof tx.value !== 'bigint' || tx.value <= 0n)
    throw new VestibuleError('NOT_SUPPORTED', `Invalid amount: ${String(tx.value)} (satoshis, a bigint above 0)`)
  const [{ planTransfer }, utxos, rate] = await Promise.all([import('./psbt.js'), listUtxos(network, tx.from), feeRate(network)])
  const { fee } = planTransfer({ network, from: tx.from, to: tx.to, value: tx.value, utxos, feeRate: rate, describe: describeIn(network) })
  return { fee, decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol }
}

/**
 * Sends `value` satoshis to `to`: a PSBT built from the sender's UTXOs (bitcoinjs-lib, loaded now), signed by the
 * wallet with `bitcoin:signTransaction`, finalized here and broadcast with `POST /tx`. Returns the txid.
 */
export async function sendNative(
  state: Bip122State,
  { to, value, address, network }: { to: string; value: bigint; address: string; network: CaipNetwork },
): Promise<string> {
  const target = network as Bip122Network
  checkAddress(to, target)
  if (typeof value !== 'bigint' || value <= 0n)
    throw new VestibuleError('NOT_SUPPORTED', `Invalid amount: ${String(value)} (satoshis, a bigint above 0)`)
  const { wallet, account } = connected(state)
  if (account.address !== address) throw new VestibuleError('NOT_CONNECTED', `${address} is not the connected account`)
  const sign = featureOf(wallet, 'bitcoin:signTransaction')
  if (!sign) throw notSupported('Sending (bitcoin:signTransaction)')
  const [{ buildTransfer, finalizeTransfer }, utxos, rate] = await Promise.all([
    import('./psbt.js'),
    listUtxos(target, address),
    feeRate(target),
  ])
  const built = await buildTransfer({
    network: target,
    from: address,
    to,
    value,
    publicKey: account.publicKey,
    utxos,
    feeRate: rate,
    txHex: (txid) => esplora(target, `/tx/${txid}/hex`),
    describe: describeIn(target),
  })
  const chain = chainOf(account, target) ?? target.caipNetworkId
  const [output] = await call(() =>
    sign.signTransaction({ psbt: built.psbt, chain, inputsToSign: [{ account, signingIndexes: built.signingIndexes }] }),
  )
  const { hex, txid } = finalizeTransfer(target, built, output?.signedPsbt)
  const sent = (await esplora(target, '/tx', { method: 'POST', body: hex, headers: { 'content-type': 'text/plain' } })).trim()
  if (sent !== txid) throw new VestibuleError('WALLET_ERROR', `The node accepted transaction ${sent}, expected ${txid}`)
  return txid
}
