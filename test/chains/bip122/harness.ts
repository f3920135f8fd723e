/**
 * Shared setup of the bip122 tests: a page (`globalThis.window` as an EventTarget, what Wallet Standard discovery
 * uses), Sandbox Bitcoin Wallets with real keys registered in it, headless modals with the bip122 plugin, and the
 * sandbox chain (litecoind regtest behind the Esplora-shaped API) for the integration tests.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest'
import { bip122, type Bip122Network } from '../../../chains/bip122/index.js'
import { toBitcoinjsNetwork } from '../../../chains/bip122/psbt.js'
import { createKernel, type Modal } from '../../../kernel/index.js'
import * as chainModule from '../../../sandbox/bip122/chain.mjs'
import { createBitcoinWallet, registerWallet, type BitcoinWalletOptions } from '../../../sandbox/bip122/wallet-core.js'
import { installWindow, modalPool } from '../shared-harness.js'
import { litecoinRegtest } from './fixtures.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

export interface Rpc {
  (method: string, params?: unknown[]): Promise<any>
}
export interface Chain {
  node: { rpc: Rpc; url: string; stop(): Promise<void> }
  esplora: { url: string; setDown(down: boolean): void; stop(): Promise<void> }
  faucet: { miner: string; fund(address: string, amounts: string[]): Promise<string>; mine(count?: number): Promise<string[]> }
  address: string
  network: { genesisHash: string; caipNetworkId: string; esploraUrl: string }
  stop(): Promise<void>
}
const sandbox = chainModule as unknown as {
  startChain(): Promise<Chain>
  litecoindInstalled(): boolean
  toSats(amount: string | number): bigint
  INSTALL_COMMAND: string
  DEMO_BIP122_KEY: string
  DEMO_BIP122_FUNDING: string[]
  FEE_ESTIMATES: Record<string, number>
}
export const { litecoindInstalled, toSats, INSTALL_COMMAND, DEMO_BIP122_KEY, DEMO_BIP122_FUNDING, FEE_ESTIMATES } = sandbox
export const startChain = () => sandbox.startChain()

export const hexToBytes = (hex: string) => new Uint8Array((hex.match(/../g) ?? []).map((b) => Number.parseInt(b, 16)))
/** A distinct valid private key per number. */
export const keyOf = (n: number) => hexToBytes(n.toString(16).padStart(64, '0'))

export interface Page {
  window: EventTarget
  restore(): void
}

export function openPage(): Page {
  const window = new EventTarget()
  return { window, restore: installWindow(window) }
}

export type TestWallet = ReturnType<typeof createBitcoinWallet> & { approvals: boolean[] }

export interface Harness {
  page: Page
  network: Bip122Network
  /** A wallet registered in the page; `approvals` answers its prompts in order (approve when empty). */
  wallet(options?: Partial<BitcoinWalletOptions> & { register?: boolean }): TestWallet
  modal(options?: { networks?: Bip122Network[]; storage?: Parameters<typeof createKernel>[0]['storage'] }): Modal
  /** Waits until the modal lists `count` bip122 connectors. */
  discovered(modal: Modal, count?: number): Promise<void>
}

/** Registers the page and modal hooks; `network()` gives the network the wallets and modals use. */
export function useHarness(network: () => Bip122Network = () => litecoinRegtest('http://127.0.0.1:9')): Harness {
  const modals = modalPool()
  const h = {} as Harness
  beforeEach(() => {
    h.page = openPage()
    h.network = network()
  })
  afterEach(() => {
    modals.destroyAll()
    h.page.restore()
  })
  h.wallet = ({ register = true, ...options } = {}) => {
    const approvals: boolean[] = []
    const created = createBitcoinWallet({
      privateKey: keyOf(1),
      network: { caipNetworkId: h.network.caipNetworkId, bitcoinjs: toBitcoinjsNetwork(h.network.custom.params) },
      approve: async () => approvals.shift() ?? true,
      ...options,
    })
    if (register) registerWallet(h.page.window, created.wallet)
    return Object.assign(created, { approvals })
  }
  h.modal = ({ networks, storage = null } = {}) =>
    modals.open({ projectId: 'p', storage, plugins: [bip122({ networks: networks ?? [h.network] })] })
  h.discovered = async (modal, count = 1) => {
    await vi.waitFor(() =>
      expect(
        kernelOf(modal)
          .chains.$connectors.get()
          .filter((c) => c.namespace === 'bip122'),
      ).toHaveLength(count),
    )
  }
  return h
}

/** Starts the sandbox chain for the file (skip the file with describe.skipIf(!litecoindInstalled()) first). */
export function useChain(): { chain: Chain; network: Bip122Network } {
  const c = {} as { chain: Chain; network: Bip122Network }
  beforeAll(async () => {
    c.chain = await startChain()
    c.network = litecoinRegtest(c.chain.network.esploraUrl, c.chain.network.genesisHash)
  }, 60_000)
  afterAll(async () => {
    await c.chain?.stop()
  })
  return c
}

/** The node's own view of an address: the sum of its UTXOs (scantxoutset), in satoshis. */
export async function nodeBalance(rpc: Rpc, address: string): Promise<bigint> {
  const scan = await rpc('scantxoutset', ['start', [`addr(${address})`]])
  return (scan.unspents as { amount: number }[]).reduce((sum, u) => sum + toSats(u.amount), 0n)
}

export const accountOf = (modal: Modal) => kernelOf(modal).state.$chains.get().bip122?.accountState
export const adapterOf = (modal: Modal) => kernelOf(modal).chains.get('bip122')!
