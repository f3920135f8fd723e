/**
 * Facts about the device the modal runs on, decided in one injectable service so every rule that depends on
 * the device (opening rules, deep links, Telegram social filters, iPhone-Safari WalletConnect flow) agrees and
 * tests can choose the device.
 */
export interface Platform {
  isBrowser(): boolean
  /** A coarse pointer or a mobile user agent. */
  isMobile(): boolean
  isIos(): boolean
  isAndroid(): boolean
  isMac(): boolean
  /** Safari on an iPhone or iPad (not Chrome or Firefox for iOS, which identify as CriOS/FxiOS). */
  isIphoneSafari(): boolean
  /** Inside Telegram's in-app browser (its WebView bridge object is present). */
  isTelegram(): boolean
}

export interface PlatformSource {
  userAgent?: string
  coarsePointer?: boolean
  telegram?: boolean
  browser?: boolean
}

/** Reads the live browser, or `source` when given (tests, server rendering). */
export function createPlatform(source?: PlatformSource): Platform {
  const browser = () => source?.browser ?? (typeof window !== 'undefined' && typeof document !== 'undefined')
  const ua = () => source?.userAgent ?? (typeof navigator !== 'undefined' ? navigator.userAgent : '')
  // One media query list, kept: its `matches` follows the device (a tablet switching modes) without parsing the
  // query again on every read.
  let pointer: MediaQueryList | undefined
  const coarse = () =>
    source?.coarsePointer ??
    (typeof window !== 'undefined' &&
      typeof window.matchMedia === 'function' &&
      (pointer ??= window.matchMedia('(pointer: coarse)')).matches)
  const isIos = () => /iPhone|iPad|iPod/i.test(ua())
  return {
    isBrowser: browser,
    isIos,
    isAndroid: () => /Android/i.test(ua()),
    isMac: () => /Macintosh|Mac OS X/i.test(ua()) && !isIos(),
    isMobile: () => coarse() || /Android|iPhone|iPad|iPod|Mobile/i.test(ua()),
    isIphoneSafari: () => isIos() && /Safari/i.test(ua()) && !/CriOS|FxiOS|EdgiOS|OPiOS/i.test(ua()),
    isTelegram: () =>
      source?.telegram ??
      (typeof window !== 'undefined' &&
        Boolean(
          (window as { TelegramWebviewProxy?: unknown }).TelegramWebviewProxy ||
            (window as { Telegram?: { WebApp?: unknown } }).Telegram?.WebApp,
        )),
  }
}
