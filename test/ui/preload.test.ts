/** The `preload` option's scheduling in the page: idle after load, intent on marked elements, none, cancel. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { IDLE_TIMEOUT_MS, schedulePreload } from '../../ui/preload.js'
import { PRELOAD_ATTRIBUTE } from '../../kernel/preload.js'

/** A page just enough for the scheduler: event targets, a ready state and an idle callback driven by timers. */
class FakeElement {
  constructor(
    private readonly marked: boolean,
    private readonly parent?: FakeElement,
  ) {}
  closest(selector: string): FakeElement | null {
    if (selector !== `[${PRELOAD_ATTRIBUTE}]`) throw new Error(`unexpected selector ${selector}`)
    return this.marked ? this : (this.parent?.closest(selector) ?? null)
  }
}

function fakePage(readyState: 'loading' | 'complete') {
  const document = Object.assign(new EventTarget(), { readyState })
  const window = Object.assign(new EventTarget(), {
    requestIdleCallback: (callback: () => void, options: { timeout: number }) => setTimeout(callback, Math.min(50, options.timeout)),
    cancelIdleCallback: (handle: ReturnType<typeof setTimeout>) => clearTimeout(handle),
  })
  vi.stubGlobal('window', window)
  vi.stubGlobal('document', document)
  const fire = (target: EventTarget, type: string, element?: FakeElement) => {
    const event = new Event(type)
    if (element) Object.defineProperty(event, 'target', { value: element })
    target.dispatchEvent(event)
  }
  return { window, document, fire }
}

describe('schedulePreload', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('idle: nothing before the page has loaded; once loaded, on the first idle moment, once', () => {
    const page = fakePage('loading')
    const preload = vi.fn()
    schedulePreload('idle', preload)
    vi.advanceTimersByTime(10_000)
    expect(preload).not.toHaveBeenCalled()
    page.fire(page.window, 'load')
    vi.advanceTimersByTime(49)
    expect(preload).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(preload).toHaveBeenCalledTimes(1)
    page.fire(page.document, 'pointerover', new FakeElement(true))
    vi.advanceTimersByTime(10_000)
    expect(preload).toHaveBeenCalledTimes(1)
  })

  it('idle: a page already loaded waits only for idle; the idle callback may wait at most 2 s', () => {
    fakePage('complete')
    const asked: number[] = []
    ;(window as unknown as { requestIdleCallback: unknown }).requestIdleCallback = (callback: () => void, options: { timeout: number }) => {
      asked.push(options.timeout)
      return setTimeout(callback, options.timeout)
    }
    const preload = vi.fn()
    schedulePreload('idle', preload)
    expect(asked).toEqual([IDLE_TIMEOUT_MS])
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1)
    expect(preload).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(preload).toHaveBeenCalledTimes(1)
  })

  it('intent: pointer, focus or touch on a marked element (or inside one) preloads; elsewhere nothing', () => {
    for (const type of ['pointerover', 'focusin', 'touchstart']) {
      const page = fakePage('complete')
      const preload = vi.fn()
      schedulePreload('intent', preload)
      vi.advanceTimersByTime(10_000)
      page.fire(page.document, type, new FakeElement(false))
      expect(preload).not.toHaveBeenCalled()
      page.fire(page.document, type, new FakeElement(false, new FakeElement(true)))
      expect(preload).toHaveBeenCalledTimes(1)
      page.fire(page.document, type, new FakeElement(true))
      expect(preload).toHaveBeenCalledTimes(1)
    }
  })

  it('idle also listens for intent before the page is idle', () => {
    const page = fakePage('loading')
    const preload = vi.fn()
    schedulePreload('idle', preload)
    page.fire(page.document, 'focusin', new FakeElement(true))
    expect(preload).toHaveBeenCalledTimes(1)
    page.fire(page.window, 'load')
    vi.advanceTimersByTime(10_000)
    expect(preload).toHaveBeenCalledTimes(1)
  })

  it('none schedules nothing; cancel stops what waits', () => {
    const page = fakePage('loading')
    const preload = vi.fn()
    schedulePreload('none', preload)
    const cancel = schedulePreload('idle', preload)
    cancel()
    page.fire(page.window, 'load')
    page.fire(page.document, 'pointerover', new FakeElement(true))
    vi.advanceTimersByTime(10_000)
    expect(preload).not.toHaveBeenCalled()
  })

  it('outside a browser nothing is scheduled', () => {
    const preload = vi.fn()
    expect(typeof globalThis.window).toBe('undefined')
    schedulePreload('idle', preload)()
    expect(preload).not.toHaveBeenCalled()
  })
})

describe('createModal schedules its preload', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('by the preload option; destroy() cancels what still waits', async () => {
    const { createModal } = await import('../../ui/index.js')
    const page = fakePage('complete')
    const modal = createModal({ projectId: 'p', storage: null, preload: 'intent', plugins: [] })
    const preload = vi.spyOn(modal, 'preload').mockResolvedValue()
    page.fire(page.document, 'pointerover', new FakeElement(true))
    expect(preload).toHaveBeenCalledTimes(1)

    const other = createModal({ projectId: 'p', storage: null, preload: 'intent', plugins: [] })
    const otherPreload = vi.spyOn(other, 'preload').mockResolvedValue()
    other.destroy()
    page.fire(page.document, 'pointerover', new FakeElement(true))
    expect(otherPreload).not.toHaveBeenCalled()
    modal.destroy()
  })
})
