/** Recent wallets: at most 2, newest first, one entry per wallet id. */
import { describe, expect, it } from 'vitest'
import { addRecentWallet, getRecentWallets, RECENT_WALLETS_MAX } from '../../kernel/recent.js'
import { createStorage } from '../../kernel/storage.js'
import { recordingBackend } from './helpers.js'

const wallet = (id: string) => ({ id, name: `Wallet ${id}` })

function setup(stored?: unknown) {
  const backend = recordingBackend(stored === undefined ? {} : { '@vestibule/v1/recentWallets': JSON.stringify(stored) })
  return { backend, storage: createStorage({ backend }) }
}

describe('recent wallets', () => {
  it('recent wallets max 2', () => {
    expect(RECENT_WALLETS_MAX).toBe(2)
    const { storage } = setup()
    addRecentWallet(storage, wallet('a'))
    addRecentWallet(storage, wallet('b'))
    addRecentWallet(storage, wallet('c'))
    expect(getRecentWallets(storage)).toHaveLength(2)
  })

  it('recent wallets newest first', () => {
    const { storage } = setup()
    addRecentWallet(storage, wallet('a'))
    addRecentWallet(storage, wallet('b'))
    addRecentWallet(storage, wallet('c'))
    expect(getRecentWallets(storage).map((w) => w.id)).toEqual(['c', 'b'])
  })

  it('recent wallets deduplicated by id: using a wallet again moves it first', () => {
    const { storage } = setup()
    addRecentWallet(storage, wallet('a'))
    addRecentWallet(storage, wallet('b'))
    const result = addRecentWallet(storage, { id: 'a', name: 'Renamed A' })
    expect(result).toEqual([{ id: 'a', name: 'Renamed A' }, wallet('b')])
    expect(getRecentWallets(storage)).toEqual(result)
  })

  it('recent wallets deduplicated by id: using the newest wallet again keeps one entry of it', () => {
    const { storage } = setup()
    addRecentWallet(storage, wallet('a'))
    addRecentWallet(storage, wallet('b'))
    addRecentWallet(storage, wallet('b'))
    expect(getRecentWallets(storage).map((w) => w.id)).toEqual(['b', 'a'])
  })

  it('recent wallets: malformed stored entries are dropped', () => {
    const { storage } = setup([null, 'x', { id: 1, name: 'n' }, { id: 'a' }, wallet('ok'), 42, wallet('ok2')])
    expect(getRecentWallets(storage)).toEqual([wallet('ok'), wallet('ok2')])
  })

  it('recent wallets: a stored value that is not a list reads as empty', () => {
    expect(getRecentWallets(setup({ id: 'a', name: 'A' }).storage)).toEqual([])
    expect(getRecentWallets(setup('a').storage)).toEqual([])
  })

  it('recent wallets: more than 2 stored entries are cut to 2', () => {
    expect(getRecentWallets(setup([wallet('a'), wallet('b'), wallet('c')]).storage).map((w) => w.id)).toEqual(['a', 'b'])
  })

  it('recent wallets are stored under the versioned key and restored on reload', () => {
    const { storage, backend } = setup()
    addRecentWallet(storage, { id: 'a', name: 'A', rdns: 'io.a', imageUrl: 'https://a/img.png' })
    expect(JSON.parse(backend.data.get('@vestibule/v1/recentWallets')!)).toEqual([
      { id: 'a', name: 'A', rdns: 'io.a', imageUrl: 'https://a/img.png' },
    ])
    expect(getRecentWallets(createStorage({ backend }))).toEqual([{ id: 'a', name: 'A', rdns: 'io.a', imageUrl: 'https://a/img.png' }])
  })
})

describe('recent wallets read back from storage are untrusted', () => {
  it('names lose bidirectional and zero-width characters; a name left blank becomes "Wallet"; a long one is cut whole', () => {
    const { storage } = setup([
      { id: 'spoof', name: '\u202eksaMateM' },
      { id: 'blank', name: '\u200b\u200c\u200d\u2060\ufeff' },
    ])
    expect(getRecentWallets(storage).map((w) => w.name)).toEqual(['ksaMateM', 'Wallet'])
    const emoji = setup([{ id: 'long', name: '🦊'.repeat(100) }]).storage
    const [long] = getRecentWallets(emoji)
    expect(Array.from(long!.name)).toHaveLength(64)
    expect(long!.name.endsWith('🦊…')).toBe(true)
  })

  it('images follow the image rule and links the link rules; ids and rdns must be well formed', () => {
    const { storage } = setup([
      {
        id: 'a',
        name: 'A',
        rdns: '<script>',
        imageUrl: 'javascript:window.__vbCanary.push(1)',
        links: { mobile: 'javascript:alert(1)', desktop: 'a-desktop://', webapp: 'http://evil.example/' },
      },
      { id: 'b b', name: 'B' },
      { id: 'c', name: 'C', imageUrl: 'http://evil.example/pixel.png', rdns: 'io.c', links: 'nope' },
    ])
    expect(getRecentWallets(storage)).toEqual([
      { id: 'a', name: 'A', links: { desktop: 'a-desktop://' } },
      { id: 'c', name: 'C', rdns: 'io.c' },
    ])
  })
})

describe("recent wallets' stored images and the provider API origin", () => {
  it("with the provider API's origin given, only a data: image or one from that origin is kept", () => {
    const data = 'data:image/png;base64,iVBORw0KGgo='
    const { storage } = setup([
      { id: 'a', name: 'A', imageUrl: 'https://tracker.example/pixel.png' },
      { id: 'b', name: 'B', imageUrl: 'https://api.example/getWalletImage/b' },
    ])
    expect(getRecentWallets(storage, { imageOrigin: 'https://api.example' })).toEqual([
      { id: 'a', name: 'A' },
      { id: 'b', name: 'B', imageUrl: 'https://api.example/getWalletImage/b' },
    ])
    expect(getRecentWallets(storage, { imageOrigin: undefined }).map((w) => w.imageUrl)).toEqual([undefined, undefined])
    const next = addRecentWallet(storage, { id: 'c', name: 'C', imageUrl: data }, { imageOrigin: 'https://api.example' })
    expect(next).toEqual([
      { id: 'c', name: 'C', imageUrl: data },
      { id: 'a', name: 'A' },
    ])
  })
})
