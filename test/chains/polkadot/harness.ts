/**
 * Shared setup of the polkadot tests: a page (`globalThis.window` with `injectedWeb3`), the Sandbox Polkadot
 * Wallet's extension with a real key and scripted answers, and headless modals with the polkadot plugin.
 */
import { afterEach, beforeEach, vi } from 'vitest'
import { defineNetwork, polkadot, type PolkadotNetwork } from '../../../chains/polkadot/index.js'
import type { Modal, ModalOptions } from '../../../kernel/index.js'
import { createSandboxExtension, type SandboxExtension, type SandboxExtensionOptions } from '../../../sandbox/polkadot/extension.js'
import { modalPool } from '../shared-harness.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

export const EXTENSION_ID = 'sandbox-polkadot-wallet'
export const SEEDS = [`0x${'01'.repeat(32)}`, `0x${'02'.repeat(32)}`, `0x${'03'.repeat(32)}`] as const
export const ROC = { name: 'Rococo', symbol: 'ROC', decimals: 12 }

/** A local chain definition on `ws` (chopsticks' genesis hash is 0x45…45). */
export const localNetwork = (ws: string, patch: Partial<Parameters<typeof defineNetwork>[0]> = {}): PolkadotNetwork =>
  defineNetwork({
    name: 'Local Asset Hub',
    genesisHash: `0x${'45'.repeat(32)}`,
    ss58Prefix: 2,
    nativeCurrency: ROC,
    rpcUrls: { default: { http: [ws.replace(/^ws/, 'http')], webSocket: [ws] } },
    testnet: true,
    ...patch,
  })

export { mapStorage } from '../shared-harness.js'

export interface TestExtension extends SandboxExtension {
  /** Prompts shown so far (titles). */
  prompts: string[]
  /** Answers for the next prompts, in order; when empty, `approve` answers. */
  answers: boolean[]
}

export interface Harness {
  window: { injectedWeb3: Record<string, unknown> }
  /** Creates the extension and injects it as `injectedWeb3[id]`. */
  extension(options?: Partial<SandboxExtensionOptions> & { id?: string; approve?: boolean; inject?: boolean }): Promise<TestExtension>
  inject(extension: TestExtension, id?: string): void
  modal(networks: PolkadotNetwork[], options?: Partial<ModalOptions>): Modal
  /** Destroys the modals and gives the page a fresh window (the extensions must inject again). */
  reload(): void
}

/** Registers the hooks of a test file and returns its harness. */
export function useHarness(): Harness {
  const modals = modalPool()
  const h = {} as Harness
  const fresh = () => {
    h.window = { injectedWeb3: {} }
    ;(globalThis as { window?: unknown }).window = h.window
  }
  beforeEach(fresh)
  afterEach(() => {
    modals.destroyAll()
    delete (globalThis as { window?: unknown }).window
  })
  h.inject = (extension, id = EXTENSION_ID) => {
    h.window.injectedWeb3[id] = { version: extension.version, enable: extension.enable }
  }
  h.extension = async ({ id, approve = true, inject = true, ...options } = {}) => {
    const prompts: string[] = []
    const answers: boolean[] = []
    const extension = (await createSandboxExtension({
      seed: SEEDS[0],
      ask: async (title) => {
        prompts.push(title)
        return answers.length ? answers.shift()! : approve
      },
      ...options,
    })) as TestExtension
    extension.prompts = prompts
    extension.answers = answers
    if (inject) h.inject(extension, id)
    return extension
  }
  h.modal = (networks, options = {}) =>
    modals.open({ projectId: 'p', storage: null, metadata: { name: 'Polkadot Test App' }, ...options, plugins: [polkadot({ networks })] })
  h.reload = () => {
    modals.destroyAll()
    fresh()
  }
  return h
}

export const accountOf = (modal: Modal) => kernelOf(modal).state.$chains.get().polkadot?.accountState
export const adapterOf = (modal: Modal) => kernelOf(modal).chains.get('polkadot')!
/** Waits until `check` returns a truthy value (or fails after `ms`). */
export function until<T>(check: () => T | undefined | false, ms = 5000): Promise<T> {
  return vi.waitFor(
    () => {
      const value = check()
      if (!value) throw new Error('condition not met in time')
      return value
    },
    { timeout: ms, interval: 20 },
  )
}
