// The catalog's pure rules: untrusted entries, unsafe links, exclusion, duplicates, platform filter, order.
import { describe, expect, it } from 'vitest'
import {
  LIMITS,
  catalogItem,
  cleanText,
  filterForPlatform,
  inFeaturedOrder,
  installedFirst,
  isExcluded,
  matchesSearch,
  parseCatalogWallet,
  parseCustomWallets,
  parseWalletList,
  removeDuplicates,
  safeDeepLink,
  safeImageUrl,
  safeWebLink,
  type CatalogWallet,
} from '../../../plugins/catalog/filter.js'

const imageFor = (id: string) => `https://api.test/getWalletImage/${encodeURIComponent(id)}`
const wallet = (id: string, extra: Partial<CatalogWallet> = {}): CatalogWallet => ({
  id,
  name: `Wallet ${id}`,
  chains: [],
  links: {},
  ...extra,
})

describe('links from the catalog', () => {
  it('deep links keep a wallet scheme or an https universal link', () => {
    expect(safeDeepLink('metamask://')).toBe('metamask://')
    expect(safeDeepLink('trust://wc?uri=x')).toBe('trust://wc?uri=x')
    expect(safeDeepLink('https://metamask.app.link/wc')).toBe('https://metamask.app.link/wc')
  })

  it.each([
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(1)'],
    [' \tjava\nscript:alert(1)'],
    ['javascript://x.example/%0aalert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['DATA:text/html;base64,PHNjcmlwdD4='],
    ['vbscript:msgbox(1)'],
    ['file:///etc/passwd'],
    ['blob:https://x.example/uuid'],
    ['about:blank'],
    ['http://plain.example/'],
    ['not a url'],
    [''],
  ])('a deep link %j is dropped', (link) => {
    expect(safeDeepLink(link)).toBeUndefined()
  })

  it('non-strings and huge links are dropped', () => {
    expect(safeDeepLink(42)).toBeUndefined()
    expect(safeDeepLink({ href: 'metamask://' })).toBeUndefined()
    expect(safeDeepLink(`https://x.example/${'a'.repeat(LIMITS.link)}`)).toBeUndefined()
  })

  it('web links are https only (plain http only on loopback, for local development)', () => {
    expect(safeWebLink('https://app.wallet.example/')).toBe('https://app.wallet.example/')
    expect(safeWebLink('http://127.0.0.1:5173/mobile')).toBe('http://127.0.0.1:5173/mobile')
    expect(safeWebLink('http://wallet.example/')).toBeUndefined()
    expect(safeWebLink('metamask://')).toBeUndefined()
    expect(safeWebLink('javascript:alert(1)')).toBeUndefined()
    expect(safeWebLink('data:text/html,hi')).toBeUndefined()
  })

  it('images: https, loopback http or an image data URI; never a script scheme', () => {
    expect(safeImageUrl('https://img.example/a.png')).toBe('https://img.example/a.png')
    expect(safeImageUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA')
    expect(safeImageUrl('data:text/html,<script>')).toBeUndefined()
    expect(safeImageUrl('javascript:alert(1)')).toBeUndefined()
    expect(safeImageUrl(`data:image/png;base64,${'A'.repeat(100_001)}`)).toBeUndefined()
  })
})

describe('text from the catalog', () => {
  it('stays literal (HTML is text), loses control and bidi-override characters, and is capped with an ellipsis', () => {
    expect(cleanText('<b>Bold</b> Wallet', 64)).toBe('<b>Bold</b> Wallet')
    expect(cleanText('Evil\u202Etellaw\u0000 \n Name', 64)).toBe('Evil tellaw Name')
    const long = cleanText(`Huge ${'W'.repeat(20000)}`, LIMITS.name)
    expect(long).toHaveLength(LIMITS.name)
    expect(long.endsWith('…')).toBe(true)
    expect(cleanText(42, 64)).toBe('')
  })
})

describe('catalog entries', () => {
  it('a complete entry keeps its fields and gets its image from the image endpoint', () => {
    const parsed = parseCatalogWallet(
      {
        id: 'abc',
        name: 'Abc Wallet',
        image_id: 'img-1',
        rdns: 'IO.Abc',
        chains: ['eip155:1', 7],
        mobile_link: 'abc://',
        desktop_link: 'abc-desktop://',
        webapp_link: 'https://abc.example/',
        badge_type: 'certified',
      },
      imageFor,
    )
    expect(parsed).toEqual({
      id: 'abc',
      name: 'Abc Wallet',
      imageId: 'img-1',
      imageUrl: 'https://api.test/getWalletImage/img-1',
      rdns: 'io.abc',
      chains: ['eip155:1'],
      links: { mobile: 'abc://', desktop: 'abc-desktop://', webapp: 'https://abc.example/' },
      badge: 'certified',
    })
  })

  it('where to get the wallet (homepage, app_store, play_store, chrome_store) is kept when it is a safe web link', () => {
    const parsed = parseCatalogWallet(
      {
        id: 'abc',
        name: 'Abc',
        homepage: 'https://abc.example/',
        app_store: 'https://apps.example/abc',
        play_store: 'javascript:alert(1)',
        chrome_store: 'abc://store',
      },
      imageFor,
    )
    expect(parsed?.links).toEqual({ homepage: 'https://abc.example/', appStore: 'https://apps.example/abc' })
  })

  it('entries without a usable id or name are dropped', () => {
    for (const raw of [
      null,
      'x',
      [],
      { id: 'a' },
      { name: 'A' },
      { id: 12345, name: 'A' },
      { id: 'a', name: ['x'] },
      { id: 'x'.repeat(10000), name: 'A' },
      { id: 'a b', name: 'A' },
      { id: 'a', name: '   ' },
    ]) {
      expect(parseCatalogWallet(raw, imageFor)).toBeUndefined()
    }
  })

  it('unsafe links and images are dropped from an entry that is otherwise kept', () => {
    const parsed = parseCatalogWallet(
      {
        id: 'bad',
        name: 'Bad',
        mobile_link: 'javascript:alert(1)',
        desktop_link: 'file:///etc/passwd',
        webapp_link: 'data:text/html,x',
        image_url: 'javascript:alert(1)',
        rdns: 'r'.repeat(5000),
        chains: 'eip155:1',
        badge_type: { x: 1 },
      },
      () => '',
    )
    expect(parsed).toEqual({ id: 'bad', name: 'Bad', chains: [], links: {} })
  })

  it('the answer keeps its count and leaves malformed entries out', () => {
    expect(parseWalletList({ data: [{ id: 'a', name: 'A' }, null, { name: 'B' }], count: 640 }, imageFor)).toEqual({
      data: [{ id: 'a', name: 'A', chains: [], links: {} }],
      count: 640,
    })
    expect(parseWalletList({ data: 'nope', count: -1 }, imageFor)).toEqual({ data: [], count: 0 })
    expect(parseWalletList(undefined, imageFor)).toEqual({ data: [], count: 0 })
  })

  it('custom wallets follow the same rules', () => {
    expect(
      parseCustomWallets([{ id: 'c', name: 'Custom', webapp_link: 'https://c.example/', mobile_link: 'javascript:x' }, { id: 'broken' }]),
    ).toEqual([{ id: 'c', name: 'Custom', chains: [], links: { webapp: 'https://c.example/' } }])
  })
})

describe('exclusion and duplicates', () => {
  it('a wallet is excluded by catalog id, by rdns or by case-insensitive name', () => {
    expect(isExcluded({ id: 'a', name: 'A' }, [{ id: 'a' }])).toBe(true)
    expect(isExcluded({ id: 'b', rdns: 'io.x', name: 'B' }, [{ rdns: 'io.x' }])).toBe(true)
    expect(isExcluded({ id: 'c', name: 'Sandbox Wallet' }, [{ name: '  SANDBOX WALLET ' }])).toBe(true)
    expect(isExcluded({ id: 'd', name: 'Other' }, [{ id: 'a', rdns: 'io.x', name: 'Sandbox Wallet' }])).toBe(false)
    expect(isExcluded({ id: 'e', name: 'E' }, [{ rdns: undefined, name: undefined }])).toBe(false)
  })

  it('duplicates go by rdns and by id against announced and recent wallets, and within the list', () => {
    const list = [
      wallet('sandbox', { rdns: 'dev.vestibule.sandbox' }),
      wallet('known-id'),
      wallet('recent-id'),
      wallet('recent-rdns', { rdns: 'io.recent' }),
      wallet('keep', { rdns: 'io.keep' }),
      wallet('keep'),
      wallet('plain'),
    ]
    const kept = removeDuplicates(list, {
      announced: [{ rdns: 'dev.vestibule.sandbox' }, { rdns: undefined, explorerId: 'known-id' }],
      recent: [{ id: 'recent-id' }, { id: 'other', rdns: 'io.recent' }],
    })
    expect(kept.map((w) => w.id)).toEqual(['keep', 'plain'])
  })

  it('a name shared with an announced wallet is not a duplicate (only rdns and id are)', () => {
    expect(
      removeDuplicates([wallet('x', { name: 'Sandbox Wallet' })], { announced: [{ rdns: 'dev.vestibule.sandbox' }], recent: [] }),
    ).toHaveLength(1)
  })
})

describe('platform, order and search', () => {
  const links = [
    wallet('m', { links: { mobile: 'm://' } }),
    wallet('d', { links: { desktop: 'd://' } }),
    wallet('w', { links: { webapp: 'https://w.example/' } }),
    wallet('none'),
  ]

  it('on mobile in universal-provider mode only wallets with a mobile, desktop or web link stay', () => {
    expect(filterForPlatform(links, { isMobile: true, universalProvider: true }).map((w) => w.id)).toEqual(['m', 'd', 'w'])
  })

  it('elsewhere the list is unchanged', () => {
    expect(filterForPlatform(links, { isMobile: false, universalProvider: true })).toHaveLength(4)
    expect(filterForPlatform(links, { isMobile: true, universalProvider: false })).toHaveLength(4)
  })

  it('installed entries come first, each group in its order', () => {
    expect(installedFirst([{ n: 1 }, { n: 2, installed: true }, { n: 3 }, { n: 4, installed: true }]).map((i) => i.n)).toEqual([2, 4, 1, 3])
  })

  it('search text is trimmed and matched case-insensitively', () => {
    expect(matchesSearch('Sandbox Wallet', '  sandbox ')).toBe(true)
    expect(matchesSearch('Sandbox Wallet', 'vault')).toBe(false)
    expect(matchesSearch('Anything', '   ')).toBe(true)
  })

  it('featured wallets follow the host order of featuredWalletIds', () => {
    expect(inFeaturedOrder([wallet('b'), wallet('c'), wallet('a')], ['a', 'b', 'c']).map((w) => w.id)).toEqual(['a', 'b', 'c'])
  })

  it("a catalog entry opens the remote-connect plugin's view with the wallet, or is disabled with a hint without one", () => {
    const w = wallet('x', { imageUrl: 'https://i.example/x.svg', links: { mobile: 'x://' }, rdns: 'io.x' })
    expect(catalogItem(w, { view: 'ConnectingWalletConnect' })).toEqual({
      id: 'x',
      name: 'Wallet x',
      imageUrl: 'https://i.example/x.svg',
      rdns: 'io.x',
      installed: false,
      links: { mobile: 'x://' },
      view: 'ConnectingWalletConnect',
      data: { wallet: { id: 'x', name: 'Wallet x', imageUrl: 'https://i.example/x.svg', links: { mobile: 'x://' } } },
      tag: undefined,
    })
    expect(catalogItem(w, { view: undefined })).toMatchObject({ disabled: true, hint: 'catalog.needsWalletConnect' })
  })
})
