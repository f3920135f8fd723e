/** Facts about the device the modal runs on; one injectable service so tests can choose the device. */
export interface Platform {
  isMobile(): boolean
  isBrowser(): boolean
}

export function createPlatform(): Platform {
  return {
    isBrowser: () => typeof window !== 'undefined' && typeof document !== 'undefined',
    isMobile() {
      if (typeof window === 'undefined') return false
      const coarse = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches
      const ua = typeof navigator !== 'undefined' ? navigator.userAgent : ''
      return coarse || /Android|iPhone|iPad|iPod|Mobile/i.test(ua)
    },
  }
}
