import type { AdapterListener, CaipNetwork, ChainAdapter, Connector } from 'vestibule/kernel'
import { formatUnits, parseUnits } from 'vestibule/utils'
import type { PolkadotNetwork } from './networks.js'
import type { LazyMethod, Session } from './session.js'
import { addressProblem, displayName, type InjectedWeb3Entry } from './extensions.js'
import { lazyMethods } from '../shared/lazy.js'

/** The session module (connect, restore, sign, send): one import() site, used by the adapter and the preload. */
export const sessionCode = () => import('./session.js')

export type { InjectedAccount, InjectedExtension, InjectedSigner, InjectedWeb3Entry, SignerResult } from './extensions.js'
export { addressProblem, displayName } from './extensions.js'

/** SS58 with a valid checksum, and with the network's SS58 prefix when a network is given. */
export const isAddress = (value: string, network?: CaipNetwork): boolean => !addressProblem(value, network)

/** The extensions in the page: `window.injectedWeb3` (an object, else none). */
export const injectedWeb3 = (): Record<string, Partial<InjectedWeb3Entry>> => {
  const value = (globalThis as { window?: { injectedWeb3?: unknown } }).window?.injectedWeb3
  return value && typeof value === 'object' ? (value as Record<string, Partial<InjectedWeb3Entry>>) : {}
}
export const extensionIds = () =>
  Object.entries(injectedWeb3())
    .filter(([id, e]) => id.length <= 64 && typeof e?.enable === 'function')
    .map(([id]) => id)

export interface PolkadotAdapterOptions {
  networks: readonly PolkadotNetwork[]
  appName: string
}

/**
 * The Polkadot chain adapter: polkadot-js style extensions from `window.injectedWeb3`, and connectors other
 * plugins add with an entry of the same shape (`addConnector`). Eagerly only discovery
 * and address checks; the session (session.ts) loads on the first connect and `@polkadot/api` on the first
 * balance or transfer.
 */
export function createPolkadotAdapter(options: PolkadotAdapterOptions): ChainAdapter & { destroy(): void } {
  let listener: AdapterListener | undefined
  let loaded: Session | undefined
  let session: Promise<Session> | undefined
  /** Entries other plugins added (WalletConnect …) by connector id; an extension with the same id wins. */
  const added = new Map<string, { connector: Connector; entry: InjectedWeb3Entry }>()
  let recheck = () => {}
  const entryOf = (id: string) => injectedWeb3()[id] ?? added.get(id)?.entry
  const load = () => (session ??= sessionCode().then((m) => (loaded = m.createSession(options.appName, () => listener, entryOf))))
  const lazy = lazyMethods(load)

  return {
    namespace: 'polkadot',
    label: 'Polkadot',
    networks: options.networks,
    capabilities: new Set(['signMessage', 'sendNative']),
    defaultAccountType: 'eoa',
    listen(l) {
      listener = l
    },
    watchConnectors(onChange) {
      let last: string | undefined
      const check = () => {
        const ids = extensionIds()
        const others = [...added.values()].map((e) => e.connector).filter((c) => !ids.includes(c.id))
        const key = `${ids}|${others.map((c) => c.id)}`
        if (key === last) return
        last = key
        onChange([
          ...ids.map((id): Connector => ({ id, name: displayName(id), type: 'INJECTED', namespace: 'polkadot', installed: true })),
          ...others,
        ])
      }
      recheck = check
      check()
      // Extensions inject from content scripts, sometimes after the page's code ran: look again for a while.
      const timers = [100, 500, 1500, 3000].map((ms) => setTimeout(check, ms))
      return () => {
        timers.forEach(clearTimeout)
        recheck = () => {}
      }
    },
    /** `provider` is an injectedWeb3 entry; one without enable() cannot connect (the session says so). */
    addConnector(connector, provider) {
      const value = { connector: { ...connector, namespace: 'polkadot' }, entry: provider as InjectedWeb3Entry }
      added.set(connector.id, value)
      recheck()
      return () => {
        if (added.get(connector.id) === value) added.delete(connector.id)
        recheck()
      }
    },
    connect: lazy('connect'),
    reconnect: lazy('reconnect'),
    disconnect: async () => loaded?.disconnect(),
    switchNetwork: lazy('switchNetwork'),
    getBalance: lazy('getBalance'),
    signMessage: lazy('signMessage'),
    sendNative: lazy('sendNative'),
    // The blockchain API's key for a Polkadot-family chain's own token.
    nativeTokenAddress: '0x',
    destroy() {
      loaded?.disconnect()
      listener = undefined
    },
    isAddress,
    features: {
      estimateFees: lazy('estimateFees'),
      // How this family speaks over a remote wallet session (WalletConnect): loaded with such a session only.
      remoteSession: () => import('./walletconnect.js').then((m) => m.remoteSession),
      // Signature checks (sr25519, ed25519, ecdsa): the session code loads them on first use.
      verifyMessage: lazy('verifyMessage'),
      // signRaw's default key type.
      signatureType: () => 'polkadot:sr25519',
    },
    addressRules: lazy('addressRules'),
    formatAmount: (value: bigint, network: CaipNetwork) => formatUnits(value, network.nativeCurrency.decimals),
    parseAmount: (text: string, network: CaipNetwork) => parseUnits(text, network.nativeCurrency.decimals),
  }
}
