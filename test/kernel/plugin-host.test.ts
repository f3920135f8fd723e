// The plugin host runs every hook through one runner: plugins in their order, each failure named with its plugin
// and its hook, the original error kept as the cause.
import { describe, expect, it, vi } from 'vitest'
import { createHookRunner, PluginHookError, type HookFailure } from '../../kernel/plugin-host.js'
import { VestibuleError } from '../../kernel/errors.js'
import { modalWithWallet } from './kernel-fixtures.js'
import { kernelOf } from '../../kernel/kernel-of.js'

describe('hook runner', () => {
  it('runs a hook of every plugin in the order they added it, with the arguments given', () => {
    const runner = createHookRunner()
    const calls: string[] = []
    runner.add('a', 'onOpen', (info) => void calls.push(`a ${info.first}`))
    runner.add('b', 'onClose', () => (calls.push('b close'), undefined))
    runner.add('c', 'onOpen', (info) => void calls.push(`c ${info.connected}`))
    runner.run('onOpen', [{ first: true, connected: false }])
    expect(calls).toEqual(['a true', 'c false'])
  })

  it('a throwing hook is handed to onError with its plugin and hook name, and the later plugins still run', () => {
    const runner = createHookRunner()
    const boom = new Error('boom')
    const failures: HookFailure[] = []
    const later = vi.fn(() => undefined)
    runner.add('first', 'onClose', () => {
      throw boom
    })
    runner.add('second', 'onClose', later)
    runner.run('onClose', [], { onError: (failure) => failures.push(failure) })
    expect(failures).toEqual([{ plugin: 'first', hook: 'onClose', error: boom }])
    expect(later).toHaveBeenCalledOnce()
  })

  it('a rejected promise is handed to onError with its plugin and hook name', async () => {
    const runner = createHookRunner()
    const failures: HookFailure[] = []
    runner.add('slow', 'onReconnect', () => Promise.reject(new Error('late')))
    await Promise.all(runner.run('onReconnect', [], { onError: (failure) => failures.push(failure) }))
    expect(failures).toMatchObject([{ plugin: 'slow', hook: 'onReconnect', error: { message: 'late' } }])
  })

  it('without onError, the first throw stops the run as a PluginHookError naming the plugin and the hook', () => {
    const runner = createHookRunner()
    const cause = new Error('no code')
    const after = vi.fn(() => Promise.resolve())
    runner.add('fetcher', 'onPreload', () => {
      throw cause
    })
    runner.add('other', 'onPreload', after)
    let error: unknown
    try {
      runner.run('onPreload', [])
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(PluginHookError)
    expect(error).toBeInstanceOf(VestibuleError)
    expect(error).toMatchObject({
      code: 'INVALID_PLUGIN',
      message: 'Plugin "fetcher" failed in onPreload: no code',
      cause,
      failure: { plugin: 'fetcher', hook: 'onPreload', error: cause },
    })
    expect(after).not.toHaveBeenCalled()
  })

  it('defer calls the hooks after the caller went on', async () => {
    const runner = createHookRunner()
    const calls: string[] = []
    runner.add('p', 'onDestroy', () => void calls.push('hook'))
    const done = runner.run('onDestroy', [], { defer: true, onError: () => {} })
    calls.push('caller')
    await Promise.all(done)
    expect(calls).toEqual(['caller', 'hook'])
  })

  it('until stops at the first result it accepts', () => {
    const runner = createHookRunner()
    const third = vi.fn(() => 'c')
    runner.add('a', 'onClose', () => undefined)
    runner.add('b', 'onClose', () => 'b')
    runner.add('c', 'onClose', third)
    expect(runner.run('onClose', [], { until: Boolean })).toEqual([undefined, 'b'])
    expect(third).not.toHaveBeenCalled()
  })

  it('call() wraps a failing register or setup with the plugin and the hook when no handler is given', () => {
    const runner = createHookRunner()
    expect(() =>
      runner.call('p', 'register', () => {
        throw new Error('x')
      }),
    ).toThrow('Plugin "p" failed in register: x')
  })
})

describe('the kernel runs plugin hooks through the host', () => {
  it('onOpen hooks run in plugin order, each reported failure names its plugin', async () => {
    const order: string[] = []
    const errors: Array<{ source: string; error: unknown }> = []
    const boom = new Error('boom')
    const { modal } = modalWithWallet({
      plugins: [
        { name: 'one', setup: (ctx) => ctx.onOpen(() => void order.push('one')) },
        {
          name: 'two',
          setup: (ctx) =>
            ctx.onOpen(() => {
              order.push('two')
              throw boom
            }),
        },
        { name: 'three', setup: (ctx) => ctx.onOpen(() => void order.push('three')) },
      ],
    })
    kernelOf(modal).events.on('error', (e) => errors.push(e))
    await modal.open()
    // The first open restores the session with the connection's code: wait for it.
    await modal.reconnect()
    expect(order).toEqual(['one', 'two', 'three'])
    expect(errors).toEqual([{ source: 'hook of two', error: boom }])
  })

  it('the first close guard that refuses wins; a throwing guard is reported and skipped', async () => {
    const errors: string[] = []
    const later = vi.fn(() => 'later.reason')
    const { modal } = modalWithWallet({
      plugins: [
        {
          name: 'broken',
          setup: (ctx) =>
            ctx.onClose(() => {
              throw new Error('guard')
            }),
        },
        { name: 'signIn', setup: (ctx) => ctx.onClose(() => 'signIn.required') },
        { name: 'after', setup: (ctx) => ctx.onClose(later) },
      ],
    })
    kernelOf(modal).events.on('error', ({ source }) => errors.push(source))
    const refused: unknown[] = []
    kernelOf(modal).events.on('modal:closeRefused', (e) => refused.push(e))
    await modal.open()
    await modal.reconnect()
    expect(modal.close()).toBe(false)
    expect(refused).toEqual([{ reason: 'signIn.required', message: 'signIn.required' }])
    expect(errors).toEqual(['close guard'])
    expect(later).not.toHaveBeenCalled()
  })

  it('destroy hooks all run, in plugin order, a throwing one logged', () => {
    const order: string[] = []
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { modal } = modalWithWallet({
      plugins: [
        {
          name: 'a',
          setup: (ctx) =>
            ctx.onDestroy(() => {
              order.push('a')
              throw new Error('a')
            }),
        },
        { name: 'b', setup: (ctx) => ctx.onDestroy(() => void order.push('b')) },
      ],
    })
    modal.destroy()
    expect(order).toEqual(['a', 'b'])
    expect(logged).toHaveBeenCalledWith('[vestibule] destroy hook failed', expect.objectContaining({ message: 'a' }))
    logged.mockRestore()
  })

  it('a failing setup is a PluginHookError naming the plugin and the setup hook', () => {
    let error: unknown
    try {
      modalWithWallet({
        plugins: [
          {
            name: 'broken',
            setup: () => {
              throw new Error('boom')
            },
          },
        ],
      })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(PluginHookError)
    expect(error).toMatchObject({
      code: 'INVALID_PLUGIN',
      message: 'Plugin "broken" failed to set up: boom',
      failure: { plugin: 'broken', hook: 'setup' },
    })
  })
})
