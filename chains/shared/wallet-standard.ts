/**
 * Wallet Standard discovery (the registration protocol Solana and Bitcoin wallets use): the page announces
 * `wallet-standard:app-ready` with a `register` API, and wallets announce `wallet-standard:register-wallet`
 * with a callback that receives the same API. Only the protocol lives here; each chain plugin picks the
 * wallets whose `chains` and `features` it can use. No SDK is imported.
 */
import type { ChainNamespace, Connector } from 'vestibule/kernel'
import { safeAnnouncedIcon, walletName } from 'vestibule/utils'
/** A Wallet Standard account (the fields the chain plugins read). */
export interface StandardWalletAccount {
  readonly address: string
  readonly publicKey: Uint8Array
  readonly chains: readonly string[]
  readonly features: readonly string[]
  readonly label?: string
}

/** A Wallet Standard wallet (the fields the chain plugins read). */
export interface StandardWallet {
  readonly version: string
  readonly name: string
  readonly icon: string
  readonly chains: readonly string[]
  readonly features: Readonly<Record<string, unknown>>
  readonly accounts: readonly StandardWalletAccount[]
}

interface RegisterApi {
  register(...wallets: StandardWallet[]): () => void
}

const isWallet = (w: unknown): w is StandardWallet => {
  const wallet = w as Partial<StandardWallet> | null
  return Boolean(
    wallet &&
      typeof wallet === 'object' &&
      typeof wallet.name === 'string' &&
      Array.isArray(wallet.chains) &&
      wallet.features &&
      typeof wallet.features === 'object' &&
      Array.isArray(wallet.accounts),
  )
}

/** Name and icon of each registered wallet, cleaned and read once: a getter that throws later changes nothing. */
const described = new WeakMap<StandardWallet, { name: string; icon?: string }>()

/** The connector id of a wallet name: a slug ("Sandbox Solana Wallet" → "sandbox-solana-wallet"). */
export const connectorIdOf = (name: unknown) =>
  walletName(name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || walletName(name)

/** The connector of a registered wallet, from its name and icon as they were when it registered. */
export function standardConnector(wallet: StandardWallet, namespace: ChainNamespace): Connector {
  const { name, icon } = described.get(wallet) ?? { name: walletName(undefined) }
  return { id: connectorIdOf(name), name, type: 'ANNOUNCED', namespace, imageUrl: icon, installed: true }
}

/** The feature object `name` of `wallet` when it has one with the method `method`. */
export function feature<T>(wallet: StandardWallet, name: string, method: string): T | undefined {
  const value = wallet.features[name] as Record<string, unknown> | undefined
  return value && typeof value[method] === 'function' ? (value as T) : undefined
}

/**
 * Reports the registered wallets that `accept` keeps, on every registration or unregistration.
 * Returns a stop function; wallets registering after it are ignored.
 */
export function watchStandardWallets(options: {
  accept: (wallet: StandardWallet) => boolean
  onChange: (wallets: StandardWallet[]) => void
}): () => void {
  if (typeof window === 'undefined') {
    options.onChange([])
    return () => {}
  }
  const wallets = new Set<StandardWallet>()
  let stopped = false
  const emit = () => options.onChange([...wallets])
  const api: RegisterApi = Object.freeze({
    register(...list: StandardWallet[]) {
      if (stopped) return () => {}
      const added = list.filter((w) => {
        try {
          if (!isWallet(w) || wallets.has(w) || !options.accept(w)) return false
          described.set(w, { name: walletName(w.name), icon: safeAnnouncedIcon(w.icon) })
          return true
        } catch {
          return false
        }
      })
      added.forEach((w) => wallets.add(w))
      if (added.length) emit()
      return () => {
        if (added.some((w) => wallets.delete(w)) && !stopped) emit()
      }
    },
  })
  const onRegister = (event: Event) => {
    const callback = (event as CustomEvent<unknown>).detail
    if (typeof callback !== 'function') return
    try {
      callback(api)
    } catch {
      /* a wallet whose callback throws is not registered; the others still are */
    }
  }
  window.addEventListener('wallet-standard:register-wallet', onRegister)
  window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }))
  emit()
  return () => {
    stopped = true
    window.removeEventListener('wallet-standard:register-wallet', onRegister)
  }
}
