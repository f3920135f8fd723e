import { lazyOnce, type AdapterListener, type ChainAdapter } from 'vestibule/kernel'
import { formatUnits, parseUnits } from 'vestibule/utils'
import type { StandardWallet } from '../shared/wallet-standard.js'
import { isAddress } from './address.js'
import type { Bip122Network } from './networks.js'

/** The session module (connect, restore, sign, send): one import() site, used by the adapter and the preload. */
export const sessionCode = () => import('./session.js')

/** What the eager adapter shares with its lazily loaded session code. */
export interface Bip122State {
  networks: readonly Bip122Network[]
  listener?: AdapterListener
  active?: { wallet: StandardWallet; address: string; network: Bip122Network; off?: () => void }
}

/**
 * The Bitcoin chain adapter. Everything but the address checks loads with `import()` on first use: discovery,
 * connecting, signing and balances with ./session.js, bitcoinjs-lib with ./psbt.js on the first send.
 */
export function createBip122Adapter(networks: readonly Bip122Network[]): ChainAdapter & { destroy(): void } {
  const state: Bip122State = { networks }
  const session = lazyOnce(sessionCode)

  return {
    namespace: 'bip122',
    label: 'Bitcoin',
    networks,
    capabilities: new Set(['signMessage', 'sendNative', 'switchNetwork']),
    // How this family speaks over a remote wallet session (WalletConnect): loaded with such a session only.
    features: {
      remoteSession: async () => (await import('./walletconnect.js')).remoteSession,
      estimateFees: async (tx) => (await session()).estimateFees(tx),
      // Signature checks (BIP-322 simple, legacy signed messages) load on first use.
      verifyMessage: async (params) => (await import('./verify-message.js')).verifyMessage(params),
      // The payment request URI rules load with the Receive view that asks for them.
      paymentUri: async (params) => (await import('./payment-uri.js')).paymentUri(params),
      // A 65-byte signature in padded base64 is the legacy signed-message format; the rest BIP-322 simple.
      signatureType: (signature) => (/^[A-Za-z0-9+/]{87}=$/.test(signature) ? 'bip122:ecdsa' : 'bip122:bip322-simple'),
    },
    defaultAccountType: 'payment',
    listen(listener) {
      state.listener = listener
    },
    /** Discovery starts on the first open, with the session code: nothing of it is in a host's first load. */
    watchConnectors(onChange) {
      let stop: (() => void) | undefined
      let stopped = false
      session().then(
        (s) => stopped || (stop = s.watch(state, onChange)),
        () => onChange([]),
      )
      return () => {
        stopped = true
        stop?.()
      }
    },
    /** The connector list is the session code's: an added connector is listed once that has loaded. */
    addConnector(connector, provider) {
      let remove: (() => void) | undefined
      let removed = false
      session().then(
        (s) =>
          removed ||
          (remove = s.addConnector(state, { connector: { ...connector, namespace: 'bip122' }, wallet: provider as StandardWallet })),
        () => {},
      )
      return () => {
        removed = true
        remove?.()
      }
    },
    connect: async (params) => (await session()).connect(state, params),
    reconnect: async (params) => (await session()).reconnect(state, params),
    disconnect: async () => (await session()).disconnect(state),
    switchNetwork: async (network) => (await session()).switchNetwork(state, network),
    getBalance: async (params) => (await session()).getBalance(params),
    addressRules: async () => (await session()).addressRules,
    signMessage: async (params) => (await session()).signMessage(state, params),
    sendNative: async (params) => (await session()).sendNative(state, params),
    // The blockchain API's key for a Bitcoin-like chain's own coin.
    nativeTokenAddress: '0x',
    /** Stops listening to the wallet without disconnecting it: the modal is gone, the grant stays. */
    destroy() {
      const off = state.active?.off
      state.active = state.listener = undefined
      try {
        off?.()
      } catch {
        /* nothing left to clean up */
      }
    },
    isAddress: (value, network) => isAddress(value, network ?? networks),
    formatAmount: (value, network) => formatUnits(value, network.nativeCurrency.decimals),
    parseAmount: (text, network) => parseUnits(text, network.nativeCurrency.decimals),
  }
}
