import type { Connector } from 'vestibule/kernel'
import { safeAnnouncedIcon, safeRdns, walletName } from 'vestibule/utils'
/** An EIP-1193 provider: the one method every EVM wallet exposes, plus optional events. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on?(event: string, listener: (...args: any[]) => void): unknown
  removeListener?(event: string, listener: (...args: any[]) => void): unknown
}

/** EIP-6963 provider info. */
export interface Eip6963ProviderInfo {
  uuid: string
  name: string
  icon: string
  rdns: string
}

export interface DiscoveredWallet {
  connector: Connector
  provider: Eip1193Provider
}

const isProvider = (p: unknown): p is Eip1193Provider => typeof (p as Eip1193Provider | null)?.request === 'function'

/**
 * Finds EVM wallets in the page: EIP-6963 announcements (deduplicated by rdns) and, when no announced wallet
 * is the same object, the legacy `window.ethereum`. Calls `onChange` with the current list on every change.
 */
export function watchEip1193Wallets(options: { eip6963: boolean; onChange: (wallets: DiscoveredWallet[]) => void }): () => void {
  if (typeof window === 'undefined') {
    options.onChange([])
    return () => {}
  }
  const announced = new Map<string, DiscoveredWallet>()

  /** The legacy `window.ethereum`, unless reading it throws (a hostile getter or proxy). */
  const legacyProvider = () => {
    try {
      const legacy = (window as { ethereum?: unknown }).ethereum
      return isProvider(legacy) ? legacy : undefined
    } catch {
      return undefined
    }
  }

  const emit = () => {
    const list = [...announced.values()]
    const legacy = legacyProvider()
    if (legacy && !list.some((w) => w.provider === legacy)) {
      list.push({
        provider: legacy,
        connector: { id: 'injected', name: 'Browser Wallet', type: 'INJECTED', namespace: 'eip155', installed: true },
      })
    }
    options.onChange(list)
  }

  /** An announcement's wallet, read once; undefined when it is malformed or reading it throws. */
  const read = (event: Event): DiscoveredWallet | undefined => {
    try {
      const detail = (event as CustomEvent<{ info?: Partial<Eip6963ProviderInfo>; provider?: unknown }>).detail
      const info = detail?.info
      const provider = detail?.provider
      const rdns = safeRdns(info?.rdns)
      if (!rdns || !isProvider(provider)) return undefined
      return {
        provider,
        connector: {
          id: rdns,
          rdns,
          name: walletName(info?.name),
          imageUrl: safeAnnouncedIcon(info?.icon),
          type: 'ANNOUNCED',
          namespace: 'eip155',
          installed: true,
        },
      }
    } catch {
      return undefined
    }
  }

  const onAnnounce = (event: Event) => {
    const wallet = read(event)
    if (!wallet || announced.has(wallet.connector.id)) return
    announced.set(wallet.connector.id, wallet)
    emit()
  }

  if (options.eip6963) {
    window.addEventListener('eip6963:announceProvider', onAnnounce)
    window.dispatchEvent(new Event('eip6963:requestProvider'))
  }
  emit()
  return () => window.removeEventListener('eip6963:announceProvider', onAnnounce)
}
