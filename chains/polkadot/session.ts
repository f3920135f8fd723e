// The connected side of the adapter, loaded with import() on the first connect: no SDK here, @polkadot/api
// loads later still (api.ts), only for balances and transfers.
import {
  VestibuleError,
  errorMessage,
  lazyOnce,
  type AdapterListener,
  type Balance,
  type CaipNetwork,
  type ChainAdapter,
  type ChainFeatures,
  type ConnectResult,
  type FeeEstimate,
  type TransactionRequest,
} from 'vestibule/kernel'
import { utf8ToHex } from '../shared/hex.js'
import { walletError } from '../shared/wallet-error.js'
import {
  addressProblem,
  displayName,
  type InjectedAccount,
  type InjectedExtension,
  type InjectedSigner,
  type InjectedWeb3Entry,
} from './extensions.js'
import type { PolkadotNetwork } from './networks.js'
import { decodeAddress } from './ss58.js'
import { encodeAddress } from './ss58-encode.js'
import { rules } from './address-rules.js'

const custom = (net: CaipNetwork) => (net as PolkadotNetwork).custom

/** Declined prompts become USER_REJECTED with code 4001; polkadot-js says "Rejected" or "Cancelled". */
function fromWallet(error: unknown): VestibuleError {
  const rejected = /reject|cancel|denied|declined/i.test(errorMessage(error).slice(0, 1000))
  return walletError(error, rejected ? { rejected, walletCode: 4001 } : { rejected })
}

const call = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run()
  } catch (error) {
    throw fromWallet(error)
  }
}

/** The account as shown on `net`: the same key, encoded with the network's SS58 prefix. */
const formatFor = (account: InjectedAccount, net: CaipNetwork) =>
  encodeAddress(decodeAddress(account.address)!.publicKey, custom(net).ss58Prefix)

/** Accounts usable on `net`: valid SS58 (no Ethereum-type keys) and not limited to another chain. */
const usable = (accounts: unknown, net: CaipNetwork) =>
  (Array.isArray(accounts) ? (accounts as InjectedAccount[]) : []).filter(
    (a) => decodeAddress(a?.address) && (!a.genesisHash || String(a.genesisHash).toLowerCase() === custom(net).genesisHash),
  )

interface ConnectParams {
  connectorId: string
  network: CaipNetwork
}

interface Active {
  extension: InjectedExtension
  account: InjectedAccount
  network: CaipNetwork
  unsubscribe?: () => void
}

/** The adapter methods the session implements (the eager adapter forwards them). */
export type LazyMethod = 'connect' | 'reconnect' | 'switchNetwork' | 'getBalance' | 'signMessage' | 'sendNative'
export type Session = ReturnType<typeof createSession>

/** `entryOf` finds a connector's extension entry: one another plugin added, or `window.injectedWeb3`'s. */
export function createSession(
  appName: string,
  listener: () => AdapterListener | undefined,
  entryOf: (connectorId: string) => Partial<InjectedWeb3Entry> | undefined,
) {
  let active: Active | undefined
  const loadApi = lazyOnce(() => import('./api.js'))

  const connected = (): Active => {
    if (!active) throw new VestibuleError('NOT_CONNECTED', 'No Polkadot wallet is connected')
    return active
  }

  const detach = () => {
    const current = active
    active = undefined
    try {
      current?.unsubscribe?.()
    } catch {
      /* an extension failing to unsubscribe changes nothing here */
    }
  }

  const open = async (connectorId: string, net: CaipNetwork): Promise<ConnectResult> => {
    const entry = entryOf(connectorId)
    if (typeof entry?.enable !== 'function')
      throw new VestibuleError('NOT_SUPPORTED', `Wallet "${connectorId}" is not available in this browser`)
    const extension = await call(() => entry.enable!(appName))
    if (typeof extension?.accounts?.get !== 'function')
      throw new VestibuleError('WALLET_ERROR', `${displayName(connectorId)} returned no accounts`)
    const account = usable(await call(() => extension.accounts.get()), net)[0]
    if (!account) throw new VestibuleError('WALLET_ERROR', `${displayName(connectorId)} shared no account usable on ${net.name}`)
    detach()
    const current: Active = { extension, account, network: net }
    active = current
    const unsubscribe = extension.accounts.subscribe?.((accounts) => {
      if (active !== current) return
      const list = usable(accounts, current.network)
      const next = list.find((a) => formatFor(a, current.network) === formatFor(current.account, current.network)) ?? list[0]
      if (!next) return listener()?.disconnected()
      current.account = next
      listener()?.accountChanged(formatFor(next, current.network))
    })
    if (typeof unsubscribe === 'function') current.unsubscribe = unsubscribe as () => void
    // The chain is the app's choice; an account limited to one chain (genesisHash) does not reach the others.
    return { address: formatFor(account, net), caipNetworkId: net.caipNetworkId, supportsAllNetworks: !account.genesisHash }
  }

  /** Only the connected account signs; the extension gets the address in its own encoding. */
  const signerFor = (address: string, method: keyof InjectedSigner, what: string) => {
    const { extension, account, network: net } = connected()
    if (!decodeAddress(address) || formatFor({ address }, net) !== formatFor(account, net)) {
      throw new VestibuleError('NOT_CONNECTED', `${address} is not the connected Polkadot account`)
    }
    const signer = extension.signer
    if (typeof signer?.[method] !== 'function') throw new VestibuleError('NOT_SUPPORTED', `${what} is not supported by this wallet`)
    return { signer, account }
  }

  return {
    connect: ({ connectorId, network }: ConnectParams) => open(connectorId, network),
    async reconnect({ connectorId, network: net }: ConnectParams) {
      // An extension may inject a moment after the page starts; a granted site is enabled without a prompt.
      for (let waited = 0; typeof entryOf(connectorId)?.enable !== 'function'; waited += 100) {
        if (waited >= 1000) return undefined
        await new Promise((r) => setTimeout(r, 100))
      }
      return open(connectorId, net).catch(() => undefined)
    },
    disconnect: detach,
    async switchNetwork(net: CaipNetwork) {
      const current = connected()
      const account = usable([current.account], net)[0]
      if (!account) throw new VestibuleError('NOT_SUPPORTED', `The connected account is limited to another chain than ${net.name}`)
      current.network = net
      listener()?.accountChanged(formatFor(account, net))
    },
    async getBalance({ address, network: net }: { address: string; network: CaipNetwork }): Promise<Balance> {
      if (!decodeAddress(address)) throw new VestibuleError('NOT_SUPPORTED', addressProblem(address)!)
      const value = await (await loadApi()).freeBalance(net as PolkadotNetwork, address)
      return { value, decimals: net.nativeCurrency.decimals, symbol: net.nativeCurrency.symbol }
    },
    async signMessage({ message, address }: { message: string; address: string }) {
      const { signer, account } = signerFor(address, 'signRaw', 'Signing messages')
      // polkadot-js extensions wrap `bytes` in <Bytes>…</Bytes> before signing, so no transaction can be signed this way.
      const result = await call(() => signer.signRaw!({ address: account.address, data: utf8ToHex(String(message)), type: 'bytes' }))
      if (typeof result?.signature !== 'string' || !/^0x([0-9a-fA-F]{2}){64,65}$/.test(result.signature)) {
        throw new VestibuleError('WALLET_ERROR', 'The wallet returned a malformed signature')
      }
      return result.signature
    },
    async sendNative({ to, value, address, network: net }: { to: string; value: bigint; address: string; network: CaipNetwork }) {
      const problem = addressProblem(to, net)
      if (problem) throw new VestibuleError('NOT_SUPPORTED', problem)
      if (typeof value !== 'bigint' || value <= 0n)
        throw new VestibuleError('NOT_SUPPORTED', `Invalid amount: ${String(value)} (a positive bigint in planck)`)
      const { signer, account } = signerFor(address, 'signPayload', 'Sending transactions')
      // Errors the extension raises while signing keep their meaning (declined stays USER_REJECTED).
      const wrapped = { signPayload: (payload: unknown) => call(() => signer.signPayload!(payload)) }
      const { transferKeepAlive } = await loadApi()
      return transferKeepAlive({ network: net as PolkadotNetwork, from: account.address, to, value, signer: wrapped }).catch(
        (error: unknown) => {
          throw error instanceof VestibuleError ? error : new VestibuleError('WALLET_ERROR', errorMessage(error), error)
        },
      )
    },
    /** The strict address rule and normal form (they load with this module). */
    addressRules: async () => rules,
    /** The fee of the transfer `sendNative` would submit: `paymentInfo` of `balances.transferKeepAlive(to, value)`. */
    async estimateFees(tx: TransactionRequest): Promise<FeeEstimate> {
      const net = tx?.network as PolkadotNetwork
      if (tx?.data !== undefined)
        throw new VestibuleError('NOT_SUPPORTED', 'Polkadot transfers carry no call data; only native transfers can be estimated')
      const problem = addressProblem(tx.from, net) ?? addressProblem(tx.to, net)
      if (problem) throw new VestibuleError('NOT_SUPPORTED', problem)
      const value = tx.value ?? 0n
      if (typeof value !== 'bigint' || value < 0n)
        throw new VestibuleError('NOT_SUPPORTED', `Invalid amount: ${String(value)} (a bigint in planck)`)
      const { fee, reserve } = await (await loadApi()).transferFee({ network: net, from: tx.from, to: tx.to, value })
      return { fee, reserve, decimals: net.nativeCurrency.decimals, symbol: net.nativeCurrency.symbol }
    },
    /** Whether `address` signed `message` (sr25519, ed25519, ecdsa): the checks load on first use, without the SDK. */
    verifyMessage: async (params: Parameters<ChainFeatures['verifyMessage']>[0]) =>
      (await import('./verify-message.js')).verifyMessage(params),
  } satisfies Required<Pick<ChainAdapter, LazyMethod>> &
    Pick<ChainFeatures, 'estimateFees' | 'verifyMessage'> &
    Required<Pick<ChainAdapter, 'addressRules'>> & { disconnect(): void }
}
