/**
 * The page of the strict-parsing tests: an EIP-6963 wallet whose answers the test sets and whose events it fires,
 * seen by a headless modal with the eip155 plugin on chains 1 and 1000.
 */
import { afterEach, beforeEach } from 'vitest'
import { defineNetwork, eip155 } from '../../../chains/eip155/index.js'
import { createKernel, type Modal } from '../../../kernel/index.js'
import { kernelOf } from '../../../kernel/kernel-of.js'
import { openPage, walletInfo, type Page } from './page.js'

export const CHECKSUMMED = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const LOWER = CHECKSUMMED.toLowerCase()

const network = (id: number) =>
  defineNetwork({
    id,
    name: `Chain ${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
  })

/** Registers the test file's hooks (a fresh page per test; its modals destroyed after it) and returns its helpers. */
export function useStrictPage() {
  let page: Page
  const modals: Modal[] = []
  beforeEach(() => void (page = openPage()))
  afterEach(() => {
    for (const modal of modals.splice(0)) modal.destroy()
    page.restore()
  })

  /** A modal, discovering wallets, on a page where `provider` announces itself as `rdns`. */
  function modalWith(rdns: string, provider: object): Modal {
    page.install(walletInfo(rdns), provider)
    const modal = createKernel({ projectId: 'p', storage: null, plugins: [eip155({ networks: [network(1), network(1000)] })] })
    modals.push(modal)
    kernelOf(modal).chains.startDiscovery()
    return modal
  }

  /** A wallet (`io.strict`) answering `accounts` and `chainId`, whose events the test fires. */
  function wallet(accounts: unknown[], chainId: unknown = '0x1') {
    const listeners = new Map<string, (value: unknown) => void>()
    const modal = modalWith('io.strict', {
      request: async ({ method }: { method: string }) =>
        method === 'eth_chainId' ? chainId : method.endsWith('ccounts') ? accounts : null,
      on: (event: string, listener: (value: unknown) => void) => void listeners.set(event, listener),
      removeListener: () => undefined,
    })
    return { modal, emit: (event: string, value: unknown) => listeners.get(event)!(value) }
  }

  return { wallet, modalWith }
}
