// A third-party plugin names itself in the error a host gets for its option without it, as first-party ones do.
import { describe, expect, it } from 'vitest'
import { createModal } from 'vestibule'
import { hello } from '../../examples/hello/index.js'
import '../../examples/hello/owner.js'

describe('example plugin: hello registers its owner hint', () => {
  it('its option without the plugin names the plugin to add', () => {
    expect(() => createModal({ projectId: 'p', storage: null, helloText: 'Hi', plugins: [] })).toThrow(
      '`helloText` needs hello() from vestibule-hello',
    )
  })

  it('with the plugin the option is simply used', () => {
    const modal = createModal({ projectId: 'p', storage: null, preload: 'none', helloText: 'Hi', plugins: [hello()] })
    expect(modal.getPlugin('hello').greet()).toBe('Hi, stranger')
    modal.destroy()
  })
})
