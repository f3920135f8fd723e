/**
 * Shared setup of the solana integration tests: a real litesvm cluster behind the sandbox's JSON-RPC front,
 * a page (an EventTarget `window`) where Wallet Standard wallets register, and headless modals built with
 * createKernel and the solana plugin.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { defineNetwork, solana, type SolanaNetwork } from '../../../chains/solana/index.js'
import type { Modal, ModalOptions } from '../../../kernel/index.js'
import { startSolanaChain as rawStart } from '../../../sandbox/solana/chain.mjs'
import { installWindow, modalPool } from '../shared-harness.js'
import { NodeSolanaWallet, type NodeSolanaWalletOptions } from './node-wallet.js'
import { kernelOf } from '../../../kernel/kernel-of.js'
import type { PluginInput } from '../../../kernel/plugin.js'

export interface SolanaChain {
  url: string
  wsUrl: string
  genesisHash: string
  svm: {
    setAccount(account: {
      address: string
      lamports: bigint
      data: Uint8Array
      programAddress: string
      executable: boolean
      space: bigint
    }): void
  }
  fund(address: string, lamports: bigint): string
  balance(address: string): bigint
  stop(): Promise<void>
}
export const startSolanaChain = rawStart as unknown as (options?: { port?: number }) => Promise<SolanaChain>

/** Fixed test seeds, so addresses (and balances a test sets) are known. */
export const SEEDS: readonly Uint8Array[] = [1, 2, 3].map((n) => new Uint8Array(32).fill(n))
export const WALLET_ID = 'node-solana-wallet'

export { mapStorage } from '../shared-harness.js'

export interface Page {
  window: EventTarget
  /** Registers `wallet` now and again whenever an app announces itself, as Wallet Standard wallets do. */
  install(wallet: unknown): void
  restore(): void
}

export function openPage(): Page {
  const window = new EventTarget()
  const restore = installWindow(window)
  return {
    window,
    install(wallet) {
      const callback = (api: { register(w: unknown): unknown }) => api.register(wallet)
      window.addEventListener('wallet-standard:app-ready', (e) => callback((e as CustomEvent).detail))
      window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
    },
    restore,
  }
}

export interface Harness {
  chain: SolanaChain
  /** The cluster as a network, with its WebSocket. */
  local: SolanaNetwork
  /** A second network on the same cluster (another genesis, its own wallet chain), for switching. */
  other: SolanaNetwork
  page: Page
  wallet(options?: Partial<NodeSolanaWalletOptions>): NodeSolanaWallet
  modal(options?: Partial<ModalOptions> & { networks?: SolanaNetwork[]; extraPlugins?: PluginInput[] }): Modal
  /** Simulates a page reload: modals destroyed, a fresh window where the same wallets register again. */
  reload(...wallets: unknown[]): void
}

export function useHarness(): Harness {
  const modals = modalPool()
  const h = {} as Harness

  beforeAll(async () => {
    h.chain = await startSolanaChain()
    h.local = defineNetwork({
      genesisHash: h.chain.genesisHash,
      name: 'Local Cluster',
      rpcUrls: { default: { http: [h.chain.url], webSocket: [h.chain.wsUrl] } },
      testnet: true,
    })
    h.other = defineNetwork({
      genesisHash: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG',
      name: 'Second Cluster',
      walletChain: 'solana:devnet',
      rpcUrls: { default: { http: [h.chain.url] } },
      testnet: true,
    })
  })
  afterAll(async () => {
    await h.chain?.stop()
  })
  beforeEach(() => {
    h.page = openPage()
  })
  afterEach(() => {
    modals.destroyAll()
    h.page.restore()
  })

  h.wallet = (options = {}) => {
    const wallet = new NodeSolanaWallet({ seeds: SEEDS.slice(0, 2), rpc: h.chain.url, ws: h.chain.wsUrl, ...options })
    h.page.install(wallet)
    return wallet
  }
  h.modal = ({ networks, extraPlugins = [], ...options } = {}) =>
    modals.open({
      projectId: 'p',
      storage: null,
      ...options,
      plugins: [...extraPlugins, solana({ networks: networks ?? [h.local, h.other] })],
    })
  h.reload = (...wallets) => {
    modals.destroyAll()
    h.page.restore()
    h.page = openPage()
    wallets.forEach((w) => h.page.install(w))
  }
  return h
}

/** The solana account state of a modal. */
export const accountOf = (modal: Modal) => kernelOf(modal).state.$chains.get().solana?.accountState
export const adapterOf = (modal: Modal) => kernelOf(modal).chains.get('solana')!
