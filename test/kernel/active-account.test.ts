/** The active account store features read: the active namespace's chain plugin, network, account and account type. */
import { describe, expect, it, vi } from 'vitest'
import { atom } from 'nanostores'
import { Capabilities, type BalancesSnapshot } from '../../kernel/index.js'
import { accountWithBalances, activeAccount } from '../../kernel/utils.js'
import { createKernel } from '../../kernel/kernel.js'
import { ADDRESS, connector, fakeAdapter, recordingBackend } from './helpers.js'
import { chainPlugin, desktop, shellViews } from './kernel-fixtures.js'
import { kernelOf } from '../../kernel/kernel-of.js'

/** A connector whose account's fees are paid for it while a plugin's account field says the plan is sponsored. */
const sponsored = { ...connector('io.paid'), paysOwnGas: (account: object) => (account as { plan?: string }).plan === 'sponsored' }

function modalWith(connectors = [connector('io.fake'), sponsored]) {
  const fake = fakeAdapter({ connectors })
  const modal = createKernel(
    { projectId: 'p', storage: recordingBackend(), plugins: [chainPlugin(fake)] },
    { platform: desktop, views: shellViews },
  )
  kernelOf(modal).chains.startDiscovery()
  return { modal, fake, $account: activeAccount(kernelOf(modal)) }
}

describe('activeAccount', () => {
  it('holds no chain plugin, network or address before a connection; the connected one after', async () => {
    const { modal, fake, $account } = modalWith()
    expect($account.get()).toEqual({
      adapter: undefined,
      network: undefined,
      address: undefined,
      nativeBalance: undefined,
      paysOwnGas: false,
    })
    await modal.connect('io.fake')
    expect($account.get().adapter).toBe(fake.adapter)
    expect($account.get().network?.caipNetworkId).toBe('eip155:1')
  })

  it('follows a connection, a network switch, the balance and a disconnect', async () => {
    const { modal, $account } = modalWith()
    const seen: (string | undefined)[] = []
    const stop = $account.subscribe((a) => seen.push(a.address))
    await modal.connect('io.fake')
    await vi.waitFor(() => expect($account.get().nativeBalance).toBe(1_234_567_890_000_000_000n))
    expect($account.get()).toMatchObject({ address: ADDRESS, paysOwnGas: false })
    await modal.switchNetwork('eip155:10')
    expect($account.get().network?.caipNetworkId).toBe('eip155:10')
    await modal.disconnect()
    expect($account.get().address).toBeUndefined()
    expect(seen).toContain(ADDRESS)
    stop()
  })

  it('pays its own gas only when its connector says so for the connected account; a connector without the trait never does', async () => {
    const { modal, $account } = modalWith()
    const setPlan = (plan: string) => kernelOf(modal).pluginConnection.setAccountFields('eip155', { plan } as never)
    await modal.connect('io.fake')
    setPlan('sponsored')
    expect($account.get()).toMatchObject({ address: ADDRESS, paysOwnGas: false })
    await modal.disconnect()
    await modal.connect('io.paid')
    expect($account.get().paysOwnGas).toBe(false)
    setPlan('sponsored')
    expect($account.get().paysOwnGas).toBe(true)
    setPlan('plain')
    expect($account.get().paysOwnGas).toBe(false)
    setPlan('sponsored')
    await modal.disconnect()
    expect($account.get().paysOwnGas).toBe(false)
  })
})

describe('accountWithBalances', () => {
  it('reads the balances service a plugin provides; without one there is no list and a refresh does nothing', async () => {
    const snapshot = atom({ status: 'ready', tokens: [] } as unknown as BalancesSnapshot)
    const refresh = vi.fn(async () => [])
    const { modal } = modalWith()
    const withService = accountWithBalances({
      ...kernelOf(modal),
      services: { get: <T>(token: unknown) => (token === Capabilities.Balances ? { $balances: snapshot, refresh } : undefined) as T },
    })
    expect(withService.$balances).toBe(snapshot)
    await withService.refreshBalances(true)
    await withService.refreshBalances()
    expect(refresh.mock.calls).toEqual([[{ force: true }], [undefined]])
    // A failed read is the balances plugin's to show: the caller's promise resolves.
    refresh.mockRejectedValueOnce(new Error('offline'))
    await expect(withService.refreshBalances(true)).resolves.toBeUndefined()
    await modal.connect('io.fake')
    expect(withService.$context.get().address).toBe(ADDRESS)

    const without = accountWithBalances({ ...kernelOf(modal), services: { get: () => undefined } })
    expect(without.$balances).toBeUndefined()
    expect(without.refreshBalances(true)).toBeUndefined()
  })
})
