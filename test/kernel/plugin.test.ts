import { Tokens } from '../../kernel/container.js'
import { describe, expect, it, vi } from 'vitest'
import { VestibuleError } from '../../kernel/errors.js'
import { createKernel } from '../../kernel/kernel.js'
import { normalizePlugins, type Plugin, type PluginContext, type PluginInput } from '../../kernel/plugin.js'
import { dummyView, recordingBackend } from './helpers.js'
import { kernelOf } from '../../kernel/kernel-of.js'

const plugin = (name: string, extra: Partial<Plugin> = {}): Plugin => ({ name, setup: () => {}, ...extra })
const names = (input: readonly PluginInput[] | undefined) => normalizePlugins(input).map((p) => p.name)

describe('plugins: normalizing the plugins option', () => {
  it('nested arrays are flattened', () => {
    expect(names([plugin('a'), [plugin('b'), [plugin('c'), [plugin('d')]]], plugin('e')])).toEqual(['a', 'b', 'c', 'd', 'e'])
  })

  it('falsy entries are ignored', () => {
    const isProd = false
    expect(names([plugin('a'), isProd && plugin('analytics'), null, undefined, 0, '', [false, plugin('b')]])).toEqual(['a', 'b'])
  })

  it('no plugins option gives no plugins', () => {
    expect(normalizePlugins(undefined)).toEqual([])
    expect(normalizePlugins([])).toEqual([])
  })

  it('a plugins option that is not an array is rejected', () => {
    expect(() => normalizePlugins(plugin('a') as never)).toThrow('`plugins` must be an array of plugins')
  })

  it('duplicate names are rejected with an error naming them', () => {
    expect(() => normalizePlugins([plugin('swap'), plugin('send'), [plugin('swap')]])).toThrow('Duplicate plugin "swap"')
  })

  it('missing `requires` are rejected naming them', () => {
    expect(() => normalizePlugins([plugin('swap', { requires: ['eip155'] })])).toThrow(
      'Plugin "swap" requires "eip155", which is not registered',
    )
    expect(() => normalizePlugins([plugin('swap', { requires: ['eip155', 'balances', 'solana'] }), plugin('balances')])).toThrow(
      'Plugin "swap" requires "eip155", "solana", which are not registered',
    )
  })

  it('requires met in any position passes, and a required plugin sets up before the one requiring it', () => {
    expect(names([plugin('swap', { requires: ['eip155'] }), plugin('eip155')])).toEqual(['eip155', 'swap'])
    expect(names([plugin('a'), plugin('swap', { requires: ['late'] }), plugin('late', { order: 'post' })])).toEqual(['a', 'late', 'swap'])
  })

  it('plugins that require each other are rejected naming the cycle', () => {
    expect(() => normalizePlugins([plugin('a', { requires: ['b'] }), plugin('b', { requires: ['a'] })])).toThrow(
      'Plugins "a" → "b" → "a" require each other',
    )
  })

  it('order: pre plugins first, post plugins last, the rest in array order', () => {
    const input = [
      plugin('n1'),
      plugin('post1', { order: 'post' }),
      plugin('pre1', { order: 'pre' }),
      plugin('n2'),
      plugin('pre2', { order: 'pre' }),
      plugin('post2', { order: 'post' }),
    ]
    expect(names(input)).toEqual(['pre1', 'pre2', 'n1', 'n2', 'post1', 'post2'])
  })

  it('an invalid order is rejected naming the plugin', () => {
    expect(() => normalizePlugins([plugin('x', { order: 'first' as never })])).toThrow('Plugin "x" has order "first"')
  })

  it('a plugin without a name is rejected with its position', () => {
    expect(() => normalizePlugins([plugin('a'), { setup: () => {} } as never])).toThrow('Plugin at position 1 has no name')
    expect(() => normalizePlugins([plugin('')])).toThrow('Plugin at position 0 has no name')
  })

  it('a plugin without setup is rejected naming it', () => {
    expect(() => normalizePlugins([{ name: 'lazy' } as never])).toThrow('Plugin "lazy" has no setup() function')
  })
})

describe('plugins: setup inside createKernel', () => {
  it('setup runs in pre → normal → post order', () => {
    const order: string[] = []
    const p = (name: string, o?: 'pre' | 'post') => plugin(name, { order: o, setup: () => void order.push(name) })
    createKernel({ plugins: [p('late', 'post'), p('mid'), p('early', 'pre')], storage: recordingBackend() })
    expect(order).toEqual(['early', 'mid', 'late'])
  })

  it('duplicate plugin names make createKernel throw naming them', () => {
    expect(() => createKernel({ plugins: [plugin('swap'), plugin('swap')] })).toThrow('Duplicate plugin "swap"')
  })

  it('a plugin setup error is wrapped naming the plugin', () => {
    const cause = new Error('no RPC url')
    let error: unknown
    try {
      createKernel({
        plugins: [
          plugin('ok'),
          plugin('broken', {
            setup: () => {
              throw cause
            },
          }),
        ],
      })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(VestibuleError)
    expect((error as VestibuleError).code).toBe('INVALID_PLUGIN')
    expect((error as VestibuleError).message).toBe('Plugin "broken" failed to set up: no RPC url')
    expect((error as VestibuleError).cause).toBe(cause)
  })

  it('getPlugin returns the API the plugin returned from setup', () => {
    const api = { quote: vi.fn() }
    const modal = createKernel({ plugins: [plugin('swap', { setup: () => api })] })
    expect(modal.getPlugin('swap')).toBe(api)
  })

  it('getPlugin of an unregistered plugin throws MISSING_PLUGIN naming it', () => {
    const modal = createKernel({ plugins: [] })
    expect(() => modal.getPlugin('nft')).toThrow('Plugin "nft" is not registered')
  })

  it('a plugin reaches an earlier plugin API through its context', () => {
    const api = { rate: () => 2 }
    let seen: unknown
    createKernel({
      plugins: [
        plugin('prices', { setup: () => api }),
        plugin('swap', { requires: ['prices'], setup: (ctx) => void (seen = ctx.getPlugin('prices')) }),
      ],
    })
    expect(seen).toBe(api)
  })

  it('the context gives every service of the modal', () => {
    let ctx: PluginContext | undefined
    const modal = createKernel({ plugins: [plugin('probe', { setup: (c) => void (ctx = c) })] })
    const k = kernelOf(modal)
    expect(ctx!.name).toBe('probe')
    expect(ctx!.services.resolve(Tokens.Router)).toBe(k.router)
    expect(ctx!.router).toBe(k.router)
    expect(ctx!.events).toBe(k.events)
    expect(ctx!.http).toBe(k.http)
    expect(ctx!.i18n).toBe(k.i18n)
    expect(ctx!.options).toBe(k.options)
    // State is handed read-only: the same stores, without their setters in the type.
    expect(ctx!.state.$chains).toBe(k.state.$chains)
    expect(ctx!.state.$snapshot).toBe(k.state.$snapshot)
    expect(ctx!.chains).toBe(k.chains)
    expect(ctx!.feedback).toBe(k.feedback)
    expect(ctx!.wallets).toBe(k.wallets)
    expect(ctx!.platform).toBe(k.platform)
  })

  it('a plugin storage is namespaced to the plugin: <prefix>/v1/<plugin>/<key>', () => {
    const backend = recordingBackend()
    let ctx: PluginContext | undefined
    createKernel({ storage: backend, storagePrefix: 'app', plugins: [plugin('swap', { setup: (c) => void (ctx = c) })] })
    ctx!.storage.set('slippage', 1)
    expect([...backend.data.keys()]).toEqual(['app/v1/swap/slippage'])
  })

  it('a plugin slice is its own nanostores map', () => {
    let ctx: PluginContext | undefined
    createKernel({ plugins: [plugin('swap', { setup: (c) => void (ctx = c) })] })
    const a = ctx!.slice({ amount: '1' })
    const b = ctx!.slice({ amount: '1' })
    a.setKey('amount', '2')
    expect(a.get()).toEqual({ amount: '2' })
    expect(b.get()).toEqual({ amount: '1' })
  })

  it('views a plugin registers record the plugin that contributed them', () => {
    const modal = createKernel({ plugins: [plugin('swap', { setup: (c) => c.views.register('Swap', dummyView) })] })
    expect(kernelOf(modal).views.get('Swap')?.plugin).toBe('swap')
  })

  it('two plugins registering one view fail naming both', () => {
    const register = (c: PluginContext) => c.views.register('Swap', dummyView)
    expect(() => createKernel({ plugins: [plugin('swap', { setup: register }), plugin('swap2', { setup: register })] })).toThrow(
      'Plugin "swap2": view "Swap" is registered twice (first by "swap")',
    )
  })

  it('onDestroy hooks run on destroy, and a failing hook does not stop the others', () => {
    const first = vi.fn(() => {
      throw new Error('x')
    })
    const second = vi.fn()
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const modal = createKernel({
      plugins: [plugin('a', { setup: (c) => c.onDestroy(first) }), plugin('b', { setup: (c) => c.onDestroy(second) })],
    })
    expect(first).not.toHaveBeenCalled()
    modal.destroy()
    expect(first).toHaveBeenCalledTimes(1)
    expect(second).toHaveBeenCalledTimes(1)
    error.mockRestore()
  })
})

describe('plugin registry errors carry their declared codes', () => {
  it('a duplicate plugin is DUPLICATE_PLUGIN', () => {
    expect(() => createKernel({ plugins: [plugin('swap'), plugin('swap')] })).toThrow(expect.objectContaining({ code: 'DUPLICATE_PLUGIN' }))
  })

  it('two chain plugins for one namespace: DUPLICATE_PLUGIN, naming the plugin and the namespace', () => {
    const adapter = (name: string) => plugin(name, { setup: (ctx) => ctx.chains.register({ namespace: 'eip155' } as never) })
    let error: unknown
    try {
      createKernel({ plugins: [adapter('evm-a'), adapter('evm-b')], storage: recordingBackend() })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(VestibuleError)
    expect(error).toMatchObject({
      code: 'DUPLICATE_PLUGIN',
      message: 'Plugin "evm-b" failed to set up: Two chain plugins register the namespace "eip155"; register one per namespace',
    })
  })

  it('a view registered twice keeps DUPLICATE_VIEW', () => {
    const view = (name: string) => plugin(name, { setup: (ctx) => ctx.views.register('Same', dummyView) })
    expect(() => createKernel({ plugins: [view('a'), view('b')] })).toThrow(expect.objectContaining({ code: 'DUPLICATE_VIEW' }))
  })
})
