import { VestibuleError, lazyOnce, type AdapterListener, type CaipNetwork, type ChainAdapter } from 'vestibule/kernel'
import { formatUnits, parseUnits } from 'vestibule/utils'
import { watchEip1193Wallets, type Eip1193Provider } from './discovery.js'
import { createConnectorList } from '../shared/connectors.js'
import { lazyMethods } from '../shared/lazy.js'
import { isAddress } from './address.js'
import { universalResolverOf, type Eip155Network } from './networks.js'
import type { Session } from './session.js'

export { isAddress }

/** The session module (connect, restore, sign, send): one import() site, used by the adapter and the preload. */
export const sessionCode = () => import('./session.js')

export interface Eip155AdapterOptions {
  networks: readonly Eip155Network[]
  eip6963: boolean
}

/**
 * The EVM chain adapter: EIP-1193 wallets, balances over the network's RPC. This eager part only lists wallets
 * (EIP-6963, the injected one, the host's); connecting, restoring, signing, sending and switching load
 * `session.ts` on first use.
 */
export function createEip155Adapter(options: Eip155AdapterOptions): ChainAdapter & { destroy(): void } {
  const list = createConnectorList<Eip1193Provider>()
  let listener: AdapterListener | undefined
  let loaded: Session | undefined
  const load = lazyOnce(
    (): Promise<Session> =>
      sessionCode().then(
        (m) => (loaded = m.createSession({ wallet: (id) => list.get(id)?.wallet, listener: () => listener, waitForWallet: list.waitFor })),
      ),
  )
  const lazy = lazyMethods(load)
  const loadRpc = lazyOnce(() => import('./rpc.js'))
  const loadFeatures = lazyOnce(() => import('./features.js'))
  const loadCalls = lazyOnce(() => import('./wallet-calls.js'))
  /** The connected wallet's request, for the wallet-side features. */
  const ask = lazy('ask')

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
      // ENS where the network names a universal resolver, else (an L2) through the first of the plugin's networks
      // that names one, by the L2's coin type; viem's ENS actions load with the first lookup.
      onChainNames(network) {
        const home = universalResolverOf(network) ? network : options.networks.find((n) => universalResolverOf(n))
        const resolver = home && universalResolverOf(home)
        if (!home || !resolver) return undefined
        const ens = async () => (await import('./names.js')).ensNames(home, resolver, home === network ? undefined : network)
        return {
          address: async (name) => (await ens()).address(name),
          name: async (address) => (await ens()).name(address),
          avatar: async (name) => (await ens()).avatar(name),
        }
      },
      // How this family speaks over a remote wallet session (WalletConnect): loaded with such a session only.
      remoteSession: async () => (await import('./walletconnect.js')).remoteSession,
      // Signature checks (recovery, EIP-1271, EIP-6492) load on first use, with viem's client.
      verifyMessage: async (params) => (await import('./verify-message.js')).verifyMessage(params),
      // The payment request URI rules load with the Receive view that asks for them.
      paymentUri: async (params) => (await import('./payment-uri.js')).paymentUri(params),
      signatureType: () => 'eip191',
    },
    networks: options.networks,
    // 'history': the blockchain API keeps this family's account history (the Activity tab reads it).
    capabilities: new Set(['signMessage', 'sendNative', 'switchNetwork', 'eip155:addChain', 'history']),
    // The preferred account type on eip155 is smartAccount unless the host says otherwise.
    defaultAccountType: 'smartAccount',
    listen: (l) => void (listener = l),
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
      if (typeof (provider as Eip1193Provider | null)?.request !== 'function')
        throw new VestibuleError('NOT_SUPPORTED', `Connector "${connector.id}" needs an EIP-1193 provider`)
      return list.add({ connector: { ...connector, namespace: 'eip155' }, wallet: provider as Eip1193Provider })
    },
    connect: lazy('connect'),
    reconnect: lazy('reconnect'),
    disconnect: async () => (await load.started())?.disconnect(),
    switchNetwork: lazy('switchNetwork'),
    async getBalance({ address, network }) {
      const { getNativeBalance } = await loadRpc()
      // The connected wallet answers when no RPC URL does (once a session exists; it rejects without a wallet).
      const value = await getNativeBalance(network, address, loaded && ask)
      return { value, decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol }
    },
    signMessage: lazy('signMessage'),
    sendNative: lazy('sendNative'),
    /** Stops listening to the wallet without revoking anything: the modal is gone, the grant stays. */
    destroy() {
      listener = undefined
      // Synchronously when the session is there: a destroyed modal is no longer among the wallet's listeners.
      if (loaded) loaded.destroy()
      else void load.started()?.then((s) => s.destroy())
    },
    isAddress,
    addressRules: async () => (await import('./address-rules.js')).rules,
    formatAmount: (value: bigint, network: CaipNetwork) => formatUnits(value, network.nativeCurrency.decimals),
    parseAmount: (text: string, network: CaipNetwork) => parseUnits(text, network.nativeCurrency.decimals),
  }
}
