/**
 * The text warm-up of a first open without a preload: one face per task, in the host's theme, stopping as soon as
 * it is no longer needed. Its effect on a real page (hidden, inert, gone within its task) is in
 * test/ui/shell/mount.test.ts; here a minimal document records what is laid out.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FONT_FAMILY, TEXT_FACES, warmText } from '../../ui/warm-text.js'
import { createKernel } from '../../kernel/index.js'

describe('warmText', () => {
  const laidOut: string[] = []
  beforeEach(() => {
    vi.useFakeTimers()
    laidOut.length = 0
    const element = () => {
      const el = {
        style: { font: '' } as Record<string, string>,
        inert: false,
        setAttribute() {},
        remove() {},
        get offsetHeight() {
          laidOut.push(el.style.font!)
          return 0
        },
      }
      return el
    }
    vi.stubGlobal('document', { body: { append() {} }, createElement: element })
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })
  const modal = (themeVariables: Record<`--vb-${string}`, string> = {}) =>
    createKernel({ projectId: 'p', storage: null, themeMode: 'light', themeVariables })

  it('lays out one face per task, in order, in the shell font', () => {
    warmText(modal(), () => false)
    expect(laidOut).toEqual([`400 15px ${FONT_FAMILY}`])
    vi.advanceTimersToNextTimer()
    expect(laidOut).toHaveLength(2)
    vi.runAllTimers()
    expect(laidOut).toHaveLength(TEXT_FACES.length)
    expect(laidOut.at(-1)).toBe(`700 28px ${FONT_FAMILY}`)
  })

  it("follows the host's family and base size, and stops once done() says so", () => {
    let done = false
    warmText(modal({ '--vb-font-family': 'Probe Sans', '--vb-font-size': '17px' }), () => done)
    vi.advanceTimersToNextTimer()
    vi.advanceTimersToNextTimer()
    done = true
    vi.runAllTimers()
    expect(laidOut).toEqual(['400 17px Probe Sans', '500 17px Probe Sans', '700 17px Probe Sans'])
  })
})
