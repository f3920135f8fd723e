import { describe, expect, it } from 'vitest'
import { VestibuleError } from '../../kernel/errors.js'
import { resolveContainer } from '../../kernel/container-option.js'

describe('container option: the element the modal is appended to', () => {
  it('a selector is looked up at open(): the element it matches, or an error naming it', () => {
    const app = { nodeType: 1, append() {} }
    const doc = { querySelector: (selector: string) => (selector === '#app' ? app : null) }
    expect(resolveContainer('#app', doc)).toBe(app)
    expect(resolveContainer(app as never, doc)).toBe(app)
    const missing = (() => {
      try {
        resolveContainer('#missing', doc)
      } catch (error) {
        return error as VestibuleError
      }
    })()
    expect(missing).toBeInstanceOf(VestibuleError)
    expect(missing).toMatchObject({ code: 'INVALID_OPTIONS', message: '`container`: no element matches "#missing"' })
    const broken = {
      querySelector: () => {
        throw new DOMException('not a valid selector', 'SyntaxError')
      },
    }
    expect(() => resolveContainer('##', broken)).toThrow('`container`: "##" is not a valid CSS selector')
  })
})
