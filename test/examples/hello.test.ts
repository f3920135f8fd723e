// The third-party example plugin, used through the public API: typed by module augmentation, its options
// declared and checked, its service resolved by token from another plugin, its event and slice working.
import { describe, expect, expectTypeOf, it } from 'vitest'
import { createModal, type Plugin } from 'vestibule'
import { Greeting, hello, type HelloApi } from '../../examples/hello/index.js'
import { kernelOf } from '../../kernel/kernel-of.js'

describe('example plugin: hello', () => {
  it('is typed through module augmentation', () => {
    const modal = createModal({ projectId: 'p', storage: null, plugins: [hello()] })
    expectTypeOf(modal.getPlugin('hello')).toEqualTypeOf<HelloApi>()
    expectTypeOf(modal.getPlugin('hello').greet).returns.toEqualTypeOf<string>()
    // @ts-expect-error helloText is declared as a string
    expect(() => createModal({ helloText: 42, plugins: [hello()] })).toThrow('`helloText` (hello) must be a non-empty string')
  })

  it('greets, counts in its slice and emits its event', () => {
    const modal = createModal({ projectId: 'p', storage: null, helloText: 'Hi', plugins: [hello()] })
    const seen: number[] = []
    kernelOf(modal).events.on('hello:greeted', ({ count }) => seen.push(count))
    expect(modal.getPlugin('hello').greet()).toBe('Hi, stranger')
    expect(modal.getPlugin('hello').count).toBe(1)
    expect(seen).toEqual([1])
  })

  it('fills an account tab, a wallet feature and a view', () => {
    const modal = createModal({ projectId: 'p', storage: null, plugins: [hello()] })
    expect(
      kernelOf(modal)
        .slots.list('account.tabs')
        .map((t) => t.id),
    ).toEqual(['hello'])
    expect(
      kernelOf(modal)
        .slots.list('account.features')
        .map((t) => [t.id, t.view]),
    ).toEqual([['hello', 'Hello']])
    expect(kernelOf(modal).views.has('Hello')).toBe(true)
  })

  it('provides a service another plugin resolves by token', () => {
    let greeting = ''
    const reader: Plugin = {
      name: 'reader',
      requires: ['hello'],
      setup: (ctx) => void (greeting = ctx.services.resolve(Greeting).greet('Ada')),
    }
    createModal({ projectId: 'p', storage: null, plugins: [reader, hello()] })
    expect(greeting).toBe('Hello, Ada')
  })

  it('an option of the plugin without the plugin is an unknown option', () => {
    // The augmented option type-checks, but no registered plugin declares it.
    expect(() => createModal({ projectId: 'p', helloText: 'Hi', plugins: [] })).toThrow('Unknown option `helloText`')
  })
})
