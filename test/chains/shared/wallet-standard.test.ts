// Wallet Standard registration as Solana and Bitcoin wallets use it: hostile names, icons and getters.
import { afterEach, describe, expect, it } from 'vitest'
import { standardConnector, watchStandardWallets, type StandardWallet } from '../../../chains/shared/wallet-standard.js'
import { installWindow } from '../shared-harness.js'

let restore: () => void = () => {}
afterEach(() => restore())

const wallet = (fields: Partial<StandardWallet> = {}): StandardWallet => ({
  version: '1.0.0',
  name: 'Plain Wallet',
  icon: 'data:image/svg+xml;base64,PHN2Zy8+',
  chains: ['solana:mainnet'],
  features: { 'standard:connect': { connect: async () => ({ accounts: [] }) } },
  accounts: [],
  ...fields,
})

/** A page where `wallets` register (each by its own register-wallet event); the connectors as solana lists them. */
function discover(...wallets: StandardWallet[]) {
  const page = new EventTarget()
  restore = installWindow(page)
  let found: StandardWallet[] = []
  watchStandardWallets({ accept: () => true, onChange: (list) => void (found = list) })
  for (const w of wallets) {
    page.dispatchEvent(
      Object.assign(new Event('wallet-standard:register-wallet'), {
        detail: ({ register }: { register(w: StandardWallet): void }) => register(w),
      }),
    )
  }
  return () => found.map((w) => standardConnector(w, 'solana'))
}

describe('Wallet Standard wallets are named and pictured by the modal rules', () => {
  it('a spoofed name, a blank name and unsafe icons', () => {
    const connectors = discover(
      wallet({ name: '\u202etellaW mahtnahP', icon: 'javascript:window.__vbCanary.push(1)' as StandardWallet['icon'] }),
      wallet({ name: '\u200b\u200c\u2060', icon: 'http://evil.example/pixel.png' as StandardWallet['icon'] }),
    )
    expect(connectors().map((c) => [c.id, c.name, c.imageUrl])).toEqual([
      ['tellaw-mahtnahp', 'tellaW mahtnahP', undefined],
      ['wallet', 'Wallet', undefined],
    ])
  })

  it('an icon must be a data: URI, as the Wallet Standard requires: an https icon (a tracking pixel) is refused', () => {
    const connectors = discover(
      wallet({ name: 'Pixel Wallet', icon: 'https://tracker.example/pixel.png?who=visitor' as StandardWallet['icon'] }),
      wallet({ name: 'Inline Wallet' }),
    )
    expect(connectors().map((c) => [c.name, c.imageUrl])).toEqual([
      ['Pixel Wallet', undefined],
      ['Inline Wallet', 'data:image/svg+xml;base64,PHN2Zy8+'],
    ])
  })

  it('a wallet whose getters throw is not registered; one whose name getter throws later keeps the name it had', () => {
    let calls = 0
    const fickle = wallet({ name: 'Fickle' })
    Object.defineProperty(fickle, 'name', {
      get: () =>
        ++calls > 2
          ? (() => {
              throw new Error('hostile getter')
            })()
          : 'Fickle Wallet',
    })
    const hostile = Object.defineProperty(wallet(), 'chains', {
      get: () => {
        throw new Error('hostile getter')
      },
    })
    const connectors = discover(hostile, fickle, wallet())
    expect(() => connectors()).not.toThrow()
    expect(connectors().map((c) => c.name)).toEqual(['Fickle Wallet', 'Plain Wallet'])
  })
})
