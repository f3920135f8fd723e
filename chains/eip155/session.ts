import { VestibuleError, type AdapterListener, type CaipNetwork, type ConnectResult } from 'vestibule/kernel'
import { walletError } from '../shared/wallet-error.js'
import { utf8ToHex } from '../shared/hex.js'
import type { Eip1193Provider } from './discovery.js'
import { isAddress } from './address.js'

/** Wallet error codes after which the chain is added first: unknown chain, and two wallets' variants of it. */
const ADD_CHAIN_CODES = new Set([4902, 5000, 32603, -32603])

const toHexChainId = (id: number) => `0x${id.toString(16)}`

/**
 * A chain id as a wallet reports it: a hex quantity (`0x1`), decimal digits (`1`) or a number; nothing else
 * ("0x1ZZ" and "1e3" are not chain 1).
 */
export function parseChainId(value: unknown): number {
  const id =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^0x[0-9a-fA-F]{1,13}$/.test(value)
        ? Number.parseInt(value.slice(2), 16)
        : typeof value === 'string' && /^[1-9][0-9]{0,15}$/.test(value)
          ? Number(value)
          : Number.NaN
  if (!Number.isSafeInteger(id) || id <= 0)
    throw new VestibuleError('WALLET_ERROR', `The wallet reported an invalid chain id: ${String(value).slice(0, 80)}`)
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
  throw new VestibuleError(
    'WALLET_ERROR',
    first === undefined ? 'The wallet returned no account' : `The wallet returned an invalid account: ${String(first).slice(0, 80)}`,
  )
}

/** Keeps the wallet's code as `walletCode` (4001 means declined) and its words, capped, as the message. */
const fromWallet = (error: unknown) => walletError(error, { rejected: (error as { code?: unknown } | null)?.code === 4001 })

const request = async (provider: Eip1193Provider, method: string, params?: unknown) => {
  try {
    return await provider.request(params === undefined ? { method } : { method, params })
  } catch (error) {
    throw fromWallet(error)
  }
}

/** How often the page is searched for the connected wallet, while it is shown. */
export const PRESENCE_INTERVAL_MS = 750
/** How long a wallet gone from the page has to answer before it counts as removed. */
export const PRESENCE_TIMEOUT_MS = 250

/** True when `provider` is still in the page: it answers EIP-6963's request for wallets, or is `window.ethereum`. */
function inPage(provider: Eip1193Provider): boolean {
  let found = false
  const onAnnounce = (event: Event) => {
    try {
      if ((event as CustomEvent<{ provider?: unknown }>).detail?.provider === provider) found = true
    } catch {
      /* a malformed announcement is not our wallet */
    }
  }
  // Wallets announce synchronously, inside dispatchEvent.
  window.addEventListener('eip6963:announceProvider', onAnnounce)
  try {
    window.dispatchEvent(new Event('eip6963:requestProvider'))
  } finally {
    window.removeEventListener('eip6963:announceProvider', onAnnounce)
  }
  try {
    return found || (window as { ethereum?: unknown }).ethereum === provider
  } catch {
    return found
  }
}

/**
 * Watches that the connected wallet is still there: an extension that is removed or disabled sends no event; it
 * leaves the page and its provider stops answering. Every 750 ms while the page is shown, the page is searched for
 * the wallet (nothing is sent to it); only when it is gone is it asked its chain, and when no answer comes within
 * 250 ms, `gone` is called once. A wallet that left the page but still answers (a `window.ethereum` another
 * extension took over) stays. Wallets that were never in the page are not watched.
 */
function watchPresence(provider: Eip1193Provider, gone: () => void): () => void {
  // Only a wallet found in the page can leave it: one the host or another plugin hands over (WalletConnect, the
  // embedded wallet) is not watched, and is sent nothing.
  if (typeof document === 'undefined' || typeof window === 'undefined' || !inPage(provider)) return () => {}
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const next = () => {
    if (!stopped) timer = setTimeout(check, PRESENCE_INTERVAL_MS)
  }
  const check = () => {
    if (document.visibilityState !== 'visible' || inPage(provider)) return next()
    let settled = false
    const answered = () => {
      if (settled || stopped) return
      settled = true
      clearTimeout(late)
      next()
    }
    const late = setTimeout(() => {
      if (settled || stopped) return
      settled = true
      stopped = true
      gone()
    }, PRESENCE_TIMEOUT_MS)
    try {
      Promise.resolve(provider.request({ method: 'eth_chainId' })).then(answered, answered)
    } catch {
      answered()
    }
  }
  next()
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}

/**
 * The wallet side of the EVM adapter, loaded on the first connection or restore: requests to the connected
 * EIP-1193 wallet and its events. A page whose visitor never connects does not load it.
 */
export function createSession(options: {
  wallet: (connectorId: string) => Eip1193Provider | undefined
  listener: () => AdapterListener | undefined
  waitForWallet: (connectorId: string, ms: number) => Promise<boolean>
}) {
  const { listener } = options
  const providerFor = (connectorId: string) => {
    const provider = options.wallet(connectorId)
    if (!provider) throw new VestibuleError('NOT_SUPPORTED', `Wallet "${connectorId}" is not available in this browser`)
    return provider
  }
  let active: { provider: Eip1193Provider; detach: () => void } | undefined

  const attach = (provider: Eip1193Provider) => {
    active?.detach()
    // Accounts are handled in the order the wallet sent them, even when one waits for its checksum check.
    let queue: Promise<void> | undefined
    const onAccount = (accounts: unknown, account: string | undefined) => {
      if (account) listener()?.accountChanged(account)
      // EIP-1193: an empty list means the wallet no longer shares an account; a malformed one is ignored.
      else if (Array.isArray(accounts) && accounts.length === 0) listener()?.disconnected()
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
        listener()?.networkChanged(`eip155:${parseChainId(chainId)}`)
      } catch {
        /* a wallet sending a malformed chain id is ignored; the next valid event wins */
      }
    }
    const onDisconnect = () => listener()?.disconnected()
    provider.on?.('accountsChanged', onAccounts)
    provider.on?.('chainChanged', onChain)
    provider.on?.('disconnect', onDisconnect)
    const unwatch = watchPresence(provider, onDisconnect)
    active = {
      provider,
      detach() {
        unwatch()
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

  /** Asks for the account (or, restoring, reads the granted one) and the chain, then listens to the wallet. */
  const open = async (provider: Eip1193Provider, restore: boolean): Promise<ConnectResult | undefined> => {
    const accounts = await request(provider, restore ? 'eth_accounts' : 'eth_requestAccounts')
    if (restore && (!Array.isArray(accounts) || accounts.length === 0)) return undefined
    const account = await requireAccount(accounts)
    const chainId = parseChainId(await request(provider, 'eth_chainId'))
    attach(provider)
    // An EVM wallet switches to any network, adding the ones it lacks (wallet_addEthereumChain).
    return { address: account, caipNetworkId: `eip155:${chainId}`, supportsAllNetworks: true }
  }

  return {
    connect: async ({ connectorId }: { connectorId: string }) => (await open(providerFor(connectorId), false))!,
    async reconnect({ connectorId }: { connectorId: string }) {
      if (!(await options.waitForWallet(connectorId, 1000))) return undefined
      return open(providerFor(connectorId), true)
    },
    /** The connected wallet's request, for the wallet-side features. */
    ask: (method: string, params?: unknown) => request(connected(), method, params),
    async disconnect() {
      const current = active
      active = undefined
      current?.detach()
      // EIP-2255: wallets that support it forget the grant; the others are simply no longer listened to.
      await current?.provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }).catch(() => undefined)
    },
    async switchNetwork(network: CaipNetwork) {
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
    async signMessage({ message, address }: { message: string; address: string }) {
      const signature = await request(connected(), 'personal_sign', [utf8ToHex(message), address])
      if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature)) {
        throw new VestibuleError('WALLET_ERROR', 'The wallet returned a malformed signature')
      }
      return signature
    },
    async sendNative({ to, value, address }: { to: string; value: bigint; address: string }) {
      if (!isAddress(to)) throw new VestibuleError('NOT_SUPPORTED', `Invalid EVM address: ${to}`)
      // An address without 0x is accepted; wallets (EIP-1474 DATA) need the prefix.
      const recipient = to.startsWith('0x') ? to : `0x${to}`
      const hash = await request(connected(), 'eth_sendTransaction', [{ from: address, to: recipient, value: `0x${value.toString(16)}` }])
      if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash))
        throw new VestibuleError('WALLET_ERROR', 'The wallet returned no transaction hash')
      return hash
    },
    /** Stops listening to the wallet without revoking anything. */
    destroy() {
      active?.detach()
      active = undefined
    },
  }
}

export type Session = ReturnType<typeof createSession>
