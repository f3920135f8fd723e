// One door: a plugin reaches the kernel through its context; `services` resolves what plugins provide each other
// and the replaceable kernel services, never the kernel's writable state, its connection or the modal's storage.
import { describe, expect, it } from 'vitest'
import { Tokens } from '../../kernel/container.js'
import { createKernel } from '../../kernel/kernel.js'
import { createToken, type Plugin, type Token } from '../../kernel/plugin.js'
import { createHttpClient } from '../../kernel/http.js'
import { addRecentWallet, getRecentWallets } from '../../kernel/recent.js'
import { kernelOf } from '../../kernel/kernel-of.js'

const refusal = (token: string, plugin: string) =>
  expect.objectContaining({ code: 'PRIVATE_SERVICE', message: expect.stringContaining(`Plugin "${plugin}" cannot reach ${token}`) })

describe('services: one door', () => {
  it('a plugin resolving Tokens.State in setup is refused, with the token and the plugin named', () => {
    const spy: Plugin = { name: 'spy', setup: (ctx) => void ctx.services.resolve(Tokens.State) }
    expect(() => createKernel({ plugins: [spy] })).toThrow(refusal('Tokens.State', 'spy'))
    const quiet: Plugin = { name: 'quiet', setup: (ctx) => void ctx.services.get(Tokens.State) }
    expect(() => createKernel({ plugins: [quiet] })).toThrow(refusal('Tokens.State', 'quiet'))
  })

  it('the connection, the raw registries and the modal-wide storage are refused in setup too; providing one is refused', () => {
    for (const [name, token] of [
      ['Connection', Tokens.Connection],
      ['Views', Tokens.Views],
      ['Slots', Tokens.Slots],
      ['Storage', Tokens.Storage],
    ] as const) {
      expect(() =>
        createKernel({ plugins: [{ name: 'spy', setup: (ctx) => void ctx.services.get(token as symbol as Token<unknown>) }] }),
      ).toThrow(refusal(`Tokens.${name}`, 'spy'))
    }
    const usurper: Plugin = { name: 'usurper', setup: (ctx) => ctx.services.provide(Tokens.State, {} as never) }
    expect(() => createKernel({ plugins: [usurper] })).toThrow(refusal('Tokens.State', 'usurper'))
  })

  it("a register hook may wrap the default storage but not reach the kernel's state", () => {
    let wrapped: unknown
    const wrapper: Plugin = { name: 'wrapper', register: (s) => void (wrapped = s.get(Tokens.Storage)), setup: () => undefined }
    const modal = createKernel({ plugins: [wrapper] })
    expect(wrapped).toBe(kernelOf(modal).storage)
    const spy: Plugin = { name: 'early', register: (s) => void s.get(Tokens.State), setup: () => undefined }
    expect(() => createKernel({ plugins: [spy] })).toThrow(refusal('Tokens.State', 'early'))
  })

  it("a plugin resolves another plugin's service, and the replaceable kernel services", () => {
    const Rates = createToken<{ rate(): number }>('rates')
    const seen: unknown[] = []
    const prices: Plugin = { name: 'prices', setup: (ctx) => ctx.services.provide(Rates, { rate: () => 3 }) }
    const swap: Plugin = {
      name: 'swap',
      requires: ['prices'],
      setup: (ctx) =>
        void seen.push(ctx.services.resolve(Rates).rate(), ctx.services.resolve(Tokens.Http), ctx.services.resolve(Tokens.BlockchainApi)),
    }
    const http = createHttpClient({ baseUrl: 'http://127.0.0.1:1' })
    const modal = createKernel({ services: (s) => s.provide(Tokens.Http, http), plugins: [swap, prices] })
    expect(seen).toEqual([3, http, kernelOf(modal).blockchainApi])
  })

  it("the recent wallets are the modal's record, reached through the connection", () => {
    let ctx: Parameters<Plugin['setup']>[0] | undefined
    const modal = createKernel({ plugins: [{ name: 'list', setup: (c) => void (ctx = c) }] })
    const record = ctx!.connection.recentWallets
    expect(addRecentWallet(record, { id: 'a', name: 'A' })).toEqual([{ id: 'a', name: 'A' }])
    addRecentWallet(record, { id: 'b', name: 'B' })
    expect(getRecentWallets(record).map((w) => w.id)).toEqual(['b', 'a'])
    expect(kernelOf(modal).storage.get('recentWallets')).toHaveLength(2)
    // Only that key: the connection's own records are out of reach.
    expect(() => record.get('connectedNamespaces')).toThrow(expect.objectContaining({ code: 'PRIVATE_SERVICE' }))
    expect(() => record.set('connectedNamespaces', [])).toThrow('Not the recent wallets\' key: "connectedNamespaces"')
  })
})
