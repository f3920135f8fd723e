import { describe, expect, it, vi } from 'vitest'
import { VestibuleError } from '../../kernel/errors.js'
import {
  DEFAULT_API_URL,
  DEFAULT_SDK_VERSION,
  collectDeclarations,
  resolveOptions,
  type DeclaredOptions,
  type ModalOptions,
} from '../../kernel/options.js'
import { resolveContainer } from '../../kernel/container-option.js'
import type { OptionDeclaration, Plugin } from '../../kernel/plugin.js'
import { dummyView } from './helpers.js'
import { modalWithWallet } from './kernel-fixtures.js'
import { receive } from '../../plugins/receive/index.js'
import { send } from '../../plugins/send/index.js'
import { activity } from '../../plugins/activity/index.js'
import { analytics } from '../../plugins/analytics/index.js'
import { walletCatalog } from '../../plugins/catalog/index.js'
import { kernelOf } from '../../kernel/kernel-of.js'

const DEFAULT_SOCIALS = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const
const isBoolean = (v: unknown) => (typeof v === 'boolean' ? undefined : 'must be a boolean')
/**
 * Feature flags are the plugins' own: the first-party plugins declare theirs (receive, send, history, analytics,
 * allWallets); the others are declared here as the plugins that will bring them would (swaps, onramp, email …).
 */
const flagPlugins = [
  receive(),
  send(),
  activity(),
  analytics(),
  walletCatalog(),
  { name: 'swaps', features: { swaps: true } },
  { name: 'onramp', features: { onramp: true } },
  { name: 'smartSessions', features: { smartSessions: false } },
  { name: 'email', features: { email: true, emailShowWallets: { check: isBoolean } } },
  {
    name: 'socials',
    features: {
      socials: {
        default: [...DEFAULT_SOCIALS],
        check: (v: unknown) =>
          v === false || (Array.isArray(v) && v.every((p) => typeof p === 'string'))
            ? undefined
            : 'must be an array of provider names or false',
      },
    },
  },
] as unknown as Plugin[]
const FLAGS = collectDeclarations(flagPlugins)
/** Options resolved with the flag-declaring plugins registered. */
const withFlags = (options: unknown, warn?: (message: string) => void) =>
  resolveOptions(options as ModalOptions, warn, FLAGS) as ReturnType<typeof resolveOptions> & { features: Record<string, unknown> }
/** A sign-in plugin's options, declared as such a plugin would: the two forms exclude each other. */
const signIn = collectDeclarations([
  {
    name: 'signIn',
    options: {
      siwx: {
        check: (_v: unknown, all: Record<string, unknown>) =>
          all.siweConfig !== undefined ? 'cannot be set together with `siweConfig`' : undefined,
      },
      siweConfig: {},
    },
  },
] as unknown as Plugin[])

const invalid = (options: unknown) => {
  try {
    resolveOptions(options as ModalOptions)
  } catch (error) {
    expect(error).toBeInstanceOf(VestibuleError)
    expect((error as VestibuleError).code).toBe('INVALID_OPTIONS')
    return (error as VestibuleError).message
  }
  throw new Error('expected resolveOptions to throw')
}

/** Declarations as if one plugin declared the option `name`. */
const declaring = (name: string, plugin: string, declaration: OptionDeclaration = {}): DeclaredOptions => ({
  options: new Map([[name, { plugin, declaration }]]),
  features: new Map(),
})
const invalid2 = (options: unknown, declared: DeclaredOptions) => {
  try {
    resolveOptions(options as ModalOptions, undefined, declared)
  } catch (error) {
    expect((error as VestibuleError).code).toBe('INVALID_OPTIONS')
    return (error as VestibuleError).message
  }
  throw new Error('expected resolveOptions to throw')
}

describe('options: validation', () => {
  it('an unknown option throws naming it', () => {
    expect(invalid({ projectId: 'p', themMode: 'light' })).toBe('Unknown option `themMode`')
  })

  it('several unknown options are all named', () => {
    expect(invalid({ foo: 1, bar: 2 })).toBe('Unknown options `foo`, `bar`')
  })

  it('siweConfig together with siwx is rejected (by the sign-in plugin declaring both)', () => {
    expect(invalid2({ siweConfig: {}, siwx: {} }, signIn)).toBe('`siwx` (signIn) cannot be set together with `siweConfig`')
  })

  it('siweConfig alone is accepted; siwx needs a plugin that declares it', () => {
    expect((resolveOptions({ siweConfig: {} } as ModalOptions, undefined, signIn) as Record<string, unknown>).siweConfig).toEqual({})
    expect(invalid({ siweConfig: {} })).toBe('Unknown option `siweConfig`')
    expect(invalid({ siwx: { required: true } })).toBe('Unknown option `siwx`')
    expect(
      (resolveOptions({ siwx: { required: true } } as ModalOptions, undefined, declaring('siwx', 'signIn')) as Record<string, unknown>)
        .siwx,
    ).toEqual({ required: true })
  })

  it('options must be an object', () => {
    expect(invalid(null)).toBe('createModal needs an options object')
    expect(invalid('p')).toBe('createModal needs an options object')
  })

  it('cspNonce must be a CSP nonce (a base64 string), else createModal names the option', () => {
    expect(resolveOptions({ cspNonce: 'hXQjDD1oLr3/yNI3kBsOng==' }).cspNonce).toBe('hXQjDD1oLr3/yNI3kBsOng==')
    expect(resolveOptions({ cspNonce: 'abc_-123' }).cspNonce).toBe('abc_-123')
    for (const bad of [42, true, {}, ['n'], '', "n' 'unsafe-inline", 'a b']) {
      expect(invalid({ cspNonce: bad })).toBe("`cspNonce` must be the page's CSP nonce (a base64 string)")
    }
  })

  it('projectId must be a string', () => {
    expect(invalid({ projectId: 42 })).toBe('`projectId` must be a string')
  })

  it('themeMode must be dark, light or system', () => {
    expect(invalid({ themeMode: 'blue' })).toBe('`themeMode` must be "dark", "light" or "system"')
    expect(resolveOptions({ themeMode: 'system' }).themeMode).toBe('system')
    expect(resolveOptions({ themeMode: 'light' }).themeMode).toBe('light')
  })

  it.each(['enableEmbedded', 'allowUnsupportedChain', 'enableNetworkSwitch'])('boolean option %s rejects a non-boolean', (key) => {
    expect(invalid({ [key]: 'yes' })).toBe(`\`${key}\` must be a boolean`)
  })

  it('themeVariables must be --vb-* names with string values', () => {
    expect(invalid({ themeVariables: { '--w3m-accent': 'red' } })).toContain('"--w3m-accent"')
    expect(invalid({ themeVariables: { '--vb-accent': 3 } })).toContain('"--vb-accent"')
    expect(resolveOptions({ themeVariables: { '--vb-accent': 'red' } }).themeVariables).toEqual({ '--vb-accent': 'red' })
  })

  it('features must be an object', () => {
    expect(invalid({ features: null })).toBe('`features` must be an object')
    expect(invalid({ features: true })).toBe('`features` must be an object')
  })

  it('metadata.name must be a string', () => {
    expect(invalid({ metadata: { url: 'https://a.b' } })).toBe('`metadata.name` must be a string')
  })
})

describe('options: defaults', () => {
  const resolved = withFlags({})

  it('default theme mode is dark', () => {
    expect(resolved.themeMode).toBe('dark')
  })

  it('a default sdk version label is used when none is given', () => {
    expect(resolved.sdkVersion).toBe(DEFAULT_SDK_VERSION)
    expect(DEFAULT_SDK_VERSION).toMatch(/\S/)
    expect(resolveOptions({ sdkVersion: 'react-vestibule-9.9.9' }).sdkVersion).toBe('react-vestibule-9.9.9')
  })

  it('feature defaults on: swaps, onramp, receive, send, email, history, analytics, allWallets', () => {
    for (const key of ['swaps', 'onramp', 'receive', 'send', 'email', 'history', 'analytics', 'allWallets'] as const) {
      expect(resolved.features[key], key).toBe(true)
    }
  })

  it('feature defaults off: legalCheckbox, smartSessions, collapseWallets', () => {
    for (const key of ['legalCheckbox', 'smartSessions', 'collapseWallets'] as const) {
      expect(resolved.features[key], key).toBe(false)
    }
  })

  it('given features override defaults one by one, the rest keep their default', () => {
    const features = withFlags({ features: { swaps: false, legalCheckbox: true, connectMethodsOrder: ['wallet', 'email'] } }).features
    expect(features.swaps).toBe(false)
    expect(features.legalCheckbox).toBe(true)
    expect(features.onramp).toBe(true)
    expect(features.smartSessions).toBe(false)
    expect(features.connectMethodsOrder).toEqual(['wallet', 'email'])
  })

  it('network switch defaults on unless disabled', () => {
    expect(resolved.enableNetworkSwitch).toBe(true)
    const off = resolveOptions({ enableNetworkSwitch: false })
    expect(off.enableNetworkSwitch).toBe(false)
  })

  it('unsupported chains are not allowed by default', () => {
    expect(resolved.allowUnsupportedChain).toBe(false)
  })

  it('projectId defaults to empty, sdkType to vestibule, apiUrl to the provider API', () => {
    expect(resolved.projectId).toBe('')
    expect(resolved.sdkType).toBe('vestibule')
    expect(resolved.apiUrl).toBe(DEFAULT_API_URL)
    expect(resolveOptions({ apiUrl: 'http://127.0.0.1:1' }).apiUrl).toBe('http://127.0.0.1:1')
  })

  it('plugins are not part of the resolved options; other given options pass through', () => {
    const r = resolveOptions({ plugins: [], projectId: 'p', excludeWalletIds: ['a'], defaultNetwork: 'eip155:10' })
    expect('plugins' in r).toBe(false)
    expect(r.projectId).toBe('p')
    expect(r.excludeWalletIds).toEqual(['a'])
    expect(r.defaultNetwork).toBe('eip155:10')
  })
})

describe('options: wrong types name the option (bad input)', () => {
  it.each(['sdkType', 'sdkVersion', 'locale', 'storagePrefix'])('string option %s rejects a non-string', (key) => {
    expect(invalid({ [key]: 1 })).toBe(`\`${key}\` must be a string`)
  })

  it.each(['termsConditionsUrl', 'privacyPolicyUrl', 'apiUrl', 'blockchainApiUrl'])('URL option %s rejects a non-URL', (key) => {
    for (const value of [42, 'not a url', 'ftp://example.org', 'javascript:alert(1)', '']) {
      expect(invalid({ [key]: value })).toBe(`\`${key}\` must be an http(s) URL`)
    }
    expect(resolveOptions({ [key]: 'https://example.org/terms' } as ModalOptions)[key as 'apiUrl']).toBe('https://example.org/terms')
  })

  it.each(['excludeWalletIds'])('wallet id list %s rejects a non-list or non-string ids', (key) => {
    expect(invalid({ [key]: 'abc' })).toBe(`\`${key}\` must be an array of wallet ids (strings)`)
    expect(invalid({ [key]: ['abc', 3] })).toBe(`\`${key}\` must be an array of wallet ids (strings)`)
  })

  it('defaultNetwork must be a CAIP-2 id', () => {
    expect(invalid({ defaultNetwork: 1 })).toContain('`defaultNetwork`')
    expect(invalid({ defaultNetwork: 'eip155' })).toContain('`defaultNetwork`')
  })

  it('a declared option is checked by its declaration, naming the option and the plugin', () => {
    const declared = declaring('greeting', 'hello', {
      check: (v) => (typeof v === 'string' ? undefined : 'must be a string'),
      default: 'Hi',
    })
    expect(invalid2({ greeting: 3 }, declared)).toBe('`greeting` (hello) must be a string')
    expect((resolveOptions({}, undefined, declared) as unknown as { greeting: string }).greeting).toBe('Hi')
    expect((resolveOptions({ greeting: 'Yo' } as ModalOptions, undefined, declared) as unknown as { greeting: string }).greeting).toBe('Yo')
  })

  it('an option a missing plugin owns names the plugin to add', () => {
    const owners = { featuredWalletIds: 'walletCatalog()', 'features.swaps': 'swap()' }
    expect(invalid2({ featuredWalletIds: ['a'] }, { options: new Map(), features: new Map(), owners })).toBe(
      '`featuredWalletIds` needs walletCatalog()',
    )
    expect(invalid2({ features: { swaps: true } }, { options: new Map(), features: new Map(), owners })).toBe(
      '`features.swaps` needs swap()',
    )
    // Turning off a feature nobody provides is harmless.
    expect(
      (
        resolveOptions({ features: { swaps: false } } as ModalOptions, () => {}, { options: new Map(), features: new Map(), owners })
          .features as Record<string, unknown>
      ).swaps,
    ).toBe(false)
  })

  it('messages must map keys to strings', () => {
    expect(invalid({ messages: 'fr' })).toBe('`messages` must map message keys to strings')
    expect(invalid({ messages: { 'connect.title': 3 } })).toBe('`messages` must map message keys to strings')
  })

  it('metadata.icons must be a list of strings; metadata must be an object', () => {
    expect(invalid({ metadata: { name: 'App', icons: 'https://a/icon.png' } })).toBe('`metadata.icons` must be an array of URLs')
    expect(invalid({ metadata: 'App' })).toBe('`metadata.name` must be a string')
  })

  it.each([
    'swaps',
    'onramp',
    'receive',
    'send',
    'email',
    'emailShowWallets',
    'history',
    'analytics',
    'allWallets',
    'legalCheckbox',
    'smartSessions',
    'collapseWallets',
  ])('boolean feature %s rejects a non-boolean', (name) => {
    expect(invalid2({ features: { [name]: 'yes' } }, FLAGS)).toBe(`\`features.${name}\` must be a boolean`)
  })

  it.each(['connectorTypeOrder', 'walletFeaturesOrder', 'connectMethodsOrder'])('list feature %s rejects a non-list', (name) => {
    expect(invalid({ features: { [name]: 'wallet' } })).toBe(`\`features.${name}\` must be an array of strings`)
    expect(invalid({ features: { [name]: ['wallet', 1] } })).toBe(`\`features.${name}\` must be an array of strings`)
  })

  it('features.socials is a list of providers or false', () => {
    expect(invalid2({ features: { socials: true } }, FLAGS)).toBe('`features.socials` must be an array of provider names or false')
    expect(withFlags({ features: { socials: false } }).features.socials).toBe(false)
    expect(withFlags({ features: { socials: ['github'] } }).features.socials).toEqual(['github'])
  })
})

describe('options: unknown feature names', () => {
  it('an unknown feature name is ignored with exactly one warning naming it', () => {
    const warn = vi.fn()
    const resolved = withFlags({ features: { swaps: false, teleport: true } }, warn)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]![0]).toContain('`teleport`')
    expect(resolved.features.swaps).toBe(false)
    expect(resolved.features.onramp).toBe(true)
    expect('teleport' in resolved.features).toBe(false)
  })

  it('known features give no warning', () => {
    const warn = vi.fn()
    withFlags({ features: { swaps: false, socials: ['google'], connectMethodsOrder: ['wallet'] } }, warn)
    expect(warn).not.toHaveBeenCalled()
  })

  it('createKernel with an unknown feature warns once on console and the modal keeps working', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const { modal } = modalWithWallet({ features: { teleport: true } as never })
      await modal.open()
      expect(modal.isOpen()).toBe(true)
      expect(warn.mock.calls.filter(([m]) => String(m).includes('teleport'))).toHaveLength(1)
    } finally {
      warn.mockRestore()
    }
  })
})

describe('options: every feature default', () => {
  it('feature defaults: swaps, onramp, receive, send, email, history, analytics, allWallets on; legalCheckbox, smartSessions, collapseWallets off; default socials', () => {
    expect(withFlags({}).features).toMatchObject({
      swaps: true,
      onramp: true,
      receive: true,
      send: true,
      email: true,
      history: true,
      analytics: true,
      allWallets: true,
      legalCheckbox: false,
      smartSessions: false,
      collapseWallets: false,
      socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
    })
  })

  it('default social list: google, x, discord, farcaster, github, apple, facebook', () => {
    expect(withFlags({}).features.socials).toEqual(['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
  })

  it('without ordering features the ordering defaults apply (no order is forced)', () => {
    const { features } = resolveOptions({})
    expect(features.connectMethodsOrder).toBeUndefined()
    expect(features.connectorTypeOrder).toBeUndefined()
    expect(features.walletFeaturesOrder).toBeUndefined()
  })

  it('embedded mode and manual WalletConnect control are off unless enabled', () => {
    const resolved = resolveOptions({})
    expect(resolved.enableEmbedded ?? false).toBe(false)
  })
})

describe('options: feature flags and plugins', () => {
  const swapPlugin = {
    name: 'swaps-test',
    features: { swaps: true },
    setup: (ctx) => {
      ctx.views.register('Swap', dummyView)
      ctx.slots.add('account.features', { id: 'swaps', label: 'Swap', view: 'Swap', feature: 'swaps' })
      ctx.slots.add('account.features', { id: 'receive', label: 'Receive' })
    },
  } as Plugin

  it.each([true, false])('a feature flag (swaps: %s) gating a plugin the host did not register is a no-op', async (swaps) => {
    const { modal } = modalWithWallet({ features: { swaps, onramp: swaps } } as ModalOptions)
    await modal.open()
    expect(modal.isOpen()).toBe(true)
    expect(kernelOf(modal).slots.list('account.features')).toEqual([])
    expect(() => modal.getPlugin('swaps-test')).toThrow('not registered')
  })

  it('a registered plugin whose flag is off stays hidden: its slot entry with feature swaps is not listed', () => {
    const { modal } = modalWithWallet({ features: { swaps: false }, plugins: [swapPlugin] } as ModalOptions)
    expect(
      kernelOf(modal)
        .slots.list('account.features')
        .map((e) => e.id),
    ).toEqual(['receive'])
  })

  it('a registered plugin whose flag is on (default) is listed', () => {
    const { modal } = modalWithWallet({ plugins: [swapPlugin] })
    expect(
      kernelOf(modal)
        .slots.list('account.features')
        .map((e) => e.id),
    ).toEqual(['swaps', 'receive'])
  })
})

describe('options a host gets wrong are refused with a clear error', () => {
  it('`storage` must be a Web Storage object or null: a string does not silently turn persistence off', () => {
    expect(invalid({ storage: 'localStorage' })).toBe('`storage` must be a Web Storage object (getItem, setItem and removeItem) or null')
    expect(invalid({ storage: { getItem() {} } })).toContain('`storage`')
    expect(invalid({ storage: true })).toContain('`storage`')
    const backend = { getItem: () => null, setItem() {}, removeItem() {} }
    expect(resolveOptions({ storage: backend }).storage).toBe(backend)
    expect(resolveOptions({ storage: null }).storage).toBeNull()
  })

  it('`container` is a CSS selector or an element', () => {
    expect(invalid({ container: 42 })).toBe('`container` must be a CSS selector or an element')
    expect(invalid({ container: '' })).toBe('`container` must be a CSS selector or an element')
    expect(invalid({ container: {} })).toBe('`container` must be a CSS selector or an element')
    expect(resolveOptions({ container: '#app' }).container).toBe('#app')
    const element = { nodeType: 1, append() {} }
    expect(resolveOptions({ container: element as never }).container).toBe(element)
  })

  it('a container selector matching nothing makes open() reject with that error, and a later open with a fixed page works', async () => {
    const { createKernel } = await import('../../kernel/kernel.js')
    const { recordingBackend } = await import('./helpers.js')
    const elements = new Map<string, unknown>()
    vi.stubGlobal('document', { querySelector: (s: string) => elements.get(s) ?? null })
    try {
      const modal = createKernel(
        { projectId: 'p', storage: recordingBackend(), container: '#app' },
        { loadShell: async (m) => (resolveContainer(kernelOf(m).options.container), { show() {}, hide() {}, destroy() {} }) },
      )
      await expect(modal.open()).rejects.toMatchObject({ code: 'INVALID_OPTIONS', message: '`container`: no element matches "#app"' })
      expect(modal.isOpen()).toBe(false)
      elements.set('#app', { nodeType: 1, append() {} })
      await modal.open()
      expect(modal.isOpen()).toBe(true)
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it.each([
    ['url(https://evil.example/x.png)'],
    ['URL( "https://evil.example/x.png" )'],
    ['image-set("https://evil.example/x.png" 1x)'],
    ['-webkit-image-set(url(x.png) 1x)'],
    ['cross-fade(url(a.png), url(b.png), 50%)'],
    ['red; background: url(https://evil.example)'],
    ['red } :host { display: none'],
    ['red { x'],
    ['\\75 rl(https://evil.example/x.png)'],
    ['@import "https://evil.example/x.css"'],
    ['x'.repeat(300)],
  ])('themeVariables value %j is refused: it would fetch or reach past its own declaration', (value) => {
    expect(invalid({ themeVariables: { '--vb-color-accent': value } })).toMatch(/^`themeVariables` entry "--vb-color-accent"/)
  })

  it.each([
    ['#ff5a00'],
    ['rgb(0 0 0 / 50%)'],
    ['color-mix(in srgb, #fff 20%, transparent)'],
    ['"Inter", system-ui, sans-serif'],
    ['calc(100% - 2px)'],
    ['linear-gradient(90deg, #000, #fff)'],
    ['0 1px 2px rgba(0, 0, 0, .3)'],
  ])('themeVariables value %j is accepted', (value) => {
    expect(resolveOptions({ themeVariables: { '--vb-x': value } }).themeVariables).toEqual({ '--vb-x': value })
  })

  it('themeVariables names are --vb- and letters, digits or hyphens', () => {
    expect(invalid({ themeVariables: { '--vb-a;b': 'red' } })).toContain('"--vb-a;b"')
    expect(invalid({ themeVariables: { '--vb-': 'red' } })).toContain('"--vb-"')
  })

  it('setThemeVariables applies the same rule at runtime', () => {
    const { modal } = modalWithWallet()
    expect(() => modal.setThemeVariables({ '--vb-color-accent': 'url(https://evil.example/x.png)' })).toThrow(VestibuleError)
    expect(kernelOf(modal).$theme.get().variables).toEqual({})
  })

  it('`defaultNetwork` naming a network no chain plugin offers is refused at createModal, naming the ones offered', () => {
    let error: unknown
    try {
      modalWithWallet({ defaultNetwork: 'eip155:999' })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(VestibuleError)
    expect(error).toMatchObject({
      code: 'INVALID_OPTIONS',
      message: '`defaultNetwork` "eip155:999" is not a network of the chain plugins (eip155:1, eip155:10)',
    })
    expect(kernelOf(modalWithWallet({ defaultNetwork: 'eip155:10' }).modal).options.defaultNetwork).toBe('eip155:10')
  })
})
