/**
 * Wallet Standard discovery (the registration protocol Solana and Bitcoin wallets use): the page announces
 * `wallet-standard:app-ready` with a `register` API, and wallets announce `wallet-standard:register-wallet`
 * with a callback that receives the same API. Only the protocol lives here; each chain plugin picks the
 * wallets whose `chains` and `features` it can use. No SDK is imported.
 */
import { cleanName } from '../../kernel/index.js'

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
      cleanName(wallet.name) &&
      Array.isArray(wallet.chains) &&
      wallet.features &&
      typeof wallet.features === 'object' &&
      Array.isArray(wallet.accounts),
  )
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
export function watchStandardWallets(options: { accept: (wallet: StandardWallet) => boolean; onChange: (wallets: StandardWallet[]) => void }): () => void {
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
          return isWallet(w) && !wallets.has(w) && options.accept(w)
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
