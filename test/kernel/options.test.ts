import { describe, expect, it } from 'vitest'
import { VestibuleError } from '../../kernel/errors.js'
import { DEFAULT_API_URL, DEFAULT_SDK_VERSION, resolveOptions, type ModalOptions } from '../../kernel/options.js'

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

describe('options: validation (spec §5)', () => {
  it('an unknown option throws naming it', () => {
    expect(invalid({ projectId: 'p', themMode: 'light' })).toBe('Unknown option `themMode`')
  })

  it('several unknown options are all named', () => {
    expect(invalid({ foo: 1, bar: 2 })).toBe('Unknown options `foo`, `bar`')
  })

  it('siweConfig together with siwx is rejected', () => {
    expect(invalid({ siweConfig: {}, siwx: {} })).toBe('Cannot set both `siweConfig` and `siwx` options')
  })

  it('siweConfig alone or siwx alone is accepted', () => {
    expect(resolveOptions({ siweConfig: {} }).siweConfig).toEqual({})
    expect(resolveOptions({ siwx: { required: true } }).siwx).toEqual({ required: true })
  })

  it('options must be an object', () => {
    expect(invalid(null)).toBe('createModal needs an options object')
    expect(invalid('p')).toBe('createModal needs an options object')
  })

  it('projectId must be a string', () => {
    expect(invalid({ projectId: 42 })).toBe('`projectId` must be a string')
  })

  it('themeMode must be dark or light', () => {
    expect(invalid({ themeMode: 'blue' })).toBe('`themeMode` must be "dark" or "light"')
    expect(resolveOptions({ themeMode: 'light' }).themeMode).toBe('light')
  })

  it.each(['enableWalletConnect', 'enableEIP6963', 'enableEmbedded', 'allowUnsupportedChain', 'enableNetworkSwitch', 'manualWCControl'])(
    'boolean option %s rejects a non-boolean',
    (key) => {
      expect(invalid({ [key]: 'yes' })).toBe(`\`${key}\` must be a boolean`)
    },
  )

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

describe('options: defaults (spec §9)', () => {
  const resolved = resolveOptions({})

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
    const features = resolveOptions({ features: { swaps: false, legalCheckbox: true, connectMethodsOrder: ['wallet', 'email'] } }).features
    expect(features.swaps).toBe(false)
    expect(features.legalCheckbox).toBe(true)
    expect(features.onramp).toBe(true)
    expect(features.smartSessions).toBe(false)
    expect(features.connectMethodsOrder).toEqual(['wallet', 'email'])
  })

  it('wallet connect, network switch and EIP-6963 discovery default on unless disabled', () => {
    expect(resolved.enableWalletConnect).toBe(true)
    expect(resolved.enableNetworkSwitch).toBe(true)
    expect(resolved.enableEIP6963).toBe(true)
    const off = resolveOptions({ enableWalletConnect: false, enableNetworkSwitch: false, enableEIP6963: false })
    expect([off.enableWalletConnect, off.enableNetworkSwitch, off.enableEIP6963]).toEqual([false, false, false])
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
    const r = resolveOptions({ plugins: [], projectId: 'p', featuredWalletIds: ['a'], defaultNetwork: 'eip155:10' })
    expect('plugins' in r).toBe(false)
    expect(r.projectId).toBe('p')
    expect(r.featuredWalletIds).toEqual(['a'])
    expect(r.defaultNetwork).toBe('eip155:10')
  })
})
