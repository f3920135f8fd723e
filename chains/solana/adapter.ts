import { VestibuleError, defineAddressRules, lazyOnce, type AdapterListener, type ChainAdapter } from 'vestibule/kernel'
import { formatUnits, parseUnits } from 'vestibule/utils'
import { standardConnector, watchStandardWallets, type StandardWallet } from '../shared/wallet-standard.js'
import { invalidAddress, isAddress } from './base58.js'
import type { SolanaNetwork } from './networks.js'
import type { Session } from './session.js'
import { lazyMethods } from '../shared/lazy.js'
import { createConnectorList } from '../shared/connectors.js'

/** The session module (connect, restore, sign, send): one import() site, used by the adapter and the preload. */
export const sessionCode = () => import('./session.js')

const canConnect = (w: StandardWallet | null) =>
  typeof (w?.features?.['standard:connect'] as { connect?: unknown } | undefined)?.connect === 'function'

/**
 * The Solana chain adapter. This eager part only discovers wallets (the Wallet Standard registration
 * protocol); connecting, signing and sending load `session.ts` on first use, and the SDK after that.
 */
export function createSolanaAdapter(options: { networks: readonly SolanaNetwork[] }): ChainAdapter & { destroy(): void } {
  const list = createConnectorList<StandardWallet>()
  let listener: AdapterListener | undefined
  const load = lazyOnce(
    (): Promise<Session> =>
      sessionCode().then((m) =>
        m.createSession({
          networks: options.networks,
          wallet: (id) => list.get(id)?.wallet,
          listener: () => listener,
          waitForWallet: list.waitFor,
        }),
      ),
  )
  const lazy = lazyMethods(load)

  return {
    namespace: 'solana',
    label: 'Solana',
    networks: options.networks,
    capabilities: new Set(['signMessage', 'sendNative', 'switchNetwork']),
    defaultAccountType: 'eoa',
    listen: (l) => void (listener = l),
    watchConnectors(onChange) {
      const unwatch = list.watch(onChange)
      const stop = watchStandardWallets({
        accept: (w) => w.chains.some((c) => typeof c === 'string' && c.startsWith('solana:')) && canConnect(w),
        onChange(wallets) {
          // Two registrations with the same name are one wallet to the user: the first one wins.
          list.setDiscovered(wallets.map((w) => ({ connector: standardConnector(w, 'solana'), wallet: w })))
        },
      })
      return () => {
        stop()
        unwatch()
      }
    },
    addConnector(connector, provider) {
      if (!canConnect(provider as StandardWallet))
        throw new VestibuleError('NOT_SUPPORTED', `Connector "${connector.id}" needs a Wallet Standard wallet with standard:connect`)
      return list.add({ connector: { ...connector, namespace: 'solana' }, wallet: provider as StandardWallet })
    },
    connect: lazy('connect'),
    reconnect: lazy('reconnect'),
    disconnect: async () => (await load.started())?.disconnect(),
    switchNetwork: lazy('switchNetwork'),
    getBalance: lazy('getBalance'),
    signMessage: lazy('signMessage'),
    sendNative: lazy('sendNative'),
    // The wrapped-SOL convention for "the native token" in token lists and quotes.
    nativeTokenAddress: 'So11111111111111111111111111111111111111111',
    features: {
      // How this family speaks over a remote wallet session (WalletConnect): loaded with such a session only.
      remoteSession: async () => (await import('./walletconnect.js')).remoteSession,
      sendTransaction: lazy('sendTransaction'),
      estimateFees: lazy('estimateFees'),
      readContract: lazy('readContract'),
      getTokenBalances: lazy('getTokenBalances'),
      sendToken: lazy('sendToken'),
      estimateTokenTransfer: lazy('estimateTokenTransfer'),
      missingWalletLink: async (params) => (await import('./missing-wallet.js')).missingWalletLink(params),
      // ed25519 signature checks load on first use.
      verifyMessage: async (params) => (await import('./verify-message.js')).verifyMessage(params),
      // The payment request URI rules load with the Receive view that asks for them.
      paymentUri: async (params) => (await import('./payment-uri.js')).paymentUri(params),
      signatureType: () => 'solana:ed25519',
    },
    destroy() {
      listener = undefined
      void load.started()?.then((s) => s.destroy())
    },
    isAddress,
    // Base58 of a 32-byte key, the same on every Solana network; the text is its own normal form.
    addressRules: async () =>
      defineAddressRules(
        (value) => (isAddress(value) ? undefined : invalidAddress(value)),
        (value) => value,
      ),
    formatAmount: (value, network) => formatUnits(value, network.nativeCurrency.decimals),
    parseAmount: (text, network) => parseUnits(text, network.nativeCurrency.decimals),
  }
}
