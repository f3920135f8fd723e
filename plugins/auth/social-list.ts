import type { Platform } from 'vestibule/kernel'

/** The names shown for each social login. */
export const SOCIAL_NAMES: Readonly<Record<string, string>> = {
  google: 'Google',
  x: 'X',
  discord: 'Discord',
  farcaster: 'Farcaster',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
}

/**
 * The social logins to offer on this platform: inside Telegram's in-app browser some providers refuse to run,
 * so iOS drops google, a Mac drops x, and Android drops facebook and x.
 */
export function visibleSocials(
  socials: readonly string[],
  platform: Pick<Platform, 'isTelegram' | 'isIos' | 'isMac' | 'isAndroid'>,
): string[] {
  if (!platform.isTelegram()) return [...socials]
  const removed = new Set<string>(platform.isIos() ? ['google'] : platform.isMac() ? ['x'] : platform.isAndroid() ? ['facebook', 'x'] : [])
  return socials.filter((s) => !removed.has(s))
}
