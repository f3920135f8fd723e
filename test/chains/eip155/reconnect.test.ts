// Restoring a session after a page reload: same storage backend, same wallet, a new modal in a new page.
import { describe, expect, it, vi } from 'vitest'
import { StorageKeys } from '../../../kernel/connection.js'
import { WALLET_RDNS, accountOf, mapStorage, setBalance, useHarness } from './harness.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const h = useHarness()

describe('reconnect after a reload', () => {
  it('restores the session through eth_accounts without prompting', async () => {
    const storage = mapStorage()
    const wallet = h.wallet()
    await setBalance(h.anvilA.url, wallet.address, 2_500_000_000_000_000_000n)
    await h.modal({ storage }).connect(WALLET_RDNS)

    h.reload(wallet)
    wallet.calls.length = 0
    const modal = h.modal({ storage })
    await modal.reconnect()

    expect(modal.getAccount()).toMatchObject({
      status: 'connected',
      address: wallet.address,
      caipAddress: `eip155:31337:${wallet.address}`,
      namespace: 'eip155',
    })
    expect(wallet.callsOf('eth_accounts')).toHaveLength(1)
    expect(wallet.callsOf('eth_requestAccounts')).toEqual([])
    await vi.waitFor(() => expect(accountOf(modal)?.balance).toBe('2.5'))
    // The restored session listens to the wallet again.
    wallet.selectAccount(1)
    expect(modal.getAccount().address).toBe(wallet.address)
  })

  it('restores on the network the wallet is on', async () => {
    const storage = mapStorage()
    const wallet = h.wallet()
    const first = h.modal({ storage })
    await first.connect(WALLET_RDNS)
    await first.switchNetwork('eip155:31338')

    h.reload(wallet)
    const modal = h.modal({ storage })
    await modal.reconnect()
    expect(modal.getNetwork()).toMatchObject({ caipNetworkId: 'eip155:31338', caipNetwork: h.localB })
  })

  it('does not restore when the wallet revoked the permission', async () => {
    const storage = mapStorage()
    const wallet = h.wallet()
    await h.modal({ storage }).connect(WALLET_RDNS)

    wallet.revokeInWallet()
    h.reload(wallet)
    wallet.calls.length = 0
    const modal = h.modal({ storage })
    await modal.reconnect()

    expect(modal.getAccount().status).toBe('disconnected')
    expect(wallet.callsOf('eth_accounts')).toHaveLength(1)
    expect(wallet.callsOf('eth_requestAccounts')).toEqual([])
    expect(kernelOf(modal).storage.get(StorageKeys.connectorId('eip155'))).toBeUndefined()
    expect(wallet.listenerCount('accountsChanged')).toBe(0)
  })

  it('does not restore after the user disconnected in the modal', async () => {
    const storage = mapStorage()
    const wallet = h.wallet()
    const first = h.modal({ storage })
    await first.connect(WALLET_RDNS)
    await first.disconnect()

    h.reload(wallet)
    wallet.calls.length = 0
    const modal = h.modal({ storage })
    await modal.reconnect()
    expect(modal.getAccount().status).toBe('disconnected')
    expect(wallet.callsOf('eth_requestAccounts')).toEqual([])
  })

  it('does not share a session with a modal using another storage', async () => {
    const wallet = h.wallet()
    await h.modal({ storage: mapStorage() }).connect(WALLET_RDNS)
    h.reload(wallet)
    const modal = h.modal({ storage: mapStorage() })
    await modal.reconnect()
    expect(modal.getAccount().status).toBe('disconnected')
    expect(wallet.callsOf('eth_accounts')).toEqual([])
  })
})
