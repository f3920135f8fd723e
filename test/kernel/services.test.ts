// Services by token: the kernel's own under `Tokens`, replaceable before setup by a host or a plugin's register
// hook; plugins' services resolved by other plugins; a missing one named in the error.
import { describe, expect, it } from 'vitest'
import { Tokens } from '../../kernel/container.js'
import { createKernel } from '../../kernel/kernel.js'
import { createToken, type Plugin } from '../../kernel/plugin.js'
import { createStorage } from '../../kernel/storage.js'
import { createHttpClient } from '../../kernel/http.js'
import { recordingBackend } from './helpers.js'
import { kernelOf } from '../../kernel/kernel-of.js'

describe('services by token', () => {
  it('a host replaces the storage service: the kernel and every plugin write through the replacement', () => {
    const replaced = recordingBackend()
    let plugin: Parameters<Plugin['setup']>[0] | undefined
    const modal = createKernel({
      storage: recordingBackend(),
      services: (s) => s.provide(Tokens.Storage, createStorage({ prefix: 'host', backend: replaced })),
      plugins: [{ name: 'notes', setup: (ctx) => void (plugin = ctx) }],
    })
    plugin!.storage.set('draft', 'hi')
    kernelOf(modal).storage.set('k', 1)
    expect([...replaced.data.keys()].sort()).toEqual(['host/v1/k', 'host/v1/notes/draft'])
  })

  it("a pre plugin's register hook replaces the HTTP client before any setup, and the host's comes after it", () => {
    const mine = createHttpClient({ baseUrl: 'http://127.0.0.1:1' })
    const seen: unknown[] = []
    const pre: Plugin = { name: 'proxy', order: 'pre', register: (s) => s.provide(Tokens.Http, mine), setup: () => undefined }
    const reader: Plugin = { name: 'reader', setup: (ctx) => void seen.push(ctx.http, ctx.services.resolve(Tokens.Http)) }
    const modal = createKernel({ plugins: [reader, pre] })
    expect(seen).toEqual([mine, mine])
    expect(kernelOf(modal).http).toBe(mine)
    const hosts = createHttpClient({ baseUrl: 'http://127.0.0.1:2' })
    expect(kernelOf(createKernel({ services: (s) => s.provide(Tokens.Http, hosts), plugins: [pre] })).http).toBe(hosts)
  })

  it('a plugin provides a service another resolves by token; a token nobody provides names the plugin', () => {
    const Balances = createToken<{ total(): number }>('balances')
    const provider: Plugin = { name: 'tokens', setup: (ctx) => ctx.services.provide(Balances, { total: () => 42 }) }
    let total = 0
    const consumer: Plugin = { name: 'send', requires: ['tokens'], setup: (ctx) => void (total = ctx.services.resolve(Balances).total()) }
    createKernel({ plugins: [consumer, provider] })
    expect(total).toBe(42)
    const alone: Plugin = { name: 'swap', setup: (ctx) => void ctx.services.resolve(Balances) }
    expect(() => createKernel({ plugins: [alone] })).toThrow(
      expect.objectContaining({
        code: 'MISSING_SERVICE',
        message: 'Plugin "swap" resolves the service "balances", which no plugin provides',
      }),
    )
    expect(createKernel({ plugins: [{ name: 'opt', setup: (ctx) => ctx.services.get(Balances) }] }).getPlugin('opt')).toBeUndefined()
  })

  it('a plugin that throws in setup is named, with its message', () => {
    expect(() =>
      createKernel({
        plugins: [
          {
            name: 'broken',
            setup: () => {
              throw new Error('boom')
            },
          },
        ],
      }),
    ).toThrow('Plugin "broken" failed to set up: boom')
  })
})

describe('close guard', () => {
  it('a guard that gives a reason keeps the modal open, shows the reason and shakes; without a reason it closes', async () => {
    let required = true
    const modal = createKernel({
      projectId: 'p',
      storage: null,
      plugins: [{ name: 'signIn', setup: (ctx) => ctx.onClose(() => (required ? 'Sign in first' : undefined)) }],
    })
    const refused: string[] = []
    kernelOf(modal).events.on('modal:closeRefused', ({ reason }) => refused.push(reason))
    await modal.open()
    expect(modal.close()).toBe(false)
    expect(modal.isOpen()).toBe(true)
    expect(refused).toEqual(['Sign in first'])
    expect(kernelOf(modal).state.$modal.get().shake).toBe(true)
    expect(kernelOf(modal).feedback.$snackbar.get()).toMatchObject({ open: true, variant: 'error', message: 'Sign in first' })
    required = false
    expect(modal.close()).toBe(true)
    expect(modal.isOpen()).toBe(false)
    modal.destroy()
  })
})
