// The embedded wallet's account types on a real kernel: a choice announced and kept before a login, none for a
// wallet the user brought, the plugin's defaultAccountTypes option, and the connector's traits (ends with its
// siblings; a smart account pays no gas of its own), its fields dropped at a disconnect.
import { describe, expect, it } from 'vitest'
import { createKernel } from '../../../kernel/kernel.js'
import type { CaipNetwork, Connector, VestibuleEvents } from '../../../kernel/index.js'
import { activeAccount as activeAccountStore } from '../../../kernel/utils.js'
import { auth } from '../../../plugins/auth/index.js'
import { ID_AUTH } from '../../../plugins/auth/state.js'
import { ADDRESS, connector, fakeAdapter, recordingBackend } from '../../kernel/helpers.js'
import { chainPlugin, desktop, shellViews } from '../../kernel/kernel-fixtures.js'
import { kernelOf } from '../../../kernel/kernel-of.js'
import { endingTogether } from '../../../kernel/ending-together.js'

const SOLANA: CaipNetwork = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1/solana'] } },
}

/** A fake wallet that lists the connectors other plugins add, as a chain plugin does. */
function takingConnectors(fake: ReturnType<typeof fakeAdapter>) {
  const list: Connector[] = [connector('io.fake', fake.adapter.namespace)]
  let report: ((connectors: Connector[]) => void) | undefined
  fake.adapter.watchConnectors.mockImplementation((onChange) => {
    report = onChange
    onChange([...list])
    return fake.stopWatching
  })
  Object.assign(fake.adapter, {
    addConnector(c: Connector) {
      list.push(c)
      report?.([...list])
      return () => undefined
    },
  })
  return fake
}

/**
 * A modal with fake eip155 and solana wallets (eip155 prefers smartAccount, solana eoa) and auth(), the embedded
 * wallet signed in (its stored session brings its connectors back).
 */
async function setup(options: { backend?: ReturnType<typeof recordingBackend>; defaultAccountTypes?: Record<string, string> } = {}) {
  const backend = options.backend ?? recordingBackend()
  backend.setItem('@vestibule/v1/auth/session', JSON.stringify({ namespaces: ['eip155', 'solana'] }))
  const evm = takingConnectors(fakeAdapter())
  const sol = takingConnectors(fakeAdapter({ namespace: 'solana', networks: [SOLANA] }))
  Object.assign(evm.adapter, { defaultAccountType: 'smartAccount' })
  const modal = createKernel(
    {
      projectId: 'p',
      storage: backend,
      plugins: [chainPlugin(evm), chainPlugin(sol), auth()],
      ...(options.defaultAccountTypes ? { defaultAccountTypes: options.defaultAccountTypes } : {}),
    },
    { platform: desktop, views: shellViews },
  )
  kernelOf(modal).chains.startDiscovery()
  await modal.reconnect()
  const account = (ns: string) => kernelOf(modal).state.$chains.get()[ns]?.accountState
  const seen: VestibuleEvents['account:type'][] = []
  kernelOf(modal).events.on('account:type', (e) => void seen.push(e))
  return { modal, api: modal.getPlugin('auth'), backend, account, seen, $active: activeAccountStore(kernelOf(modal)) }
}

describe("the embedded wallet's account types", () => {
  it("a choice is announced (account:type) and, before any login, kept for the next one in the plugin's storage", async () => {
    const t = await setup()
    t.api.setPreferredAccountType('eip155', 'eoa')
    t.api.setPreferredAccountType('solana', 'eoa')
    expect(t.seen).toEqual([
      { namespace: 'eip155', type: 'eoa' },
      { namespace: 'solana', type: 'eoa' },
    ])
    expect(JSON.parse(t.backend.getItem('@vestibule/v1/auth/accountType')!)).toBe('eoa')
    t.modal.destroy()
  })

  it("a wallet the user brought has no preferred type: its account lists the chain's default type", async () => {
    const t = await setup()
    await kernelOf(t.modal).connection.connect('io.fake', 'eip155')
    expect(t.account('eip155')?.preferredAccountType).toBeUndefined()
    expect(t.account('eip155')?.allAccounts).toEqual([{ address: ADDRESS, type: 'smartAccount' }])
  })

  it("defaultAccountTypes is the plugin's option: it must map namespaces to account types", () => {
    const make = (defaultAccountTypes: unknown) => () =>
      createKernel({ projectId: 'p', storage: null, plugins: [auth()], defaultAccountTypes } as never)
    expect(make(['eoa'])).toThrow('`defaultAccountTypes` (auth) must map namespaces to account types')
    expect(make({ eip155: 1 })).toThrow('`defaultAccountTypes` (auth) must map namespaces to account types')
    expect(make({ eip155: 'eoa' })).not.toThrow()
  })
})

describe("the embedded wallet's connector", () => {
  it('ends every namespace of the session together', async () => {
    const t = await setup()
    await kernelOf(t.modal).connection.connect(ID_AUTH, 'eip155')
    await kernelOf(t.modal).connection.connect(ID_AUTH, 'solana')
    expect(endingTogether(kernelOf(t.modal).state.$chains.get(), 'eip155')).toEqual(['eip155', 'solana'])
    await kernelOf(t.modal).connection.disconnect('solana')
    expect([t.account('eip155')?.status, t.account('solana')?.status]).toEqual(['disconnected', 'disconnected'])
  })

  it('pays no gas of its own on the smart account; the EOA and a wallet the user brought do', async () => {
    const t = await setup()
    await kernelOf(t.modal).connection.connect(ID_AUTH, 'eip155')
    // The session code records the type in use.
    const record = (preferredAccountType: string) => kernelOf(t.modal).pluginConnection.setAccountFields('eip155', { preferredAccountType })
    record('smartAccount')
    expect(t.$active.get()).toMatchObject({ address: ADDRESS, paysOwnGas: true })
    record('eoa')
    expect(t.$active.get().paysOwnGas).toBe(false)
    record('smartAccount')
    await kernelOf(t.modal).connection.disconnect()
    await kernelOf(t.modal).connection.connect('io.fake', 'eip155')
    record('smartAccount')
    expect(t.$active.get()).toMatchObject({ address: ADDRESS, paysOwnGas: false })
  })

  it("a disconnect drops the plugin's account and network fields", async () => {
    const t = await setup()
    await kernelOf(t.modal).connection.connect(ID_AUTH, 'eip155')
    kernelOf(t.modal).pluginConnection.setNetworkFields('eip155', { smartAccountEnabledNetworks: ['eip155:1'] })
    kernelOf(t.modal).pluginConnection.setAccountFields('eip155', { smartAccountDeployed: true })
    await kernelOf(t.modal).connection.disconnect()
    const chain = kernelOf(t.modal).state.$chains.get().eip155!
    expect(chain.networkState.smartAccountEnabledNetworks).toBeUndefined()
    expect(chain.accountState).toEqual({ status: 'disconnected', balanceStatus: 'idle' })
    expect(chain.networkState.caipNetwork?.caipNetworkId).toBe('eip155:1')
  })
})
