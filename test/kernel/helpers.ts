/**
 * Shared test doubles for the kernel tests: a fake wallet implementing the kernel's ChainAdapter interface,
 * two requested networks, a recording Web Storage backend and a deferred promise.
 */
import { vi } from 'vitest'
import type { AdapterListener, ChainAdapter, Connector } from '../../kernel/chains.js'
import { formatUnits, parseUnits } from '../../kernel/format.js'
import type { CaipNetwork } from '../../kernel/network.js'

export const ADDRESS = '0x1111111111111111111111111111111111111111'
export const OTHER_ADDRESS = '0x2222222222222222222222222222222222222222'

export const net = (id: number, name: string): CaipNetwork => ({
  id,
  caipNetworkId: `eip155:${id}`,
  chainNamespace: 'eip155',
  name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [`http://127.0.0.1/${id}`] } },
})

export const mainnet = net(1, 'Ethereum')
export const optimism = net(10, 'OP Mainnet')

export const connector = (id: string, namespace = 'eip155'): Connector => ({
  id,
  name: `Wallet ${id}`,
  type: 'ANNOUNCED',
  namespace,
  installed: true,
})

export interface Deferred<T> {
  promise: Promise<T>
  resolve(value: T): void
  reject(error: unknown): void
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** Lets pending promise callbacks (balance refreshes, onOpen hooks) run. */
export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** A fake wallet for one namespace; every method is a vi.fn so a test can change one answer. */
export function fakeAdapter(options: { namespace?: string; networks?: CaipNetwork[]; connectors?: Connector[] } = {}) {
  const namespace = options.namespace ?? 'eip155'
  const networks = options.networks ?? [mainnet, optimism]
  const connectors = options.connectors ?? [connector('io.fake')]
  let listener: AdapterListener | undefined
  const stopWatching = vi.fn()

  const adapter = {
    namespace,
    networks,
    capabilities: new Set(['signMessage']),
    defaultAccountType: 'eoa',
    watchConnectors: vi.fn<ChainAdapter['watchConnectors']>((onChange) => {
      onChange(connectors)
      return stopWatching
    }),
    connect: vi.fn<ChainAdapter['connect']>(async ({ network }) => ({ address: ADDRESS, caipNetworkId: network.caipNetworkId })),
    reconnect: vi.fn<ChainAdapter['reconnect']>(async ({ network }) => ({ address: ADDRESS, caipNetworkId: network.caipNetworkId })),
    disconnect: vi.fn<ChainAdapter['disconnect']>(async () => {}),
    switchNetwork: vi.fn<ChainAdapter['switchNetwork']>(async () => {}),
    getBalance: vi.fn<ChainAdapter['getBalance']>(async () => ({ value: 1_234_567_890_000_000_000n, decimals: 18, symbol: 'ETH' })),
    signMessage: vi.fn<ChainAdapter['signMessage']>(async ({ message }) => `signed:${message}`),
    isAddress: (value: string) => /^0x[0-9a-fA-F]{40}$/.test(value),
    formatAmount: (value: bigint, network: CaipNetwork) => formatUnits(value, network.nativeCurrency.decimals),
    parseAmount: (text: string, network: CaipNetwork) => parseUnits(text, network.nativeCurrency.decimals),
    listen: vi.fn<ChainAdapter['listen']>((l) => {
      listener = l
    }),
  } satisfies ChainAdapter

  /** What the wallet reports to the kernel (account or network changed in the wallet, wallet disconnected). */
  const wallet = {
    accountChanged: (address: string) => listener!.accountChanged(address),
    networkChanged: (id: `${string}:${string}`) => listener!.networkChanged(id),
    disconnected: () => listener!.disconnected(),
  }
  return { adapter, wallet, stopWatching }
}

/** A Web Storage backend over a Map that records every call. */
export function recordingBackend(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial))
  const calls: Array<[method: string, key: string]> = []
  return {
    data,
    calls,
    getItem: (key: string) => (calls.push(['getItem', key]), data.get(key) ?? null),
    setItem: (key: string, value: string) => void (calls.push(['setItem', key]), data.set(key, value)),
    removeItem: (key: string) => void (calls.push(['removeItem', key]), data.delete(key)),
  }
}

/** A view definition whose module is never loaded by the kernel tests. */
export const dummyView = { load: async () => ({ default: null }) }

/** The shell's resting views (Connect, Account) as a plugin, so a headless modal lands where the shell's would. */
export const shellViews = {
  name: 'shell-views',
  setup: (ctx: { views: { register(id: string, v: typeof dummyView): void } }) =>
    ['Connect', 'Account'].forEach((v) => ctx.views.register(v, dummyView)),
}
