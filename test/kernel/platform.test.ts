import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKernel } from '../../kernel/kernel.js'
import { createPlatform } from '../../kernel/platform.js'
import { recordingBackend } from './helpers.js'
import { shellViews } from './kernel-fixtures.js'

afterEach(() => vi.unstubAllGlobals())

const browser = (userAgent: string, coarse: boolean) => {
  vi.stubGlobal('window', { matchMedia: (q: string) => ({ matches: coarse && q === '(pointer: coarse)' }) })
  vi.stubGlobal('document', {})
  vi.stubGlobal('navigator', { userAgent })
}

describe('platform', () => {
  it('outside a browser: not a browser, not mobile', () => {
    const platform = createPlatform()
    expect(platform.isBrowser()).toBe(false)
    expect(platform.isMobile()).toBe(false)
  })

  it('a desktop browser is a browser and not mobile', () => {
    browser('Mozilla/5.0 (X11; Linux x86_64) Chrome/120', false)
    const platform = createPlatform()
    expect(platform.isBrowser()).toBe(true)
    expect(platform.isMobile()).toBe(false)
  })

  it.each(['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)', 'Mozilla/5.0 (Linux; Android 14)'])('%s is mobile', (ua) => {
    browser(ua, false)
    expect(createPlatform().isMobile()).toBe(true)
  })

  it('a coarse pointer is mobile', () => {
    browser('Mozilla/5.0 (X11; Linux x86_64)', true)
    expect(createPlatform().isMobile()).toBe(true)
  })

  it('is evaluated on each call, not at creation', () => {
    const platform = createPlatform()
    browser('iPhone', false)
    expect(platform.isMobile()).toBe(true)
  })
})

describe('platform: injected source (createPlatform({ userAgent, coarsePointer, telegram }))', () => {
  const IPHONE_SAFARI =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
  const IPHONE_CHROME =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1'
  const IPHONE_FIREFOX =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/121.0 Mobile/15E148 Safari/605.1.15'
  const IPAD_SAFARI =
    'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
  const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36'
  const MAC_SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15'
  const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36'

  it('iPhone Safari: mobile, iOS, iPhone-Safari, not Mac or Android', () => {
    const p = createPlatform({ userAgent: IPHONE_SAFARI })
    expect([p.isMobile(), p.isIos(), p.isIphoneSafari(), p.isMac(), p.isAndroid()]).toEqual([true, true, true, false, false])
  })

  it('iPad Safari is iPhone-Safari too (same WalletConnect flow)', () => {
    expect(createPlatform({ userAgent: IPAD_SAFARI }).isIphoneSafari()).toBe(true)
  })

  it.each([
    ['Chrome for iOS (CriOS)', IPHONE_CHROME],
    ['Firefox for iOS (FxiOS)', IPHONE_FIREFOX],
  ])('%s on an iPhone is iOS and mobile but not iPhone-Safari', (_name, userAgent) => {
    const p = createPlatform({ userAgent })
    expect(p.isIos()).toBe(true)
    expect(p.isMobile()).toBe(true)
    expect(p.isIphoneSafari()).toBe(false)
  })

  it('Android: mobile, Android, not iOS, not Mac, not iPhone-Safari', () => {
    const p = createPlatform({ userAgent: ANDROID })
    expect([p.isMobile(), p.isAndroid(), p.isIos(), p.isMac(), p.isIphoneSafari()]).toEqual([true, true, false, false, false])
  })

  it('Mac: Mac, not mobile, not iOS, not iPhone-Safari (desktop Safari)', () => {
    const p = createPlatform({ userAgent: MAC_SAFARI, coarsePointer: false })
    expect([p.isMac(), p.isMobile(), p.isIos(), p.isIphoneSafari()]).toEqual([true, false, false, false])
  })

  it('desktop (Windows, fine pointer): nothing mobile', () => {
    const p = createPlatform({ userAgent: WINDOWS, coarsePointer: false })
    expect([p.isMobile(), p.isIos(), p.isAndroid(), p.isMac(), p.isIphoneSafari()]).toEqual([false, false, false, false, false])
  })

  it('a coarse pointer makes a desktop user agent mobile; a fine pointer with a mobile user agent stays mobile', () => {
    expect(createPlatform({ userAgent: WINDOWS, coarsePointer: true }).isMobile()).toBe(true)
    expect(createPlatform({ userAgent: ANDROID, coarsePointer: false }).isMobile()).toBe(true)
  })

  it('telegram comes from the source, else from the Telegram WebView bridge', () => {
    expect(createPlatform({ userAgent: ANDROID, telegram: true }).isTelegram()).toBe(true)
    expect(createPlatform({ userAgent: ANDROID, telegram: false }).isTelegram()).toBe(false)
    vi.stubGlobal('window', { TelegramWebviewProxy: {} })
    expect(createPlatform({ userAgent: ANDROID }).isTelegram()).toBe(true)
    vi.stubGlobal('window', { Telegram: { WebApp: {} } })
    expect(createPlatform().isTelegram()).toBe(true)
    vi.stubGlobal('window', {})
    expect(createPlatform().isTelegram()).toBe(false)
  })

  it('the source wins over the live browser', () => {
    browser(WINDOWS, false)
    expect(createPlatform({ userAgent: IPHONE_SAFARI }).isMobile()).toBe(true)
    expect(createPlatform({ browser: false }).isBrowser()).toBe(false)
  })
})

describe('platform: the kernel decides "mobile" with its injected platform', () => {
  const open = async (platform: ReturnType<typeof createPlatform>) => {
    const modal = createKernel({ projectId: 'p', storage: recordingBackend() }, { platform, views: shellViews })
    await modal.open()
    return modal.getState().view
  }

  it('an iPhone user agent opens AllWallets without adapters', async () => {
    expect(await open(createPlatform({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', coarsePointer: false }))).toBe(
      'AllWallets',
    )
  })

  it('a coarse pointer with a desktop user agent opens AllWallets without adapters', async () => {
    expect(await open(createPlatform({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64)', coarsePointer: true }))).toBe('AllWallets')
  })

  it('a desktop opens ConnectingWalletConnectBasic without adapters', async () => {
    expect(await open(createPlatform({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64)', coarsePointer: false }))).toBe(
      'ConnectingWalletConnectBasic',
    )
  })
})
