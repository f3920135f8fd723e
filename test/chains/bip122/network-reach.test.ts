// networkState.supportsAllNetworks of bip122: Bitcoin wallets do not switch chains, so it is true only while the
// wallet has an account on every network the host offers; false otherwise, for a remote session and after disconnect.
import { describe, expect, it } from 'vitest'
import type { Modal } from '../../../kernel/index.js'
import { useHarness } from './harness.js'
import { litecoinRegtest } from './fixtures.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const h = useHarness()
const reach = (modal: Modal) => kernelOf(modal).state.$chains.get().bip122!.networkState.supportsAllNetworks

describe('supportsAllNetworks (bip122)', () => {
  it('true when the wallet has an account on each network; false after disconnect', async () => {
    h.wallet()
    const modal = h.modal()
    await h.discovered(modal)
    expect(reach(modal)).toBe(false)
    await modal.connect('sandbox-bitcoin-wallet')
    expect(reach(modal)).toBe(true)
    await modal.disconnect()
    expect(reach(modal)).toBe(false)
  })

  it('false when a network of the host has no account of the wallet', async () => {
    h.wallet()
    const modal = h.modal({ networks: [h.network, litecoinRegtest('http://127.0.0.1:9', 'ab'.repeat(32))] })
    await h.discovered(modal)
    await modal.connect('sandbox-bitcoin-wallet')
    expect(modal.getAccount().status).toBe('connected')
    expect(reach(modal)).toBe(false)
  })

  it('false for a remote session (WalletConnect), whatever its accounts', async () => {
    const remote = h.wallet({ name: 'Remote', privateKey: new Uint8Array(32).fill(5), register: false })
    const modal = h.modal()
    kernelOf(modal).chains.addConnector(
      'bip122',
      { id: 'walletConnect', name: 'Phone Wallet', type: 'WALLET_CONNECT', installed: false },
      remote.wallet,
    )
    await h.discovered(modal)
    await modal.connect('walletConnect', 'bip122')
    expect(modal.getAccount().address).toBe(remote.address)
    expect(reach(modal)).toBe(false)
  })
})
