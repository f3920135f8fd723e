import type { Eip1193Provider } from './discovery.js'

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
export function watchPresence(provider: Eip1193Provider, gone: () => void): () => void {
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
