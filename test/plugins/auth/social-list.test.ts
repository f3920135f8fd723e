// Social logins inside Telegram's in-app browser: iOS removes google, a Mac removes x, Android removes facebook and x.
import { describe, expect, it } from 'vitest'
import { visibleSocials } from '../../../plugins/auth/social-list.js'
import { DEFAULT_SOCIALS } from '../../../plugins/auth/index.js'

const platform = (telegram: boolean, os: 'ios' | 'mac' | 'android' | 'other') => ({
  isTelegram: () => telegram,
  isIos: () => os === 'ios',
  isMac: () => os === 'mac',
  isAndroid: () => os === 'android',
})

describe('social list', () => {
  it('defaults to google, x, discord, farcaster, github, apple, facebook', () => {
    expect(DEFAULT_SOCIALS).toEqual(['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
  })
  it('keeps every social outside Telegram', () => {
    for (const os of ['ios', 'mac', 'android', 'other'] as const)
      expect(visibleSocials(DEFAULT_SOCIALS, platform(false, os))).toEqual([...DEFAULT_SOCIALS])
  })
  it('filters per platform inside Telegram', () => {
    expect(visibleSocials(DEFAULT_SOCIALS, platform(true, 'ios'))).toEqual(['x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
    expect(visibleSocials(DEFAULT_SOCIALS, platform(true, 'mac'))).toEqual([
      'google',
      'discord',
      'farcaster',
      'github',
      'apple',
      'facebook',
    ])
    expect(visibleSocials(DEFAULT_SOCIALS, platform(true, 'android'))).toEqual(['google', 'discord', 'farcaster', 'github', 'apple'])
    expect(visibleSocials(DEFAULT_SOCIALS, platform(true, 'other'))).toEqual([...DEFAULT_SOCIALS])
  })
})
