// networkState.supportsAllNetworks of polkadot: true while the connected account can be used on every network the
// host offers, false with an account limited to one chain, for a remote session and after disconnect.
import { describe, expect, it } from 'vitest'
import { polkadotMainnet, westend } from '../../../chains/polkadot/index.js'
import type { Modal } from '../../../kernel/index.js'
import { EXTENSION_ID, useHarness } from './harness.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const h = useHarness()
const reach = (modal: Modal) => kernelOf(modal).state.$chains.get().polkadot!.networkState.supportsAllNetworks

describe('supportsAllNetworks (polkadot)', () => {
  it('true with an account for any chain; false after disconnect', async () => {
    await h.extension()
    const modal = h.modal([polkadotMainnet, westend])
    expect(reach(modal)).toBe(false)
    await modal.connect(EXTENSION_ID)
    expect(reach(modal)).toBe(true)
    await modal.switchNetwork(westend.caipNetworkId)
    expect(reach(modal)).toBe(true)
    await modal.disconnect()
    expect(reach(modal)).toBe(false)
  })

  it('false with an account limited to one of the chains', async () => {
    await h.extension({ genesisHash: westend.id })
    const modal = h.modal([westend, polkadotMainnet])
    await modal.connect(EXTENSION_ID)
    expect(reach(modal)).toBe(false)
  })

  it('false for a remote session (WalletConnect), whatever its account can use', async () => {
    const remote = await h.extension({ inject: false })
    const modal = h.modal([polkadotMainnet, westend])
    kernelOf(modal).chains.addConnector(
      'polkadot',
      { id: 'walletConnect', name: 'Remote', type: 'WALLET_CONNECT', installed: false },
      { version: remote.version, enable: remote.enable },
    )
    await modal.connect('walletConnect', 'polkadot')
    expect(modal.getAccount().status).toBe('connected')
    expect(reach(modal)).toBe(false)
  })
})
