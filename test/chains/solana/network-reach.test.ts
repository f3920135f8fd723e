// networkState.supportsAllNetworks of solana: true while the connected account lists every cluster the host offers
// (a switch to any of them succeeds); false when it lacks one, for a remote session and after disconnect.
import { describe, expect, it } from 'vitest'
import type { Modal } from '../../../kernel/index.js'
import { networkEntries } from '../../../ui/views/network-list.js'
import { NodeSolanaWallet } from './node-wallet.js'
import { SEEDS, WALLET_ID, mapStorage, useHarness } from './harness.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const h = useHarness()
const reach = (modal: Modal) => kernelOf(modal).state.$chains.get().solana!.networkState.supportsAllNetworks

describe('supportsAllNetworks (solana)', () => {
  it('true with an account on both clusters, also after a restore; false after disconnect', async () => {
    const storage = mapStorage()
    const wallet = h.wallet({ chains: ['solana:localnet', 'solana:devnet'] })
    const first = h.modal({ storage })
    expect(reach(first)).toBe(false)
    await first.connect(WALLET_ID)
    expect(reach(first)).toBe(true)

    h.reload(wallet)
    wallet.connected = false
    const modal = h.modal({ storage })
    await modal.reconnect()
    expect(modal.getAccount().status).toBe('connected')
    expect(reach(modal)).toBe(true)
    // Approvals of a remote session elsewhere do not narrow what this wallet can reach.
    kernelOf(modal).pluginConnection.setNetworkFields('solana', { approvedCaipNetworkIds: [h.local.caipNetworkId] })
    const entries = networkEntries({
      adapters: kernelOf(modal).chains.list(),
      chains: kernelOf(modal).state.$chains.get(),
      activeCaipNetworkId: modal.getNetwork().caipNetworkId,
    })
    expect(entries.map((e) => e.disabled)).toEqual([false, false])
    await modal.disconnect()
    expect(reach(modal)).toBe(false)
  })

  it('false with an account on one cluster only', async () => {
    h.wallet({ chains: ['solana:localnet'] })
    const modal = h.modal()
    await modal.connect(WALLET_ID)
    expect(modal.getAccount().status).toBe('connected')
    expect(reach(modal)).toBe(false)
  })

  it('false for a remote session (WalletConnect), whatever its account lists', async () => {
    const remote = new NodeSolanaWallet({
      seeds: SEEDS.slice(2, 3),
      rpc: h.chain.url,
      name: 'Remote',
      chains: ['solana:localnet', 'solana:devnet'],
    })
    const modal = h.modal()
    kernelOf(modal).chains.addConnector('solana', { id: 'walletConnect', name: 'Remote', type: 'WALLET_CONNECT', installed: false }, remote)
    await modal.connect('walletConnect', 'solana')
    expect(modal.getAccount().status).toBe('connected')
    expect(reach(modal)).toBe(false)
  })
})
