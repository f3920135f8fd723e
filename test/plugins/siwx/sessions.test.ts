// The local session store: sessions are checked on every read (their fields must build their text, the text must
// be valid for this page and not expired), and one that fails is removed from storage.
import { describe, expect, it } from 'vitest'
import { createStorage } from '../../../kernel/storage.js'
import { createLocalStore } from '../../../plugins/siwx/sessions.js'
import { createSiwxMessage, type SiwxMessageFields } from '../../../plugins/siwx/messages.js'
import type { SiwxSession } from '../../../plugins/siwx/types.js'
import { mapStorage } from '../../chains/shared-harness.js'

const HOST = 'app.example'
const ADDRESS = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const ISSUED = Date.parse('2030-01-01T00:00:00Z')
const fields: SiwxMessageFields = {
  domain: HOST,
  accountAddress: ADDRESS,
  chainId: 'eip155:1',
  uri: `https://${HOST}`,
  version: '1',
  nonce: 'abcdefgh1234',
  issuedAt: new Date(ISSUED).toISOString(),
  expirationTime: new Date(ISSUED + 60_000).toISOString(),
}
const session = (data: SiwxMessageFields = fields, patch: Partial<SiwxSession> = {}): SiwxSession => ({
  data,
  message: createSiwxMessage(data),
  signature: '0xsigned',
  ...patch,
})

function setup(at = ISSUED) {
  const backend = mapStorage()
  const storage = createStorage({ backend, scope: 'siwx' })
  let now = at
  const store = createLocalStore(
    storage,
    () => HOST,
    () => now,
  )
  const raw = () => [...backend.map.entries()].find(([k]) => k.endsWith('/siwx/sessions'))?.[1]
  return { storage, store, raw, setNow: (t: number) => void (now = t) }
}

describe('local session store', () => {
  it('keeps a session per account and network, replacing an older one', async () => {
    const { store } = setup()
    await store.add(session())
    await store.add(session({ ...fields, nonce: 'abcdefgh5678' }))
    expect((await store.get('eip155:1', ADDRESS.toLowerCase())).map((s) => s.data.nonce)).toEqual(['abcdefgh5678'])
    expect(await store.get('eip155:10', ADDRESS)).toEqual([])
    await store.revoke('eip155:1', ADDRESS)
    expect(await store.list!()).toEqual([])
  })

  it('valid a millisecond before its expiration, removed at it', async () => {
    const { store, raw, setNow } = setup()
    await store.add(session())
    setNow(ISSUED + 60_000 - 1)
    expect(await store.get('eip155:1', ADDRESS)).toHaveLength(1)
    setNow(ISSUED + 60_000)
    expect(await store.get('eip155:1', ADDRESS)).toEqual([])
    expect(raw()).toBeUndefined()
  })

  it.each([
    ['fields that do not build its text', () => ({ ...session(), data: { ...fields, nonce: 'zzzzzzzz9999' } })],
    [
      'a text edited to another account',
      () => ({ ...session(), message: session().message.replace(ADDRESS, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed') }),
    ],
    ['no signature', () => session(fields, { signature: '' })],
    ['another page', () => session({ ...fields, domain: 'evil.example' })],
    ['not a session', () => ({ data: null, message: 3 })],
  ])('a stored session with %s is dropped on read, the others kept', async (_name, tampered) => {
    const { storage, store } = setup()
    await store.add(session())
    storage.set('sessions', [tampered(), ...(storage.get<unknown[]>('sessions') ?? [])])
    expect(await store.list!()).toHaveLength(1)
    expect(storage.get<unknown[]>('sessions')).toHaveLength(1)
  })

  it('something other than a list under its key reads as nothing and is removed', async () => {
    const { storage, store } = setup()
    storage.set('sessions', { sessions: 'all' })
    expect(await store.list!()).toEqual([])
    expect(storage.get('sessions')).toBeUndefined()
  })
})
