import { describe, expect, it } from 'vitest'
import { checkMessage, readSnapshot, shareTabs, snapshotOf, tabNames } from '../../../plugins/walletconnect/tab-owner.js'

const PREFIX = '@vestibule/v1'
const TOPIC = 'ab'.repeat(32)
const session = {
  topic: TOPIC,
  namespaces: {
    eip155: {
      accounts: ['eip155:1:0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'],
      methods: ['personal_sign'],
      events: ['chainChanged'],
      chains: ['eip155:1'],
    },
  },
  peer: { metadata: { name: 'Sandbox Mobile Wallet', icons: ['https://wallet.example/icon.png'] } },
}

describe("the WalletConnect tabs' messages", () => {
  it('takes the messages of this modal, well formed', () => {
    expect(checkMessage({ v: 1, prefix: PREFIX, kind: 'hello' }, PREFIX)).toEqual({ kind: 'hello' })
    expect(checkMessage({ v: 1, prefix: PREFIX, kind: 'session', owner: 'owner-tab-1', session }, PREFIX)).toEqual({
      kind: 'session',
      owner: 'owner-tab-1',
      session,
    })
    expect(checkMessage({ v: 1, prefix: PREFIX, kind: 'session', owner: 'owner-tab-1', session: null }, PREFIX)).toEqual({
      kind: 'session',
      owner: 'owner-tab-1',
      session: null,
    })
    expect(
      checkMessage(
        { v: 1, prefix: PREFIX, kind: 'request', id: 'request-0001', method: 'personal_sign', params: ['0x00'], chain: 'eip155:1' },
        PREFIX,
      ),
    ).toEqual({
      kind: 'request',
      id: 'request-0001',
      method: 'personal_sign',
      params: ['0x00'],
      chain: 'eip155:1',
    })
    expect(
      checkMessage(
        { v: 1, prefix: PREFIX, kind: 'answer', id: 'request-0001', ok: false, error: { code: 5000, message: 'User rejected.' } },
        PREFIX,
      ),
    ).toEqual({
      kind: 'answer',
      id: 'request-0001',
      ok: false,
      error: { code: 5000, message: 'User rejected.' },
    })
  })

  it.each([
    ['another prefix', { v: 1, prefix: 'another-app/v1', kind: 'disconnect' }],
    ['another version', { v: 2, prefix: PREFIX, kind: 'disconnect' }],
    ['no version', { prefix: PREFIX, kind: 'disconnect' }],
    ['an unknown kind', { v: 1, prefix: PREFIX, kind: 'logout' }],
    ['a text', `{"v":1,"prefix":"${PREFIX}","kind":"disconnect"}`],
    ['null', null],
    ['a list', [{ v: 1, prefix: PREFIX, kind: 'disconnect' }]],
    ['a request with a short id', { v: 1, prefix: PREFIX, kind: 'request', id: 'x', method: 'personal_sign' }],
    [
      'a request whose method is not a name',
      { v: 1, prefix: PREFIX, kind: 'request', id: 'request-0001', method: 'personal sign<script>' },
    ],
    [
      'a request on a chain that is not CAIP-2',
      { v: 1, prefix: PREFIX, kind: 'request', id: 'request-0001', method: 'personal_sign', chain: 'mainnet' },
    ],
    ['an answer without a verdict', { v: 1, prefix: PREFIX, kind: 'answer', id: 'request-0001', result: '0x' }],
    ['a failed answer without a message', { v: 1, prefix: PREFIX, kind: 'answer', id: 'request-0001', ok: false, error: { code: 1 } }],
    ['a session without an owner', { v: 1, prefix: PREFIX, kind: 'session', session: null }],
    ['a session with a bad topic', { v: 1, prefix: PREFIX, kind: 'session', owner: 'owner-tab-1', session: { ...session, topic: 'nope' } }],
    [
      'a session account that is not CAIP-10',
      {
        v: 1,
        prefix: PREFIX,
        kind: 'session',
        owner: 'owner-tab-1',
        session: { ...session, namespaces: { eip155: { ...session.namespaces.eip155, accounts: ['<img src=x>'] } } },
      },
    ],
    [
      'a session namespace that is not one',
      {
        v: 1,
        prefix: PREFIX,
        kind: 'session',
        owner: 'owner-tab-1',
        session: { ...session, namespaces: { 'EIP 155': session.namespaces.eip155 } },
      },
    ],
    [
      'an event of a namespace that is not one',
      { v: 1, prefix: PREFIX, kind: 'event', owner: 'owner-tab-1', namespace: '__proto__', name: 'chainChanged', data: 1 },
    ],
  ])('ignores %s', (_, message) => {
    expect(checkMessage(message, PREFIX)).toBeUndefined()
  })

  it("reads a session snapshot's peer through length limits, and snapshots the SDK's session", () => {
    const long = readSnapshot({
      ...session,
      peer: { metadata: { name: 'W'.repeat(500), icons: [1, 'https://a.example/i.png', 'x'.repeat(3000)] } },
    })
    expect(long?.peer.metadata).toEqual({ name: 'W'.repeat(200), icons: ['https://a.example/i.png'] })
    expect(snapshotOf(session)).toEqual(session)
    expect(snapshotOf(undefined)).toBeNull()
  })

  it('names its channel and lock by the storage prefix', () => {
    expect(tabNames(undefined)).toEqual({ prefix: PREFIX, channel: `${PREFIX}/walletConnect/tabs`, lock: `${PREFIX}/walletConnect/owner` })
    expect(tabNames('shop')).toEqual({ prefix: 'shop/v1', channel: 'shop/v1/walletConnect/tabs', lock: 'shop/v1/walletConnect/owner' })
  })

  it('without Web Locks (or for a modal kept in memory) every tab keeps its own client', () => {
    const handlers = { gained() {}, lost() {}, hello() {}, request: async () => undefined, disconnect() {}, session() {}, event() {} }
    expect(shareTabs({ storagePrefix: undefined, shared: true, lost: () => new Error('lost'), locks: null }, handlers).owner).toBe(true)
    expect(shareTabs({ storagePrefix: undefined, shared: false, lost: () => new Error('lost') }, handlers).owner).toBe(true)
  })
})
