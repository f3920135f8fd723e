// auth() on the public plugin contract: its Connect-view methods in the connect-methods order (email, social,
// wallet; wallet first when a wallet is shown; the host's connectMethodsOrder), its flags and options checked,
// and nothing created before the user picks a method.
import { describe, expect, it } from 'vitest'
import { createKernel } from '../../../kernel/kernel.js'
import { eip155 } from '../../../chains/eip155/index.js'
import { auth } from '../../../plugins/auth/index.js'
import { dummyView } from '../../kernel/helpers.js'
import { createModal } from '../../../index.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

/** The shell's wallet list, with the rank it declares. */
const wallet = { id: 'wallet', label: 'Wallets', order: 300, leadsWhenWalletShown: true, load: async () => ({ default: () => null }) }
const modal = (options: Record<string, unknown> = {}, plugins: unknown[] = [auth()]) =>
  createKernel(
    { projectId: 'p', storage: null, plugins, ...options } as never,
    { views: { Connect: dummyView }, slots: [['connect.methods', wallet]] } as never,
  )
const methods = (m: ReturnType<typeof modal>, walletShown = false) =>
  kernelOf(m)
    .slots.list('connect.methods', { walletShown })
    .map((e) => e.id)

describe('auth plugin', () => {
  it('adds email and socials to the Connect view: email, social, wallet; wallet first when a wallet is shown', () => {
    const m = modal()
    expect(methods(m)).toEqual(['email', 'social', 'wallet'])
    expect(methods(m, true)).toEqual(['wallet', 'email', 'social'])
    expect(methods(modal({ features: { connectMethodsOrder: ['social', 'wallet', 'email'] } }))).toEqual(['social', 'wallet', 'email'])
  })

  it('features.email and features.socials turn their sections off; socials are checked', () => {
    expect(methods(modal({ features: { email: false } }))).toEqual(['social', 'wallet'])
    expect(methods(modal({ features: { socials: false } }))).toEqual(['email', 'wallet'])
    expect(kernelOf(modal()).options.features.socials).toEqual(['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
    expect(() => modal({ features: { socials: ['myspace'] } })).toThrow(
      '`features.socials` must be false or a list of google, x, discord, farcaster, github, apple, facebook',
    )
  })

  it('secureSiteUrl is an http(s) URL, owned by auth()', () => {
    expect(kernelOf(modal()).options.secureSiteUrl).toBe('https://secure.walletconnect.org/sdk')
    expect(() => modal({ secureSiteUrl: 'javascript:alert(1)' })).toThrow('must be an https URL')
    // The main entry names the plugin a host forgot.
    expect(() => createModal({ projectId: 'p', storage: null, secureSiteUrl: 'http://127.0.0.1:1/frame' })).toThrow(
      '`secureSiteUrl` needs auth() from vestibule/plugins/auth',
    )
    expect(() => createModal({ projectId: 'p', storage: null, features: { email: true } })).toThrow(
      '`features.email` needs auth() from vestibule/plugins/auth',
    )
  })

  it('secureSiteUrl is read as a URL: https, or http on a loopback host; no credentials; its origin as written', () => {
    for (const ok of [
      'https://secure.example/sdk',
      'http://127.0.0.1:5173/frame',
      'http://localhost:3000/',
      'http://[::1]:8080/frame?x=1',
      'https://secure.example',
      'https://secure.example?v=2',
    ])
      expect(kernelOf(modal({ secureSiteUrl: ok })).options.secureSiteUrl).toBe(ok)
    const refused = [
      'http://127.0.0.1 x/frame',
      'not a url',
      'ftp://127.0.0.1/frame',
      'http://secure.example/sdk',
      'http://127.0.0.1.evil.example/frame',
      'http://localhost.evil.example/frame',
      'https://user:secret@secure.example/sdk',
      'http://127.0.0.1\\@evil.example/frame',
      'https:secure.example/sdk',
      ' https://secure.example/sdk',
      'http://0x7f.1/frame',
      'https://secure.example:443/sdk',
      'HTTPS://Secure.Example/sdk',
    ]
    for (const url of refused)
      expect(() => modal({ secureSiteUrl: url }), url).toThrow(
        '`secureSiteUrl` (auth) must be an https URL without credentials (http only on loopback)',
      )
  })

  it('emailShowWallets off marks the email method as collapsing the wallet list', () => {
    const entry = (m: ReturnType<typeof modal>) =>
      kernelOf(m)
        .slots.list('connect.methods')
        .find((e) => e.id === 'email')
    expect(entry(modal())?.collapsesWallets).toBe(false)
    expect(entry(modal({ features: { emailShowWallets: false } }))?.collapsesWallets).toBe(true)
  })

  it('adds no connector and loads no session code until a stored session or a login asks for it', () => {
    const m = modal({}, [
      eip155({
        networks: [
          {
            id: 1,
            name: 'Ethereum',
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
            rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
          },
        ] as never,
      }),
      auth(),
    ])
    kernelOf(m).chains.startDiscovery()
    expect(kernelOf(m).chains.findConnector('ID_AUTH')).toBeUndefined()
    expect(m.getPlugin('auth').$state.get()).toEqual({ step: 'idle' })
    m.destroy()
  })
})
