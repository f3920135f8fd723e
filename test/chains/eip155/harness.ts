/**
 * Shared setup of the eip155 integration tests: two real anvil nodes (chains 31337 and 31338), a page with
 * the Node wallet announced through EIP-6963, and modals built with createKernel and the eip155 plugin.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import type { Hex } from 'viem'
import { defineNetwork, eip155, type Eip155Network } from '../../../chains/eip155/index.js'
import type { Modal, ModalOptions } from '../../../kernel/index.js'
import { rpc as rawRpc, startAnvil as rawStartAnvil } from '../../../sandbox/anvil.mjs'
import { modalPool } from '../shared-harness.js'
import { NodeWallet, type NodeWalletOptions } from './node-wallet.js'
import { openPage, walletInfo, type Page } from './page.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

export interface Anvil {
  url: string
  port: number
  chainId: number
  stop(): Promise<void>
}

export const startAnvil = rawStartAnvil as (options: { port?: number; chainId?: number }) => Promise<Anvil>
export const rpc = rawRpc as (url: string, method: string, params?: unknown[]) => Promise<any>

/** Fixed test keys; not anvil's dev accounts, so their balances are exactly what a test sets. */
export const KEYS: readonly Hex[] = [`0x${'01'.repeat(32)}`, `0x${'02'.repeat(32)}`, `0x${'03'.repeat(32)}`]
export const WALLET_RDNS = 'dev.vestibule.node-wallet'
export const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }

export const setBalance = (url: string, address: string, wei: bigint) => rpc(url, 'anvil_setBalance', [address, `0x${wei.toString(16)}`])
export const balanceOf = async (url: string, address: string) => BigInt(await rpc(url, 'eth_getBalance', [address, 'latest']))

export { mapStorage } from '../shared-harness.js'

export interface Harness {
  anvilA: Anvil
  anvilB: Anvil
  /** Chain 31337 on anvil A. */
  localA: Eip155Network
  /** Chain 31338 on anvil B, with a block explorer. */
  localB: Eip155Network
  page: Page
  /** A Node wallet on chain 31337 that knows only anvil A, announced in the page. */
  wallet(options?: Partial<NodeWalletOptions>): NodeWallet
  /** A headless modal with the eip155 plugin, discovery started. */
  modal(options?: Partial<ModalOptions> & { networks?: Eip155Network[] }): Modal
  /** Simulates a page reload: a fresh window where the same wallet announces again. */
  reload(wallet: NodeWallet): void
}

/** Registers the hooks of an integration test file and returns its (lazily filled) harness. */
export function useHarness(): Harness {
  const modals = modalPool()
  const h = {} as Harness

  const announce = (wallet: NodeWallet) => h.page.install(walletInfo(WALLET_RDNS, 'Node Wallet'), wallet.provider)

  beforeAll(async () => {
    ;[h.anvilA, h.anvilB] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })])
    h.localA = defineNetwork({
      id: 31337,
      name: 'Anvil A',
      nativeCurrency: ETH,
      rpcUrls: { default: { http: [h.anvilA.url] } },
      testnet: true,
    })
    h.localB = defineNetwork({
      id: 31338,
      name: 'Anvil B',
      nativeCurrency: ETH,
      rpcUrls: { default: { http: [h.anvilB.url] } },
      blockExplorers: { default: { name: 'Local Scan', url: 'http://127.0.0.1:4000' } },
      testnet: true,
    })
  })
  afterAll(async () => {
    await Promise.all([h.anvilA?.stop(), h.anvilB?.stop()])
  })
  beforeEach(() => {
    h.page = openPage()
  })
  afterEach(() => {
    modals.destroyAll()
    h.page.restore()
  })

  h.wallet = (options = {}) => {
    const wallet = new NodeWallet({ privateKeys: KEYS.slice(0, 2), chains: { 31337: h.anvilA.url }, chainId: 31337, ...options })
    announce(wallet)
    return wallet
  }
  h.modal = ({ networks, ...options } = {}) =>
    modals.open({ projectId: 'p', storage: null, ...options, plugins: [eip155({ networks: networks ?? [h.localA, h.localB] })] })
  h.reload = (wallet) => {
    modals.destroyAll()
    h.page.restore()
    h.page = openPage()
    announce(wallet)
  }
  return h
}

/** The eip155 account state of a modal. */
export const accountOf = (modal: Modal) => kernelOf(modal).state.$chains.get().eip155?.accountState
export const adapterOf = (modal: Modal) => kernelOf(modal).chains.get('eip155')!
