// The embedded wallet's account types: which type a login uses (the account's record, the last choice, the host's
// defaultAccountTypes, the chain's default), the switch told to the secure site with the address following, a
// failed switch putting the previous type back, and smartAccountDeployed read from the code at the address.
import { describe, expect, it, vi } from 'vitest'
import { atom } from 'nanostores'
import { createSmartAccounts, SMART_ACCOUNT_UNSUPPORTED } from '../../../plugins/auth/smart-account.js'
import { AuthError } from '../../../plugins/auth/errors.js'
import { ID_AUTH } from '../../../plugins/auth/state.js'
import type { FrameUser } from '../../../plugins/auth/protocol.js'

const EOA = '0x70997970C51812dc3A010C7d01b50e90d17b2000'
const SMART = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const user = (): FrameUser => ({
  email: 'a@example.com',
  accounts: {
    eip155: [
      { address: EOA, type: 'eoa' },
      { address: SMART, type: 'smartAccount' },
    ],
  },
})

function setup(
  options: {
    connected?: { address: string; preferredAccountType?: string }
    stored?: unknown
    defaults?: Record<string, string>
    chainDefault?: string
    answer?: (payload: unknown) => unknown
    code?: unknown
  } = {},
) {
  const storage = new Map<string, unknown>(options.stored === undefined ? [] : [['accountType', options.stored]])
  const $chains = atom<Record<string, unknown>>({
    eip155: {
      accountState: options.connected ? { connectorId: ID_AUTH, status: 'connected', ...options.connected } : { status: 'disconnected' },
    },
  })
  const fields: unknown[] = []
  const networkFields: unknown[] = []
  const preferred: string[] = []
  const ctx = {
    state: { $chains },
    storage: { get: (k: string) => storage.get(k), set: (k: string, v: unknown) => void storage.set(k, v) },
    options: { defaultAccountTypes: options.defaults },
    chains: { get: () => ({ defaultAccountType: options.chainDefault }) },
    connection: {
      setAccountFields: (_ns: string, f: unknown) => void fields.push(f),
      setNetworkFields: (_ns: string, f: unknown) => void networkFields.push(f),
    },
    getPlugin: () => ({ setPreferredAccountType: (_ns: string, type: string) => void preferred.push(type) }),
  }
  let current: FrameUser | undefined = user()
  const ask = vi.fn(async (_type: string, payload: unknown) => (options.answer ? options.answer(payload) : user()))
  const emitted: unknown[][] = []
  const read = vi.fn(async () => options.code ?? '0x')
  const smart = createSmartAccounts({
    core: { ctx: ctx as never, ask: ask as never, user: () => current, setUser: (u) => void (current = u) },
    emit: (event, data) => void emitted.push([event, data]),
    read,
  })
  /** The kernel applying an accountsChanged: the connected address moves. */
  const moveTo = (address: string, type?: string) =>
    $chains.set({ eip155: { accountState: { connectorId: ID_AUTH, status: 'connected', address, preferredAccountType: type } } })
  return { smart, ask, emitted, fields, networkFields, preferred, storage, read, moveTo, $chains }
}

describe('the account type a login uses', () => {
  it('the connected account type (the kernel record) first, then the last choice, the host default, the chain default, eoa', () => {
    expect(
      setup({
        connected: { address: EOA, preferredAccountType: 'smartAccount' },
        stored: 'eoa',
        defaults: { eip155: 'eoa' },
      }).smart.preferred(),
    ).toBe('smartAccount')
    expect(setup({ stored: 'eoa', defaults: { eip155: 'smartAccount' }, chainDefault: 'smartAccount' }).smart.preferred()).toBe('eoa')
    expect(setup({ defaults: { eip155: 'eoa' }, chainDefault: 'smartAccount' }).smart.preferred()).toBe('eoa')
    expect(setup({ chainDefault: 'smartAccount' }).smart.preferred()).toBe('smartAccount')
    expect(setup().smart.preferred()).toBe('eoa')
  })

  it('a stored value that is not a type is ignored', () => {
    expect(setup({ stored: '<b>admin</b>', defaults: { eip155: 'smartAccount' } }).smart.preferred()).toBe('smartAccount')
  })

  it('puts the preferred type account first, so the provider answers with its address', () => {
    expect(
      setup({ chainDefault: 'smartAccount' })
        .smart.order(user())!
        .accounts.eip155!.map((a) => a.address),
    ).toEqual([SMART, EOA])
    expect(
      setup({ defaults: { eip155: 'eoa' } })
        .smart.order(user())!
        .accounts.eip155!.map((a) => a.address),
    ).toEqual([EOA, SMART])
  })
})

describe('switching the account type', () => {
  it('tells the secure site, moves the address to the smart account and reads whether it is deployed', async () => {
    const t = setup({ connected: { address: EOA, preferredAccountType: 'smartAccount' }, code: '0x6080' })
    await t.smart.setType('smartAccount')
    expect(t.ask).toHaveBeenCalledWith('SetPreferredAccount', { type: 'smartAccount' })
    expect(t.emitted).toEqual([['accountsChanged', [SMART]]])
    expect(t.storage.get('accountType')).toBe('smartAccount')
    t.moveTo(SMART, 'smartAccount')
    await t.smart.refreshDeployed()
    expect(t.read).toHaveBeenCalledWith('eth_getCode', [SMART, 'latest'])
    expect(t.fields.at(-1)).toEqual({ smartAccountDeployed: true })
    expect(t.smart.$status.get()).toEqual({ busy: false })
  })

  it('smartAccountDeployed is false without code, undefined for an EOA, unchanged for an answer that is not hex', async () => {
    const t = setup({ connected: { address: SMART, preferredAccountType: 'smartAccount' }, code: '0x' })
    await t.smart.refreshDeployed()
    expect(t.fields).toEqual([{ smartAccountDeployed: false }])
    t.read.mockResolvedValueOnce({ code: '0x60' } as never)
    await t.smart.refreshDeployed()
    t.read.mockResolvedValueOnce('<script>' as never)
    await t.smart.refreshDeployed()
    expect(t.fields).toHaveLength(1)
    t.moveTo(EOA, 'eoa')
    await t.smart.refreshDeployed()
    expect(t.fields.at(-1)).toEqual({ smartAccountDeployed: undefined })
  })

  it('an answer for an account no longer connected changes nothing', async () => {
    const t = setup({ connected: { address: SMART, preferredAccountType: 'smartAccount' } })
    let answer!: (code: string) => void
    t.read.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)) as never)
    const pending = t.smart.refreshDeployed()
    t.moveTo(EOA, 'eoa')
    answer('0x6080')
    await pending
    expect(t.fields).toEqual([])
  })

  it('a secure site that refuses: the error is shown, the previous type put back, without asking the site again', async () => {
    const t = setup({
      connected: { address: EOA, preferredAccountType: 'smartAccount' },
      answer: () => Promise.reject(new AuthError('Action not allowed')),
    })
    await t.smart.setType('smartAccount')
    expect(t.emitted).toEqual([])
    expect(t.smart.$status.get()).toEqual({ busy: false, error: 'Action not allowed' })
    expect(t.preferred).toEqual(['eoa'])
    expect(t.storage.get('accountType')).toBe('eoa')
    // The kernel's record changing back comes here as an event: nothing is asked, the error stays.
    await t.smart.setType('eoa')
    expect(t.ask).toHaveBeenCalledTimes(1)
    expect(t.smart.$status.get().error).toBe('Action not allowed')
    // A later connection starts without it.
    await t.smart.connected()
    expect(t.smart.$status.get()).toEqual({ busy: false })
  })

  it('an answer without a smart account, or not a user at all, is "This application might not support Smart Accounts"', async () => {
    for (const answer of [() => ({ accounts: { eip155: [{ address: EOA, type: 'eoa' }] } }), () => 'garbage']) {
      const t = setup({ connected: { address: EOA, preferredAccountType: 'smartAccount' }, answer })
      await t.smart.setType('smartAccount')
      expect(t.emitted).toEqual([])
      expect(t.smart.$status.get().error).toBe(SMART_ACCOUNT_UNSUPPORTED)
      expect(t.preferred).toEqual(['eoa'])
    }
  })

  it('without a connected embedded wallet only the choice is kept; an unknown type is ignored', async () => {
    const t = setup()
    await t.smart.setType('smartAccount')
    expect(t.storage.get('accountType')).toBe('smartAccount')
    await t.smart.setType('admin')
    expect(t.storage.get('accountType')).toBe('smartAccount')
    expect(t.ask).not.toHaveBeenCalled()
  })

  it('a connection reads the networks the smart account can be used on; ids that are not eip155 CAIP-2 ids are left out', async () => {
    const t = setup({
      connected: { address: SMART, preferredAccountType: 'smartAccount' },
      answer: () => ({ networks: ['eip155:31337', 'eip155:31337', 'solana:abc', 'eip155:<b>', 7, 'eip155:31338'] }),
    })
    await t.smart.connected()
    expect(t.ask).toHaveBeenCalledWith('GetSmartAccountEnabledNetworks', {})
    expect(t.networkFields).toEqual([{ smartAccountEnabledNetworks: ['eip155:31337', 'eip155:31338'] }])
    const hostile = setup({ connected: { address: SMART, preferredAccountType: 'smartAccount' }, answer: () => 'garbage' })
    await hostile.smart.connected()
    expect(hostile.networkFields).toEqual([{ smartAccountEnabledNetworks: [] }])
  })

  it('a connection records the preferred type in the account; a choice records the new one at once', async () => {
    const t = setup({ connected: { address: EOA }, stored: 'eoa', defaults: { eip155: 'smartAccount' }, chainDefault: 'smartAccount' })
    await t.smart.connected()
    expect(t.fields[0]).toEqual({ preferredAccountType: 'eoa', allAccounts: [{ address: EOA, type: 'eoa' }] })
    const fresh = setup({ connected: { address: EOA }, defaults: { eip155: 'smartAccount' } })
    await fresh.smart.connected()
    expect(fresh.fields[0]).toEqual({ preferredAccountType: 'smartAccount', allAccounts: [{ address: EOA, type: 'smartAccount' }] })
    const t2 = setup({ connected: { address: EOA, preferredAccountType: 'eoa' } })
    void t2.smart.setType('smartAccount')
    expect(t2.fields[0]).toEqual({ preferredAccountType: 'smartAccount', allAccounts: [{ address: EOA, type: 'smartAccount' }] })
    await t2.smart.setType('admin')
    expect(t2.fields.filter((f) => 'preferredAccountType' in (f as object))).toHaveLength(1)
  })

  it('after a connection on the other type, the address is moved to the preferred one', async () => {
    const t = setup({ connected: { address: EOA, preferredAccountType: 'smartAccount' } })
    await t.smart.align()
    expect(t.emitted).toEqual([['accountsChanged', [SMART]]])
    const same = setup({ connected: { address: SMART, preferredAccountType: 'smartAccount' } })
    await same.smart.align()
    expect(same.emitted).toEqual([])
  })
})
