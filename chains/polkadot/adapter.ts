import { VestibuleError, formatUnits, parseUnits, type AdapterListener, type CaipNetwork, type ChainAdapter, type Connector } from '../../kernel/index.js'
import type { PolkadotNetwork } from './networks.js'
import type { LazyMethod, Session } from './session.js'
import { decodeAddress } from './ss58.js'
import { lazyMethods } from '../shared/lazy.js'

/** The session module (connect, restore, sign, send): one import() site, used by the adapter and the preload. */
export const sessionCode = () => import('./session.js')

/** An account as a polkadot-js style extension shares it. */
export interface InjectedAccount {
  address: string
  genesisHash?: string | null
  name?: string
  type?: string
}

export interface SignerResult {
  id: number
  signature: string
}

/** The signer of an extension (`@polkadot/api`'s Signer); either method may be missing. */
export interface InjectedSigner {
  signRaw?(raw: { address: string; data: string; type: 'bytes' | 'payload' }): Promise<SignerResult>
  signPayload?(payload: any): Promise<SignerResult>
}

/** What `enable(appName)` resolves to. */
export interface InjectedExtension {
  accounts: { get(anyType?: boolean): Promise<InjectedAccount[]>; subscribe?(cb: (accounts: InjectedAccount[]) => void): unknown }
  signer?: InjectedSigner
}

/** An entry of `window.injectedWeb3`. */
export interface InjectedWeb3Entry {
  version?: string
  enable(appName: string): Promise<InjectedExtension>
}

/** Why `value` is not an account address (of `network` when given), in words; undefined when it is one. */
export function addressProblem(value: unknown, network?: CaipNetwork): string | undefined {
  const decoded = decodeAddress(value)
  const expected = (network as PolkadotNetwork | undefined)?.custom?.ss58Prefix
  if (!decoded) return `Invalid Polkadot address (SS58 with a valid checksum expected): ${String(value)}`
  if (expected !== undefined && decoded.prefix !== expected) return `Not a ${network!.name} address (SS58 prefix ${decoded.prefix}, expected ${expected}): ${String(value)}`
  return undefined
}

/** SS58 with a valid checksum, and with the network's SS58 prefix when a network is given. */
export const isAddress = (value: string, network?: CaipNetwork): boolean => !addressProblem(value, network)

export const injectedWeb3 = (): Record<string, Partial<InjectedWeb3Entry>> => {
  const value = typeof window === 'undefined' ? undefined : (window as { injectedWeb3?: unknown }).injectedWeb3
  return value && typeof value === 'object' ? (value as Record<string, Partial<InjectedWeb3Entry>>) : {}
}
export const extensionIds = () => Object.entries(injectedWeb3()).filter(([id, e]) => id.length <= 64 && typeof e?.enable === 'function').map(([id]) => id)

/** Extensions inject no display name: known ones get theirs, others a title-cased id ("sandbox-wallet" → "Sandbox Wallet"). */
const NAMES: Record<string, string> = { 'polkadot-js': 'polkadot{.js}', 'subwallet-js': 'SubWallet' }
export const displayName = (id: string) => NAMES[id] ?? id.replace(/[^\w.-]/g, '').replace(/[-_]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()).trim()

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
  /** Connectors other plugins added (WalletConnect …), with the extension entry they provide. */
  const external = new Map<string, { connector: Connector; entry: InjectedWeb3Entry }>()
  let report: (() => void) | undefined
  const entryOf = (id: string) => external.get(id)?.entry ?? injectedWeb3()[id]
  const load = () => (session ??= sessionCode().then((m) => (loaded = m.createSession(options.appName, () => listener, entryOf))))
  const lazy = lazyMethods(load)

  return {
    namespace: 'polkadot',
    networks: options.networks,
    capabilities: new Set(['signMessage', 'sendNative']),
    defaultAccountType: 'eoa',
    listen(l) {
      listener = l
    },
    watchConnectors(onChange) {
      let last: string | undefined
      const check = () => {
        const ids = extensionIds().filter((id) => !external.has(id))
        const key = `${ids}|${[...external.keys()]}`
        if (key === last) return
        last = key
        const injected = ids.map((id): Connector => ({ id, name: displayName(id), type: 'INJECTED', namespace: 'polkadot', installed: true }))
        onChange([...injected, ...[...external.values()].map((e) => e.connector)])
      }
      report = check
      check()
      // Extensions inject from content scripts, sometimes after the page's code ran: look again for a while.
      const timers = [100, 500, 1500, 3000].map((ms) => setTimeout(check, ms))
      return () => {
        timers.forEach(clearTimeout)
        if (report === check) report = undefined
      }
    },
    addConnector(connector, provider) {
      if (typeof (provider as Partial<InjectedWeb3Entry> | null)?.enable !== 'function') {
        throw new VestibuleError('NOT_SUPPORTED', `Connector "${connector.id}" needs an injectedWeb3 entry with enable()`)
      }
      const value = { connector: { ...connector, namespace: 'polkadot' }, entry: provider as InjectedWeb3Entry }
      external.set(connector.id, value)
      report?.()
      return () => {
        if (external.get(connector.id) === value) external.delete(connector.id)
        report?.()
      }
    },
    connect: lazy('connect'),
    reconnect: lazy('reconnect'),
    disconnect: async () => loaded?.disconnect(),
    switchNetwork: lazy('switchNetwork'),
    getBalance: lazy('getBalance'),
    signMessage: lazy('signMessage'),
    sendNative: lazy('sendNative'),
    destroy() {
      loaded?.disconnect()
      listener = undefined
    },
    isAddress,
    formatAmount: (value: bigint, network: CaipNetwork) => formatUnits(value, network.nativeCurrency.decimals),
    parseAmount: (text: string, network: CaipNetwork) => parseUnits(text, network.nativeCurrency.decimals),
  }
}
