import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPlatform } from '../../kernel/platform.js'

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
