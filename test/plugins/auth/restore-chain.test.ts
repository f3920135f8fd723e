// A session restored from the secure site (a reload) starts on the chain the frame remembers the user last switched
// to (GetChainId), when the modal has that network; otherwise on the modal's network. The frame is asked once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createI18n } from '../../../kernel/i18n.js'
import { createViewRegistry } from '../../../kernel/views.js'
import { atom } from 'nanostores'
import { createClient, type AuthContext } from '../../../plugins/auth/client.js'
import { FRAME_READY_DELAY_MS } from '../../../plugins/auth/frame.js'
import { INITIAL_STATE, type AuthState } from '../../../plugins/auth/state.js'
import { fakeDom, SITE, type Posted } from './fake-dom.js'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e90d17b2000'
const network = (id: number) => ({ id, rpcUrls: { default: { http: [`http://127.0.0.1:1/${id}`] } } })

let dom: ReturnType<typeof fakeDom>
beforeEach(() => {
  vi.useFakeTimers()
  dom = fakeDom()
  vi.stubGlobal('document', dom.document)
  vi.stubGlobal('window', dom.window)
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

/** A page whose modal is on 31337 (of 31337 and 8453), and a secure site holding a session that remembers `chainId`. */
function setup(remembered: unknown) {
  dom.secureSite((m: Posted['message']) => {
    if (m.type === 'IsConnected') return { isConnected: true }
    if (m.type === 'GetUser') return { accounts: { eip155: [{ address: ADDRESS, type: 'eoa' }] } }
    if (m.type === 'GetChainId') return { chainId: remembered }
    if (m.type === 'RpcRequest') return '0xsigned'
    return {}
  })
  const ctx = {
    connection: { connect: async () => undefined, setAccountFields: () => undefined, networkFor: () => network(31337) },
    chains: { get: () => ({ addConnector: () => () => undefined, networks: [network(31337), network(8453)] }) },
    storage: { get: () => undefined, set: () => undefined, remove: () => undefined },
    router: { push: () => undefined, goBack: () => true, onLeave: () => () => undefined },
    feedback: { alert: () => undefined },
    platform: { isTelegram: () => false },
    theme: atom({ mode: 'dark', variables: {} }),
    options: {},
    events: { emit: () => undefined, on: () => () => undefined },
    views: createViewRegistry(),
    i18n: createI18n(),
    state: { $modal: atom({ open: true, loading: {}, shake: false }) },
    openModal: async () => true,
  } as unknown as AuthContext
  const client = createClient({
    ctx,
    url: `${SITE}/frame`,
    $state: atom<AuthState>(INITIAL_STATE) as never,
    addConnectors: () => undefined,
    supports: () => true,
    emit: () => undefined,
  })
  return { client }
}

/** What the chain plugin asks when it restores a connection: the granted account, then the chain. */
async function restore(client: ReturnType<typeof setup>['client']) {
  const accounts = client.request('eip155', { method: 'eth_accounts' })
  dom.ready()
  await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS)
  return { accounts: await accounts, chainId: await client.request('eip155', { method: 'eth_chainId' }) }
}

const asked = (type: string) => dom.posted.filter((p) => p.message.type === type)

describe('restoring a session', () => {
  it('starts on the chain the frame remembers; requests are signed for that chain', async () => {
    const { client } = setup('eip155:8453')
    expect(await restore(client)).toEqual({ accounts: [ADDRESS], chainId: '0x2105' })
    const signed = client.request('eip155', { method: 'personal_sign', params: ['0x6869', ADDRESS] })
    await vi.advanceTimersByTimeAsync(0)
    client.answer(true)
    expect(await signed).toBe('0xsigned')
    expect(asked('RpcRequest')[0]!.message.payload).toMatchObject({ chainId: 'eip155:8453' })
    // Asked once per session.
    await client.request('eip155', { method: 'eth_accounts' })
    expect(asked('GetChainId')).toHaveLength(1)
  })

  it.each([
    ['eip155:999', 'a network the modal does not have'],
    [undefined, 'none remembered'],
    ['eip155:8453<script>', 'a malformed answer'],
    [8453, 'a number instead of a CAIP-2 id'],
  ] as Array<[unknown, string]>)('%j (%s): starts on the modal network', async (remembered) => {
    const { client } = setup(remembered)
    expect(await restore(client)).toEqual({ accounts: [ADDRESS], chainId: '0x7a69' })
    expect(asked('GetChainId')).toHaveLength(1)
  })

  it('after signing out, the next session asks again', async () => {
    const { client } = setup('eip155:8453')
    await restore(client)
    await client.signOut()
    const again = client.request('eip155', { method: 'eth_accounts' })
    dom.ready()
    await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS)
    expect(await again).toEqual([ADDRESS])
    expect(await client.request('eip155', { method: 'eth_chainId' })).toBe('0x2105')
    expect(asked('GetChainId')).toHaveLength(2)
  })
})
