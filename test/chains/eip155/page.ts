/**
 * A browser page for Node tests: `globalThis.window` becomes an EventTarget (the part of `window` that
 * EIP-6963 discovery uses), and wallets announce themselves on it like extensions do.
 */
import type { Eip1193Provider, Eip6963ProviderInfo } from '../../../chains/eip155/index.js'
import { installWindow } from '../shared-harness.js'

export type FakeWindow = EventTarget & { ethereum?: unknown }

export interface Page {
  window: FakeWindow
  /** Announces `provider` now and again on every `eip6963:requestProvider`, as EIP-6963 wallets do. */
  install(info: Partial<Eip6963ProviderInfo>, provider: unknown): void
  /** Announces once, without answering later requests. */
  announce(info: Partial<Eip6963ProviderInfo>, provider: unknown): void
  /** Puts the original `window` back (or removes it). */
  restore(): void
}

export const walletInfo = (rdns: string, name = `Wallet ${rdns}`): Eip6963ProviderInfo => ({
  uuid: `uuid-${rdns}`,
  name,
  rdns,
  icon: 'data:image/svg+xml;base64,PHN2Zy8+',
})

export const stubProvider = (): Eip1193Provider => ({ request: async () => null })

export function openPage(): Page {
  const window = new EventTarget() as FakeWindow
  const restore = installWindow(window)
  const announce = (info: Partial<Eip6963ProviderInfo>, provider: unknown) =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info: Object.freeze({ ...info }), provider }) }),
    )
  return {
    window,
    announce,
    install(info, provider) {
      window.addEventListener('eip6963:requestProvider', () => announce(info, provider))
      announce(info, provider)
    },
    restore,
  }
}
