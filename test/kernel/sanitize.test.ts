/**
 * The one rule for names and the one rule for images, whatever their source (an announced wallet, a catalog,
 * WalletConnect peer metadata, storage).
 */
import { describe, expect, it } from 'vitest'
import {
  GENERIC_WALLET_NAME,
  NAME_MAX,
  cleanName,
  safeAnnouncedIcon,
  safeDeepLink,
  safeImageUrl,
  safeRdns,
  safeStoredImageUrl,
  safeWebLink,
  walletName,
} from '../../kernel/sanitize.js'

describe('wallet names', () => {
  it('bidirectional overrides and isolates cannot make a name read as another ("\\u202eksaMateM" is not "MetaMask")', () => {
    expect(cleanName('\u202eksaMateM')).toBe('ksaMateM')
    expect(cleanName('Safe\u2067 Wallet\u2069')).toBe('Safe Wallet')
    expect(cleanName('\u202dMeta\u202aMask\u202c')).toBe('Meta Mask')
  })

  it('zero-width and other invisible characters are gone; a name of nothing else falls back to a generic name', () => {
    expect(cleanName('Meta\u200bMask')).toBe('Meta Mask')
    for (const hidden of ['\u200b\u200c\u200d', '\ufeff\u2060\u00ad', '\u3164\u115f\u2800', ' \t\n\u2028\u2029 ', '\u{e0041}\u{e0042}']) {
      expect(cleanName(hidden)).toBe('')
      expect(walletName(hidden)).toBe(GENERIC_WALLET_NAME)
    }
    expect(walletName(undefined, 'WalletConnect')).toBe('WalletConnect')
    expect(walletName(42)).toBe('Wallet')
  })

  it('control characters become spaces; HTML stays literal text', () => {
    expect(cleanName('Evil\u0000Name\u0085')).toBe('Evil Name')
    expect(cleanName('<b>Bold</b> Wallet')).toBe('<b>Bold</b> Wallet')
  })

  it('a long name is cut to 64 characters with an ellipsis, never inside a surrogate pair', () => {
    const name = cleanName('🦊'.repeat(200))
    expect(Array.from(name)).toHaveLength(NAME_MAX)
    expect(name).toBe(`${'🦊'.repeat(NAME_MAX - 1)}…`)
    expect(name).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/)
    // A cut falling between the halves of a pair: the lone half is dropped, not shown as a broken glyph.
    expect(cleanName(`${'a'.repeat(511)}😀`)).toBe(`${'a'.repeat(NAME_MAX - 1)}…`)
    expect(cleanName('\ud83dWallet')).toBe('Wallet')
  })

  it('combining marks stacked on one letter are kept to three', () => {
    expect(cleanName(`Z${'\u0301'.repeat(50)}alet`)).toBe(`Z${'\u0301'.repeat(3)}alet`)
  })
})

describe('images', () => {
  it('https, loopback http and inline raster or SVG images are kept', () => {
    expect(safeImageUrl('https://img.example/a.png')).toBe('https://img.example/a.png')
    expect(safeImageUrl('http://127.0.0.1:4000/a.png')).toBe('http://127.0.0.1:4000/a.png')
    expect(safeImageUrl('http://localhost/a.png')).toBe('http://localhost/a.png')
    expect(safeImageUrl('data:image/svg+xml;base64,PHN2Zy8+')).toBe('data:image/svg+xml;base64,PHN2Zy8+')
    expect(safeImageUrl('DATA:image/png;base64,AAAA')).toBe('DATA:image/png;base64,AAAA')
  })

  it.each([
    ['javascript:alert(1)'],
    [' java\nscript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['data:image/svg+xml-evil,x'],
    ['http://evil.example/pixel.png'],
    ['//evil.example/pixel.png'],
    ['/relative/pixel.png'],
    ['blob:https://evil.example/uuid'],
    ['file:///etc/passwd'],
    [`https://img.example/${'a'.repeat(3000)}`],
    [`data:image/png;base64,${'A'.repeat(100_001)}`],
    [42],
    [{ toString: () => 'https://img.example/a.png' }],
  ])('%j is not an image the modal loads', (value) => {
    expect(safeImageUrl(value)).toBeUndefined()
  })
})

describe('links and ids', () => {
  it('web links are https (or loopback http); deep links a wallet scheme, never a script scheme', () => {
    expect(safeWebLink('https://app.example/')).toBe('https://app.example/')
    expect(safeWebLink('http://app.example/')).toBeUndefined()
    expect(safeDeepLink('wallet://wc')).toBe('wallet://wc')
    expect(safeDeepLink('javascript:alert(1)')).toBeUndefined()
    expect(safeDeepLink('http://app.example/')).toBeUndefined()
  })

  it('rdns is reverse DNS, lowercased', () => {
    expect(safeRdns(' IO.MetaMask ')).toBe('io.metamask')
    expect(safeRdns('metamask')).toBeUndefined()
    expect(safeRdns('__proto__')).toBeUndefined()
    expect(safeRdns('a.'.repeat(100) + 'b')).toBeUndefined()
  })
})

describe('announced icons and stored images', () => {
  const DATA = 'data:image/png;base64,iVBORw0KGgo='
  it('an announced icon is a data: image or nothing: an https URL (a tracking pixel) is refused', () => {
    expect(safeAnnouncedIcon(DATA)).toBe(DATA)
    expect(safeAnnouncedIcon('https://tracker.example/pixel.png?who=visitor')).toBeUndefined()
    expect(safeAnnouncedIcon('http://127.0.0.1:8080/pixel.png')).toBeUndefined()
    expect(safeAnnouncedIcon('data:text/html,<script>1</script>')).toBeUndefined()
    expect(safeAnnouncedIcon(42)).toBeUndefined()
  })
  it("a stored image shows only as a data: image or from the provider API's origin", () => {
    const api = 'https://api.example'
    expect(safeStoredImageUrl(DATA, api)).toBe(DATA)
    expect(safeStoredImageUrl('https://api.example/getWalletImage/x?projectId=p', api)).toBe(
      'https://api.example/getWalletImage/x?projectId=p',
    )
    expect(safeStoredImageUrl('https://tracker.example/pixel.png', api)).toBeUndefined()
    expect(safeStoredImageUrl('https://api.example.tracker.example/x.png', api)).toBeUndefined()
    expect(safeStoredImageUrl('https://api.example/x.png', undefined)).toBeUndefined()
    expect(safeStoredImageUrl('javascript:alert(1)', api)).toBeUndefined()
  })
})
