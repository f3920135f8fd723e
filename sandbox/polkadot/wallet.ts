/**
 * The Sandbox Polkadot Wallet: a polkadot-js style browser extension with the demo key, asking approve/reject
 * in its own prompt. Like a real extension's content script it injects into `window.injectedWeb3` a moment
 * after the page starts, so the modal's re-check after discovery starts is exercised too.
 */
import { askUser } from '../wallet/prompt.js'
import { createSandboxExtension } from './extension.js'

export const EXTENSION_ID = 'sandbox-polkadot-wallet'
const INJECT_DELAY_MS = 250

const page = window as unknown as {
  __SANDBOX__?: { families?: { polkadot?: { wallet: { seed: string; keyType: 'sr25519' | 'ed25519' } } } }
  injectedWeb3?: Record<string, unknown>
}
const config = page.__SANDBOX__?.families?.polkadot

if (config) {
  const extension = createSandboxExtension({
    seed: config.wallet.seed,
    keyType: config.wallet.keyType,
    ask: (title, detail) => askUser(title, detail, 'Sandbox Polkadot Wallet'),
    storage: localStorage,
  })
  setTimeout(() => {
    void extension.then((ext) => {
      page.injectedWeb3 ??= {}
      page.injectedWeb3[EXTENSION_ID] = { version: ext.version, enable: ext.enable }
    })
  }, INJECT_DELAY_MS)
}
