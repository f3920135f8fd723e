// Smart sessions: the API's list checked (a list that is not one is an error, a malformed session is left out),
// a stale answer ignored, a revoke signed with the account (the pci) and posted, its refusal shown.
import { describe, expect, it, vi } from 'vitest'
import { atom } from 'nanostores'
import { createSmartSessions, MAX_SESSIONS, parseSessions, SESSIONS_UNREADABLE } from '../../../plugins/auth/smart-sessions.js'

const SMART = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

describe('parseSessions', () => {
  it.each([[null], ['garbage'], [[]], [{}], [{ sessions: 'x' }], [{ sessions: { pci: 'a' } }]])('refuses %j as a whole', (body) => {
    expect(() => parseSessions(body)).toThrow(SESSIONS_UNREADABLE)
  })

  it('keeps well-formed sessions: plain names, http(s) links only, expiry in ms, permission counts; drops the rest', () => {
    const sessions = parseSessions({
      sessions: [
        {
          pci: 'pci-1',
          project: { name: '<img src=x>Game\u0007', url: 'javascript:alert(1)' },
          expiry: 2_000_000_000,
          permissions: [{}, {}],
        },
        { pci: 'pci-2', project: { name: 'Shop', url: 'https://shop.example' }, expiry: 'soon', permissions: 'all' },
        { pci: 'pci-1', project: { name: 'Duplicate' } },
        { pci: 'has space' },
        { pci: 42 },
        null,
        { pci: 'pci-3' },
      ],
    })
    expect(sessions).toEqual([
      { pci: 'pci-1', project: { name: 'img src=xGame', url: undefined }, expiry: 2_000_000_000_000, permissions: 2 },
      { pci: 'pci-2', project: { name: 'Shop', url: 'https://shop.example' }, expiry: undefined, permissions: 0 },
      { pci: 'pci-3', project: { name: 'pci-3', url: undefined }, expiry: undefined, permissions: 0 },
    ])
  })

  it(`lists at most ${MAX_SESSIONS}`, () => {
    expect(parseSessions({ sessions: Array.from({ length: MAX_SESSIONS + 5 }, (_, i) => ({ pci: `p${i}` })) })).toHaveLength(MAX_SESSIONS)
  })
})

function setup() {
  const $chains = atom<Record<string, unknown>>({
    eip155: { accountState: { status: 'connected', address: SMART }, networkState: { caipNetwork: { caipNetworkId: 'eip155:31337' } } },
  })
  const get = vi.fn(
    async (_network: string, _path: string, _empty: unknown): Promise<unknown> => ({ sessions: [{ pci: 'a' }, { pci: 'b' }] }),
  )
  const post = vi.fn(async (_network: string, _path: string, _body: unknown): Promise<unknown> => ({ success: true }))
  const signMessage = vi.fn(async (message: string) => `0xsigned-${message}`)
  const sessions = createSmartSessions({ state: { $chains }, blockchainApi: { get, post }, connection: { signMessage } } as never)
  return { sessions, get, post, signMessage, $chains }
}

describe('the sessions list', () => {
  it('reads the connected account list on its network', async () => {
    const t = setup()
    await t.sessions.load()
    expect(t.get).toHaveBeenCalledWith('eip155:31337', `v1/sessions/${SMART}`, { sessions: [] })
    expect(t.sessions.$state.get()).toMatchObject({ status: 'ready', sessions: [{ pci: 'a' }, { pci: 'b' }] })
  })

  it('an answer that comes after the account changed is dropped; a failure says why', async () => {
    const t = setup()
    let answer!: (body: unknown) => void
    t.get.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)))
    const pending = t.sessions.load()
    t.$chains.set({
      eip155: { accountState: { status: 'connected', address: '0x70997970C51812dc3A010C7d01b50e90d17b2000' }, networkState: {} },
    })
    answer({ sessions: [{ pci: 'stale' }] })
    await pending
    expect(t.sessions.$state.get().sessions).toEqual([])
    t.get.mockRejectedValueOnce(new Error('HTTP status code: 500'))
    await t.sessions.load()
    expect(t.sessions.$state.get()).toMatchObject({ status: 'error', error: 'HTTP status code: 500' })
  })

  it('revokes with the account signature of the pci; the session leaves the list', async () => {
    const t = setup()
    await t.sessions.load()
    t.get.mockResolvedValue({ sessions: [{ pci: 'b' }] })
    await t.sessions.revoke('a')
    expect(t.signMessage).toHaveBeenCalledWith('a')
    expect(t.post).toHaveBeenCalledWith('eip155:31337', `v1/sessions/${SMART}/revoke`, { pci: 'a', signature: '0xsigned-a' }, undefined)
    expect(t.sessions.$state.get().sessions.map((s) => s.pci)).toEqual(['b'])
    expect(t.sessions.$state.get().revoking).toBeUndefined()
  })

  it('a declined signature or a refusal keeps the session and says why; an unknown pci is not sent', async () => {
    const t = setup()
    await t.sessions.load()
    t.signMessage.mockRejectedValueOnce(new Error('Signature declined'))
    await t.sessions.revoke('a')
    expect(t.sessions.$state.get()).toMatchObject({ error: 'Signature declined', revoking: undefined })
    t.post.mockResolvedValueOnce({ success: false, message: '<b>Nope</b>' })
    await t.sessions.revoke('a')
    expect(t.sessions.$state.get().error).toBe('bNope/b')
    t.post.mockResolvedValueOnce('ok')
    await t.sessions.revoke('a')
    expect(t.sessions.$state.get().error).toBe('The session was not revoked')
    expect(t.sessions.$state.get().sessions.map((s) => s.pci)).toEqual(['a', 'b'])
    await t.sessions.revoke('zzz')
    expect(t.post).toHaveBeenCalledTimes(2)
  })
})
