import { VestibuleError, type AdapterListener, type CaipNetwork, type ChainAdapter, type Connector } from '../../kernel/index.js'
import { formatUnits, parseUnits } from '../../kernel/format.js'
import { walletError } from '../shared/wallet-error.js'
import { watchEip1193Wallets, type Eip1193Provider } from './discovery.js'
import { createConnectorList } from '../shared/connectors.js'
import type { Eip155Network } from './networks.js'

/**
 * The structural EVM address rule: an optional `0x` prefix plus 40 hex characters, letter case not checked. The
 * chain adapter uses it for what a wallet or the host hands over; for what a person types, `isChecksumAddress`
 * also checks the EIP-55 checksum.
 */
export function isAddress(value: string): boolean {
  return typeof value === 'string' && /^(0x)?[0-9a-fA-F]{40}$/.test(value)
}

/** Wallet error codes after which the chain is added first (spec §8): unknown chain, and two wallets' variants. */
const ADD_CHAIN_CODES = new Set([4902, 5000, 32603, -32603])

const toHexChainId = (id: number) => `0x${id.toString(16)}`
const utf8ToHex = (text: string) => `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}`

/**
 * A chain id as a wallet reports it: a hex quantity (`0x1`), decimal digits (`1`) or a number; nothing else
 * ("0x1ZZ" and "1e3" are not chain 1).
 */
export function parseChainId(value: unknown): number {
  const id =
    typeof value === 'number' ? value
    : typeof value === 'string' && /^0x[0-9a-fA-F]{1,13}$/.test(value) ? Number.parseInt(value.slice(2), 16)
    : typeof value === 'string' && /^[1-9][0-9]{0,15}$/.test(value) ? Number(value)
    : Number.NaN
  if (!Number.isSafeInteger(id) || id <= 0) throw new VestibuleError('WALLET_ERROR', `The wallet reported an invalid chain id: ${String(value).slice(0, 80)}`)
  return id
}

/** The EIP-55 checksum code (keccak-256) loads only when a wallet hands over a mixed-case address. */
let checksum: typeof import('./checksum.js') | undefined
const checksumCode = async () => (checksum ??= await import('./checksum.js'))

/**
 * The account a wallet reports, parsed strictly: 0x and 40 hex digits, and when the letters are mixed case they
 * must carry a valid EIP-55 checksum. Undefined for anything else. Synchronous unless the checksum code has to load.
 */
function walletAccount(value: unknown): string | undefined | Promise<string | undefined> {
  const account = Array.isArray(value) ? value[0] : undefined
  if (typeof account !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(account)) return undefined
  const hex = account.slice(2)
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return account
  if (checksum) return checksum.hasValidChecksum(hex) ? account : undefined
  return checksumCode().then((m) => (m.hasValidChecksum(hex) ? account : undefined))
}

/** The first account of a wallet's answer, or a WALLET_ERROR naming what is wrong with it. */
async function requireAccount(value: unknown): Promise<string> {
  const account = await walletAccount(value)
  if (account) return account
  const first: unknown = Array.isArray(value) ? value[0] : undefined
  throw new VestibuleError('WALLET_ERROR', first === undefined ? 'The wallet returned no account' : `The wallet returned an invalid account: ${String(first).slice(0, 80)}`)
}

/** Keeps the wallet's code as `walletCode` (4001 means declined) and its words, capped, as the message. */
const fromWallet = (error: unknown) => walletError(error, { rejected: (error as { code?: unknown } | null)?.code === 4001 })

export interface Eip155AdapterOptions {
  networks: readonly Eip155Network[]
  eip6963: boolean
}

/** The EVM chain adapter: EIP-1193 wallets, balances over the network's RPC. */
export function createEip155Adapter(options: Eip155AdapterOptions): ChainAdapter & { destroy(): void } {
  const list = createConnectorList<Eip1193Provider>()
  let listener: AdapterListener | undefined
  let active: { provider: Eip1193Provider; detach: () => void } | undefined
  let rpc: Promise<typeof import('./rpc.js')> | undefined
  const loadRpc = () => (rpc ??= import('./rpc.js'))
  let featureCode: Promise<typeof import('./features.js')> | undefined
  const loadFeatures = () => (featureCode ??= import('./features.js'))

  const providerFor = (connectorId: string) => {
    const entry = list.get(connectorId)
    if (!entry) throw new VestibuleError('NOT_SUPPORTED', `Wallet "${connectorId}" is not available in this browser`)
    return entry.wallet
  }

  const request = async (provider: Eip1193Provider, method: string, params?: unknown) => {
    try {
      return await provider.request(params === undefined ? { method } : { method, params })
    } catch (error) {
      throw fromWallet(error)
    }
  }

  const attach = (provider: Eip1193Provider) => {
    active?.detach()
    // Accounts are handled in the order the wallet sent them, even when one waits for its checksum check.
    let queue: Promise<void> | undefined
    const onAccount = (accounts: unknown, account: string | undefined) => {
      if (account) listener?.accountChanged(account)
      // EIP-1193: an empty list means the wallet no longer shares an account; a malformed one is ignored.
      else if (Array.isArray(accounts) && accounts.length === 0) listener?.disconnected()
    }
    const onAccounts = (accounts: unknown) => {
      const account = walletAccount(accounts)
      if (!queue && !(account instanceof Promise)) return onAccount(accounts, account)
      const next: Promise<void> = (queue ?? Promise.resolve())
        .then(() => account)
        .then((checked) => onAccount(accounts, checked))
        .catch(() => undefined)
        .finally(() => {
          if (queue === next) queue = undefined
        })
      queue = next
    }
    const onChain = (chainId: unknown) => {
      try {
        listener?.networkChanged(`eip155:${parseChainId(chainId)}`)
      } catch {
        /* a wallet sending a malformed chain id is ignored; the next valid event wins */
      }
    }
    const onDisconnect = () => listener?.disconnected()
    provider.on?.('accountsChanged', onAccounts)
    provider.on?.('chainChanged', onChain)
    provider.on?.('disconnect', onDisconnect)
    active = {
      provider,
      detach() {
        provider.removeListener?.('accountsChanged', onAccounts)
        provider.removeListener?.('chainChanged', onChain)
        provider.removeListener?.('disconnect', onDisconnect)
      },
    }
  }

  const connected = (): Eip1193Provider => {
    if (!active) throw new VestibuleError('NOT_CONNECTED', 'No EVM wallet is connected')
    return active.provider
  }

  let callCode: Promise<typeof import('./wallet-calls.js')> | undefined
  const loadCalls = () => (callCode ??= import('./wallet-calls.js'))
  /** The connected wallet's request, for the wallet-side features. */
  const ask = (method: string, params?: unknown) => request(connected(), method, params)

  return {
    namespace: 'eip155',
    label: 'EVM networks',
    nativeTokenAddress: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
    features: {
      request: ({ method, params }) => ask(method, params),
      sendTransaction: async (tx) => (await loadCalls()).sendTransaction(ask, tx),
      estimateFees: async (tx) => (await loadFeatures()).estimateFees(tx),
      readContract: async (read) => (await loadFeatures()).readContract(read),
      getTokenBalances: async (params) => (await loadFeatures()).getTokenBalances(params),
      sendToken: async (params) => (await loadCalls()).sendToken(ask, params),
      signTypedData: async (params) => (await loadCalls()).signTypedData(ask, params),
    },
    networks: options.networks,
    // 'history': the blockchain API keeps this family's account history (the Activity tab reads it).
    capabilities: new Set(['signMessage', 'sendNative', 'switchNetwork', 'eip155:addChain', 'history']),
    // Spec §6: the preferred account type on eip155 is smartAccount unless the host says otherwise.
    defaultAccountType: 'smartAccount',
    listen(l) {
      listener = l
    },
    watchConnectors(onChange) {
      const unwatch = list.watch(onChange)
      const stop = watchEip1193Wallets({
        eip6963: options.eip6963,
        onChange: (found) => list.setDiscovered(found.map((w) => ({ connector: w.connector, wallet: w.provider }))),
      })
      return () => {
        stop()
        unwatch()
      }
    },
    addConnector(connector, provider) {
      if (typeof (provider as Eip1193Provider | null)?.request !== 'function') throw new VestibuleError('NOT_SUPPORTED', `Connector "${connector.id}" needs an EIP-1193 provider`)
      return list.add({ connector: { ...connector, namespace: 'eip155' }, wallet: provider as Eip1193Provider })
    },
    async connect({ connectorId }) {
      const provider = providerFor(connectorId)
      const account = await requireAccount(await request(provider, 'eth_requestAccounts'))
      const chainId = parseChainId(await request(provider, 'eth_chainId'))
      attach(provider)
      return { address: account, caipNetworkId: `eip155:${chainId}` }
    },
    async reconnect({ connectorId }) {
      if (!(await list.waitFor(connectorId, 1000))) return undefined
      const provider = providerFor(connectorId)
      const accounts = await request(provider, 'eth_accounts')
      if (!Array.isArray(accounts) || accounts.length === 0) return undefined
      const account = await requireAccount(accounts)
      const chainId = parseChainId(await request(provider, 'eth_chainId'))
      attach(provider)
      return { address: account, caipNetworkId: `eip155:${chainId}` }
    },
    async disconnect() {
      const current = active
      active = undefined
      current?.detach()
      // EIP-2255: wallets that support it forget the grant; the others are simply no longer listened to.
      await current?.provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }).catch(() => undefined)
    },
    async switchNetwork(network) {
      const provider = connected()
      const chainId = toHexChainId(network.id as number)
      try {
        await request(provider, 'wallet_switchEthereumChain', [{ chainId }])
      } catch (error) {
        if (!ADD_CHAIN_CODES.has(Number((error as VestibuleError).walletCode))) throw error
        await request(provider, 'wallet_addEthereumChain', [
          {
            chainId,
            chainName: network.name,
            nativeCurrency: network.nativeCurrency,
            rpcUrls: [...network.rpcUrls.default.http],
            blockExplorerUrls: network.blockExplorers ? [network.blockExplorers.default.url] : undefined,
          },
        ])
        await request(provider, 'wallet_switchEthereumChain', [{ chainId }])
      }
    },
    async getBalance({ address, network }) {
      const { getNativeBalance } = await loadRpc()
      const value = await getNativeBalance(network, address)
      return { value, decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol }
    },
    async signMessage({ message, address }) {
      const signature = await request(connected(), 'personal_sign', [utf8ToHex(message), address])
      if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature)) {
        throw new VestibuleError('WALLET_ERROR', 'The wallet returned a malformed signature')
      }
      return signature
    },
    async sendNative({ to, value, address }) {
      if (!isAddress(to)) throw new VestibuleError('NOT_SUPPORTED', `Invalid EVM address: ${to}`)
      // Spec §5 accepts an address without 0x; wallets (EIP-1474 DATA) need the prefix.
      const recipient = to.startsWith('0x') ? to : `0x${to}`
      const hash = await request(connected(), 'eth_sendTransaction', [{ from: address, to: recipient, value: `0x${value.toString(16)}` }])
      if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) throw new VestibuleError('WALLET_ERROR', 'The wallet returned no transaction hash')
      return hash
    },
    /** Stops listening to the wallet without revoking anything: the modal is gone, the grant stays. */
    destroy() {
      active?.detach()
      active = undefined
      listener = undefined
    },
    isAddress,
    formatAmount: (value: bigint, network: CaipNetwork) => formatUnits(value, network.nativeCurrency.decimals),
    parseAmount: (text: string, network: CaipNetwork) => parseUnits(text, network.nativeCurrency.decimals),
  }
}
