// A deep link into a wallet app that is not installed (inside Telegram it fails without a word): when the page is
// still in front 2 000 ms after the link was followed, it goes to the wallet's store or homepage; an app that came
// to the front (the page hidden, left or blurred) cancels that, and so does leaving the view.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  fallBackWhenMissing,
  fallsBackWhenMissing,
  installLink,
  MISSING_WALLET_FALLBACK_MS,
  type PageEnv,
} from '../../../plugins/walletconnect/links.js'

beforeEach(() => void vi.useFakeTimers())
afterEach(() => void vi.useRealTimers())

function fakePage() {
  const gone: string[] = []
  const leaveListeners = new Set<() => void>()
  let hidden = false
  const page: PageEnv = {
    hidden: () => hidden,
    onLeave: (fn) => (leaveListeners.add(fn), () => void leaveListeners.delete(fn)),
    go: (url) => void gone.push(url),
  }
  return { page, gone, leaveListeners, hide: () => (hidden = true), leave: () => leaveListeners.forEach((fn) => fn()) }
}

const STORE = 'https://apps.example/wallet'

describe('a deep link into a missing wallet', () => {
  it('goes to the fallback at 2 000 ms, not 1 ms before', () => {
    const p = fakePage()
    fallBackWhenMissing(STORE, p.page)
    vi.advanceTimersByTime(MISSING_WALLET_FALLBACK_MS - 1)
    expect(p.gone).toEqual([])
    vi.advanceTimersByTime(1)
    expect(p.gone).toEqual([STORE])
    expect(p.leaveListeners.size).toBe(0)
  })

  it("an app that took the page's place (the page left or blurred) means the wallet is there: no fallback", () => {
    const p = fakePage()
    fallBackWhenMissing(STORE, p.page)
    vi.advanceTimersByTime(300)
    p.leave()
    vi.advanceTimersByTime(MISSING_WALLET_FALLBACK_MS)
    expect(p.gone).toEqual([])
  })

  it('a page hidden when the time is up does not move', () => {
    const p = fakePage()
    fallBackWhenMissing(STORE, p.page)
    p.hide()
    vi.advanceTimersByTime(MISSING_WALLET_FALLBACK_MS)
    expect(p.gone).toEqual([])
  })

  it('cancelled (the view was left) before the time is up: nothing happens', () => {
    const p = fakePage()
    const cancel = fallBackWhenMissing(STORE, p.page)
    vi.advanceTimersByTime(MISSING_WALLET_FALLBACK_MS - 1)
    cancel()
    vi.advanceTimersByTime(10_000)
    expect(p.gone).toEqual([])
    expect(p.leaveListeners.size).toBe(0)
  })

  it.each([[undefined], ['javascript:alert(1)'], ['data:text/html,hi'], ['wallet://open']])(
    'a fallback of %j is never followed',
    (fallback) => {
      const p = fakePage()
      fallBackWhenMissing(fallback, p.page)
      vi.advanceTimersByTime(MISSING_WALLET_FALLBACK_MS * 2)
      expect(p.gone).toEqual([])
    },
  )

  it('the fallback is the store of the platform, else the homepage', () => {
    const links = { appStore: 'https://apps.example/w', playStore: 'https://play.example/w', homepage: 'https://w.example/' }
    const on = (os: 'ios' | 'android' | 'desktop') => ({
      isIos: () => os === 'ios',
      isAndroid: () => os === 'android',
      isMobile: () => os !== 'desktop',
    })
    expect(installLink(links, on('ios'))).toBe('https://apps.example/w')
    expect(installLink(links, on('android'))).toBe('https://play.example/w')
    expect(installLink(links, on('desktop'))).toBe('https://w.example/')
  })

  it('applies inside Telegram, and on a phone when the active family redirects missing wallets (Solana)', () => {
    const on = (telegram: boolean, mobile: boolean) => ({ isTelegram: () => telegram, isMobile: () => mobile })
    expect(fallsBackWhenMissing(on(true, false), false)).toBe(true)
    expect(fallsBackWhenMissing(on(true, true), false)).toBe(true)
    expect(fallsBackWhenMissing(on(false, true), true)).toBe(true)
    expect(fallsBackWhenMissing(on(false, true), false)).toBe(false)
    expect(fallsBackWhenMissing(on(false, false), true)).toBe(false)
  })
})
