import { describe, expect, it } from 'vitest'
import { installLink, safeLink, walletLink } from '../../../plugins/walletconnect/links.js'
import { safeImageUrl as safeImage } from '../../../kernel/utils.js'

const URI = 'wc:abc@2?relay-protocol=irn&symKey=00'

describe('wallet links', () => {
  it.each([
    ['javascript:alert(1)'],
    [' JavaScript:alert(1)'],
    ['java\tscript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['vbscript:msgbox'],
    ['file:///etc/passwd'],
    ['blob:https://x/1'],
    ['https://wallet.example/<script>'.replace('<script>', ' x')],
    [''],
    [42],
    ['x'.repeat(3000)],
  ])('drops the unsafe link %j', (link) => {
    expect(safeLink(link)).toBeUndefined()
    expect(walletLink(link, URI)).toBeUndefined()
  })

  it('keeps http(s) universal links and app schemes', () => {
    expect(safeLink(' https://wallet.example/app ')).toBe('https://wallet.example/app')
    expect(safeLink('rainbow://')).toBe('rainbow://')
    expect(safeLink('metamask:')).toBe('metamask:')
    expect(safeLink('trust')).toBe('trust')
  })

  it('hands the pairing URI to universal links under /wc?uri=', () => {
    expect(walletLink('https://wallet.example/app', URI)).toEqual({
      href: 'https://wallet.example/app/',
      redirect: `https://wallet.example/app/wc?uri=${encodeURIComponent(URI)}`,
    })
  })

  it('hands it to app schemes as <scheme>://wc?uri=, whatever form the scheme was given in', () => {
    for (const link of ['rainbow://', 'rainbow:', 'rainbow']) {
      expect(walletLink(link, URI)).toEqual({ href: 'rainbow://', redirect: `rainbow://wc?uri=${encodeURIComponent(URI)}` })
    }
  })

  it('accepts only http(s) and inline raster/SVG images as icons', () => {
    expect(safeImage('https://img.example/a.png')).toBe('https://img.example/a.png')
    expect(safeImage('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA')
    expect(safeImage('data:image/svg+xml,%3Csvg/%3E')).toBe('data:image/svg+xml,%3Csvg/%3E')
    expect(safeImage('javascript:alert(1)')).toBeUndefined()
    expect(safeImage('data:text/html,x')).toBeUndefined()
    expect(safeImage(undefined)).toBeUndefined()
  })
})

describe('where a user without the wallet gets it', () => {
  const links = {
    homepage: 'https://w.example/',
    appStore: 'https://apps.example/w',
    playStore: 'https://play.example/w',
    chromeStore: 'https://chrome.example/w',
  }
  const on = (kind: 'ios' | 'android' | 'other mobile' | 'desktop') => ({
    isIos: () => kind === 'ios',
    isAndroid: () => kind === 'android',
    isMobile: () => kind !== 'desktop',
  })

  it("the platform's store: App Store on iOS, Play Store on Android, the browser extension's store on desktop", () => {
    expect(installLink(links, on('ios'))).toBe(links.appStore)
    expect(installLink(links, on('android'))).toBe(links.playStore)
    expect(installLink(links, on('desktop'))).toBe(links.chromeStore)
  })

  it('the homepage when the platform has no store link, and nothing without either', () => {
    expect(installLink(links, on('other mobile'))).toBe(links.homepage)
    expect(installLink({ homepage: links.homepage, appStore: links.appStore }, on('android'))).toBe(links.homepage)
    expect(installLink({ mobile: 'w://' }, on('desktop'))).toBeUndefined()
    expect(installLink(undefined, on('ios'))).toBeUndefined()
  })

  it('an unsafe store link gives way to the homepage; an unsafe homepage is no link', () => {
    expect(installLink({ ...links, chromeStore: 'javascript:alert(1)' }, on('desktop'))).toBe(links.homepage)
    expect(installLink({ chromeStore: 'javascript:alert(1)', homepage: 'data:text/html,x' }, on('desktop'))).toBeUndefined()
  })
})
