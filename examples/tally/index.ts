// A chain family written outside the package, only against its public entries: Tally, a made-up ledger whose
// accounts are ed25519 keys and whose node speaks the small JSON-RPC contract in docs/chain-plugins.md.
import {
  VestibuleError,
  defineAddressRules,
  lazyOnce,
  registerChainNamespace,
  type AdapterListener,
  type CaipNetwork,
  type ChainAdapter,
  type Plugin,
} from 'vestibule/kernel'
import { createConnectorList, lazyMethods, standardConnector, watchStandardWallets, type StandardWallet } from 'vestibule/chains/kit'
import { checkNetworks, formatUnits, parseUnits } from 'vestibule/utils'
import { isAddress, problem } from './address.js'

declare module 'vestibule/kernel' {
  interface ChainNamespaces {
    tally: true
  }
}
registerChainNamespace('tally')

export { isAddress }

/** A Tally network from its reference (`local`), name and node URL. */
export function defineNetwork(input: { reference: string; name: string; rpcUrl: string; testnet?: boolean }): CaipNetwork {
  if (!/^[-a-z0-9]{1,32}$/.test(input?.reference ?? '')) throw new Error(`has an invalid reference ${JSON.stringify(input?.reference)}`)
  return {
    id: input.reference,
    caipNetworkId: `tally:${input.reference}`,
    chainNamespace: 'tally',
    name: input.name,
    nativeCurrency: { name: 'Tally', symbol: 'TLY', decimals: 6 },
    rpcUrls: { default: { http: [input.rpcUrl] } },
    testnet: input.testnet ?? true,
  }
}
const normalize = (n: CaipNetwork) => {
  if (n?.chainNamespace !== 'tally') throw new Error('is not a Tally network; build it with defineNetwork()')
  return n
}

/** The session module: connect, balance, sign, send. Loaded by the first call that needs a wallet or the node. */
export const sessionCode = () => import('./session.js')
const hasConnect = (w: StandardWallet) =>
  typeof (w.features['standard:connect'] as { connect?: unknown } | undefined)?.connect === 'function'

export function createTallyAdapter(networks: readonly CaipNetwork[]): ChainAdapter & { destroy(): void } {
  const list = createConnectorList<StandardWallet>()
  let listener: AdapterListener | undefined
  const load = lazyOnce(() =>
    sessionCode().then((m) => m.createSession({ wallet: (id) => list.get(id)?.wallet, waitFor: list.waitFor, listener: () => listener })),
  )
  const lazy = lazyMethods(load)
  return {
    namespace: 'tally',
    label: 'Tally',
    networks,
    capabilities: new Set(['signMessage', 'sendNative']),
    defaultAccountType: 'eoa',
    listen: (l) => void (listener = l),
    watchConnectors(onChange) {
      const unwatch = list.watch(onChange)
      const stop = watchStandardWallets({
        accept: (w) => w.chains.some((c) => typeof c === 'string' && c.startsWith('tally:')) && hasConnect(w),
        onChange: (wallets) => list.setDiscovered(wallets.map((w) => ({ connector: standardConnector(w, 'tally'), wallet: w }))),
      })
      return () => (stop(), unwatch())
    },
    addConnector(connector, provider) {
      if (!provider || typeof provider !== 'object' || !hasConnect(provider as StandardWallet))
        throw new VestibuleError('NOT_SUPPORTED', `Connector "${connector.id}" needs a Wallet Standard wallet`)
      return list.add({ connector: { ...connector, namespace: 'tally' }, wallet: provider as StandardWallet })
    },
    connect: lazy('connect'),
    reconnect: lazy('reconnect'),
    disconnect: async () => (await load.started())?.disconnect(),
    switchNetwork: lazy('switchNetwork'),
    getBalance: lazy('getBalance'),
    signMessage: lazy('signMessage'),
    sendNative: lazy('sendNative'),
    nativeTokenAddress: '0x',
    features: {
      estimateFees: lazy('estimateFees'),
      verifyMessage: async (params) => (await import('./verify.js')).verifyMessage(params),
      signatureType: () => 'tally:ed25519',
      signInName: () => 'Tally',
      paymentUri: async ({ address }) => {
        if (!isAddress(address)) throw new VestibuleError('NOT_SUPPORTED', problem(String(address))!)
        return `tally:${address}`
      },
    },
    destroy() {
      listener = undefined
      void load.started()?.then((s) => s.destroy())
    },
    isAddress,
    addressRules: async () => defineAddressRules(problem, (value) => value),
    formatAmount: (value, network) => formatUnits(value, network.nativeCurrency.decimals),
    parseAmount: (text, network) => parseUnits(text, network.nativeCurrency.decimals),
  }
}

/** The Tally chain plugin: `createModal({ plugins: [tally({ networks: [defineNetwork({ … })] })] })`. */
export function tally(options: { networks: readonly CaipNetwork[] }): Plugin<{ networks: readonly CaipNetwork[] }> {
  return {
    name: 'tally',
    order: 'pre',
    setup(ctx) {
      const networks = checkNetworks('tally', 'tally({ networks: [defineNetwork({ … })] })', options?.networks, normalize)
      const adapter = createTallyAdapter(networks)
      ctx.chains.register(adapter)
      ctx.onPreload(sessionCode)
      ctx.onDestroy(() => adapter.destroy())
      return { networks }
    },
  }
}
