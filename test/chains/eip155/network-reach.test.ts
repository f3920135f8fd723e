// networkState.supportsAllNetworks of eip155: an EVM wallet reaches every network (it adds the ones it lacks), a
// remote session only the networks it approved; the Networks view enables what the wallet can reach.
import { describe, expect, it } from 'vitest'
import { networkEntries } from '../../../ui/views/network-list.js'
import type { Modal } from '../../../kernel/index.js'
import { KEYS, WALLET_RDNS, useHarness } from './harness.js'
import { NodeWallet } from './node-wallet.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const h = useHarness()
const networkState = (modal: Modal) => kernelOf(modal).state.$chains.get().eip155!.networkState
/** The Networks view's entries: which of the two networks can be chosen. */
const choosable = (modal: Modal) =>
  networkEntries({
    adapters: kernelOf(modal).chains.list(),
    chains: kernelOf(modal).state.$chains.get(),
    activeCaipNetworkId: modal.getNetwork().caipNetworkId,
  }).map((e) => [e.network.caipNetworkId, !e.disabled])

describe('supportsAllNetworks (eip155)', () => {
  it('is true while a wallet in the page is connected, so a session approval elsewhere narrows nothing; false after disconnect', async () => {
    h.wallet()
    const modal = h.modal()
    expect(networkState(modal).supportsAllNetworks).toBe(false)
    await modal.connect(WALLET_RDNS)
    expect(networkState(modal).supportsAllNetworks).toBe(true)
    // A remote session that approved only 31337 in this namespace does not hold this wallet to it.
    kernelOf(modal).pluginConnection.setNetworkFields('eip155', { approvedCaipNetworkIds: ['eip155:31337'] })
    expect(choosable(modal)).toEqual([
      ['eip155:31337', true],
      ['eip155:31338', true],
    ])
    await modal.disconnect()
    expect(networkState(modal).supportsAllNetworks).toBe(false)
  })

  it('is false for a remote session (WalletConnect): only the networks it approved can be chosen', async () => {
    const remote = new NodeWallet({ privateKeys: KEYS.slice(0, 1), chains: { 31337: h.anvilA.url }, chainId: 31337 })
    const modal = h.modal()
    kernelOf(modal).chains.addConnector(
      'eip155',
      { id: 'walletConnect', name: 'Remote Wallet', type: 'WALLET_CONNECT', installed: false },
      remote.provider,
    )
    await modal.connect('walletConnect', 'eip155')
    kernelOf(modal).pluginConnection.setNetworkFields('eip155', { approvedCaipNetworkIds: ['eip155:31337'] })
    expect(networkState(modal).supportsAllNetworks).toBe(false)
    expect(choosable(modal)).toEqual([
      ['eip155:31337', true],
      ['eip155:31338', false],
    ])
  })
})
