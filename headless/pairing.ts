/**
 * The WalletConnect pairing URI without a view: offered while the host shows it, renewed before it expires (the
 * plugin replaces a URI 10 s before its 4 minutes run out), with the time left.
 */
import { computed, type ReadableAtom } from 'nanostores'
import { VestibuleError, type Modal } from 'vestibule/kernel'
// The plugin's pairing rule itself (a module without imports), not its entry: nothing else of the plugin comes along.
import { PAIRING_EXPIRY_MARGIN_MS } from 'vestibule/plugins/walletconnect'
import type { WalletConnectApi, WalletConnectState } from 'vestibule/plugins/walletconnect'
import { pluginApi } from './modal.js'

export interface PairingState extends WalletConnectState {
  /** When the URI stops being offered (ms since epoch): its expiry less the renewal margin. */
  usableUntil?: number
}

export interface WalletConnectPairing {
  readonly $state: ReadableAtom<PairingState>
  /**
   * Offers a URI and keeps it fresh until the returned function is called (call it when the host stops showing
   * the URI). A URI still usable is kept.
   */
  start(): () => void
  /** Replaces the URI with a new one (after an error, or on the user's request). */
  refresh(): Promise<void>
  /** Milliseconds the current URI stays usable at `now` (0 when expired or none). */
  timeLeft(now?: number): number
}

const usableUntil = (state: WalletConnectState) =>
  state.uri && state.expiresAt !== undefined ? state.expiresAt - PAIRING_EXPIRY_MARGIN_MS : undefined

/** The pairing of `modal`'s WalletConnect plugin; throws when the host did not register it. */
export function walletConnectPairing(modal: Modal): WalletConnectPairing {
  const api = pluginApi<WalletConnectApi>(modal, 'walletConnect')
  if (!api) throw new VestibuleError('MISSING_PLUGIN', 'A WalletConnect pairing needs the walletConnect() plugin')
  const $state = computed(api.$state, (state): PairingState => ({ ...state, usableUntil: usableUntil(state) }))
  return {
    $state,
    start() {
      const unwatch = api.watch()
      void api.pair()
      return unwatch
    },
    refresh: () => api.pair({ force: true }),
    timeLeft(now = Date.now()) {
      const until = $state.get().usableUntil
      return until === undefined ? 0 : Math.max(0, until - now)
    },
  }
}
